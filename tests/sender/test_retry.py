"""Retries with backoff kept in the outbox: a relay down, 4xx then 250, 5xx, five days."""

from __future__ import annotations

import copy
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest

from lgmail.mail.sender import GIVE_UP_AFTER, retry_delay

from .conftest import Recorder, Relay, Service, free_port, same_bytes

MINUTE = timedelta(minutes=1)


def test_backoff_schedule() -> None:
    assert [retry_delay(n) for n in range(1, 8)] == [
        MINUTE,
        5 * MINUTE,
        15 * MINUTE,
        60 * MINUTE,
        240 * MINUTE,
        240 * MINUTE,
        240 * MINUTE,
    ]
    assert timedelta(days=5) == GIVE_UP_AFTER
    with pytest.raises(ValueError):
        retry_delay(0)


def test_relay_down_defers_then_sends_once_it_is_up(
    service: Service, start_relay: Callable[..., Relay]
) -> None:
    port = free_port()  # nothing listens there: connection refused
    games = service.configure(relay=f"127.0.0.1:{port}")
    first, second = service.write("a@example.org", "b@example.org")
    t0 = service.clock
    assert games.flush() == 0
    for outbox_id in (first, second):  # the whole batch, one connection attempt
        status = service.status(outbox_id)
        assert (status.attempts, status.next_attempt_at) == (1, t0 + MINUTE)
        assert status.failed_at is None and status.sent_at is None
        assert "ConnectionRefusedError" in (status.last_error or "")
    assert len(service.store.pending_mail()) == 2  # still pending: just not due

    relay = start_relay(port=port)
    service.later(seconds=59)
    assert games.flush() == 0  # not due yet: the relay is not even contacted
    assert relay.handler.ehlos == []
    service.later(seconds=1)
    assert games.flush() == 2
    assert [r.rcpt_tos for r in relay.handler.received] == [["a@example.org"], ["b@example.org"]]
    assert same_bytes(relay.handler.received[0].content, service.raw(first))
    status = service.status(first)
    assert status.sent_at == t0 + MINUTE and status.attempts == 1  # the failure is remembered
    assert service.store.pending_mail() == []


def test_451_then_250(service: Service, start_relay: Callable[..., Relay]) -> None:
    relay = start_relay(Recorder(data_answers=["451 4.3.0 Try again later"]))
    games = service.configure(relay=relay.address)
    first, second = service.write("a@example.org", "b@example.org")
    t0 = service.clock
    assert games.flush() == 1  # a 451 to one mail does not stop the other
    assert relay.handler.message_ids == ["<village.2@lgmail.test>"]
    status = service.status(first)
    assert (status.attempts, status.next_attempt_at) == (1, t0 + MINUTE)
    assert status.last_error is not None and "451 4.3.0 Try again later" in status.last_error

    service.later(minutes=1)
    assert games.flush() == 1
    assert relay.handler.message_ids == ["<village.2@lgmail.test>", "<village.1@lgmail.test>"]
    assert relay.handler.data_attempts == 3
    assert service.status(first).sent_at == t0 + MINUTE
    assert service.status(second).sent_at == t0


def test_rcpt_452_is_temporary(service: Service, start_relay: Callable[..., Relay]) -> None:
    relay = start_relay(Recorder(refuse={"full@example.org": "452 4.2.2 Mailbox full"}))
    games = service.configure(relay=relay.address)
    [outbox_id] = service.write("full@example.org")
    assert games.flush() == 0
    status = service.status(outbox_id)
    assert status.attempts == 1 and status.failed_at is None and "452" in (status.last_error or "")


@pytest.mark.parametrize(
    ("answers", "code"),
    [
        ({"refuse": {"nobody@example.org": "550 5.1.1 No such user"}}, "550"),
        ({"data_answers": ["554 5.7.1 Message refused"]}, "554"),
        ({"data_answers": ["552 5.3.4 Message too big"]}, "552"),
    ],
)
def test_5xx_gives_up_at_once(
    service: Service, start_relay: Callable[..., Relay], answers: dict[str, Any], code: str
) -> None:
    relay = start_relay(Recorder(**copy.deepcopy(answers)))  # params are shared
    games = service.configure(relay=relay.address)
    refused, fine = service.write("nobody@example.org", "ok@example.org")
    assert games.flush() == 1  # the other mail still leaves
    status = service.status(refused)
    assert status.failed_at == service.clock and status.attempts == 1
    assert status.last_error is not None and code in status.last_error
    assert status.next_attempt_at is None
    assert [f.id for f in service.store.failed_mail()] == [refused]
    assert service.status(fine).sent_at == service.clock

    service.later(days=10)
    before = relay.handler.data_attempts, len(relay.handler.ehlos)
    assert games.flush() == 0  # never claimed again
    assert (relay.handler.data_attempts, len(relay.handler.ehlos)) == before
    assert service.store.pending_mail() == []


