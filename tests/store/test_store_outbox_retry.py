"""Outbox retries (migration 0004): attempts, next attempt, last error, given up."""

from __future__ import annotations

from datetime import datetime

import pytest
from sqlalchemy import inspect, text

from lgmail.store import migrate
from lgmail.store.eventstore import EventStore

from .helpers import T0, at, ev, mail


def _ids(store: EventStore) -> dict[str, int]:
    return {m.message_id: outbox_id for outbox_id, m in store.pending_mail()}


def _claimed(store: EventStore, now: datetime, limit: int = 100) -> list[str]:
    with store.claim_mail(limit, now=now) as rows:
        return [m.message_id for _, m in rows]


def test_new_mail_has_no_attempt(store: EventStore) -> None:
    store.append("village", 0, [ev("A")], T0, outbox=[mail("a")])
    [(outbox_id, _)] = store.pending_mail()
    status = store.mail_status([outbox_id, outbox_id + 1000])
    assert list(status) == [outbox_id]
    row = status[outbox_id]
    assert (row.message_id, row.game, row.recipient) == ("a", "village", "a@example.org")
    assert row.created_at == T0.replace(microsecond=T0.microsecond)
    assert (row.attempts, row.next_attempt_at, row.last_error) == (0, None, None)
    assert (row.sent_at, row.failed_at) == (None, None)
    assert store.mail_status([]) == {}


def test_deferred_mail_waits_for_its_next_attempt(store: EventStore) -> None:
    store.append("village", 0, [ev("A")], T0, outbox=[mail("a"), mail("b")])
    ids = _ids(store)
    assert store.defer_mail(ids["a"], 1, at(1), "451 4.3.0 try later")

    assert _claimed(store, T0) == ["b"]
    assert _claimed(store, at(1) - (at(1) - T0) / 2) == ["b"]
    assert _claimed(store, at(1)) == ["a", "b"]  # due at exactly next_attempt_at
    assert _claimed(store, at(60)) == ["a", "b"]
    # Still pending (unsent, not given up), whether due or not.
    assert list(_ids(store)) == ["a", "b"]
    assert [m.message_id for _, m in store.pending_mail(due_at=T0)] == ["b"]
    assert [m.message_id for _, m in store.pending_mail(due_at=at(1))] == ["a", "b"]

    status = store.mail_status([ids["a"]])[ids["a"]]
    assert (status.attempts, status.next_attempt_at) == (1, at(1))
    assert status.last_error == "451 4.3.0 try later"
    assert status.next_attempt_at is not None and status.next_attempt_at.utcoffset() is not None


def test_defer_and_fail_join_the_claim(store: EventStore) -> None:
    store.append("village", 0, [ev("A")], T0, outbox=[mail("a"), mail("b"), mail("c")])
    with store.claim_mail(now=T0) as rows:
        (a, _), (b, _), (c, _) = rows
        assert store.mail_status([a])[a].attempts == 0  # read in the claim's transaction
        store.defer_mail(a, 1, at(1), "421 busy")
        store.fail_mail(b, T0, "550 5.1.1 no such user")
        store.mark_sent(c, T0)
        assert store.mail_status([a])[a].attempts == 1
    assert _claimed(store, T0) == []
    assert [m.message_id for _, m in store.pending_mail()] == ["a"]

    store.append("village", 1, [ev("B")], T0, outbox=[mail("d")])
    [d] = [i for m, i in _ids(store).items() if m == "d"]
    with pytest.raises(RuntimeError, match="relay exploded"), store.claim_mail(now=T0):
        store.defer_mail(d, 1, at(5), "451")
        store.fail_mail(d, T0, "550")
        raise RuntimeError("relay exploded")
    status = store.mail_status([d])[d]  # all rolled back
    assert (status.attempts, status.next_attempt_at, status.failed_at) == (0, None, None)


