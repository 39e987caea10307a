"""The data directory holds the roles, the raw mails and the secret key: lgmail creates it 0700
and every file in it 0600."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from lgmail.cli.entry import main

PLAYERS = [
    "Alice <alice@example.org>",
    "Bruno <bruno@example.org>",
    "Chloé <chloe@example.org>",
    "David <david@example.org>",
    "Emma <emma@example.org>",
]


def test_the_data_directory_and_its_files_are_private(tmp_path: Path) -> None:
    data = tmp_path / "lgmail-data"
    before = os.umask(0o022)
    try:
        players = [arg for player in PLAYERS for arg in ("--player", player)]
        assert main(["--data", str(data), "game", "create", "village", *players]) == 0
        assert main(["--data", str(data), "game", "start", "village"]) == 0
        # the process's umask is given back (lgmail's own is for what it writes)
        assert os.umask(0o022) == 0o022
    finally:
        os.umask(before)
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    files = [p for p in data.rglob("*") if p.is_file()]
    names = {p.name for p in files}
    assert {"lgmail.sqlite3", "secret.key"} <= names
    assert any(p.parent.name == "new" for p in files), "the role mails are in the Maildir"
    for path in [*files, *(p for p in data.rglob("*") if p.is_dir())]:
        mode = stat.S_IMODE(path.stat().st_mode)
        assert mode & 0o077 == 0, f"{path.relative_to(data)} is {oct(mode)}"
