"""Mail in over real SMTP on loopback (issue #3 §1, §2, §4): orders applied once, each human
mail answered as a reply, nobody acting in another's name, robots never answered."""

from __future__ import annotations

import smtplib
import time
from collections.abc import Callable

import pytest

from lgmail.mail.addresses import game_address
from lgmail.rules.commands import Seat
from tests.inbound.conftest import Live
from tests.scenario import Sent


def wait_for(check: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.05)
    raise AssertionError("timed out")


def answers(live: Live, player: str, message_id: str) -> list[Sent]:
    return [m for m in live.game.mails(player) if message_id in m.in_reply_to]


def send(live: Live, msg: object, port: int | None = None) -> None:
    with smtplib.SMTP("127.0.0.1", port or live.smtp) as client:
        client.send_message(msg)  # type: ignore[arg-type]


def test_an_order_by_mail_is_applied_and_answered_in_the_thread(live: Live) -> None:
    msg = live.mail("alice@example.org", live.reply_address("Alice"), "je veux manger David")
    send(live, msg)
    wait_for(lambda: bool(answers(live, "Alice", msg["Message-ID"])))
    (answer,) = answers(live, "Alice", msg["Message-ID"])
    assert "Victime désignée : David" in answer.body
    assert answer.references.endswith(msg["Message-ID"])
    assert [e["player"] for e in live.game.events("OrderAccepted")] == ["Alice"]
    assert live.game.events("OrderAccepted")[0]["targets"] == ["David"]


def test_the_same_mail_delivered_twice_is_applied_once_and_answered_once(live: Live) -> None:
    msg = live.mail("bruno@example.org", live.reply_address("Bruno"), "sonder Alice")
    send(live, msg)
    send(live, msg)
    wait_for(lambda: bool(answers(live, "Bruno", msg["Message-ID"])))
    time.sleep(0.5)
    assert len(answers(live, "Bruno", msg["Message-ID"])) == 1
    assert len(live.game.events("OrderAccepted")) == 1


def test_an_unknown_recipient_is_refused_at_rcpt(live: Live) -> None:
    msg = live.mail("alice@example.org", "nowhere@lgmail.localhost", "vote Bob")
    with pytest.raises(smtplib.SMTPRecipientsRefused) as refused:
        send(live, msg)
    code, text = refused.value.recipients["nowhere@lgmail.localhost"]
    assert code == 550 and b"no such game address" in text


def test_an_oversize_mail_gets_552(live: Live) -> None:
    msg = live.mail("alice@example.org", live.reply_address("Alice"), "x" * (11 * 1024 * 1024))
    with pytest.raises(smtplib.SMTPException) as error:
        send(live, msg)
    assert "552" in str(error.value)
    assert live.game.events("OrderAccepted") == []


def test_a_forged_sender_changes_nothing_and_the_player_is_told(live: Live) -> None:
    msg = live.mail("mallory@evil.example", live.reply_address("Alice"), "tuer Bruno")
    send(live, msg)
    wait_for(lambda: any("Quelqu'un a tenté" in m.subject for m in live.game.mails("Alice")))
    alert = next(m for m in live.game.mails("Alice") if "Quelqu'un a tenté" in m.subject)
    assert "mallory@evil.example" in alert.body
    assert live.game.events("OrderAccepted") == []
    assert live.game.mails("mallory@evil.example") == []


def test_another_players_token_is_a_forgery_too(live: Live) -> None:
    msg = live.mail("bruno@example.org", live.reply_address("Alice"), "tuer David")
    send(live, msg)
    wait_for(lambda: any("Quelqu'un a tenté" in m.subject for m in live.game.mails("Alice")))
    assert live.game.events("OrderAccepted") == []


@pytest.mark.parametrize(
    "headers",
    [
        {"Auto_Submitted": "auto-replied"},
        {"Precedence": "bulk"},
        {"X_Autoreply": "yes"},
    ],
)
def test_an_auto_reply_is_never_answered(live: Live, headers: dict[str, str]) -> None:
    msg = live.mail(
        "alice@example.org",
        live.reply_address("Alice"),
        "Je suis absente jusqu'au 3 décembre. vote Bruno",
        **headers,
    )
    before = len(live.game.mails("Alice"))
    send(live, msg)
    wait_for(lambda: live.game.games.store.inbox_pending(10) == [])
    time.sleep(0.3)
    assert len(live.game.mails("Alice")) == before
    assert live.game.events("OrderAccepted") == []


def test_lmtp_takes_one_recipient_per_transaction(live: Live) -> None:
    alice = live.mail("alice@example.org", live.reply_address("Alice"), "tuer Emma")
    with smtplib.LMTP("127.0.0.1", live.lmtp) as client:
        client.send_message(alice)
    wait_for(lambda: bool(answers(live, "Alice", alice["Message-ID"])))
    with smtplib.LMTP("127.0.0.1", live.lmtp) as client:
        client.ehlo_or_helo_if_needed()
        client.mail("bruno@example.org")
        code, _ = client.rcpt(live.reply_address("Bruno"))
        assert code == 250
        code, _ = client.rcpt(live.reply_address("Alice"))
        assert code == 452


def test_the_mj_plays_by_mail(live: Live) -> None:
    mj = live.game.mails("mj@example.org")[-1]
    msg = live.mail("MJ@example.org", mj.reply_to, "annonce Bonsoir le village !")
    send(live, msg)
    wait_for(
        lambda: any(
            "Annonce du MJ : Bonsoir le village !" in m.body for m in live.game.mails("Emma")
        )
    )
    fake = live.mail("alice@example.org", mj.reply_to, "foudroyer Bruno")
    send(live, fake)
    wait_for(lambda: live.game.games.store.inbox_pending(10) == [])
    assert live.game.alive("Bruno")


def test_a_game_created_while_the_listener_runs_is_known_at_rcpt(live: Live) -> None:
    """The RCPT check answers from memory for the games it has seen (no thread, no query), and
    reads the store for an address it does not know: a game created since is accepted."""
    first = live.mail("alice@example.org", live.reply_address("Alice"), "je veux manger David")
    send(live, first)  # the listener has seen the game's address now
    games = live.server.games
    domain = live.server.inbound.domain
    assert live.server.inbound.accepts_now(game_address("village", domain)) is True
    later = game_address("hameau", domain)
    assert live.server.inbound.accepts_now(later) is None  # unknown: the store will tell
    assert live.server.inbound.accepts_now("nowhere@example.org") is False
    seats = [Seat(n, f"{n.lower()}@example.org") for n in ("Zoe", "Yann", "Xavier", "Wanda")]
    games.create("hameau", "classic", seats)
    with smtplib.SMTP("127.0.0.1", live.smtp) as client:
        client.ehlo()
        client.mail("zoe@example.org")
        assert client.rcpt(later)[0] == 250
        assert client.rcpt("nowhere@lgmail.localhost")[0] == 550
    assert live.server.inbound.accepts_now(later) is True
