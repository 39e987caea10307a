"""#39: what a new operator trips on, as he meets it. postmaster@ and abuse@ the domain reach
the person `[mail] postmaster` names (RFC 2142), DMARC reports included; `game start` says when
the mail could not reach the relay; each player's role mail leaves before the election's call."""

from __future__ import annotations

import mailbox
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import make_msgid
from pathlib import Path

import pytest

from lgmail.cli.entry import main
from lgmail.config import settings
from lgmail.service.games import Games
from lgmail.service.inbound import Inbound
from tests.inbound.conftest import port_held
from tests.scenario import Scenario

DOMAIN = "village.example.org"
PERSON = "ops@example.net"


def delivered(games: Games) -> list[EmailMessage]:
    box = mailbox.Maildir(str(games.settings.maildir), create=True)
    out = []
    for key in sorted(box.iterkeys()):
        msg = BytesParser(policy=policy.default).parsebytes(box.get_bytes(key))
        assert isinstance(msg, EmailMessage)
        out.append(msg)
    return out


@pytest.mark.parametrize("role", ["postmaster", "abuse"])
def test_the_role_addresses_reach_the_postmaster_person(tmp_path: Path, role: str) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "lgmail.toml").write_text(
        f'[mail]\ndomain = "{DOMAIN}"\npostmaster = "{PERSON}"\n', encoding="utf-8"
    )
    games = Games(settings.load(data))
    inbound = Inbound(games)
    address = f"{role}@{DOMAIN}"
    assert inbound.accepts(address) and inbound.accepts(address.upper())
    report = EmailMessage()
    report["From"] = "noreply-dmarc-support@google.example"
    report["To"] = address
    report["Subject"] = f"Report domain: {DOMAIN} Submitter: google.example"
    report["Message-ID"] = make_msgid(domain="google.example")
    report["Auto-Submitted"] = "auto-generated"  # automatic: forwarded all the same
    report.set_content("The aggregate report is attached.")
    for inbox_id in inbound.accept(report.as_bytes(), [address], mail_from=""):
        assert inbound.process(inbox_id).outcome == "forwarded"
    forwarded = [m for m in delivered(games) if str(m["To"]) == PERSON]
    assert len(forwarded) == 1
    mail = forwarded[0]
    assert address in str(mail["Subject"]) and "Report domain" in str(mail["Subject"])
    attached = [p for p in mail.iter_attachments() if p.get_content_type() == "message/rfc822"]
    assert len(attached) == 1
    inner = attached[0].get_content()
    assert str(inner["Message-ID"]) == str(report["Message-ID"])


def test_without_a_postmaster_the_role_addresses_are_unknown(tmp_path: Path) -> None:
    games = Games(settings.load(tmp_path / "data"))
    assert not Inbound(games).accepts(f"postmaster@{games.settings.domain}")


def test_game_start_says_the_relay_was_not_reached(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with port_held() as closed:
        pass
    data = tmp_path / "data"
    data.mkdir()
    (data / "lgmail.toml").write_text(f'[mail]\nrelay = "127.0.0.1:{closed}"\n', encoding="utf-8")
    args = ["--data", str(data), "game", "create", "village", "--no-election"]
    for name in ("Alice", "Bruno", "Chloe", "David", "Emma"):
        args += ["--player", f"{name} <{name.lower()}@example.org>"]
    assert main(args) == 0
    assert main(["--data", str(data), "game", "start", "village"]) == 0
    err = capsys.readouterr().err
    assert f"could not reach the relay 127.0.0.1:{closed}" in err
    assert "ConnectionRefusedError" in err and "lgmail outbox" in err


def test_the_role_mail_leaves_before_the_elections_call(tmp_path: Path) -> None:
    game = Scenario(
        tmp_path,
        {"Alice": "loup-garou", "Bruno": "voyante", "Chloe": "villageois", "David": "villageois",
         "Emma": "villageois"},
        election=True,
    )  # fmt: skip
    subjects = [m.subject for m in game.mails("Alice")]
    role = next(i for i, s in enumerate(subjects) if "Votre rôle" in s)
    call = next(i for i, s in enumerate(subjects) if "Élection" in s)
    assert role < call, subjects
