"""Benchmark of lgmail's event store against the ``eventsourcing`` library (9.x).

Usage: ``python bench/store.py [--events N] [--pg URL | --no-pg] [--repeat R]``

What is measured, for each backend (SQLite in a temporary file; PostgreSQL, default on), and
for each library on a database of its own:

* **append**: ``N / 50`` new streams ("games") of 50 events each, written 5 events per call,
  one call after the other in one thread, like a game writes one command's events:
  - lgmail: ``EventStore.append(game, expected_version, five_events, now)``: one transaction
    that reads the stream's current version, checks it against the expected one, inserts the
    five rows with one multi-row INSERT (UNIQUE (game, version) backs the check up). On SQLite
    ``BEGIN IMMEDIATE``, a SELECT, the INSERT, ``COMMIT``; on PostgreSQL one statement (CTEs
    reading the version and inserting only if it is the expected one), its own transaction.
    It returns the five ``RecordedEvent`` (positions, decoded payload copies).
  - eventsourcing: an ``Aggregate`` subclass triggers five events (the first batch of a stream
    starts with the aggregate's creation event), then ``Application.save(aggregate)``: one
    transaction inserting the five rows, the unique (originator_id, originator_version)
    key being its concurrency check. On PostgreSQL it also takes an EXCLUSIVE lock on its
    table to number its notifications gap-free (lgmail does not: see ``read_all``).
  Both keep the current version in memory (no read before writing) and build their event
  objects inside the timed loop; each event carries the same small dict payload.
  Reported as appends (calls) per second and appended events per second.
* **replay**: read every stream back, whole, decoded into event objects:
  ``EventStore.read(game)`` (``RecordedEvent`` with the payload JSON decoded) against
  ``list(app.events.get(aggregate_id))`` (domain event objects decoded by its mapper; the
  aggregate is not rebuilt). Reported as replayed events per second.

Timings are wall-clock (``time.perf_counter``) around those loops only: opening the stores,
creating tables and a warm-up stream (pools, prepared statements) are not timed. With
``--repeat R`` (default 3) the workload runs R times on fresh streams and the best run is kept.

Settings: lgmail runs SQLite in WAL mode with ``synchronous=NORMAL`` (its production setting);
eventsourcing also uses WAL, and this script sets ``synchronous=NORMAL`` on its connections too
(its default would be FULL, an fsync per commit), so both pay the same durability cost. Both
use their own connection pools to the same PostgreSQL server.

Clean-up: the SQLite files live in a temporary directory; on PostgreSQL each library gets a
schema of its own (``lgmail_bench_<pid>`` and ``es_bench_<pid>``), dropped at the end.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from uuid import UUID

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from lgmail.store.eventstore import EventStore
from lgmail.store.model import NewEvent

try:
    from eventsourcing import sqlite as es_sqlite
    from eventsourcing.application import Application
    from eventsourcing.domain import Aggregate, event
except ImportError:  # pragma: no cover - the bench extra is not installed
    sys.exit('eventsourcing is missing: pip install "eventsourcing[postgres]"')

DEFAULT_PG = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
STREAM_LENGTH = 50
BATCH = 5


def payload(n: int) -> dict[str, Any]:
    return {"player": "Amélie", "n": n, "targets": ["Gaëtan", "Noël"], "night": n // 10}


# -- eventsourcing side ------------------------------------------------------------------------


class BenchGame(Aggregate):
    def __init__(self, payload: dict[str, Any]) -> None:
        self.payload = payload
        self.count = 1

    @event("Happened")
    def happen(self, payload: dict[str, Any]) -> None:
        self.payload = payload
        self.count += 1


class BenchApp(Application[UUID]):
    pass


def _synchronous_normal() -> None:
    """Give eventsourcing's SQLite connections lgmail's ``synchronous=NORMAL``."""
    original = es_sqlite.SQLiteConnectionPool._create_connection

    def create(self: es_sqlite.SQLiteConnectionPool) -> es_sqlite.SQLiteConnection:
        connection = original(self)
        connection._sqlite_conn.execute("PRAGMA synchronous=NORMAL")
        return connection

    es_sqlite.SQLiteConnectionPool._create_connection = create  # type: ignore[method-assign]


# -- workloads ---------------------------------------------------------------------------------


@dataclass
class Timing:
    append_s: float
    replay_s: float
    appends: int
    events: int


def _batches(length: int) -> Iterator[range]:
    for start in range(0, length, BATCH):
        yield range(start, min(start + BATCH, length))


def run_lgmail(store: EventStore, streams: int, tag: str) -> Timing:
    names = [f"{tag}-{s}" for s in range(streams)]
    appends = 0
    started = time.perf_counter()
    for game in names:
        version = 0
        for batch in _batches(STREAM_LENGTH):
            new = [
                NewEvent("GameCreated" if n == 0 else "Happened", 1, payload(n), "bench")
                for n in batch
            ]
            store.append(game, version, new, datetime.now(UTC))
            version += len(new)
            appends += 1
    append_s = time.perf_counter() - started
    started = time.perf_counter()
    replayed = 0
    for game in names:
        replayed += len(store.read(game))
    replay_s = time.perf_counter() - started
    assert replayed == streams * STREAM_LENGTH, replayed
    return Timing(append_s, replay_s, appends, replayed)


def run_eventsourcing(app: BenchApp, streams: int) -> Timing:
    ids: list[UUID] = []
    appends = 0
    started = time.perf_counter()
    for _ in range(streams):
        game: BenchGame | None = None
        for batch in _batches(STREAM_LENGTH):
            for n in batch:
                if game is None:
                    game = BenchGame(payload(n))
                else:
                    game.happen(payload(n))
            app.save(game)
            appends += 1
        assert game is not None
        ids.append(game.id)
    append_s = time.perf_counter() - started
    started = time.perf_counter()
    replayed = 0
    for aggregate_id in ids:
        replayed += len(list(app.events.get(aggregate_id)))
    replay_s = time.perf_counter() - started
    assert replayed == streams * STREAM_LENGTH, replayed
    return Timing(append_s, replay_s, appends, replayed)


def best(runs: list[Timing]) -> Timing:
    return Timing(
        min(r.append_s for r in runs),
        min(r.replay_s for r in runs),
        runs[0].appends,
        runs[0].events,
    )


def measure(
    lgmail_url: str, es_env: dict[str, str], streams: int, repeat: int
) -> tuple[Timing, Timing]:
    lgmail_runs: list[Timing] = []
    es_runs: list[Timing] = []
    store = EventStore(lgmail_url)
    app = BenchApp(env=es_env)
    try:
        run_lgmail(store, 1, "warmup")
        run_eventsourcing(app, 1)
        for r in range(repeat):
            lgmail_runs.append(run_lgmail(store, streams, f"run{r}"))
            es_runs.append(run_eventsourcing(app, streams))
    finally:
        store.close()
        app.close()
    return best(lgmail_runs), best(es_runs)


# -- backends ----------------------------------------------------------------------------------


def bench_sqlite(streams: int, repeat: int) -> tuple[Timing, Timing]:
    with tempfile.TemporaryDirectory(prefix="lgmail-bench-") as tmp:
        es_env = {
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": str(Path(tmp) / "eventsourcing.sqlite3"),
        }
        return measure(f"sqlite:///{Path(tmp) / 'lgmail.sqlite3'}", es_env, streams, repeat)


@contextmanager
def pg_schemas(url: str, *names: str) -> Iterator[None]:
    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            for name in names:
                conn.execute(text(f'DROP SCHEMA IF EXISTS "{name}" CASCADE'))
                conn.execute(text(f'CREATE SCHEMA "{name}"'))
        yield
    finally:
        with engine.begin() as conn:
            for name in names:
                conn.execute(text(f'DROP SCHEMA IF EXISTS "{name}" CASCADE'))
        engine.dispose()


def bench_postgres(url: str, streams: int, repeat: int) -> tuple[Timing, Timing]:
    parsed = make_url(url)
    if parsed.drivername == "postgresql":
        parsed = parsed.set(drivername="postgresql+psycopg")
    admin_url = parsed.render_as_string(hide_password=False)
    lgmail_schema, es_schema = f"lgmail_bench_{os.getpid()}", f"es_bench_{os.getpid()}"
    lgmail_url = parsed.update_query_dict({"options": f"-csearch_path={lgmail_schema}"})
    es_env = {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": parsed.database or "postgres",
        "POSTGRES_HOST": parsed.host or "127.0.0.1",
        "POSTGRES_PORT": str(parsed.port or 5432),
        "POSTGRES_USER": parsed.username or "postgres",
        "POSTGRES_PASSWORD": parsed.password or "",
        "POSTGRES_SCHEMA": es_schema,
    }
    with pg_schemas(admin_url, lgmail_schema, es_schema):
        return measure(lgmail_url.render_as_string(hide_password=False), es_env, streams, repeat)


# -- report ------------------------------------------------------------------------------------


def rows(backend: str, lg: Timing, es: Timing) -> list[tuple[str, str, float, float]]:
    return [
        (backend, "appends/s (5 events each)", lg.appends / lg.append_s, es.appends / es.append_s),
        (backend, "appended events/s", lg.events / lg.append_s, es.events / es.append_s),
        (backend, "replayed events/s", lg.events / lg.replay_s, es.events / es.replay_s),
    ]


def print_table(table: list[tuple[str, str, float, float]]) -> None:
    header = f"{'backend':<11} {'metric':<26} {'lgmail':>10} {'eventsourcing':>14} {'ratio':>6}"
    print(header)
    print("-" * len(header))
    for backend, metric, lg, es in table:
        print(f"{backend:<11} {metric:<26} {lg:>10,.0f} {es:>14,.0f} {lg / es:>6.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--events", type=int, default=3000, help="events per run and library (default 3000)"
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs, best kept (default 3)")
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--pg", default=DEFAULT_PG, metavar="URL", help=f"PostgreSQL URL (default {DEFAULT_PG})"
    )
    group.add_argument("--no-pg", action="store_true", help="SQLite only")
    args = parser.parse_args(argv)
    streams = max(1, args.events // STREAM_LENGTH)
    repeat = max(1, args.repeat)

    _synchronous_normal()
    print(
        f"lgmail store vs eventsourcing {importlib.metadata.version('eventsourcing')}: "
        f"{streams} streams x {STREAM_LENGTH} events = {streams * STREAM_LENGTH} events, "
        f"{BATCH} events per append ({streams * STREAM_LENGTH // BATCH} appends), "
        f"best of {repeat}; ratio = lgmail / eventsourcing (> 1: lgmail faster)"
    )
    table = rows("sqlite", *bench_sqlite(streams, repeat))
    if not args.no_pg:
        table += rows("postgresql", *bench_postgres(args.pg, streams, repeat))
    print_table(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
