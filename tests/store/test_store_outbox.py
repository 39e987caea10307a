"""The outbox: mail written with its events, claimed and marked sent by a deliverer."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime

import pytest
from sqlalchemy import select

from lgmail.store.errors import ConcurrencyConflict
from lgmail.store.eventstore import EventStore
from lgmail.store.model import OutgoingMail
from lgmail.store.schema import outbox

from .helpers import T0, at, ev, mail


def _sent_at(store: EventStore) -> dict[str, datetime | None]:
    with store.engine.connect() as conn:
        rows = conn.execute(select(outbox.c.message_id, outbox.c.sent_at)).all()
    return {message_id: sent_at for message_id, sent_at in rows}


def test_mail_written_with_events(store: EventStore) -> None:
    m1, m2 = mail("n1-a", recipient="amelie@example.org"), mail("n1-b", recipient="b@example.fr")
    store.append("village", 0, [ev("NightFell")], T0, outbox=[m1, m2])
    pending = store.pending_mail()
    assert [m for _, m in pending] == [m1, m2]
    assert pending[0][0] < pending[1][0]
    assert isinstance(pending[0][1].raw, bytes)
    store.append("other", 0, [ev("GameCreated")], at(1), outbox=[mail("o1", game="other")])
    assert [m.message_id for _, m in store.pending_mail()] == ["n1-a", "n1-b", "o1"]
    assert [m.message_id for _, m in store.pending_mail(limit=2)] == ["n1-a", "n1-b"]


def test_conflicting_append_writes_no_mail(store: EventStore) -> None:
    store.append("village", 0, [ev("A")], T0)
    with pytest.raises(ConcurrencyConflict):
        store.append("village", 0, [ev("B")], T0, outbox=[mail("lost")])
    assert store.pending_mail() == []


def test_duplicate_message_id_ignored(store: EventStore) -> None:
    first = mail("dup")
    store.append("village", 0, [ev("A")], T0, outbox=[first, first])
    changed = OutgoingMail("dup", "village", "someone@else.org", b"other bytes")
    store.append("village", 1, [ev("B")], at(1), outbox=[changed, mail("new")])
    assert [m for _, m in store.pending_mail()] == [first, mail("new")]
    assert store.version("village") == 2


def test_claim_and_mark_sent(store: EventStore) -> None:
    store.append("village", 0, [ev("A")], T0, outbox=[mail(f"m{i}") for i in range(5)])
    with store.claim_mail(limit=3) as claimed:
        assert [m.message_id for _, m in claimed] == ["m0", "m1", "m2"]
        for outbox_id, _ in claimed:
            store.mark_sent(outbox_id, at(10))
    assert [m.message_id for _, m in store.pending_mail()] == ["m3", "m4"]
    sent = _sent_at(store)
    assert sent["m0"] == at(10) and sent["m3"] is None
    assert sent["m0"] is not None and sent["m0"].tzinfo is UTC

    with store.claim_mail() as claimed:
        assert [m.message_id for _, m in claimed] == ["m3", "m4"]
        store.mark_sent(claimed[0][0], at(11))
        # m4 not marked: delivery failed, it stays pending
    assert [m.message_id for _, m in store.pending_mail()] == ["m4"]
    with store.claim_mail() as claimed:
        assert [m.message_id for _, m in claimed] == ["m4"]


def test_exception_in_claim_rolls_back_marks(store: EventStore) -> None:
    store.append("village", 0, [ev("A")], T0, outbox=[mail("a"), mail("b")])
    with pytest.raises(RuntimeError, match="smtp down"), store.claim_mail() as claimed:
        store.mark_sent(claimed[0][0], at(1))
        raise RuntimeError("smtp down")
    assert [m.message_id for _, m in store.pending_mail()] == ["a", "b"]


def test_mark_sent_outside_a_claim(store: EventStore) -> None:
    store.append("village", 0, [ev("A")], T0, outbox=[mail("a")])
    [(outbox_id, _)] = store.pending_mail()
    store.mark_sent(outbox_id, at(1))
    store.mark_sent(outbox_id, at(2))  # already sent: keeps the first time
    assert _sent_at(store) == {"a": at(1)}
    assert store.pending_mail() == []
    with pytest.raises(KeyError):
        store.mark_sent(outbox_id + 1000, at(3))
    with pytest.raises(ValueError, match="timezone-aware"):
        store.mark_sent(outbox_id, datetime(2024, 1, 1))


def test_rows_marked_sent_together(store: EventStore) -> None:
    store.append("village", 0, [ev("A")], T0, outbox=[mail(f"m{i}") for i in range(4)])
    ids = [outbox_id for outbox_id, _ in store.pending_mail()]
    store.mark_sent(ids[0], at(1))
    store.mark_all_sent(ids[:3], at(2))  # m0 sent already: keeps its first time
    assert _sent_at(store) == {"m0": at(1), "m1": at(2), "m2": at(2), "m3": None}
    with pytest.raises(KeyError, match=str(ids[-1] + 1000)):
        store.mark_all_sent([ids[3], ids[-1] + 1000], at(3))
    assert _sent_at(store)["m3"] is None  # nothing of a refused call is kept
    store.mark_all_sent([], at(4))
    assert [m.message_id for _, m in store.pending_mail()] == ["m3"]


def test_nested_claim_in_one_thread_refused(store: EventStore) -> None:
    with store.claim_mail(), pytest.raises(RuntimeError), store.claim_mail():
        pass


def test_concurrent_deliverers_send_each_mail_once(
    store: EventStore, open_store: Callable[[], EventStore]
) -> None:
    total = 60
    store.append("village", 0, [ev("A")], T0, outbox=[mail(f"m{i:02}") for i in range(total)])
    deliverers = [open_store() for _ in range(4)]
    delivered: list[list[str]] = [[] for _ in deliverers]
    errors: list[BaseException] = []

    def deliver(i: int) -> None:
        try:
            while True:
                with deliverers[i].claim_mail(limit=4) as claimed:
                    if not claimed:
                        return
                    for outbox_id, m in claimed:
                        time.sleep(0.001)  # "SMTP"
                        delivered[i].append(m.message_id)
                        deliverers[i].mark_sent(outbox_id, at(1))
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=deliver, args=(i,)) for i in range(len(deliverers))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert errors == []
    everything = [m for d in delivered for m in d]
    assert sorted(everything) == [f"m{i:02}" for i in range(total)]  # each exactly once
    assert store.pending_mail() == []


def test_second_claimer_never_gets_claimed_rows(
    store: EventStore, open_store: Callable[[], EventStore]
) -> None:
    """PostgreSQL: SKIP LOCKED hands the other claimer other rows at once.

    SQLite: the second claimer waits for the first claim's transaction to end, then finds only
    the rows still unsent.
    """
    store.append("village", 0, [ev("A")], T0, outbox=[mail(f"m{i}") for i in range(5)])
    other = open_store()
    result: list[list[str]] = []
    finished_while_first_open = threading.Event()
    first_open = True

    def claim_other() -> None:
        with other.claim_mail() as claimed:
            result.append([m.message_id for _, m in claimed])
            if first_open:
                finished_while_first_open.set()
            for outbox_id, _ in claimed:
                other.mark_sent(outbox_id, at(2))

    with store.claim_mail(limit=2) as mine:
        assert [m.message_id for _, m in mine] == ["m0", "m1"]
        thread = threading.Thread(target=claim_other)
        thread.start()
        if store.engine.dialect.name == "postgresql":
            assert finished_while_first_open.wait(timeout=10)
        else:
            assert not finished_while_first_open.wait(timeout=0.3)
        for outbox_id, _ in mine:
            store.mark_sent(outbox_id, at(1))
        first_open = False
    thread.join(timeout=10)
    assert result == [["m2", "m3", "m4"]]
    assert store.pending_mail() == []


def test_the_last_game_that_mailed_an_address(store: EventStore) -> None:
    """Where a DSN naming only the failed address comes from (#37): the game of the latest
    mail to one of the addresses, as the outbox has them; None for an address never mailed."""
    store.append("village", 0, [ev("A")], T0, outbox=[mail("v1", recipient="zoe@example.org")])
    store.append(
        "hameau", 0, [ev("A")], at(5), outbox=[mail("h1", game="hameau", recipient="yann@x.fr")]
    )
    assert store.last_game_mailed(["zoe@example.org"]) == "village"
    assert store.last_game_mailed(["zoe@example.org", "yann@x.fr"]) == "hameau"
    store.append("village", 1, [ev("B")], at(9), outbox=[mail("v2", recipient="yann@x.fr")])
    assert store.last_game_mailed(["yann@x.fr"]) == "village"
    assert store.last_game_mailed(["nobody@example.org"]) is None
    assert store.last_game_mailed([]) is None


def test_marks_from_threads_that_ended_leave_no_connection_behind(store: EventStore) -> None:
    """A delivery thread marks its mails on a connection of its own (PostgreSQL: kept in
    autocommit, `Writer.autocommit_postgresql`); when the thread has ended, its connection is
    closed by the next thread's first mark, and every one by the store's close."""
    store.append("village", 0, [ev("A")], T0, outbox=[mail(f"m{i}") for i in range(4)])
    ids = [outbox_id for outbox_id, _ in store.pending_mail()]
    for outbox_id in ids:
        marker = threading.Thread(target=store.mark_sent, args=(outbox_id, at(outbox_id)))
        marker.start()
        marker.join()
    assert store.pending_mail() == []
    assert _sent_at(store) == {f"m{i}": at(outbox_id) for i, outbox_id in enumerate(ids)}
    kept = store._writer._autocommitted  # the writer's own: what the test is about
    if store.engine.dialect.name == "postgresql":
        assert len(kept) == 1  # the last thread's: the three before were closed
        (connection,) = kept.values()
        store.close()
        assert connection.closed
    else:
        assert kept == {}  # SQLite marks on the writer's one kept connection
