"""Voyante in the `thiercelieux` rule set: seed 004_c21bac90ae6ca834.txt.

004: « Le Maître du Jeu lui révèle à la fin de la même Nuit, la véritable identité de ce joueur
choisi sans toutefois lui préciser son camp. La Voyante ne peut donc connaître ni le caractère
charmé d'un joueur, ou s'il est amoureux (même traître), pas plus que le caractère acolyte d'un
joueur, ni l'alignement d'un rôle multi-classable. »
"""

from pathlib import Path

from tests.rules.thiercelieux.common import thiercelieux

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "infect-pere-des-loups",
    "Chloe": "voyante",
    "David": "cupidon",
    "Emma": "villageois",
    "Farid": "villageois",
    "Gina": "villageois",
}


def test_she_learns_the_role_never_the_camp_nor_love(tmp_path: Path) -> None:
    game = thiercelieux(tmp_path, ROLES)
    game.ok("David", "unir Alice et Emma")
    game.ok("Chloe", "sonder Emma")
    game.ok("Alice", "tuer Farid")
    game.ok("Bruno", "tuer Farid\nfini")
    assert game.events("SeerSaw") == [
        {"type": "SeerSaw", "seer": "Chloe", "target": "Emma", "role": "villageois"}
    ]
    (vision,) = [m for m in game.new_mails("Chloe") if "vision" in m.subject]
    assert "Emma est Simple Villageois." in vision.body
    assert "amoureu" not in vision.body and "Alice" not in vision.body


def test_an_infected_player_is_seen_with_his_role(tmp_path: Path) -> None:
    """An infected player keeps his role (004, IPL: « il conserve l'intégralité de ses pouvoirs
    initiaux »): the Voyante sees the role, not the camp it now serves."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("David", "rien")
    game.ok("Chloe", "sonder Alice")
    game.ok("Alice", "tuer Gina")
    game.ok("Bruno", "tuer Gina\ninfecter")
    assert "infecte" in game.state.players["Gina"].status
    game.end()
    game.ok("Chloe", "sonder Gina")
    game.ok("Alice", "tuer Farid")
    game.ok("Bruno", "tuer Farid")
    game.ok("Gina", "tuer Farid")
    assert game.events("SeerSaw")[-1]["role"] == "villageois"
