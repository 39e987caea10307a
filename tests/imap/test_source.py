"""ImapSource.from_url and FileCursor: no server needed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lgmail.mail.imap import ImapPoller
from lgmail.mail.imap_source import FileCursor, ImapSource


def test_imap_url_defaults() -> None:
    source = ImapSource.from_url("imap://mj:secret@mail.example.org")
    assert source == ImapSource(
        host="mail.example.org", port=143, username="mj", password="secret", folder="INBOX"
    )
    assert not source.tls and not source.starttls and source.move is None


def test_imaps_url_defaults_to_993_and_reads_the_folder() -> None:
    source = ImapSource.from_url("imaps://mj:secret@Mail.Example.org/Parties/Village%2042")
    assert (source.host, source.port, source.tls) == ("mail.example.org", 993, True)
    assert source.folder == "Parties/Village 42"


def test_percent_encoded_user_and_password() -> None:
    source = ImapSource.from_url("imap://gm%40lgmail.example:p%40ss%3Aw%25rd%2F1@host:1143/INBOX")
    assert source.username == "gm@lgmail.example"
    assert source.password == "p@ss:w%rd/1"
    assert source.port == 1143


def test_query_options() -> None:
    source = ImapSource.from_url("imap://u:p@host/INBOX?move=Processed&starttls=1")
    assert source.move == "Processed" and source.starttls
    assert ImapSource.from_url("imap://u:p@host/?move=Done%20Mail").move == "Done Mail"
    assert not ImapSource.from_url("imap://u:p@host/?starttls=0").starttls


@pytest.mark.parametrize(
    "url",
    [
        "pop3://u:p@host/",
        "imap:///INBOX",
        "imap://host/INBOX",
        "imap://u:p@host:notaport/",
        "imap://u:p@host/?move=",
        "imap://u:p@host/INBOX?move=INBOX",
        "imap://u:p@host/?starttls=maybe",
        "imaps://u:p@host/?starttls=1",
        "imap://u:p@host/?mvoe=Processed",
    ],
)
def test_bad_urls(url: str) -> None:
    with pytest.raises(ValueError):
        ImapSource.from_url(url)


def test_the_password_stays_out_of_repr_key_and_errors() -> None:
    source = ImapSource.from_url("imap://gm%40x.org:hunter2@host/INBOX")
    assert "hunter2" not in repr(source)
    assert "hunter2" not in source.key
    assert source.key == "imap://gm%40x.org@host:143/INBOX"
    assert str(source) == source.key
    with pytest.raises(ValueError) as raised:
        ImapSource.from_url("imap://u:hunter2@host/?bad=1")
    assert "hunter2" not in str(raised.value)


def test_idle_seconds_must_respect_rfc_2177() -> None:
    source = ImapSource.from_url("imap://u:p@host/")
    with pytest.raises(ValueError):
        ImapPoller(source, lambda raw: True, FileCursor(Path("x")), idle_seconds=30 * 60)


def test_file_cursor_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "data" / "imap-cursor.json"
    cursor = FileCursor(path)
    assert cursor.load("a") is None
    cursor.save("a", 17, 3)
    cursor.save("b", 99, 1)
    cursor.save("a", 17, 5)
    again = FileCursor(path)
    assert again.load("a") == (17, 5)
    assert again.load("b") == (99, 1)
    assert json.loads(path.read_text())["a"] == {"uidvalidity": 17, "last_uid": 5}
    assert [p.name for p in path.parent.iterdir()] == ["imap-cursor.json"]  # no temp file left


def test_file_cursor_ignores_a_damaged_file(tmp_path: Path) -> None:
    path = tmp_path / "imap-cursor.json"
    path.write_text("{not json")
    cursor = FileCursor(path)
    assert cursor.load("a") is None
    cursor.save("a", 1, 2)
    assert cursor.load("a") == (1, 2)
    path.write_text(json.dumps({"a": {"uidvalidity": "x"}}))
    assert cursor.load("a") is None
