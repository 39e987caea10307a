"""`lgmail game archive NAME`: the MJ closes a game for good; it ends with no winner, the
players are told, and nothing more happens in it (no order, no deadline)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lgmail.cli.entry import main

PLAYERS = [
    "Alice <alice@example.org>",
    "Bruno <bruno@example.org>",
    "Chloé <chloe@example.org>",
    "David <david@example.org>",
    "Emma <emma@example.org>",
]
ROLES = "Alice=loup-garou,Bruno=voyante,Chloé=sorciere,David=villageois,Emma=chasseur"


def test_an_archived_game_ends_and_takes_nothing_more(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = str(tmp_path / "data")
    monkeypatch.setenv("LGMAIL_NOW", "2026-11-29T21:00:00+01:00")
    players = [arg for player in PLAYERS for arg in ("--player", player)]
    assert main(["--data", data, "game", "create", "village", *players, "--roles", ROLES]) == 0
    assert main(["--data", data, "game", "start", "village"]) == 0
    capsys.readouterr()
    assert main(["--data", data, "game", "archive", "village"]) == 0
    told = capsys.readouterr().out
    assert "Le MJ clôt la partie pour de bon" in told and "victoire" not in told
    assert main(["--data", data, "state", "village", "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["status"] == "ended" and state["winner"] is None
    # days later: no deadline runs, no order is taken
    monkeypatch.setenv("LGMAIL_NOW", "2026-12-09T21:00:00+01:00")
    assert main(["--data", data, "tick"]) == 0
    assert capsys.readouterr().out == ""
    assert (
        main(["--data", data, "act", "village", "--from", "alice@example.org", "vote Bruno"]) == 1
    )
    assert main(["--data", data, "game", "archive", "village"]) == 2  # already ended
