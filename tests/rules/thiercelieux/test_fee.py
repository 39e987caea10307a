"""Fée: seed 004_c21bac90ae6ca834.txt."""

from pathlib import Path

from tests.rules.thiercelieux.common import died, thiercelieux, votes

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "fee",
    "Chloe": "villageois",
    "David": "villageois",
    "Emma": "villageois",
    "Farid": "villageois",
}


def test_burnt_at_the_stake_the_next_night_is_skipped(tmp_path: Path) -> None:
    """004: « Si la Fée est éliminée par les votes au bûcher, la Nuit de jeu suivante est sautée.
    Il n'y a donc pas de meurtre des Loups-Garous ni aucune autre action nocturne quelle qu'elle
    soit. Le MJ lève immédiatement un nouveau bûcher. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Alice", "tuer Farid")
    votes(game, {n: "Bruno" for n in ("Alice", "Chloe", "David")})
    assert died(game)[-1] == ("Bruno", "stake")
    assert game.phase() == ("day", 2)
    assert [e["kind"] for e in game.events("PhaseOpened")] == ["night", "day", "day"]


def test_killed_at_night_nothing_is_skipped(tmp_path: Path) -> None:
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Alice", "tuer Bruno")
    votes(game, {})
    assert game.phase() == ("night", 2)
