"""Events are append-only: the database refuses changes, and the API offers none."""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import event, text

from lgmail.store.errors import AppendOnlyViolation, ConcurrencyConflict
from lgmail.store.eventstore import EventStore

from .helpers import T0, at, ev, mail


def _fill(store: EventStore) -> list[Any]:
    store.append("g", 0, [ev("A", x="é"), ev("B")], T0)
    store.append("h", 0, [ev("C")], at(1))
    return store.read_all()


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE events SET type = 'x'",
        "UPDATE events SET payload = '{}' WHERE game = 'g' AND version = 1",
        "DELETE FROM events",
        "DELETE FROM events WHERE game = 'h'",
    ],
)
def test_database_refuses_update_and_delete(store: EventStore, sql: str) -> None:
    before = _fill(store)
    with (
        pytest.raises(AppendOnlyViolation, match="events are append-only") as info,
        store.engine.begin() as conn,
    ):
        conn.execute(text(sql))
    assert info.value.__cause__ is not None  # the driver's error
    assert store.read_all() == before


def test_truncate_refused(store: EventStore) -> None:
    """PostgreSQL's TRUNCATE; SQLite has none (its DELETE without WHERE is covered above)."""
    before = _fill(store)
    sql = "TRUNCATE events" if store.engine.dialect.name == "postgresql" else "DELETE FROM events"
    with pytest.raises(AppendOnlyViolation), store.engine.begin() as conn:
        conn.execute(text(sql))
    assert store.read_all() == before


def test_refusal_comes_from_the_database_itself(store: EventStore) -> None:
    """Through a bare DBAPI connection (no SQLAlchemy, no store code) the triggers still fire."""
    before = _fill(store)
    raw = store.engine.raw_connection()
    try:
        for sql in ("UPDATE events SET cause = 'forged'", "DELETE FROM events"):
            cursor = raw.cursor()
            with pytest.raises(Exception, match="events are append-only") as info:
                cursor.execute(sql)
            assert not isinstance(info.value, AppendOnlyViolation)
            raw.rollback()
    finally:
        raw.close()
    assert store.read_all() == before


def test_updates_of_other_tables_are_allowed(store: EventStore) -> None:
    store.append("g", 0, [ev("A")], T0, outbox=[mail("m")], snapshot="{}")
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE projections SET state_json = '[]'"))
        conn.execute(text("UPDATE outbox SET recipient = 'b@example.org'"))
    assert store.snapshot("g") == (1, "[]")


MUTATING = re.compile(
    r"^(update|delete|remove|rewrite|truncate|drop|edit|purge|clear|erase|amend|replace|set)"
)


def test_api_has_no_mutating_method(store: EventStore) -> None:
    names = [name for name, _ in inspect.getmembers(store) if not name.startswith("_")]
    assert "append" in names and "read" in names
    assert [name for name in names if MUTATING.match(name.lower())] == []


class _Recording:
    """A DBAPI connection or cursor that records the SQL it is given."""

    def __init__(self, target: Any, seen: list[str]) -> None:
        object.__setattr__(self, "_target", target)
        object.__setattr__(self, "_seen", seen)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._target, name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._target, name, value)

    def cursor(self, *args: Any, **kwargs: Any) -> _Recording:
        return _Recording(self._target.cursor(*args, **kwargs), self._seen)

    def _record(self, statement: str) -> None:
        self._seen.append(" ".join(statement.split()).upper())

    def execute(self, statement: str, *args: Any, **kwargs: Any) -> Any:
        self._record(statement)
        result = self._target.execute(statement, *args, **kwargs)
        return self if result is self._target else result

    def executemany(self, statement: str, *args: Any, **kwargs: Any) -> Any:
        self._record(statement)
        return self._target.executemany(statement, *args, **kwargs)


class _RecordingFairy:
    def __init__(self, fairy: Any, seen: list[str]) -> None:
        self._fairy = fairy
        self.driver_connection = _Recording(fairy.driver_connection, seen)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._fairy, name)


@contextmanager
def _statements(store: EventStore, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """SQL sent through SQLAlchemy and, by the hot paths, on the pool's DBAPI connections."""
    seen: list[str] = []

    def record(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        seen.append(" ".join(statement.split()).upper())

    raw_connection = store.engine.raw_connection
    monkeypatch.setattr(
        store.engine, "raw_connection", lambda: _RecordingFairy(raw_connection(), seen)
    )
    event.listen(store.engine, "before_cursor_execute", record)
    try:
        yield seen
    finally:
        event.remove(store.engine, "before_cursor_execute", record)
        monkeypatch.undo()


def test_no_store_operation_touches_existing_events(
    store: EventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Exercise every public operation and check the SQL it sends to the database."""
    with _statements(store, monkeypatch) as seen:
        store.append("g", 0, [ev("A"), ev("B")], T0, outbox=[mail("m1")], snapshot="{}")
        store.append("g", 2, [ev("C")], T0, outbox=[mail("m1"), mail("m2")], snapshot="[]")
        with pytest.raises(ConcurrencyConflict):
            store.append("g", 0, [ev("X")], T0)
        store.read("g")
        store.read("g", 1, 2)
        store.read_all(0, 10)
        store.version("g")
        store.games()
        store.snapshot("g")
        store.pending_mail()
        with store.claim_mail() as claimed:
            for outbox_id, _ in claimed:
                store.mark_sent(outbox_id, T0)
        store.mark_sent(1, at(5))
        store.append("big", 0, [ev("E")] * 501, T0, outbox=[mail("m3")], snapshot="{}")
        store.append("big", 501, [], T0, snapshot="{}")
    assert seen
    # The hot paths' own statements were seen: appends insert, reads select.
    assert any(s.startswith("INSERT INTO EVENTS") or " INSERT INTO EVENTS " in s for s in seen)
    assert any(s.startswith("SELECT POSITION, VERSION") for s in seen)
    writes = [s for s in seen if re.match(r"^(UPDATE|DELETE|TRUNCATE|DROP|ALTER)\b", s)]
    assert writes and all(re.match(r"^UPDATE OUTBOX SET SENT_AT\b", s) for s in writes), writes
    # No upsert of events (PostgreSQL's append is one statement inserting into several tables).
    inserts = [part for s in seen for part in s.split("INSERT INTO ")[1:]]
    assert not [part for part in inserts if part.startswith("EVENTS ") and "ON CONFLICT" in part]
    assert [part for part in inserts if part.startswith("PROJECTIONS ") and "DO UPDATE" in part]
