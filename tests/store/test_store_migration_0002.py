"""Migration 0002 (lean events table): rows, positions and triggers survive both ways."""

from __future__ import annotations

import pytest
from sqlalchemy import inspect, text

from lgmail.store import migrate
from lgmail.store.errors import AppendOnlyViolation
from lgmail.store.eventstore import EventStore
from lgmail.store.model import RecordedEvent

from .helpers import T0, at, ev, mail


def _events_ddl(store: EventStore) -> str:
    with store.engine.connect() as conn:
        return str(
            conn.execute(
                text("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'events'")
            ).scalar_one()
        )


def _indexes(store: EventStore) -> set[str]:
    return {str(i["name"]) for i in inspect(store.engine).get_indexes("events")}


def _fill(store: EventStore) -> list[RecordedEvent]:
    store.append("a", 0, [ev("A", x="é"), ev("B", n=2**70)], T0, outbox=[mail("m")])
    store.append("b", 0, [ev("C")], at(1), snapshot='{"b":1}')
    store.append("a", 2, [ev("D")], at(2))
    return store.read_all()


def _refuses_delete(store: EventStore) -> None:
    with pytest.raises(AppendOnlyViolation), store.engine.begin() as conn:
        conn.execute(text("DELETE FROM events"))
    with pytest.raises(AppendOnlyViolation), store.engine.begin() as conn:
        conn.execute(text("UPDATE events SET cause = 'forged'"))


def test_upgrade_from_0001_keeps_rows_positions_and_triggers(store: EventStore) -> None:
    with store.engine.begin() as conn:
        migrate.downgrade(conn, "0001_initial")
    assert "ix_events_game" in _indexes(store)
    if store.engine.dialect.name == "sqlite":
        assert "AUTOINCREMENT" in _events_ddl(store)
    before = _fill(store)  # written on the 0001 schema
    assert [e.position for e in before] == sorted(e.position for e in before)

    with store.engine.begin() as conn:
        migrate.upgrade(conn)
        assert migrate.current_revision(conn) == migrate.head_revision()
    assert "ix_events_game" not in _indexes(store)
    if store.engine.dialect.name == "sqlite":
        assert "AUTOINCREMENT" not in _events_ddl(store)
    assert store.read_all() == before
    assert store.snapshot("b") == (1, '{"b":1}')
    assert [m.message_id for _, m in store.pending_mail()] == ["m"]
    _refuses_delete(store)

    # New positions continue after the copied ones.
    [new] = store.append("b", 1, [ev("E")], at(3))
    assert new.position > before[-1].position
    assert store.read_all() == [*before, new]


def test_downgrade_to_0001_keeps_rows_and_restores_autoincrement(store: EventStore) -> None:
    before = _fill(store)
    with store.engine.begin() as conn:
        migrate.downgrade(conn, "0001_initial")
        assert migrate.current_revision(conn) == "0001_initial"
    assert "ix_events_game" in _indexes(store)
    assert store.read_all() == before
    _refuses_delete(store)
    if store.engine.dialect.name == "sqlite":
        assert "AUTOINCREMENT" in _events_ddl(store)
        with store.engine.connect() as conn:
            seq = conn.execute(
                text("SELECT seq FROM sqlite_sequence WHERE name = 'events'")
            ).scalar_one()
        assert seq == before[-1].position
    [new] = store.append("b", 1, [ev("E")], at(3))
    assert new.position > before[-1].position
    with store.engine.begin() as conn:
        migrate.upgrade(conn)
    assert store.read_all() == [*before, new]


def test_upgrade_of_an_empty_0001_database(store_url: str) -> None:
    with EventStore(store_url) as store, store.engine.begin() as conn:
        migrate.downgrade(conn, "0001_initial")
    with EventStore(store_url) as store:  # opening migrates to head
        with store.engine.connect() as conn:
            assert migrate.current_revision(conn) == migrate.head_revision()
        assert store.read_all() == []
        [first] = store.append("g", 0, [ev("A")], T0)
        assert first.position == 1
