"""Infect Père des Loups: seed 004_c21bac90ae6ca834.txt."""

from pathlib import Path

from tests.rules.thiercelieux.common import colours, died, digest, thiercelieux, votes

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "infect-pere-des-loups",
    "Chloe": "voyante",
    "David": "salvateur",
    "Emma": "villageois",
    "Farid": "villageois",
    "Gina": "sorciere",
}


def night_one(tmp_path: Path, victim: str = "Chloe") -> object:
    game = thiercelieux(tmp_path, ROLES)
    game.new_mails()
    game.ok("Chloe", "sonder Alice")
    game.ok("David", f"proteger {victim}")
    game.ok("Alice", f"tuer {victim}")
    game.ok("Bruno", f"tuer {victim}\ninfecter")
    game.ok("Gina", "rien")
    return game


def test_the_victim_joins_the_den_at_dawn_and_keeps_her_powers(tmp_path: Path) -> None:
    """004: « Si l'infection réussit, le joueur infecté devient un Loup-Garou [...] Il intègre
    l'antre au lever du Jour [...] L'infecté ne prend alors connaissance de son changement de
    camp qu'à ce moment-là. Néanmoins, il conserve l'intégralité de ses pouvoirs initiaux (ex:
    il garde son don de voyance s'il était Voyante) »; « Le Salvateur ne peut pas protéger d'une
    infection même s'il cible la bonne personne. »"""
    game = night_one(tmp_path)
    assert died(game) == [] and game.alive("Chloe")
    assert [e["type"] for e in game.events() if e["type"] in ("CampChanged", "DenJoined")] == [
        "CampChanged",
        "DenJoined",
    ]
    subjects = [m.subject for m in game.new_mails("Chloe")]
    assert "[village] Vous changez de camp" in subjects
    assert "[village] Vous rejoignez la meute" in subjects
    assert any("rejoint la meute" in m.body for m in game.new_mails("Alice"))
    votes(game, {})
    assert {"Chloe"} <= set(game.events("StepOpened")[-1]["actors"])
    game.ok("Chloe", "sonder Emma\ntuer Emma")
    game.ok("David", "proteger Farid")
    game.ok("Alice", "tuer Emma")
    game.ok("Bruno", "tuer Emma")
    assert game.events("SeerSaw")[-1]["target"] == "Emma"


def test_once_a_game_and_spent_even_when_it_fails(tmp_path: Path) -> None:
    """004: « Cette action peut échouer (ex: Protecteur, rôles interdits d'infection...) et
    l'IPL n'a pas d'autre tentative pour infecter à nouveau. »"""
    game = night_one(tmp_path)
    votes(game, {})
    game.refused("Bruno", "infecter", "already_used")


def test_an_infected_dies_announced_infected_later(tmp_path: Path) -> None:
    """004: « Si le joueur infecté meurt à tout autre moment dans la partie, le MJ annonce sa
    mort avec le rôle initial et le statut d'infecté. »"""
    game = night_one(tmp_path)
    game.new_mails()
    votes(game, {n: "Chloe" for n in ("David", "Emma", "Farid", "Gina")})
    assert colours(game)["Chloe"] == ("rouge", ["infecte"])
    text = digest(game, "Emma")
    assert "Chloe est mort·e (condamné·e au bûcher). Son rôle : Voyante." in text
    assert "Couleur : rouge (Loups-Garous), infecté·e." in text


def test_dying_the_night_of_the_infection_he_is_announced_with_his_role_only(
    tmp_path: Path,
) -> None:
    """004: « Si le joueur infecté meurt la même nuit que son infection, le MJ annonce sa mort
    avec le rôle initial sans donner l'information sur le statut d'infecté. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "sonder Alice")
    game.ok("David", "proteger Gina")
    game.ok("Alice", "tuer Emma")
    game.ok("Bruno", "tuer Emma\ninfecter")
    game.ok("Gina", "empoisonner Emma")
    assert died(game) == [("Emma", "poison")]
    assert colours(game)["Emma"] == ("bleu", [])


def test_the_infected_wins_with_the_wolves(tmp_path: Path) -> None:
    """004: « le joueur infecté devient un Loup-Garou pour le restant de la partie et obtient
    leur condition de victoire en remplacement de sa condition de victoire initiale »."""
    roles = {"Alice": "infect-pere-des-loups", "Bruno": "villageois", "Chloe": "villageois"}
    game = thiercelieux(tmp_path, roles)
    game.ok("Alice", "tuer Bruno\ninfecter")
    votes(game, {"Alice": "Chloe", "Bruno": "Chloe"})
    assert game.state.winner == "loups"
    assert sorted(game.state.winners) == ["Alice", "Bruno"]


def test_the_den_waits_for_his_infection_until_he_uses_it_or_says_fini(tmp_path: Path) -> None:
    """004: « Une fois par partie, il décide [...] de recruter la victime de la nuit en
    remplacement de l'action nocturne de dévorer. »: while he has it, his vote for the pack's
    kill is not all he may do; the den's step closes at « fini » (the pack devours), or when he
    infects."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "sonder Alice")
    game.ok("David", "proteger Gina")
    game.ok("Alice", "tuer Emma")
    game.ok("Bruno", "tuer Emma")
    assert game.step() == "loups"
    game.later(minutes=10)
    game.ok("Bruno", "j'ai fini")
    assert game.step() == "sorciere"
    game.ok("Gina", "rien")
    assert died(game) == [("Emma", "wolves")]
    votes(game, {})
    game.ok("Chloe", "sonder Bruno")
    game.ok("David", "proteger David")
    game.ok("Alice", "tuer Farid")
    game.ok("Bruno", "tuer Farid")
    assert game.step() == "loups"
    game.ok("Bruno", "infecter")
    assert game.step() == "sorciere"
    game.ok("Gina", "rien")
    assert game.phase() == ("day", 2)
    assert game.alive("Farid") and "infecte" in game.state.players["Farid"].status
