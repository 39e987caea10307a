"""A slow relay never holds the database: while the relay takes its time to answer DATA,
another writer (a deadline's tick, an inbound mail) appends at once, on SQLite (whose claim
would lock the whole database: the rows are leased instead) as on PostgreSQL (row locks)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

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