def test_failed_mail_is_never_claimed_again(store: EventStore) -> None:
    store.append("village", 0, [ev("A")], T0, outbox=[mail("a"), mail("b"), mail("c")])
    ids = _ids(store)
    store.defer_mail(ids["a"], 3, at(15), "451")
    assert store.fail_mail(ids["a"], at(20), "5 days of 451")
    assert store.fail_mail(ids["c"], at(10), "550 unknown user")
    assert not store.fail_mail(ids["c"], at(11), "again")  # given up already: kept as is
    assert not store.defer_mail(ids["c"], 9, at(99), "later")

    assert _claimed(store, at(10_000)) == ["b"]
    assert list(_ids(store)) == ["b"]
    failed = store.failed_mail()
    assert [(f.message_id, f.failed_at, f.attempts, f.last_error) for f in failed] == [
        ("a", at(20), 4, "5 days of 451"),
        ("c", at(10), 1, "550 unknown user"),
    ]
    assert failed[0].next_attempt_at is None and failed[0].sent_at is None
    assert [f.message_id for f in store.failed_mail(limit=1)] == ["a"]
    with pytest.raises(ValueError):
        store.failed_mail(limit=0)


def test_sent_mail_is_not_deferred_nor_failed(store: EventStore) -> None:
    store.append("village", 0, [ev("A")], T0, outbox=[mail("a")])
    [(outbox_id, _)] = store.pending_mail()
    store.mark_sent(outbox_id, at(1))
    assert not store.defer_mail(outbox_id, 1, at(2), "451")
    assert not store.fail_mail(outbox_id, at(2), "550")
    status = store.mail_status([outbox_id])[outbox_id]
    assert (status.sent_at, status.attempts, status.failed_at) == (at(1), 0, None)
    assert store.failed_mail() == []


def test_unknown_rows_and_naive_times_refused(store: EventStore) -> None:
    store.append("village", 0, [ev("A")], T0, outbox=[mail("a")])
    [(outbox_id, _)] = store.pending_mail()
    with pytest.raises(KeyError):
        store.defer_mail(outbox_id + 1000, 1, at(1), "451")
    with pytest.raises(KeyError):
        store.fail_mail(outbox_id + 1000, at(1), "550")
    naive = datetime(2024, 1, 1)
    for call in (
        lambda: store.defer_mail(outbox_id, 1, naive, "451"),
        lambda: store.fail_mail(outbox_id, naive, "550"),
        lambda: store.pending_mail(due_at=naive),
        lambda: _claimed(store, naive),
    ):
        with pytest.raises(ValueError, match="timezone-aware"):
            call()
    with pytest.raises(ValueError):
        store.defer_mail(outbox_id, -1, at(1), "451")


def test_migration_0004_both_ways_keeps_the_outbox(store: EventStore) -> None:
    with store.engine.begin() as conn:
        migrate.downgrade(conn, "0003_inbox")
    columns = {c["name"] for c in inspect(store.engine).get_columns("outbox")}
    assert not columns & {"attempts", "next_attempt_at", "last_error", "failed_at"}
    store.append("village", 0, [ev("A")], T0, outbox=[mail("old"), mail("sent")])
    with store.engine.begin() as conn:
        migrate.upgrade(conn)
        assert migrate.current_revision(conn) == migrate.head_revision()
    ids = _ids(store)
    store.mark_sent(ids["sent"], at(1))
    status = store.mail_status(list(ids.values()))
    assert [(s.message_id, s.attempts, s.failed_at) for s in status.values()] == [
        ("old", 0, None),
        ("sent", 0, None),
    ]
    assert _claimed(store, T0) == ["old"]
    store.defer_mail(ids["old"], 2, at(5), "451")

    with store.engine.begin() as conn:
        migrate.downgrade(conn, "0003_inbox")
    with store.engine.connect() as conn:
        rows = conn.execute(text("SELECT message_id, sent_at IS NULL FROM outbox ORDER BY id"))
        assert [tuple(r) for r in rows] == [("old", True), ("sent", False)]
    with store.engine.begin() as conn:
        migrate.upgrade(conn)
    assert store.mail_status([ids["old"]])[ids["old"]].attempts == 0  # retries forgotten
    assert [m.message_id for _, m in store.pending_mail()] == ["old"]
    indexes = {i["name"] for i in inspect(store.engine).get_indexes("outbox")}
    assert {"ix_outbox_unsent", "ix_outbox_failed", "ix_outbox_recipient"} <= indexes
