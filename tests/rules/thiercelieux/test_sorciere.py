"""Sorcière in the `thiercelieux` rule set: seed 004_c21bac90ae6ca834.txt."""

from pathlib import Path

from tests.rules.thiercelieux.common import died, thiercelieux

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "grand-mechant-loup",
    "Chloe": "sorciere",
    "David": "villageois",
    "Emma": "villageois",
    "Farid": "villageois",
    "Gina": "infect-pere-des-loups",
}


def test_she_is_told_the_victim_until_she_uses_her_life_potion(tmp_path: Path) -> None:
    """004: « Le Maitre du Jeu arrête de lui envoyer le nom de la victime des Loups-Garous à
    partir du moment où la Sorcière utilise sa potion de vie. »"""
    game = thiercelieux(tmp_path, ROLES)
    for wolf in ("Alice", "Bruno", "Gina"):
        game.ok(wolf, "tuer David\nfini")
    assert game.events("WitchToldVictim") == [
        {"type": "WitchToldVictim", "witch": "Chloe", "victim": "David"}
    ]
    game.ok("Chloe", "sauver\nfini")
    assert game.alive("David")
    game.end()
    for wolf in ("Alice", "Bruno", "Gina"):
        game.ok(wolf, "tuer Emma\nfini")
    assert len(game.events("WitchToldVictim")) == 1
    assert game.step() == "sorciere"
    game.refused("Chloe", "sauver", "already_used")
    game.ok("Chloe", "rien")
    assert ("Emma", "wolves") in died(game)


def test_the_life_potion_does_not_save_from_the_grand_mechant_loup(tmp_path: Path) -> None:
    """004: « La potion de vie de la Sorcière ne sauve pas contre les actions suivantes :
    meurtre du Loup Blanc, meurtre du GML, l'infection de l'IPL »; « Il reçoit la potion de vie
    de la Sorcière, qui ne le sauve que du meurtre des Loups, pas de l'action du GML. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Alice", "tuer David")
    game.ok("Gina", "tuer David\nfini")
    game.ok("Bruno", "tuer David\neliminer David")
    game.ok("Chloe", "sauver\nfini")
    assert died(game) == [("David", "gml")]


def test_no_name_on_a_night_the_ipl_infects(tmp_path: Path) -> None:
    """004: « La Sorcière ne peut pas protéger d'une infection; lors d'une nuit où l'IPL agit,
    elle recevra "Aucune victime" de la part du MJ sans plus de renseignement. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Alice", "tuer David")
    game.ok("Bruno", "tuer David\nfini")
    game.ok("Gina", "tuer David\ninfecter")
    assert game.events("WitchToldVictim") == []
    game.ok("Chloe", "empoisonner Farid")
    assert died(game) == [("Farid", "poison")]
    assert "infecte" in game.state.players["David"].status


def test_the_salvateur_does_not_stop_the_poison(tmp_path: Path) -> None:
    """004, Salvateur: « Le joueur choisi est protégé uniquement contre l'attaque des
    Loups-Garous et uniquement pour la Nuit en cours. »"""
    roles = {**ROLES, "Farid": "salvateur"}
    game = thiercelieux(tmp_path, roles)
    game.ok("Farid", "proteger Emma")
    for wolf in ("Alice", "Bruno", "Gina"):
        game.ok(wolf, "tuer David\nfini")
    game.ok("Chloe", "empoisonner Emma\nfini")
    assert died(game) == [("David", "wolves"), ("Emma", "poison")]


def test_sauver_then_empoisonner_in_a_second_mail_the_same_night(tmp_path: Path) -> None:
    """004: « La Sorcière a le droit d'utiliser ses deux potions au cours de la même Nuit. »: her
    first mail uses one potion and does not close her step; the second, ten minutes later, uses
    the other and closes it."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Alice", "tuer David")
    for wolf in ("Bruno", "Gina"):
        game.ok(wolf, "tuer David\nfini")
    game.ok("Chloe", "sauver")
    assert game.step() == "sorciere"
    game.later(minutes=10)
    game.ok("Chloe", "empoisonner Alice")
    assert game.phase() == ("day", 1)
    assert game.alive("David") and died(game) == [("Alice", "poison")]
