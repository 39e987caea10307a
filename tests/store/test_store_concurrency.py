"""Optimistic concurrency: the expected version, checked and enforced by the database."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import func, insert, select

from lgmail.store.errors import ConcurrencyConflict
from lgmail.store.eventstore import EventStore
from lgmail.store.schema import events, outbox, projections

from .helpers import T0, ev, mail


def _counts(store: EventStore) -> tuple[int, int, int]:
    with store.engine.connect() as conn:
        return (
            conn.execute(select(func.count()).select_from(events)).scalar_one(),
            conn.execute(select(func.count()).select_from(outbox)).scalar_one(),
            conn.execute(select(func.count()).select_from(projections)).scalar_one(),
        )


def test_stale_expected_version_conflicts_and_writes_nothing(store: EventStore) -> None:
    store.append("g", 0, [ev("A"), ev("B")], T0, outbox=[mail("m1")], snapshot='{"v":2}')
    before = _counts(store)
    with pytest.raises(ConcurrencyConflict) as info:
        store.append("g", 1, [ev("C")], T0, outbox=[mail("m2")], snapshot='{"v":"bad"}')
    assert (info.value.game, info.value.expected_version, info.value.actual_version) == ("g", 1, 2)
    assert _counts(store) == before
    assert [e.type for e in store.read("g")] == ["A", "B"]
    assert [m.message_id for _, m in store.pending_mail()] == ["m1"]
    assert store.snapshot("g") == (2, '{"v":2}')


def test_expected_version_ahead_of_stream_conflicts(store: EventStore) -> None:
    with pytest.raises(ConcurrencyConflict):
        store.append("new", 1, [ev("A")], T0)
    store.append("new", 0, [ev("A")], T0)
    with pytest.raises(ConcurrencyConflict):
        store.append("new", 5, [ev("B")], T0)
    assert store.version("new") == 1


@pytest.mark.parametrize("extras", [False, True])
def test_unique_constraint_catches_a_writer_that_passed_the_check(
    store: EventStore, monkeypatch: pytest.MonkeyPatch, extras: bool
) -> None:
    """A writer racing past the version read is stopped by UNIQUE (game, version)."""
    store.append("g", 0, [ev("A")], T0)
    # Simulate a stale read of the current version: it always answers 0.
    sql = store._append_sql
    stale = sql.current_version.replace(
        "coalesce(max(version), 0)", "0 * coalesce(max(version), 0)", 1
    )
    assert stale != sql.current_version
    monkeypatch.setattr(sql, "current_version", stale)
    before = _counts(store)
    extra: dict[str, Any] = {"outbox": [mail("m")], "snapshot": "{}"} if extras else {}
    with pytest.raises(ConcurrencyConflict) as info:
        store.append("g", 0, [ev("B")], T0, **extra)
    assert info.value.actual_version is None
    assert isinstance(info.value.__cause__, Exception)
    assert _counts(store) == before
    assert [e.type for e in store.read("g")] == ["A"]


@pytest.mark.parametrize("size", [0, 1, 5, 501])
def test_conflict_writes_nothing_whatever_the_size(store: EventStore, size: int) -> None:
    """PostgreSQL appends of 1..500 events take one statement, others a transaction."""
    store.append("g", 0, [ev("A"), ev("B")], T0, outbox=[mail("m1")], snapshot="2")
    before = _counts(store)
    for expected in (1, 3):
        with pytest.raises(ConcurrencyConflict) as info:
            store.append(
                "g",
                expected,
                [ev("X", n=n) for n in range(size)],
                T0,
                outbox=[mail(f"lost{expected}")],
                snapshot="lost",
            )
        assert info.value.actual_version == 2
    assert _counts(store) == before
    assert store.snapshot("g") == (2, "2")
    recorded = store.append("g", 2, [ev("X", n=n) for n in range(size)], T0, snapshot="ok")
    assert [e.version for e in recorded] == list(range(3, 3 + size))
    assert store.read("g", after_version=2) == recorded
    assert store.snapshot("g") == (2 + size, "ok")


def test_writer_committing_while_we_wait_wins(
    store: EventStore, open_store: Callable[[], EventStore]
) -> None:
    """An uncommitted competing insert: our append waits for it, then conflicts.

    PostgreSQL: our version read does not see the uncommitted row, the INSERT blocks on the
    unique index, then fails when the competitor commits. SQLite: BEGIN IMMEDIATE waits for
    the competitor's write lock, then the version read sees its row.
    """
    other = open_store()
    outcome: list[object] = []
    with store.engine.connect() as competitor:
        tx = competitor.begin()
        competitor.execute(
            insert(events),
            {
                "game": "g",
                "version": 1,
                "type": "Theirs",
                "schema_version": 1,
                "payload": "{}",
                "recorded_at": T0,
                "cause": "test",
            },
        )

        def ours() -> None:
            try:
                outcome.append(other.append("g", 0, [ev("Ours")], T0, outbox=[mail("ours")]))
            except Exception as exc:
                outcome.append(exc)

        thread = threading.Thread(target=ours)
        thread.start()
        time.sleep(0.5)
        assert thread.is_alive(), "the append should wait for the competing transaction"
        tx.commit()
        thread.join(timeout=10)
    assert len(outcome) == 1 and isinstance(outcome[0], ConcurrencyConflict)
    assert [e.type for e in store.read("g")] == ["Theirs"]
    assert store.pending_mail() == []


@pytest.mark.parametrize("writers", [2, 4])
def test_racing_writers_exactly_one_wins(
    open_store: Callable[[], EventStore], writers: int
) -> None:
    stores = [open_store() for _ in range(writers)]
    rounds = 8
    for round_ in range(rounds):
        barrier = threading.Barrier(writers)
        results: list[object] = [None] * writers

        def write(
            i: int,
            round_: int = round_,
            barrier: threading.Barrier = barrier,
            results: list[object] = results,
        ) -> None:
            barrier.wait()
            try:
                results[i] = stores[i].append(
                    "race",
                    2 * round_,
                    [ev("Move", by=i), ev("Move2", by=i)],
                    T0,
                    outbox=[mail(f"r{round_}-w{i}")],
                )
            except Exception as exc:
                results[i] = exc

        threads = [threading.Thread(target=write, args=(i,)) for i in range(writers)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=30)
        winners = [r for r in results if isinstance(r, list)]
        losers = [r for r in results if isinstance(r, ConcurrencyConflict)]
        assert len(winners) == 1, results
        assert len(losers) == writers - 1, results
    recorded = stores[0].read("race")
    assert [e.version for e in recorded] == list(range(1, 2 * rounds + 1))
    # Each round's two events come from the same winner, and only winners sent mail.
    winners_by_round = [recorded[2 * r].payload["by"] for r in range(rounds)]
    assert [recorded[2 * r + 1].payload["by"] for r in range(rounds)] == winners_by_round
    assert [m.message_id for _, m in stores[0].pending_mail()] == [
        f"r{r}-w{w}" for r, w in enumerate(winners_by_round)
    ]
