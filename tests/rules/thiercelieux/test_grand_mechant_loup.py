"""Grand Méchant Loup: seed 004_c21bac90ae6ca834.txt."""

from pathlib import Path

from tests.rules.thiercelieux.common import died, thiercelieux, votes

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "grand-mechant-loup",
    "Chloe": "salvateur",
    "David": "villageois",
    "Emma": "villageois",
    "Farid": "villageois",
    "Gina": "villageois",
}


def test_once_a_game_he_kills_besides_the_packs_victim(tmp_path: Path) -> None:
    """004: « Une fois par partie, et seulement de Nuit, il peut envoyer un message privé au MJ
    pour lui donner le nom d'un joueur à éliminer, en plus du meurtre nocturne de l'antre auquel
    il participe. »; the Salvateur does not protect from him (« Le Salvateur ne protège pas du
    [...] Grand Méchant Loup »)."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "proteger Emma")
    game.ok("Alice", "tuer David")
    game.ok("Bruno", "tuer David\neliminer Emma")
    assert died(game) == [("David", "wolves"), ("Emma", "gml")]
    game.refused("Bruno", "eliminer Farid", "not_now")
    votes(game, {})
    game.refused("Bruno", "eliminer Farid", "already_used")


def test_he_may_not_choose_a_wolf_of_the_den_but_may_choose_the_packs_victim(
    tmp_path: Path,
) -> None:
    """004: « Le joueur choisi par le GML ne peut pas faire partie de l'antre. Le joueur choisi
    par le GML peut être le même que celui du meurtres des Loups-Garous. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "proteger David")
    game.refused("Bruno", "eliminer Alice", "illegal_target")
    game.ok("Alice", "tuer David")
    game.ok("Bruno", "tuer David\neliminer David")
    assert died(game) == [("David", "gml")]


def test_the_den_waits_for_his_kill_until_he_uses_it_or_says_fini(tmp_path: Path) -> None:
    """004: « Une fois par partie, et seulement de Nuit, il peut envoyer un message privé au MJ
    pour lui donner le nom d'un joueur à éliminer, en plus du meurtre nocturne de l'antre auquel
    il participe. »: while he has it, his vote for the pack's kill is not all he may do; « fini »
    says he keeps it for another night. Once used, his vote is all he may."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "proteger Emma")
    game.ok("Alice", "tuer David")
    game.ok("Bruno", "tuer David")
    assert game.phase() == ("night", 1) and game.step() == "loups"
    game.ok("Bruno", "fini")
    assert game.phase() == ("day", 1)
    assert died(game) == [("David", "wolves")]
    votes(game, {})
    game.ok("Chloe", "proteger Gina")
    game.ok("Alice", "tuer Farid")
    game.ok("Bruno", "tuer Farid")
    assert game.step() == "loups"
    game.ok("Bruno", "eliminer Gina")
    assert game.phase() == ("day", 2)
    assert died(game)[1:] == [("Farid", "wolves"), ("Gina", "gml")]
    votes(game, {})
    game.ok("Chloe", "proteger Chloe")
    game.ok("Alice", "tuer Emma")
    game.ok("Bruno", "tuer Emma")
    assert game.phase() == ("day", 3)
