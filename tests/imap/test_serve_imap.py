"""`lgmail serve --imap URL`: orders mailed to a mailbox that lgmail polls over IMAP (a real
Dovecot on loopback) are applied once and answered; the mail is flagged done (issue #3 §1)."""

from __future__ import annotations

import time
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

from lgmail.service.server import Endpoints, Server
from tests.imap.server import Mailbox
from tests.scenario import Scenario

ROLES = {"Alice": "loup-garou", "Bruno": "voyante", "Chloe": "villageois", "David": "villageois"}


def test_orders_polled_by_imap_are_applied_once_and_answered(
    tmp_path: Path, mailbox: Mailbox
) -> None:
    game = Scenario(tmp_path, ROLES)
    reply_to = next(m for m in game.mails("Bruno") if "Votre rôle" in m.subject).reply_to
    msg = EmailMessage()
    msg["From"] = "bruno@example.org"
    msg["To"] = "village-inbox@example.net"
    msg["Delivered-To"] = reply_to  # what the MTA that filled the mailbox adds
    msg["Subject"] = "Re: [village] Votre rôle"
    msg["Message-ID"] = make_msgid(domain="example.org")
    msg.set_content("je sonde Alice stp")
    mailbox.deliver(msg.as_bytes())
    mailbox.deliver(msg.as_bytes())  # delivered twice: applied once
    server = Server(game.games, Endpoints(None, None, mailbox.url()), sweep_seconds=0.2)
    server.start()
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if any(m.in_reply_to == msg["Message-ID"] for m in game.mails("Bruno")):
                break
            time.sleep(0.1)
        time.sleep(0.5)
    finally:
        server.stop()
    answers = [m for m in game.mails("Bruno") if m.in_reply_to == msg["Message-ID"]]
    assert len(answers) == 1 and "Vous sonderez Alice" in answers[0].body
    assert len(game.events("OrderAccepted")) == 1
    flags = [flags for _, _, flags in mailbox.contents()]
    assert flags and all(b"$LgmailDone" in f for f in flags)
