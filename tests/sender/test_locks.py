"""A slow relay never holds the database: while the relay takes its time to answer DATA,
another writer (a deadline's tick, an inbound mail) appends at once, on SQLite (whose claim
would lock the whole database: the rows are leased instead) as on PostgreSQL (row locks)."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from lgmail.store.engine import write_gate
from lgmail.store.model import OutgoingMail

from .conftest import Recorder, Relay, Service


@dataclass
class SlowRelay(Recorder):
    """Answers DATA only once ``release`` is set; ``entered`` is set when DATA arrives."""

    entered: threading.Event = field(default_factory=threading.Event)
    release: threading.Event = field(default_factory=threading.Event)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.entered.set()
        while not self.release.is_set():
            await asyncio.sleep(0.01)
        return await super().handle_DATA(server, session, envelope)


def test_a_writer_is_not_kept_waiting_by_a_slow_relay(
    service: Service, start_relay: Callable[..., Relay]
) -> None:
    handler = SlowRelay()
    relay = start_relay(handler)
    games = service.configure(relay=relay.address)
    first, second = service.write("a@example.org", "b@example.org")
    sent: list[int] = []
    flushing = threading.Thread(target=lambda: sent.append(games.flush()))
    flushing.start()
    try:
        assert handler.entered.wait(10), "the relay never got the mail"
        # the relay holds the first mail: another writer appends meanwhile, and its mail is
        # not the one being delivered
        raw = b"Message-ID: <other.1@lgmail.test>\r\nSubject: x\r\n\r\nx\r\n"
        mail = OutgoingMail("<other.1@lgmail.test>", "other", "c@example.org", raw)
        service.store.append("other", 0, [], service.clock, outbox=[mail])
        assert [m.message_id for _, m in service.store.pending_mail()][-1] == mail.message_id
    finally:
        handler.release.set()
        flushing.join(30)
    assert not flushing.is_alive()
    assert sent == [2]
    assert service.status(first).sent_at is not None
    assert service.status(second).sent_at is not None
    assert games.flush() == 1  # the mail appended meanwhile, at the next flush
    assert handler.message_ids == [
        "<village.1@lgmail.test>",
        "<village.2@lgmail.test>",
        "<other.1@lgmail.test>",
    ]
    assert service.store.pending_mail() == []


def test_a_delivery_goes_on_while_another_writer_holds_the_lock(
    service: Service, start_relay: Callable[..., Relay]
) -> None:
    """On SQLite, a mark that would wait for another writer's lock is put off to the next
    mail's (`Batch.deliver_each`): once the batch is leased, another writer takes the lock
    while the relay holds the first mail; the relay still gets every mail of the batch, and
    the marks are written once the lock is given back (the last one waits for it). On
    PostgreSQL no lock of the whole database is held: the same outcome."""
    handler = SlowRelay()
    relay = start_relay(handler)
    games = service.configure(relay=relay.address)
    ids = service.write("a@example.org", "b@example.org", "c@example.org")
    gate = write_gate(service.store.engine)
    held, give_back = threading.Event(), threading.Event()

    def hold() -> None:
        with gate:
            held.set()
            give_back.wait(30)

    sent: list[int] = []
    flushing = threading.Thread(target=lambda: sent.append(games.flush()))
    holder = threading.Thread(target=hold)
    flushing.start()
    try:
        assert handler.entered.wait(10), "the relay never got the mail"
        holder.start()  # the batch is leased: another writer takes the lock
        assert held.wait(10)
        handler.release.set()
        deadline = time.monotonic() + 20
        while len(handler.received) < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(handler.received) == 3  # delivered while the lock was held
        if service.db_url.startswith("sqlite"):
            assert sent == []  # the last mark waits for the lock
    finally:
        handler.release.set()
        give_back.set()
        holder.join(30)
        flushing.join(30)
    assert not flushing.is_alive()
    assert sent == [3]
    assert all(service.status(i).sent_at is not None for i in ids)
    assert games.flush() == 0  # each sent once
    assert len(handler.received) == 3
