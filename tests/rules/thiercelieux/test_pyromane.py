"""Pyromane in the `thiercelieux` rule set: seed 004_c21bac90ae6ca834.txt."""

from __future__ import annotations

from pathlib import Path

from tests.rules.thiercelieux.common import died, digest, thiercelieux, votes
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Chloe": "pyromane",
    "David": "villageois",
    "Emma": "voyante",
    "Farid": "villageois",
    "Gina": "villageois",
    "Hugo": "villageois",
}


def close_night(game: Scenario) -> None:
    while game.phase()[0] == "night" and game.state.status == "running":
        game.end()


def vagabonds(game: Scenario) -> list[str]:
    return sorted(p.name for p in game.state.players.values() if "vagabond" in p.status)


def test_once_a_game_his_target_becomes_a_vagabond(tmp_path: Path) -> None:
    """004: « Le Pyromane peut, une seule Nuit dans la partie, cibler un joueur autre qu'un
    Vagabond. Le métier du joueur ainsi ciblé devient définitivement perdu pour le reste de la
    partie, et ce joueur devient un Vagabond. » Ruling: the village hears whose house burnt, not
    who lit it."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "allumer David")
    game.ok("Alice", "tuer Hugo")
    close_night(game)
    assert vagabonds(game) == ["David"]
    assert game.events("HouseBurnt") == [{"type": "HouseBurnt", "name": "David"}]
    (line,) = [n for n in digest(game, "Gina").splitlines() if "La maison de David" in n]
    assert "a brûlé cette nuit" in line and "Chloe" not in line
    assert died(game) == [("Hugo", "wolves")]
    votes(game, {})
    game.refused("Chloe", "allumer Farid", "already_used")
    assert "allumer NOM" not in "\n".join(m.body for m in game.mails("Chloe")[-1:])


def test_a_fire_on_the_wolves_victim_kills_the_wolf_who_made_the_kill(tmp_path: Path) -> None:
    """004: « Si le Pyromane désigne le même joueur que la victime du meurtre des Loups-Garous
    cette Nuit-là, alors c'est le Loup-Garou qui effectue le meurtre qui est éliminé. De plus, les
    Loups-Garous, affolés par le feu, n'ont pas eu le temps d'achever leur méfait : le Villageois
    reste en vie (il n'y a pas de victime). » Loups-Garous: « Le dernier message en couleur dans
    l'Antre [...] désigne le loup qui fait l'action. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "allumer David")
    game.ok("Alice", "tuer David")
    game.ok("Bruno", "tuer David")
    close_night(game)
    assert died(game) == [("Bruno", "feu")]
    assert game.alive("David") and game.alive("Alice")
    assert vagabonds(game) == ["David"]
    assert game.events("WolfBurnt") == [{"type": "WolfBurnt", "wolf": "Bruno", "victim": "David"}]
    assert "Bruno est mort·e (pris·e dans l'incendie allumé par le Pyromane)" in digest(
        game, "Gina"
    )


def test_the_witch_is_told_no_victim_of_a_fire(tmp_path: Path) -> None:
    """004: « il n'y a pas de victime »; the Sorcière, told « le nom de la victime des
    Loups-garous », is told none. Ruling: the fire is resolved before she is told (order.py:
    allumer comes before sorciere)."""
    game = thiercelieux(tmp_path, {**ROLES, "Hugo": "sorciere"})
    game.ok("Chloe", "allumer David")
    game.ok("Alice", "tuer David")
    game.end()
    assert game.events("WitchToldVictim") == []
    close_night(game)
    assert died(game) == [("Alice", "feu")]


def test_no_fire_on_a_vagabond_nor_his_own_house(tmp_path: Path) -> None:
    """004: « cibler un joueur autre qu'un Vagabond ». Ruling: not himself either."""
    roles = {**ROLES, "Farid": "pyromane"}
    game = thiercelieux(tmp_path, roles)
    game.refused("Chloe", "allumer moi", "illegal_target")
    game.ok("Chloe", "allumer David")
    game.ok("Alice", "tuer Hugo")
    close_night(game)
    votes(game, {})
    answer = game.refused("Farid", "allumer David", "illegal_target")
    assert "David est Vagabond" in answer.text
    game.ok("Farid", "allumer Gina")


def test_the_corbeau_marks_no_vagabond(tmp_path: Path) -> None:
    """004, Corbeau: « Le Corbeau ne peut désigner aucun Vagabond. Le Corbeau peut se désigner
    lui-même, s'il n'est pas Vagabond. » Ruling: a player is a Vagabond from the dawn after the
    fire."""
    roles = {**ROLES, "Farid": "corbeau"}
    game = thiercelieux(tmp_path, roles)
    game.ok("Chloe", "allumer Farid")
    game.ok("Farid", "marquer moi")
    game.ok("Alice", "tuer Hugo")
    close_night(game)
    assert [e["target"] for e in game.events("RavenMarked")] == ["Farid"]
    votes(game, {"Alice": "Gina", "Bruno": "Gina"})
    game.refused("Farid", "marquer moi", "illegal_target")
    game.ok("Farid", "marquer David")


def test_the_ancien_killed_by_the_village_takes_his_match(tmp_path: Path) -> None:
    """004, Ancien: « l'intégralité des pouvoirs Villageois est perdue pour le restant de la
    partie » (the Pyromane is a Villager with a power)."""
    roles = {**ROLES, "Farid": "ancien"}
    game = thiercelieux(tmp_path, roles)
    game.ok("Alice", "tuer Hugo")
    close_night(game)
    votes(game, {"Alice": "Farid", "Bruno": "Farid", "David": "Farid"})
    assert not game.alive("Farid")
    game.refused("Chloe", "allumer David", "power_lost")


def test_the_protecteur_wastes_his_match(tmp_path: Path) -> None:
    """004, Protecteur: « l'unique allumette du Pyromane est consommée sans effet »."""
    roles = {**ROLES, "Farid": "protecteur"}
    game = thiercelieux(tmp_path, roles, options={"alignements": {"Farid": "village"}})
    game.ok("Farid", "proteger David")
    game.ok("Chloe", "allumer David")
    game.ok("Alice", "tuer David")
    close_night(game)
    assert vagabonds(game) == [] and game.events("WolfBurnt") == []
    assert game.alive("Alice") and game.alive("Bruno")
    votes(game, {})
    game.refused("Chloe", "allumer Gina", "already_used")


def test_a_match_turned_by_the_manipulateur_onto_the_victim_burns_the_killer(
    tmp_path: Path,
) -> None:
    """004: the Loup-Garou Manipulateur « peut alors changer le destinataire de l'action »; the
    Pyromane's match so turned onto the pack's victim is « le même joueur que la victime du
    meurtre des Loups-Garous »: the wolf who made the kill dies, the victim lives."""
    game = thiercelieux(tmp_path, dict(ROLES, Alice="loup-garou-manipulateur"))
    game.ok("Chloe", "allumer Farid")
    game.ok("Alice", "manipuler Chloe")
    game.ok("Alice", "tuer David")
    game.ok("Bruno", "tuer David")
    while game.state.step is not None and game.state.step.name != "manipulateur":
        game.end()
    game.ok("Alice", "detourner David")
    close_night(game)
    assert died(game) == [("Bruno", "feu")]
    assert game.alive("David") and game.alive("Farid")
