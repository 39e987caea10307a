"""Princesse: seed 004_c21bac90ae6ca834.txt.

004: « Chaque Nuit de jeu, la Princesse peut cibler un joueur de son choix, qui aura un vote
compte +1 pour le bûcher suivant, mais uniquement s'il est Simple Villageois ou Simple
Loup-Garou. »
"""

from pathlib import Path

from tests.rules.thiercelieux.common import thiercelieux, votes

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "princesse",
    "Chloe": "villageois",
    "David": "voyante",
    "Emma": "villageois",
    "Farid": "villageois",
}


def night(game: object, favoured: str) -> None:
    game.ok("Bruno", f"favoriser {favoured}")  # type: ignore[attr-defined]
    game.ok("David", "sonder Alice")  # type: ignore[attr-defined]
    game.ok("Alice", "tuer Farid")  # type: ignore[attr-defined]


def test_a_simple_villageois_votes_plus_one_at_the_next_stake(tmp_path: Path) -> None:
    game = thiercelieux(tmp_path, ROLES)
    night(game, "Chloe")
    votes(game, {"Chloe": "Alice", "Alice": "Chloe"})
    assert game.events("VotesCounted")[-1]["tally"] == {"Alice": 2, "Chloe": 1}


def test_a_simple_loup_garou_too(tmp_path: Path) -> None:
    game = thiercelieux(tmp_path, ROLES)
    night(game, "Alice")
    votes(game, {"Chloe": "Alice", "Alice": "Chloe"})
    assert game.events("VotesCounted")[-1]["tally"] == {"Alice": 1, "Chloe": 2}


def test_a_power_role_gets_nothing(tmp_path: Path) -> None:
    game = thiercelieux(tmp_path, ROLES)
    night(game, "David")
    votes(game, {"David": "Alice", "Alice": "David"})
    assert game.events("VotesCounted")[-1]["tally"] == {"Alice": 1, "David": 1}
