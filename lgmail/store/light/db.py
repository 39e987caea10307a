"""The store's database by its driver alone (sqlite3, psycopg), for the commands a process runs
once and exits (`lgmail ingest` from an MTA's pipe, `lgmail state`): importing SQLAlchemy
costs more than their whole work. They read and write the tables ``lgmail.store`` defines, at
the schema's head only (``lgmail.store.schema_head``), and leave anything else to the
full path.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from lgmail.store.schema_head import HEAD

Execute = Callable[[str, Sequence[Any]], list[tuple[Any, ...]]]


class connect:
    """One transaction on the store's database, by its driver: (execute, dialect). `write`:
    an immediate transaction whose commit is synced to the disk (the MTA forgets the mail once
    we exit 0); else a read of one consistent snapshot."""

    def __init__(self, url: str, write: bool = False) -> None:
        self.url = url
        self.write = write
        self._close: Callable[[bool], None] = lambda ok: None

    def __enter__(self) -> tuple[Execute, str]:
        scheme, _, rest = self.url.partition("://")
        if scheme.startswith("sqlite"):
            path = unquote(rest[1:].partition("?")[0])
            if not Path(path).exists():
                raise FileNotFoundError(path)
            db = sqlite3.connect(path, timeout=5, isolation_level=None)
            if self.write:
                db.execute("PRAGMA synchronous=FULL")
            db.execute("BEGIN IMMEDIATE" if self.write else "BEGIN")

            def close_sqlite(ok: bool) -> None:
                db.execute("COMMIT" if ok else "ROLLBACK")
                db.close()

            self._close = close_sqlite
            return (lambda sql, params: db.execute(sql, tuple(params)).fetchall()), "sqlite"
        if scheme.startswith("postgresql"):
            import psycopg

            pg = psycopg.connect("postgresql://" + rest, autocommit=True)

            def execute_pg(sql: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
                # the statements mark their parameters `?` (sqlite3's); psycopg's are %s
                statement = sql.replace("%", "%%").replace("?", "%s")
                with pg.cursor() as cursor:
                    cursor.execute(statement, tuple(params))
                    return list(cursor.fetchall()) if cursor.description else []

            execute_pg(
                "BEGIN" if self.write else "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", ()
            )

            def close_pg(ok: bool) -> None:
                try:
                    execute_pg("COMMIT" if ok else "ROLLBACK", ())
                finally:
                    pg.close()

            self._close = close_pg
            return execute_pg, "postgresql"
        raise ValueError(f"unknown database: {scheme}")

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self._close(error is None)


def at_head(execute: Execute) -> bool:
    """Whether the database is at the schema this code writes (else: the full path, which
    migrates it or says why it cannot)."""
    return execute("SELECT version_num FROM alembic_version", ()) == [(HEAD,)]


def stored_at(moment: datetime, dialect: str) -> object:
    """A moment as the store keeps it: naive UTC text on SQLite (SQLAlchemy's format)."""
    moment = moment.astimezone(UTC)
    if dialect == "sqlite":
        return moment.replace(tzinfo=None).strftime("%Y-%m-%d %H:%M:%S.%f")
    return moment
