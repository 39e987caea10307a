"""A database restored from an older copy goes on from there: the mails it sends then are
delivered, and none reuses a Message-ID that an earlier mail, now lost with the newer state,
was delivered with."""

from __future__ import annotations

import shutil
from email import message_from_bytes
from email.message import Message
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


def _text(mail: Message) -> str:
    part = next(p for p in mail.walk() if p.get_content_type() == "text/plain")
    payload = part.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return payload.decode(part.get_content_charset() or "utf-8")


def _delivered(data: Path) -> dict[str, list[str]]:
    """Message-ID -> the texts delivered under it."""
    out: dict[str, list[str]] = {}
    for path in sorted((data / "maildir" / "new").iterdir()):
        mail = message_from_bytes(path.read_bytes())
        out.setdefault(str(mail["Message-ID"]), []).append(_text(mail))
    return out


def test_a_restored_database_sends_new_ids(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "lgmail-data"

    def lgmail(*args: str) -> None:
        assert main(["--data", str(data), *args]) == 0

    monkeypatch.setenv("LGMAIL_NOW", "2026-11-29T21:00:00+01:00")
    players = [arg for player in PLAYERS for arg in ("--player", player)]
    lgmail("game", "create", "village", "--mj", "mj@example.org", *players, "--roles", ROLES)
    lgmail("game", "start", "village")
    backup = tmp_path / "backup.sqlite3"
    shutil.copy(data / "lgmail.sqlite3", backup)

    # the newer state, lost later: Alice is elected
    monkeypatch.setenv("LGMAIL_NOW", "2026-11-29T22:00:00+01:00")
    lgmail("act", "village", "--from", "alice@example.org", "vote Alice")
    lgmail("phase", "end", "village")

    # the older copy comes back, and the game goes on another way: Bruno is elected
    for journal in data.glob("lgmail.sqlite3-*"):
        journal.unlink()
    shutil.copy(backup, data / "lgmail.sqlite3")
    monkeypatch.setenv("LGMAIL_NOW", "2026-11-30T09:00:00+01:00")
    lgmail("act", "village", "--from", "alice@example.org", "vote Bruno")
    lgmail("phase", "end", "village")

    delivered = _delivered(data)
    reused = {mid: texts for mid, texts in delivered.items() if len(set(texts)) > 1}
    assert not reused, f"Message-IDs delivered with two texts: {sorted(reused)}"
    texts = [text for texts in delivered.values() for text in texts]
    assert any("Alice → Alice" in t for t in texts)
    assert any("Alice → Bruno" in t for t in texts), "the restored game's digest was delivered"
