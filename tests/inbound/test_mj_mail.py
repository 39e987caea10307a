"""Nobody forges the MJ (#18 item 13), through real SMTP into the running service: the MJ's
orders are obeyed only at his own tokened address, from his registered address, and with the
configured authentication; anything else changes nothing and alerts the registered MJ."""

from __future__ import annotations

import smtplib
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.inbound.conftest import ROLES, Live, running
from tests.inbound.test_smtp import answers, send, wait_for
from tests.scenario import Scenario

MX = "mx.lgmail.example"
MJ = "mj@example.org"


@pytest.fixture
def authenticated(tmp_path: Path) -> Iterator[Live]:
    """`live`, with `[mail] auth = "authentication-results"` in the data directory."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "lgmail.toml").write_text(
        f'[mail]\nauth = "authentication-results"\nauthserv_id = "{MX}"\n', encoding="utf-8"
    )
    with running(Scenario(tmp_path, ROLES)) as served:
        yield served


def mj_address(live: Live) -> str:
    return live.game.mails(MJ)[-1].reply_to


def alerts(live: Live) -> list[str]:
    return [m.subject for m in live.game.mails(MJ) if "non appliqués" in m.subject]


def test_the_mj_has_a_tokened_address_and_his_orders_work(live: Live) -> None:
    """The Reply-To of the MJ's mails is his own unguessable address, and « pause » there,
    from his registered address, pauses the game and is answered."""
    address = mj_address(live)
    assert address.startswith("village+") and "+mj@" not in address
    assert address not in {live.reply_address(p) for p in ROLES}
    msg = live.mail(MJ, address, "pause")
    send(live, msg)
    wait_for(lambda: bool(answers(live, MJ, msg["Message-ID"])))
    assert len(live.game.events("GamePaused")) == 1


def test_a_forged_mj_mail_to_the_old_address_changes_nothing_and_alerts_him(live: Live) -> None:
    """An unsigned mail in the MJ's name to `GAME+mj@DOMAIN` no longer pauses nor announces;
    the MJ is told, with his own address."""
    before = len(live.game.games.records(live.game.name))
    msg = live.mail(MJ, "village+mj@lgmail.localhost", "pause\nannonce Le MJ est parti.")
    send(live, msg)
    wait_for(lambda: bool(alerts(live)))
    assert len(live.game.games.records(live.game.name)) == before
    alert = next(m for m in live.game.mails(MJ) if "non appliqués" in m.subject)
    assert mj_address(live) in alert.body


def test_the_mj_address_from_another_sender_changes_nothing(live: Live) -> None:
    """The MJ's tokened address written to from another address: nothing changes, the
    registered MJ is alerted (not the sender)."""
    before = len(live.game.games.records(live.game.name))
    send(live, live.mail("alice@example.org", mj_address(live), "foudroyer Bruno"))
    wait_for(lambda: bool(alerts(live)))
    assert len(live.game.games.records(live.game.name)) == before
    assert not any("non appliqués" in m.subject for m in live.game.mails("Alice"))


def test_an_unauthenticated_mj_mail_changes_nothing(authenticated: Live) -> None:
    """With `auth = "authentication-results"`, the MJ's mail must be vouched for by the local
    MTA like a player's: an unsigned one in his name, to his right address, pauses nothing."""
    live = authenticated
    before = len(live.game.games.records(live.game.name))
    send(live, live.mail(MJ, mj_address(live), "pause"))
    wait_for(lambda: bool(alerts(live)))
    assert len(live.game.games.records(live.game.name)) == before
    # what the local MTA writes on top of a mail it checked: its verdict, then its Received
    vouched = (
        f"Authentication-Results: {MX}; dmarc=pass header.from=example.org\r\n"
        f"Received: from mail.example.org by {MX} (Postfix); Mon, 30 Nov 2026 21:04:05 +0100\r\n"
    ).encode() + live.mail(MJ, mj_address(live), "pause").as_bytes()
    with smtplib.SMTP("127.0.0.1", live.smtp) as client:
        client.sendmail(MJ, [mj_address(live)], vouched)
    wait_for(lambda: bool(live.game.events("GamePaused")))
