"""`lgmail ingest`: one raw mail from a file or standard input, handled as the listener would
(issue #3 §1): exit 0 once it is safely in the inbox, 67 for an unknown recipient."""

from __future__ import annotations

import io
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest

from lgmail.cli import main
from tests.scenario import Scenario


def raw_mail(sender: str, to: str, body: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = "Re: [village] Votre rôle"
    msg["Message-ID"] = make_msgid(domain="example.org")
    msg.set_content(body)
    return msg.as_bytes()


def test_ingest_a_file_then_the_same_mail_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = Scenario(
        tmp_path,
        {"Alice": "loup-garou", "Bruno": "voyante", "Chloe": "villageois", "David": "villageois"},
    )
    # the command runs on the game's clock, not on today's date (the night would be over)
    monkeypatch.setenv("LGMAIL_NOW", game.clock.isoformat())
    reply_to = next(m for m in game.mails("Bruno") if "Votre rôle" in m.subject).reply_to
    eml = tmp_path / "order.eml"
    eml.write_bytes(raw_mail("bruno@example.org", reply_to, "Je sonde Alice stp"))
    data = str(game.games.settings.data)
    assert main(["--data", data, "ingest", str(eml)]) == 0
    assert "village: applied" in capsys.readouterr().out
    assert main(["--data", data, "ingest", str(eml)]) == 0  # the same mail: applied once
    assert len(game.events("OrderAccepted")) == 1
    answers = [m for m in game.mails("Bruno") if m.in_reply_to]
    assert len(answers) == 1 and "Vous sonderez Alice" in answers[0].body


def test_ingest_from_stdin_and_an_unknown_recipient(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = Scenario(
        tmp_path,
        {"Alice": "loup-garou", "Bruno": "voyante", "Chloe": "villageois", "David": "villageois"},
    )
    data = str(game.games.settings.data)
    stranger = raw_mail("alice@example.org", "nobody@elsewhere.example", "vote Bruno")
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stranger)))
    assert main(["--data", data, "ingest", "-"]) == 67
    assert game.games.store.inbox_pending() == []


def test_ingest_while_the_database_is_away_asks_the_mta_to_retry(tmp_path: Path) -> None:
    eml = tmp_path / "order.eml"
    eml.write_bytes(raw_mail("bruno@example.org", "village+x@lgmail.localhost", "vote Alice"))
    away = "postgresql+psycopg://nobody@127.0.0.1:1/none?connect_timeout=2"
    assert main(["--data", str(tmp_path / "data"), "--db", away, "ingest", str(eml)]) == 75
