"""Backups: `lgmail export --all` and `lgmail import` of that file restore every game; an import
is checked whole first, so a file with one bad line writes nothing (no half game for `tick`)."""

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


def _cli(data: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(["--data", str(data), *args])
    out, err = capsys.readouterr()
    return code, out, err


def _two_games(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    players = [arg for player in PLAYERS for arg in ("--player", player)]
    for name in ("village", "hameau"):
        assert _cli(data, capsys, "game", "create", name, *players, "--roles", ROLES)[0] == 0
        assert _cli(data, capsys, "game", "start", name)[0] == 0
    assert _cli(data, capsys, "act", "village", "--from", "alice@example.org", "vote Bruno")[0] == 0


def test_export_all_then_import_restores_every_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old, new = tmp_path / "old", tmp_path / "new"
    _two_games(old, capsys)
    code, dumped, _ = _cli(old, capsys, "export", "--all")
    assert code == 0
    backup = tmp_path / "all.jsonl"
    backup.write_text(dumped, encoding="utf-8")
    code, out, _ = _cli(new, capsys, "import", str(backup))
    assert code == 0 and sorted(out.split()) == ["hameau", "village"]
    for name in ("village", "hameau"):
        assert _cli(new, capsys, "export", name)[1] == _cli(old, capsys, "export", name)[1]
        assert _cli(new, capsys, "replay", name)[0] == 0
        before = json.loads(_cli(old, capsys, "state", name, "--json")[1])
        after = json.loads(_cli(new, capsys, "state", name, "--json")[1])
        assert after == before


def test_a_file_with_one_bad_line_imports_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old, new = tmp_path / "old", tmp_path / "new"
    _two_games(old, capsys)
    lines = _cli(old, capsys, "export", "--all")[1].splitlines()
    # the last event of a game mangled: its payload no longer fits its type
    bad = json.loads(lines[-1])
    bad["payload"] = {"nonsense": True}
    lines[-1] = json.dumps(bad)
    backup = tmp_path / "all.jsonl"
    backup.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, _, err = _cli(new, capsys, "import", str(backup))
    assert code == 2
    assert f"line {len(lines)}" in err and "nothing was imported" in err
    assert _cli(new, capsys, "game", "list")[1].strip() == ""
    assert _cli(new, capsys, "tick")[1] == ""
    assert not (new / "maildir" / "new").exists() or not list((new / "maildir" / "new").iterdir())
