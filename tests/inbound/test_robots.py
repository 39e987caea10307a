"""Robots never loop, people are always answered (#18 items 9, 11, 12), through real SMTP into
the running service: vacation responders are never relayed nor answered, a responder that says
nothing of itself gets a handful of mails and then silence, the null sender is automatic, and a
mail without a usable Message-ID is still answered, once."""

from __future__ import annotations

import smtplib
import time
from email.message import EmailMessage

from tests.inbound.conftest import Live
from tests.inbound.test_smtp import answers, send, wait_for
from tests.scenario import Sent

#: one of the MJ's mails everyone gets: the MJ's announcement
ANNOUNCE = "Bonne nuit à tous, le village dort."


def announce(live: Live) -> None:
    live.game.games.mj(live.game.name, _announce())
    wait_for(lambda: any(ANNOUNCE in m.body for m in live.game.mails("Bruno")))


def _announce() -> object:
    from lgmail.rules.commands import Announce

    return Announce(ANNOUNCE)


def responder_reply(original: Sent, sender: str, subject: str, body: str) -> EmailMessage:
    """What a vacation responder sends back: to the Reply-To, with its own subject and text."""
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = original.reply_to
    msg["Subject"] = subject.format(subject=original.subject)
    msg["In-Reply-To"] = original.message_id
    msg["Message-ID"] = f"<auto.{time.monotonic_ns()}@example.org>"
    msg.set_content(body)
    return msg


def play_responders(live: Live, responders: dict[str, tuple[str, str]], seconds: float) -> int:
    """Two responders answer every mail their player gets, until nothing new comes for a
    second (or `seconds` pass): how many mails they were sent meanwhile."""
    seen = {name: len(live.game.mails(name)) for name in responders}
    start = dict(seen)
    quiet_since = time.monotonic()
    end = time.monotonic() + seconds
    while time.monotonic() < end and time.monotonic() - quiet_since < 1.5:
        for name, (subject, body) in responders.items():
            mails = live.game.mails(name)
            for original in mails[seen[name] :]:
                email = live.game.email(name)
                send(live, responder_reply(original, email, subject, body))
                quiet_since = time.monotonic()
            seen[name] = len(mails)
        time.sleep(0.1)
    return sum(seen[n] - start[n] for n in responders)


def test_ordinary_vacation_responders_change_nothing_and_get_nothing(live: Live) -> None:
    """#18 item 9: the usual French and English vacation replies (their subjects, their
    opening sentences) are never relayed nor answered."""
    announce(live)
    events = len(live.game.games.records(live.game.name))
    sent = play_responders(
        live,
        {
            "Bruno": ("Réponse automatique : {subject}", "Je suis absent jusqu'au 4 janvier."),
            "David": ("Re: {subject}", "I am out of the office until Monday, with no e-mail."),
        },
        seconds=20,
    )
    wait_for(lambda: not live.game.games.store.inbox_pending(1))
    assert sent == 0
    assert len(live.game.games.records(live.game.name)) == events


def test_two_silent_responders_get_a_handful_of_mails_then_silence(live: Live) -> None:
    """#18 item 9: responders with no mark at all (plain replies with a fixed text) on the
    square and in private: a handful of mails, then silence, and no order ever recorded."""
    announce(live)
    square = next(m for m in live.game.mails("Emma") if "Annonce du MJ" in m.body)
    assert square.reply_to == live.reply_address("Emma")
    sent = play_responders(
        live,
        {
            "Bruno": ("Re: {subject}", "Merci pour votre message, je le lirai plus tard."),
            "David": ("Re: {subject}", "Bien reçu, bonne journée !"),
        },
        seconds=40,
    )
    assert sent <= 4, sent
    assert live.game.events("OrderAccepted") == []


def test_the_null_sender_is_never_answered(live: Live) -> None:
    """#18 item 11: `MAIL FROM:<>` with no header mark at all is an automatic mail."""
    msg = live.mail("bruno@example.org", live.reply_address("Bruno"), "sonder Alice")
    with smtplib.SMTP("127.0.0.1", live.smtp) as client:
        client.sendmail("", [live.reply_address("Bruno")], msg.as_bytes())
    wait_for(lambda: not live.game.games.store.inbox_pending(1))
    time.sleep(0.3)
    assert answers(live, "Bruno", msg["Message-ID"]) == []
    assert live.game.events("OrderAccepted") == []
    (row,) = [r for r in _rows(live) if r[0].startswith(b"Return-Path: <>")]
    assert row[1].startswith("automatic")


def _rows(live: Live) -> list[tuple[bytes, str]]:
    from sqlalchemy import text

    with live.game.games.store.engine.connect() as conn:
        found = conn.execute(text("SELECT raw, outcome FROM inbox ORDER BY id"))
        return [(bytes(r[0]), str(r[1])) for r in found]


def test_mails_without_a_usable_message_id_are_each_applied_and_answered(live: Live) -> None:
    """#18 item 12: two different mails with no Message-ID, and one with a junk one, are each
    applied once and answered once."""
    mails = [("Bruno", "sonder Alice", None), ("Alice", "tuer David", None), ("Emma", "aide", "<>")]
    for player, body, message_id in mails:
        msg = live.mail(live.game.email(player), live.reply_address(player), body)
        del msg["Message-ID"]
        raw = msg.as_bytes()
        if message_id:
            raw = f"Message-ID: {message_id}\n".encode() + raw
        with smtplib.SMTP("127.0.0.1", live.smtp) as client:
            client.sendmail(live.game.email(player), [live.reply_address(player)], raw)
    for player, _, _ in mails:
        wait_for(lambda p=player: any(m.in_reply_to for m in live.game.mails(p)))
    assert {e["player"] for e in live.game.events("OrderAccepted")} == {"Alice", "Bruno"}
    time.sleep(0.3)
    for player, _, _ in mails:
        assert len([m for m in live.game.mails(player) if m.in_reply_to]) == 1, player
