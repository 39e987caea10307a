"""Outgoing mail is DKIM-signed with the key `lgmail dkim-key` makes, and verifies, as it reaches
the relay, against the record `lgmail dns` prints; an answer to a player's mail says
"auto-replied", every other mail "auto-generated" (RFC 3834 §5)."""

from __future__ import annotations

import re
from collections.abc import Callable
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import dkim
import pytest

from lgmail.cli.entry import main
from tests.sender.conftest import Relay

DOMAIN = "village.example.org"
PLAYERS = [
    "Alice <alice@example.org>",
    "Bruno <bruno@example.org>",
    "Chloé <chloe@example.org>",
    "David <david@example.org>",
    "Emma <emma@example.org>",
]
ROLES = "Alice=loup-garou,Bruno=voyante,Chloé=sorciere,David=villageois,Emma=chasseur"


def _read(raw: bytes) -> EmailMessage:
    mail = message_from_bytes(raw, policy=policy.default)
    assert isinstance(mail, EmailMessage)
    return mail


def test_mail_reaching_the_relay_verifies_against_the_printed_record(
    tmp_path: Path,
    start_relay: Callable[..., Relay],
    capsys: pytest.CaptureFixture[str],
) -> None:
    relay = start_relay()
    data = tmp_path / "lgmail-data"
    data.mkdir()
    (data / "lgmail.toml").write_text(
        f'[mail]\ndomain = "{DOMAIN}"\nmx = "mx.{DOMAIN}"\nrelay = "{relay.address}"\n'
        '[dkim]\nselector = "lgmail"\n',
        encoding="utf-8",
    )

    def lgmail(*args: str) -> str:
        capsys.readouterr()
        assert main(["--data", str(data), *args]) == 0
        return capsys.readouterr().out

    lgmail("dkim-key")
    printed = lgmail("dns")
    line = next(x for x in printed.splitlines() if x.startswith(f"lgmail._domainkey.{DOMAIN}."))
    record = "".join(re.findall(r'"([^"]*)"', line))
    assert record.startswith("v=DKIM1; k=rsa;")

    def dns(name: bytes, timeout: int = 5) -> bytes:
        assert name == f"lgmail._domainkey.{DOMAIN}.".encode()
        return record.encode()

    players = [arg for player in PLAYERS for arg in ("--player", player)]
    lgmail("game", "create", "village", "--mj", "mj@example.org", *players, "--roles", ROLES)
    # the MJ is told where the mail went: the relay, not the Maildir
    assert f"through the relay {relay.address}" in lgmail("game", "start", "village")
    sent = list(relay.handler.received)
    assert len(sent) >= 5  # the roles, the digest
    for mail in sent:
        assert dkim.verify(mail.content, dnsfunc=dns), mail.content[:400]
        assert _read(mail.content)["Auto-Submitted"] == "auto-generated"

    # Bruno answers his role mail: the answer is signed too, and says it is one
    role = next(
        _read(m.content)
        for m in sent
        if m.rcpt_tos == ["bruno@example.org"] and "rôle" in str(_read(m.content)["Subject"])
    )
    order = EmailMessage()
    order["From"] = "Bruno <bruno@example.org>"
    order["To"] = str(role["Reply-To"])
    order["Subject"] = "Re: votre rôle"
    order["Message-ID"] = make_msgid(domain="example.org")
    order.set_content("vote Alice")
    eml = tmp_path / "order.eml"
    eml.write_bytes(order.as_bytes())
    lgmail("ingest", str(eml))
    later = relay.handler.received[len(sent) :]
    answers = [m for m in later if _read(m.content)["In-Reply-To"]]
    assert answers, [m.content[:300] for m in later]
    for mail in answers:
        assert dkim.verify(mail.content, dnsfunc=dns)
        assert _read(mail.content)["Auto-Submitted"] == "auto-replied"


def test_a_selector_without_its_key_is_refused_before_any_mail(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "lgmail-data"
    data.mkdir()
    (data / "lgmail.toml").write_text('[dkim]\nselector = "lgmail"\n', encoding="utf-8")
    assert main(["--data", str(data), "game", "list"]) == 2
    assert "lgmail dkim-key" in capsys.readouterr().err
