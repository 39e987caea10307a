"""Ancien in the `thiercelieux` rule set: seed 004_c21bac90ae6ca834.txt."""

from pathlib import Path

from tests.rules.thiercelieux.common import died, thiercelieux, votes
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "grand-mechant-loup",
    "Chloe": "ancien",
    "David": "salvateur",
    "Emma": "sorciere",
    "Farid": "chasseur",
    "Gina": "villageois",
    "Hugo": "infect-pere-des-loups",
}


def wolves(game: Scenario, victim: str, extra: dict[str, str] | None = None) -> None:
    """The pack's kill, then « fini »: the GML and the IPL keep their own powers."""
    for wolf in ("Alice", "Bruno", "Hugo"):
        lines = [f"tuer {victim}", *(extra or {}).get(wolf, "").split(), "fini"]
        game.ok(wolf, "\n".join(lines))


def test_he_survives_the_first_attack_and_is_not_told(tmp_path: Path) -> None:
    """004: « Si les Loups-Garous tentent de le tuer la Nuit, il survit la première fois. »
    « L'Ancien n'est jamais averti s'il vient à perdre sa vie 'bonus'. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.new_mails()
    game.ok("David", "proteger Gina")
    wolves(game, "Chloe")
    game.ok("Emma", "rien")
    assert game.alive("Chloe") and game.events("AncienResisted") == [
        {"type": "AncienResisted", "name": "Chloe"}
    ]
    assert all("vie" not in m.body for m in game.new_mails("Chloe"))


def test_the_second_attack_kills_him(tmp_path: Path) -> None:
    """004: « La deuxième tentative des Loups-Garous lui est cependant fatale. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("David", "proteger Gina")
    wolves(game, "Chloe")
    game.ok("Emma", "rien")
    game.end()
    game.ok("David", "proteger Emma")
    wolves(game, "Chloe")
    game.ok("Emma", "rien")
    assert died(game) == [("Chloe", "wolves")]


def test_protected_by_the_salvateur_his_bonus_life_is_not_used(tmp_path: Path) -> None:
    """004: « Si le Salvateur le protège et que les Loups-Garous le désignent alors qu'il
    possède encore sa vie 'bonus', alors celle-ci n'est pas utilisée. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("David", "proteger Chloe")
    wolves(game, "Chloe")
    game.ok("Emma", "rien")
    assert game.events("AncienResisted") == []
    assert game.alive("Chloe")


def test_healed_by_the_witch_his_bonus_life_is_spent_all_the_same(tmp_path: Path) -> None:
    """004: « Si la Sorcière le protège avec sa potion de vie alors que l'Ancien n'avait pas
    encore perdu sa vie 'bonus', alors il survit, mais sa vie 'bonus' est quand même consommée
    et la potion de vie également. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("David", "proteger Gina")
    wolves(game, "Chloe")
    game.ok("Emma", "sauver\nfini")
    assert game.alive("Chloe")
    assert "bonus_life" in game.state.players["Chloe"].spent
    assert "vie" in game.state.players["Emma"].spent


def test_the_gml_kills_him_at_once(tmp_path: Path) -> None:
    """004: « Si le GML le cible alors qu'il possède encore sa vie 'bonus', alors il meurt
    directement. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("David", "proteger Emma")
    game.ok("Alice", "tuer Gina")
    game.ok("Hugo", "tuer Gina\nfini")
    game.ok("Bruno", "tuer Gina\neliminer Chloe")
    game.ok("Emma", "sauver\nfini")
    assert died(game) == [("Chloe", "gml")]
    assert game.events("AncienResisted") == []
    # killed by a wolf, not by the village: the village keeps its powers
    assert not game.state.powers_lost


def test_the_infection_fails_on_his_bonus_life(tmp_path: Path) -> None:
    """004, IPL: « Si l'Ancien est victime de l'infection une nuit où il avait encore sa
    protection initiale, il perd sa protection et fait échouer l'infection. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("David", "proteger Gina")
    wolves(game, "Chloe", {"Hugo": "infecter"})
    game.ok("Emma", "rien")
    assert game.alive("Chloe")
    assert "infecte" not in game.state.players["Chloe"].status
    assert "bonus_life" in game.state.players["Chloe"].spent
    assert "infection" in game.state.players["Hugo"].spent


def test_killed_by_the_village_the_village_loses_every_power(tmp_path: Path) -> None:
    """004: « Si l'Ancien est victime du Village par l'intermédiaire des méthodes suivantes : le
    tir du Chasseur, la potion de mort de la Sorcière, l'exécution du Barbier ou le vote du
    bûcher, alors il meurt directement et l'intégralité des pouvoirs Villageois est perdue pour
    le restant de la partie, y compris le Chasseur. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("David", "proteger Gina")
    wolves(game, "Gina")
    game.ok("Emma", "rien")
    votes(game, {n: "Chloe" for n in ("Alice", "Bruno", "David", "Emma", "Farid", "Hugo")})
    assert died(game)[-1] == ("Chloe", "stake")
    (lost,) = game.events("PowersLost")
    assert {"voyante", "salvateur", "sorciere", "chasseur", "corbeau", "renard"} <= set(
        lost["roles"]
    )
    game.refused("David", "proteger Emma", "power_lost")
    # the Chasseur killed now does not shoot
    wolves(game, "Farid")
    assert game.events("ReactionAwaited") == [] and game.events("HunterShot") == []


def test_poisoned_he_dies_at_once_and_the_village_loses_its_powers(tmp_path: Path) -> None:
    """004: « la potion de mort de la Sorcière [...] alors il meurt directement »."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("David", "proteger Gina")
    wolves(game, "Gina")
    game.ok("Emma", "empoisonner Chloe\nfini")
    assert ("Chloe", "poison") in died(game)
    assert game.state.powers_lost