def test_data_accepted_after_a_refused_recipient_is_ended_empty(
    service: Service, start_relay: Callable[..., Relay]
) -> None:
    """RFC 2920, 3.1: a pipelining client must read the answer to DATA even when its RCPT was
    refused; a relay that accepts DATA all the same gets a lone dot (an empty message), and
    the mail is given up for its recipient's 550, the next one sent on the same connection."""
    handler = Recorder(refuse={"nobody@example.org": "550 5.1.1 No such user"})
    handler.data_without_recipient = True
    relay = start_relay(handler)
    games = service.configure(relay=relay.address)
    refused, fine = service.write("nobody@example.org", "ok@example.org")
    assert games.flush() == 1
    status = service.status(refused)
    assert status.failed_at == service.clock and "550" in (status.last_error or "")
    assert service.status(fine).sent_at == service.clock
    received = relay.handler.received
    assert len({r.peer for r in received}) == 1
    if relay.handler.pipelining:
        # the DATA of the refused mail ended at once: nothing of it reached the relay
        assert [r.content for r in received[:-1]] == [b""]
    else:
        assert len(received) == 1  # one command at a time: no DATA after a refused RCPT
    assert received[-1].rcpt_tos == ["ok@example.org"]


def test_connection_closed_after_some_mail_is_opened_again(
    service: Service, start_relay: Callable[..., Relay]
) -> None:
    relay = start_relay(Recorder(data_answers=["250 OK", "421 4.7.0 Too many messages"]))
    games = service.configure(relay=relay.address)
    ids = service.write(*(f"p{i}@example.org" for i in range(4)))
    assert games.flush() == 4  # the second mail again, on a new connection
    assert relay.handler.data_attempts == 5
    assert len({r.peer for r in relay.handler.received}) == 2
    assert all(service.status(i).attempts == 0 for i in ids)


def test_relay_lost_mid_batch_defers_the_rest(
    service: Service, start_relay: Callable[..., Relay]
) -> None:
    relay = start_relay(Recorder(data_answers=["250 OK", "421 4.3.2 Shutting down", "421"]))
    games = service.configure(relay=relay.address)
    ids = service.write(*(f"p{i}@example.org" for i in range(5)))
    assert games.flush() == 1
    assert relay.handler.data_attempts == 3  # the 2nd mail twice, then nobody else is tried
    for outbox_id in ids[1:]:
        status = service.status(outbox_id)
        assert status.attempts == 1 and "421" in (status.last_error or "")
    service.later(minutes=1)
    assert games.flush() == 4
    assert len(set(relay.handler.message_ids)) == 5


def test_five_days_of_failures_give_up(service: Service, start_relay: Callable[..., Relay]) -> None:
    port = free_port()
    games = service.configure(relay=f"127.0.0.1:{port}")
    [outbox_id] = service.write("a@example.org")
    created = service.clock
    waits: list[timedelta] = []
    while True:
        assert games.flush() == 0
        status = service.status(outbox_id)
        if status.failed_at is not None:
            break
        assert status.next_attempt_at is not None
        waits.append(status.next_attempt_at - service.clock)
        service.clock = status.next_attempt_at
    # 1 min, 5 min, 15 min, 1 h, then every 4 h until a failure 5 days after the mail.
    assert waits[:4] == [MINUTE, 5 * MINUTE, 15 * MINUTE, 60 * MINUTE]
    assert set(waits[4:]) == {240 * MINUTE}
    assert status.failed_at == created + timedelta(days=5, hours=1, minutes=21)
    assert status.attempts == 35 == len(waits) + 1
    assert status.failed_at - created >= timedelta(days=5)
    assert status.failed_at - timedelta(hours=4) < created + timedelta(days=5)
    assert "ConnectionRefusedError" in (status.last_error or "")
    assert [f.id for f in service.store.failed_mail()] == [outbox_id]
    assert service.store.pending_mail() == []

    relay = start_relay(port=port)  # the relay is back: too late for this one
    service.later(days=1)
    assert games.flush() == 0
    assert relay.handler.ehlos == []
