"""Projection snapshots, migrations, opening stores."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
from sqlalchemy import inspect, text

from lgmail.store import migrate
from lgmail.store.errors import ConcurrencyConflict
from lgmail.store.eventstore import EventStore
from lgmail.store.model import NewEvent
from lgmail.store.schema import metadata

from .helpers import T0, ev

STORE_TABLES = {"events", "outbox", "projections", "secrets"}


def test_snapshot_upsert_and_read(store: EventStore) -> None:
    assert store.snapshot("village") is None
    store.append("village", 0, [ev("A"), ev("B")], T0, snapshot='{"phase":"nuit 1"}')
    assert store.snapshot("village") == (2, '{"phase":"nuit 1"}')
    store.append("village", 2, [ev("C")], T0)  # no snapshot: the old one stays
    assert store.snapshot("village") == (2, '{"phase":"nuit 1"}')
    store.append("village", 3, [ev("D")], T0, snapshot='{"phase":"jour 1","é":"à"}')
    assert store.snapshot("village") == (4, '{"phase":"jour 1","é":"à"}')
    store.append("other", 0, [ev("A")], T0, snapshot="{}")
    assert store.snapshot("other") == (1, "{}")
    assert store.snapshot("village") == (4, '{"phase":"jour 1","é":"à"}')


def test_snapshot_not_written_on_conflict(store: EventStore) -> None:
    store.append("village", 0, [ev("A")], T0, snapshot="1")
    with pytest.raises(ConcurrencyConflict):
        store.append("village", 0, [ev("B")], T0, snapshot="2")
    assert store.snapshot("village") == (1, "1")


def test_fresh_database_is_at_head(store: EventStore) -> None:
    assert migrate.head_revision() == "0010_game_summaries"
    with store.engine.connect() as conn:
        assert migrate.current_revision(conn) == "0010_game_summaries"
    tables = set(inspect(store.engine).get_table_names())
    assert tables >= STORE_TABLES | {"alembic_version"}


def test_migrated_tables_match_the_schema_module(store: EventStore) -> None:
    inspector = inspect(store.engine)
    for name in STORE_TABLES:
        migrated = {c["name"]: c["nullable"] for c in inspector.get_columns(name)}
        declared = {c.name: c.nullable for c in metadata.tables[name].columns}
        assert migrated == declared, name
    uniques = {u["name"]: u["column_names"] for u in inspector.get_unique_constraints("events")}
    assert uniques.get("uq_events_game_version") == ["game", "version"]
    # 0002 dropped the index on game alone: the unique index's leading column serves it.
    assert "ix_events_game" not in {i["name"] for i in inspector.get_indexes("events")}


def test_opening_twice_keeps_data(store_url: str) -> None:
    with EventStore(store_url) as first:
        first.append("village", 0, [ev("A")], T0)
    with EventStore(store_url) as second, EventStore(store_url) as third:
        assert [e.type for e in second.read("village")] == ["A"]
        third.append("village", 1, [ev("B")], T0)
        assert second.version("village") == 2
        with second.engine.connect() as conn:
            assert migrate.current_revision(conn) == migrate.head_revision()


def test_downgrade_to_base_and_upgrade_again(store: EventStore) -> None:
    store.append("village", 0, [ev("A")], T0)
    with store.engine.begin() as conn:
        migrate.downgrade(conn, "base")
    assert not STORE_TABLES & set(inspect(store.engine).get_table_names())
    with store.engine.begin() as conn:
        migrate.upgrade(conn)
    assert store.read_all() == []
    store.append("village", 0, [NewEvent("A", 1, {}, "x")], T0)
    with pytest.raises(Exception, match="append-only"), store.engine.begin() as conn:
        conn.execute(text("DELETE FROM events"))


# -- SQLite specifics (no PostgreSQL counterpart) --------------------------------------------


def test_for_data_dir_creates_the_directory(tmp_path: Path) -> None:
    data_dir = tmp_path / "does" / "not" / "exist"
    with EventStore.for_data_dir(data_dir) as store:
        store.append("village", 0, [ev("A")], T0)
        assert store.url.startswith("sqlite:///")
    assert (data_dir / "lgmail.sqlite3").is_file()
    with EventStore.for_data_dir(data_dir) as again:
        assert again.version("village") == 1


def test_sqlite_url_parent_directory_created(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "store.db"
    with EventStore(f"sqlite:///{path}"):
        pass
    assert path.is_file()


def test_sqlite_connection_settings(tmp_path: Path) -> None:
    with EventStore.for_data_dir(tmp_path) as store, store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 5000
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    # WAL is a property of the file: a plain sqlite3 connection sees it too.
    raw = sqlite3.connect(tmp_path / "lgmail.sqlite3")
    try:
        assert raw.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    finally:
        raw.close()


def test_unsupported_database_refused() -> None:
    with pytest.raises(ValueError, match="unsupported"):
        EventStore("mysql://user@localhost/db")


def test_concurrent_first_opening(store_url: str) -> None:
    """Several processes starting at once on a fresh database: one migrates, all work."""
    opened: list[EventStore] = []
    errors: list[BaseException] = []
    barrier = threading.Barrier(4)

    def open_one() -> None:
        barrier.wait()
        try:
            opened.append(EventStore(store_url))
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=open_one) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    try:
        assert errors == []
        assert len(opened) == 4
        for n, store in enumerate(opened):
            store.append("village", n, [ev("E")], T0)
        assert opened[0].version("village") == 4
    finally:
        for store in opened:
            store.close()
