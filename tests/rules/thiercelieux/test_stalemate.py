"""The end of a game nobody can win any more, in the `thiercelieux` rule set (seed
004_c21bac90ae6ca834.txt is silent about it: a ruling)."""

from __future__ import annotations

from pathlib import Path

from tests.rules.thiercelieux.common import digest, thiercelieux, votes
from tests.scenario import Scenario

ROLES = {"Alice": "maitre-vampire", "Bruno": "villageois", "Chloe": "loup-garou"}


def _wolf_burnt(tmp_path: Path) -> Scenario:
    """Night 1: the pack kills nobody, the Maître Vampire recruits nobody (« Un Maître Vampire
    n'est jamais obligé de recruter »); day 1: the wolf burns. Left: the Maître Vampire and a
    villager, neither able to take the other's life."""
    game = thiercelieux(tmp_path, ROLES)
    while game.phase() == ("night", 1):
        game.end()
    votes(game, {"Alice": "Chloe", "Bruno": "Chloe"})
    assert not game.alive("Chloe") and game.state.status == "running"
    return game


def test_two_nights_and_two_days_without_a_death_end_the_game_with_no_winner(
    tmp_path: Path,
) -> None:
    """Ruling: the last two players tie at every stake and neither can kill at night; after two
    nights and two days in a row without a death the game ends, and nobody wins (neither the
    Maître Vampire, « qu'il n'y ait plus que lui ou d'éventuels acolytes », nor the village, an
    enemy still standing)."""
    game = _wolf_burnt(tmp_path)
    for day in (2, 3):
        while game.phase() == ("night", day):
            game.end()
        assert game.state.status == "running"
        votes(game, {"Alice": "Bruno", "Bruno": "Alice"})
    assert game.state.status == "ended"
    assert game.events("GameEnded") == [{"type": "GameEnded", "winner": None, "winners": []}]
    assert "victoire de personne" in digest(game, "Bruno")


def test_one_day_short_the_game_goes_on(tmp_path: Path) -> None:
    """Ruling: two nights and a day without a death do not end it: the second day is still
    played (its stake burns Bruno here, and the Maître Vampire, the last one standing, wins)."""
    game = _wolf_burnt(tmp_path)
    while game.phase() == ("night", 2):
        game.end()
    votes(game, {"Alice": "Bruno", "Bruno": "Alice"})
    assert game.state.status == "running"
    while game.phase() == ("night", 3):
        game.end()
    game.ok("Alice", "vote Bruno")
    game.ok("Bruno", "vote Bruno")
    game.end()
    assert game.events("GameEnded")[0]["winner"] == "maitre-vampire"
