"""Append and read on the pool's DBAPI connections: what they leave behind, edge cases."""

from __future__ import annotations

import math
from typing import Any

import pytest
from sqlalchemy import func, insert, select, text
from sqlalchemy.exc import DBAPIError

from lgmail.store.eventstore import EventStore
from lgmail.store.hotpath import MAX_MAILS
from lgmail.store.model import NewEvent
from lgmail.store.schema import events, outbox

from .helpers import T0, at, ev, mail


def _count(store: EventStore, table: Any) -> int:
    with store.engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(table)).scalar_one())


def _pooled_connections_are_clean(store: EventStore) -> None:
    """Every idle pooled connection: no transaction open, not left in autocommit mode."""
    fairies = [store.engine.raw_connection() for _ in range(3)]
    try:
        for fairy in fairies:
            conn: Any = fairy.driver_connection
            if store.engine.dialect.name == "postgresql":
                assert conn.autocommit is False
                assert conn.info.transaction_status.name == "IDLE"
            else:
                assert conn.in_transaction is False
    finally:
        for fairy in fairies:
            fairy.close()


def test_connections_come_back_clean(store: EventStore) -> None:
    store.append("g", 0, [ev("A")], T0, outbox=[mail("m")], snapshot="{}")
    store.read("g")
    store.read("g", 0, 1)
    store.read_all()
    store.read_all(0, 1)
    with pytest.raises(Exception, match="expected version"):
        store.append("g", 0, [ev("B")], T0)
    store.append("g", 1, [], T0)
    _pooled_connections_are_clean(store)


def test_driver_errors_are_raised_as_sqlalchemy_errors(store: EventStore) -> None:
    store.append("g", 0, [ev("A")], T0)
    with store.engine.begin() as conn:
        conn.execute(text("DROP TABLE projections"))
    with pytest.raises(DBAPIError) as info:
        store.append("g", 1, [ev("B")], T0, outbox=[mail("m")], snapshot="{}")
    assert info.value.orig is not None and info.value.__cause__ is info.value.orig
    assert [e.type for e in store.read("g")] == ["A"]  # nothing of it written
    assert _count(store, outbox) == 0
    _pooled_connections_are_clean(store)
    store.append("g", 1, [ev("B")], T0)
    assert store.version("g") == 2


def test_payloads_beyond_64_bit_integers_round_trip(store: EventStore) -> None:
    payload = {
        "big": 2**64,
        "neg": -(2**63) - 1,
        "edge": 2**63 - 1,
        "huge": 10**40,
        "f": 1e300,
        "digits": "1234567890123456789012",
        "nested": [{"x": -(10**25)}],
    }
    [recorded] = store.append("g", 0, [NewEvent("E", 1, payload, "test")], T0)
    for event in (recorded, store.read("g")[0], store.read_all()[0]):
        assert repr(event.payload) == repr(payload)


def test_payloads_orjson_refuses_are_read_as_json_loads_does(store: EventStore) -> None:
    """Text written by someone else than the store: NaN literals, lone surrogate escapes."""
    store.append("g", 0, [ev("A", n=1)], T0)
    with store.engine.begin() as conn:
        for version, payload in [(2, '{"x":NaN}'), (3, '{"s":"\\ud800"}')]:
            conn.execute(
                insert(events),
                {
                    "game": "g",
                    "version": version,
                    "type": "B",
                    "schema_version": 1,
                    "payload": payload,
                    "recorded_at": at(version),
                    "cause": "test",
                },
            )
    first, nan, surrogate = store.read("g")
    assert first.payload == {"n": 1}
    assert math.isnan(nan.payload["x"])
    assert surrogate.payload == {"s": "\ud800"}
    assert [e.version for e in store.read_all()] == [1, 2, 3]


def test_events_inserted_by_sqlalchemy_read_back(store: EventStore) -> None:
    """Rows written through the schema module's column types read back alike."""
    with store.engine.begin() as conn:
        conn.execute(
            insert(events),
            [
                {
                    "game": "g",
                    "version": v,
                    "type": "E",
                    "schema_version": 1,
                    "payload": "{}",
                    "recorded_at": at(v).replace(microsecond=0),
                    "cause": "sa",
                }
                for v in (1, 2)
            ],
        )
    assert [e.recorded_at for e in store.read("g")] == [
        at(1).replace(microsecond=0),
        at(2).replace(microsecond=0),
    ]
    [third] = store.append("g", 2, [ev("F")], T0.replace(microsecond=0))
    assert store.read("g")[2] == third


def test_sqlite_stores_sqlalchemy_text_form(store: EventStore) -> None:
    if store.engine.dialect.name != "sqlite":
        pytest.skip("SQLite's storage of datetimes")
    store.append("g", 0, [ev("A")], T0.replace(microsecond=0), outbox=[mail("m")])
    with store.engine.connect() as conn:
        stored = conn.exec_driver_sql("SELECT recorded_at FROM events").scalar_one()
        created = conn.exec_driver_sql("SELECT created_at FROM outbox").scalar_one()
    assert stored == created == "2024-05-01 21:30:15.000000"


def test_sqlite_positions_read_back_when_rowids_are_not_sequential(store: EventStore) -> None:
    """Once the largest rowid is taken, SQLite picks new ones at random: positions are read."""
    if store.engine.dialect.name != "sqlite":
        pytest.skip("SQLite's rowid algorithm")
    with store.engine.begin() as conn:
        conn.execute(
            insert(events),
            {
                "position": 2**63 - 1,
                "game": "last",
                "version": 1,
                "type": "E",
                "schema_version": 1,
                "payload": "{}",
                "recorded_at": T0,
                "cause": "test",
            },
        )
    recorded = store.append("g", 0, [ev("E", n=n) for n in range(4)], T0)
    assert len({e.position for e in recorded}) == 4
    assert store.read("g") == recorded


def test_more_mail_than_one_statement_takes(store: EventStore) -> None:
    mails = [mail(f"m{i:04}") for i in range(MAX_MAILS + 3)]
    store.append("g", 0, [ev("A")], T0, outbox=mails)
    assert [m for _, m in store.pending_mail(limit=MAX_MAILS + 10)] == mails
