"""What a player is told he may do (issue #18, item 6): only what he can do now; a spent potion
or power is never offered, whichever it is."""

from __future__ import annotations

from pathlib import Path

from lgmail.service.hints import can_do
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "voyante",
    "Chloe": "sorciere",
    "David": "villageois",
    "Emma": "villageois",
    "Farid": "villageois",
}


def test_a_spent_death_potion_is_not_offered(tmp_path: Path) -> None:
    """Item 6, the other potion: once she has poisoned, the Sorcière is offered « sauver » only,
    in the hints and in the answers to her mails."""
    game = Scenario(tmp_path, ROLES)
    game.ok("Bruno", "sonder Alice")
    game.ok("Alice", "tuer Emma")
    assert can_do(game.state, "Chloe") == ["empoisonner NOM", "sauver"]
    game.ok("Chloe", "empoisonner Farid")
    game.later(hours=24)
    assert game.phase() == ("day", 1) and not game.alive("Farid")
    game.later(hours=48)
    assert game.phase() == ("night", 2)
    game.ok("Bruno", "sonder David")
    game.ok("Alice", "tuer David")
    assert game.step() == "sorciere"
    assert can_do(game.state, "Chloe") == ["sauver"]
    answer = game.act("Chloe", "aide")
    assert "Vous pouvez : sauver." in answer.text


def test_an_order_given_already_with_nothing_to_choose_is_not_offered_again(
    tmp_path: Path,
) -> None:
    """Item 6: after « sauver » this night, she is offered what is left (« empoisonner NOM »)."""
    game = Scenario(tmp_path, ROLES)
    game.ok("Bruno", "sonder Alice")
    game.ok("Alice", "tuer Emma")
    answer = game.ok("Chloe", "sauver")
    assert "Vous pouvez : empoisonner NOM." in answer.text
