"""Loup-Garou Blanc: seed 004_c21bac90ae6ca834.txt.

004: « Il agit comme un Loup-Garou normal, en se réveillant avec eux et en choisissant la victime
avec eux. [...] il agit une Nuit sur deux (en commençant par la seconde Nuit) : il peut s'il le
désire, éliminer un Loup-Garou. »
"""

from pathlib import Path

from lgmail.rules.flow import pending_actors
from tests.rules.thiercelieux.common import colours, died, thiercelieux, votes
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou-blanc",
    "Chloe": "salvateur",
    "David": "villageois",
    "Emma": "villageois",
    "Farid": "loup-garou",
    "Gina": "sorciere",
}
VILLAGERS = {
    "David": "villageois",
    "Emma": "villageois",
    "Farid": "villageois",
    "Gina": "villageois",
}


def test_he_hunts_with_the_pack_and_is_one_of_it(tmp_path: Path) -> None:
    """004: « Il agit comme un Loup-Garou normal, en se réveillant avec eux et en choisissant la
    victime avec eux. »"""
    game = thiercelieux(tmp_path, ROLES)
    (role,) = [m for m in game.new_mails("Alice") if "Votre rôle" in m.subject]
    assert "Votre meute : Bruno, Farid." in role.body
    # the pack sees him as a wolf, not as the white one
    seen = {p["name"]: p["role"] for p in game.view("Alice")["players"]}
    assert seen["Bruno"] == "loup-garou"
    game.ok("Chloe", "proteger Gina")
    game.ok("Alice", "tuer Emma")
    game.ok("Farid", "tuer Emma")
    game.ok("Bruno", "tuer David")
    game.ok("Gina", "rien")
    assert died(game) == [("David", "wolves")]


def test_every_other_night_from_the_second_he_may_eliminate_a_wolf(tmp_path: Path) -> None:
    """004: « il agit une Nuit sur deux (en commençant par la seconde Nuit) : il peut s'il le
    désire, éliminer un Loup-Garou. »; the Salvateur and the life potion do not save from him
    (« Le Salvateur ne protège pas du meurtre du Loup-Garou Blanc », « La potion de vie de la
    Sorcière ne sauve pas contre [...] meurtre du Loup Blanc »)."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "proteger Gina")
    game.refused("Bruno", "eliminer Alice", "not_now")
    game.ok("Alice", "tuer Emma")
    game.ok("Farid", "tuer Emma")
    game.ok("Bruno", "tuer Emma")
    game.ok("Gina", "rien")
    votes(game, {})
    game.ok("Chloe", "proteger Alice")
    game.refused("Bruno", "eliminer David", "illegal_target")
    game.ok("Bruno", "tuer David\neliminer Alice")
    game.ok("Alice", "tuer David")
    game.ok("Farid", "tuer David")
    game.ok("Gina", "rien")
    assert died(game)[-2:] == [("David", "wolves"), ("Alice", "blanc")]
    assert colours(game)["Alice"] == ("rouge", [])
    votes(game, {})
    game.refused("Bruno", "eliminer Farid", "not_now")


def test_he_wins_as_the_last_player_alive_announced_green(tmp_path: Path) -> None:
    """004: « Sa condition de victoire est d'être le dernier joueur encore en jeu. » « Vert :
    [...] comme le Joueur de Flûte ou le Loup-Garou Blanc. »"""
    roles = {"Alice": "loup-garou", "Bruno": "loup-garou-blanc", "David": "villageois"}
    game = thiercelieux(tmp_path, roles)
    game.ok("Alice", "tuer David")
    game.ok("Bruno", "tuer David")
    assert game.state.winner is None  # a wolf and the white wolf: the wolves have not won
    votes(game, {"Alice": "Bruno", "Bruno": "Alice"})
    game.ok("Bruno", "eliminer Alice")
    assert game.state.winner == "loup-garou-blanc" and game.state.winners == ["Bruno"]
    assert colours(game)["Alice"] == ("rouge", [])


def _second_night(tmp_path: Path) -> Scenario:
    """Night 1 with the pack devouring Emma, a day without a vote, then night 2."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "proteger Gina")
    for wolf in ("Alice", "Farid", "Bruno"):
        game.ok(wolf, "tuer Emma")
    game.ok("Gina", "rien")
    votes(game, {})
    assert game.phase() == ("night", 2)
    game.ok("Chloe", "proteger Farid")
    return game


def test_on_his_night_the_den_waits_for_his_elimination_after_the_kill(tmp_path: Path) -> None:
    """004: « il agit une Nuit sur deux (en commençant par la seconde Nuit) : il peut s'il le
    désire, éliminer un Loup-Garou. »: on night 2 his vote for the pack's kill is not all he may
    do; the den's step stays open (each plain wolf is done with his vote) until he eliminates."""
    game = _second_night(tmp_path)
    for wolf in ("Alice", "Farid", "Bruno"):
        game.ok(wolf, "tuer David")
    assert game.step() == "loups"
    assert pending_actors(game.state)["loups"] == ["Bruno"]
    game.later(minutes=10)
    assert game.step() == "loups"
    game.ok("Bruno", "eliminer Alice")
    assert game.step() == "sorciere"
    assert game.events("StepClosed")[-1]["reason"] == "complete"
    game.ok("Gina", "rien")
    assert died(game)[-2:] == [("David", "wolves"), ("Alice", "blanc")]


def test_on_his_night_fini_closes_the_den_and_keeps_his_vote(tmp_path: Path) -> None:
    """004: « il peut s'il le désire, éliminer un Loup-Garou »: he need not; « fini » says he is
    done, his vote for the pack's kill stands, and the den's step closes."""
    game = _second_night(tmp_path)
    game.ok("Alice", "tuer David")
    game.ok("Farid", "tuer David")
    game.ok("Bruno", "tuer Gina")
    assert game.step() == "loups"
    game.ok("Bruno", "fini")
    assert game.step() == "sorciere"
    assert game.events("WolvesChose")[-1] == {
        "type": "WolvesChose",
        "victim": "Gina",
        "by": "Bruno",
    }
    game.ok("Gina", "rien")
    assert died(game) == [("Emma", "wolves"), ("Gina", "wolves")]


def test_with_no_wolf_left_to_eliminate_his_kill_is_all_he_may(tmp_path: Path) -> None:
    """004: « il peut s'il le désire, éliminer un Loup-Garou »: alone in the den on his night,
    there is no wolf to eliminate; his vote closes the den's step."""
    roles = {"Alice": "loup-garou", "Bruno": "loup-garou-blanc", **VILLAGERS}
    game = thiercelieux(tmp_path, roles)
    game.ok("Alice", "tuer David")
    game.ok("Bruno", "tuer David")
    votes(game, {n: "Alice" for n in ("Bruno", "Emma", "Farid", "Gina")})
    assert died(game)[-1] == ("Alice", "stake")
    assert game.phase() == ("night", 2)
    game.ok("Bruno", "tuer Emma")
    assert game.phase() == ("day", 2)
    assert died(game)[-1] == ("Emma", "wolves")
