"""Prêtre: seed 004_c21bac90ae6ca834.txt.

004: « Chaque Nuit, le Prêtre peut désigner un joueur. Si ce joueur est Simple Villageois, il
reçoit : "Le joueur désigné est Simple Villageois". Si le joueur n'est pas Simple Villageois
(spé, indé ou loup), il reçoit : "Le joueur désigné n'est pas Simple Villageois". »
"""

from pathlib import Path

from tests.rules.thiercelieux.common import thiercelieux, votes

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "pretre",
    "Chloe": "villageois",
    "David": "voyante",
    "Emma": "villageois",
    "Farid": "infect-pere-des-loups",
}


def test_a_simple_villageois(tmp_path: Path) -> None:
    game = thiercelieux(tmp_path, ROLES)
    game.new_mails()
    game.ok("Bruno", "sonder Chloe")
    game.ok("David", "sonder Alice")
    game.ok("Alice", "tuer Emma")
    game.ok("Farid", "tuer Emma\nfini")
    assert game.events("PriestAnswered") == [
        {"type": "PriestAnswered", "priest": "Bruno", "target": "Chloe", "simple": True}
    ]
    (answer,) = [m for m in game.new_mails("Bruno") if "réponse" in m.subject]
    assert "Le joueur désigné est Simple Villageois (Chloe)." in answer.body


def test_a_power_role_or_a_wolf_is_not(tmp_path: Path) -> None:
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Bruno", "sonder David")
    game.ok("David", "sonder Alice")
    game.ok("Alice", "tuer Emma")
    game.ok("Farid", "tuer Emma\nfini")
    votes(game, {})
    game.ok("Bruno", "sonder Alice")
    game.ok("David", "sonder Chloe")
    game.ok("Alice", "tuer David")
    game.ok("Farid", "tuer David\nfini")
    assert [e["simple"] for e in game.events("PriestAnswered")] == [False, False]


def test_an_infected_simple_villageois_is_not_one_any_more(tmp_path: Path) -> None:
    """A Simple Villageois infected plays for the wolves (« n'est pas Simple Villageois (spé,
    indé ou loup) »)."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Bruno", "sonder David")
    game.ok("David", "sonder Alice")
    game.ok("Alice", "tuer Emma")
    game.ok("Farid", "tuer Emma\ninfecter")
    votes(game, {})
    game.ok("Bruno", "sonder Emma")
    game.ok("David", "sonder Chloe")
    for wolf in ("Alice", "Farid", "Emma"):
        game.ok(wolf, "tuer Chloe")
    assert game.events("PriestAnswered")[-1]["simple"] is False
