"""`lgmail ingest`: one raw mail from a file or standard input, handled as the listener would
(issue #3 §1): exit 0 once it is safely in the inbox, 67 for an unknown recipient."""

from __future__ import annotations

import io
import subprocess
import sys
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest

from lgmail.cli.entry import main
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


@pytest.mark.parametrize(
    "config",
    [
        '[mail]\nrelay = "smtp.example.org:99999"\n',  # a bad value
        'db = "postgresql+psycopg://nobody@127.0.0.1:1/none"\n',  # a store that cannot open
        "[mail\n",  # not TOML
    ],
)
def test_ingest_fails_for_the_machine_with_75_and_no_traceback(tmp_path: Path, config: str) -> None:
    """Pipe mode: a failure that is not the mail's exits 75 (EX_TEMPFAIL: Postfix keeps the
    mail and tries again) and writes one line that quotes no path and no traceback (what
    Postfix would quote to the sender)."""
    data = tmp_path / "lgmail-data"
    data.mkdir()
    (data / "lgmail.toml").write_text(config, encoding="utf-8")
    mail = raw_mail("alice@example.org", "village+abc@lgmail.localhost", "vote Bruno")
    done = subprocess.run(
        [sys.executable, "-m", "lgmail", "--data", str(data), "ingest", "-"],
        input=mail,
        capture_output=True,
        timeout=120,
    )
    said = done.stderr.decode() + done.stdout.decode()
    assert done.returncode == 75, said
    assert "Traceback" not in said and str(tmp_path) not in said and ".py" not in said
    assert said.strip().startswith("lgmail: cannot take the mail now")
