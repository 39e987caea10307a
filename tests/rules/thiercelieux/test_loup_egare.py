"""Loup Égaré: seed 004_c21bac90ae6ca834.txt."""

from pathlib import Path

from tests.rules.thiercelieux.common import colours, thiercelieux, votes

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-egare",
    "Chloe": "voyante",
    "David": "villageois",
    "Emma": "villageois",
    "Farid": "villageois",
}


def test_sniffing_a_wolf_he_joins_the_pack_at_dawn(tmp_path: Path) -> None:
    """004: « Par l'intermédiaire d'un forum privé [...] il pourra, chaque Nuit, indiquer [...]
    quel joueur il choisit de renifler (ex : Je renifle Opeth). Si le joueur qu'il renifle est
    un Loup-Garou [...] il rejoindra la meute au lever du Jour. »"""
    game = thiercelieux(tmp_path, ROLES)
    assert game.view("Alice")["players"][1]["role"] is None
    game.ok("Bruno", "Je renifle Chloe")
    game.ok("Chloe", "sonder David")
    game.ok("Alice", "tuer David")
    assert "antre" not in game.state.players["Bruno"].status
    votes(game, {})
    game.ok("Bruno", "renifler Alice")
    game.ok("Chloe", "sonder Emma")
    game.ok("Alice", "tuer Emma")
    assert "antre" in game.state.players["Bruno"].status
    assert any("rejoignez la meute" in m.body for m in game.mails("Bruno"))


def test_alone_he_gains_the_kill_by_joining_the_den(tmp_path: Path) -> None:
    """004: « Si tous les autres Loups-Garous [...] meurent avant qu'il n'en renifle un, il
    gagnera la capacité de tuer (il ne l'a pas de base) en intégrant l'antre. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Bruno", "renifler Chloe")
    game.ok("Chloe", "sonder David")
    game.ok("Alice", "tuer David")
    votes(game, {n: "Alice" for n in ("Chloe", "Emma", "Farid")})
    assert "antre" in game.state.players["Bruno"].status
    assert colours(game)["Alice"] == ("rouge", [])
    game.ok("Chloe", "sonder Farid")
    game.ok("Bruno", "tuer Emma\nrenifler Chloe")
    assert not game.alive("Emma")


def test_announced_orange(tmp_path: Path) -> None:
    """004: « Orange : pour matérialiser les éventuels Loups qui débutent la partie en dehors de
    l'antre. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Bruno", "renifler Chloe")
    game.ok("Chloe", "sonder David")
    game.ok("Alice", "tuer David")
    votes(game, {n: "Bruno" for n in ("Chloe", "Emma", "Farid")})
    assert colours(game)["Bruno"] == ("orange", [])
