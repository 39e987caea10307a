"""The inbox: a received mail is kept once per (Message-ID, recipient) with its raw bytes, and
processed once, in the same transaction as the events it causes (on SQLite and PostgreSQL)."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest

from lgmail.store.errors import InboxAlreadyProcessed
from lgmail.store.eventstore import EventStore
from lgmail.store.model import OutgoingMail
from tests.store.helpers import T0, at, ev

RAW = "From: alice@example.org\r\nSubject: vote\r\n\r\nvote Bruno é\r\n".encode()


def test_a_mail_is_kept_once_per_message_id_and_recipient(store: EventStore) -> None:
    first, new = store.inbox_add("<m1@x>", "village+abc@lgmail.localhost", RAW, T0)
    again, new_again = store.inbox_add("<m1@x>", "village+abc@lgmail.localhost", RAW, at(1))
    other, other_new = store.inbox_add("<m1@x>", "village+mj@lgmail.localhost", RAW, at(1))
    assert new and not new_again and other_new
    assert first == again != other
    row = store.inbox_row(first)
    assert row.raw == RAW and row.received_at == T0 and row.processed_at is None
    assert [r.id for r in store.inbox_pending()] == [first, other]


def test_processed_with_its_events_in_one_transaction(store: EventStore) -> None:
    inbox_id, _ = store.inbox_add("<m2@x>", "village+abc@lgmail.localhost", RAW, T0)
    mail = OutgoingMail("<answer@x>", "village", "alice@example.org", b"answer")
    store.append(
        "village", 0, [ev("OrderAccepted")], at(1), outbox=[mail], inbox=(inbox_id, "applied")
    )
    row = store.inbox_row(inbox_id)
    assert row.outcome == "applied" and row.processed_at == at(1)
    assert store.inbox_pending() == []
    # processing it again writes nothing: neither events nor mail
    with pytest.raises(InboxAlreadyProcessed):
        store.append(
            "village",
            1,
            [ev("OrderAccepted")],
            at(2),
            outbox=[OutgoingMail("<again@x>", "village", "a@x", b"x")],
            inbox=(inbox_id, "applied"),
        )
    assert store.version("village") == 1
    assert [m.message_id for _, m in store.pending_mail()] == ["<answer@x>"]


def test_done_without_events(store: EventStore) -> None:
    inbox_id, _ = store.inbox_add("<auto@x>", "village+abc@lgmail.localhost", RAW, T0)
    store.inbox_done(inbox_id, "automatic: auto-replied", at(1))
    assert store.inbox_row(inbox_id).outcome == "automatic: auto-replied"
    with pytest.raises(InboxAlreadyProcessed):
        store.inbox_done(inbox_id, "again", at(2))


def test_two_workers_never_process_the_same_row_twice(
    open_store: Callable[[], EventStore],
) -> None:
    first = open_store()
    inbox_id, _ = first.inbox_add("<race@x>", "village+abc@lgmail.localhost", RAW, T0)
    stores = [first, open_store()]
    results: list[str] = []
    barrier = threading.Barrier(2)

    def work(store: EventStore, game: str) -> None:
        barrier.wait()
        try:
            store.append(game, 0, [ev("OrderAccepted")], at(1), inbox=(inbox_id, game))
            results.append("ok")
        except InboxAlreadyProcessed:
            results.append("already")

    threads = [threading.Thread(target=work, args=(s, f"g{i}")) for i, s in enumerate(stores)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == ["already", "ok"]
    assert first.version("g0") + first.version("g1") == 1


def test_mail_count_for_the_rate_limit(store: EventStore) -> None:
    mails = [OutgoingMail(f"<m{i}@x>", "village", "alice@example.org", b"x") for i in range(3)]
    store.append("village", 0, [ev("A")], at(0), outbox=mails[:2])
    store.append("village", 1, [ev("A")], at(30), outbox=mails[2:])
    assert store.mail_count("alice@example.org", at(0)) == 3
    assert store.mail_count("alice@example.org", at(10)) == 1
    assert store.mail_count("bruno@example.org", at(0)) == 0
