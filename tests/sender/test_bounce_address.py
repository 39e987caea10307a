"""The bounce address of `[mail] bounce` is lgmail's own: each mail leaves with it tagged with its
game and recipient (VERP), the listener accepts it (tagged or not) where it refused it with
550, and a bounce to it is recorded against the player, even one no DSN parser reads."""

from __future__ import annotations

import smtplib
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.inbound.conftest import running
from tests.scenario import Scenario
from tests.sender.conftest import Relay

ROLES = {"Alice": "loup-garou", "Bruno": "voyante", "Chloe": "villageois", "David": "villageois"}
CORPUS = Path(__file__).parents[1] / "mail" / "corpus"


def _bounced(game: Scenario, name: str, timeout: float = 10.0) -> list[dict[str, object]]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = [e for e in game.events("MailBounced") if e["name"] == name]
        if found:
            return found
        time.sleep(0.05)
    return []


def test_bounces_come_back_to_the_tagged_bounce_address(
    tmp_path: Path, start_relay: Callable[..., Relay]
) -> None:
    relay = start_relay()
    data = tmp_path / "data"
    data.mkdir()
    (data / "lgmail.toml").write_text(
        f'[mail]\nrelay = "{relay.address}"\nbounce = "bounces@lgmail.localhost"\n',
        encoding="utf-8",
    )
    game = Scenario(tmp_path, ROLES)
    game.games.flush()
    senders = {r.rcpt_tos[0]: r.mail_from for r in relay.handler.received}
    bruno = senders["bruno@example.org"]
    assert bruno.startswith("bounces+village.") and bruno.endswith("@lgmail.localhost")
    assert len(set(senders.values())) == len(senders)  # one per recipient

    with running(game) as live, smtplib.SMTP("127.0.0.1", live.smtp, timeout=10) as smtp:
        # a bounce no DSN parser reads: the tag says who
        plain = b"Subject: Undelivered\r\n\r\nSorry, we could not deliver your message.\r\n"
        assert smtp.sendmail("<>", [bruno], plain) == {}
        assert _bounced(game, "Bruno")
        # the bare bounce address, with a DSN naming Chloe
        dsn = (CORPUS / "postfix-en-bounce.eml").read_bytes()
        dsn = dsn.replace(b"bruno.oldaddress@free.fr", b"chloe@example.org")
        dsn = dsn.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")  # SMTP's line ends
        assert smtp.sendmail("<>", ["bounces@lgmail.localhost"], dsn) == {}
        assert _bounced(game, "Chloe")
        # any other address of the domain is still refused
        with pytest.raises(smtplib.SMTPRecipientsRefused):
            smtp.sendmail("<>", ["nobody@lgmail.localhost"], plain)
    assert not [e for e in game.events("MailBounced") if e["name"] in ("Alice", "David")]
