"""`lgmail.libpq`, the light commands' PostgreSQL client (libpq through ctypes): values go and
come back as the full path's psycopg gives them, errors are told with PostgreSQL's words."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from lgmail.libpq import Connection, LibpqError
from tests.conftest import PG

pytestmark = pytest.mark.skipif(PG == "none", reason="no PostgreSQL")


@pytest.fixture
def pg(pg_schema: str) -> Iterator[Connection]:
    conn = Connection("postgresql://" + pg_schema.partition("://")[2])
    try:
        yield conn
    finally:
        conn.close()


def test_values_come_back_as_their_column_types(pg: Connection) -> None:
    pg.execute("CREATE TABLE t (i INTEGER, b BIGINT, f BOOLEAN, raw BYTEA, s TEXT, at TIMESTAMPTZ)")
    raw = b"\x00\xff binary \r\n\x00"
    at = datetime(2026, 12, 3, 21, 30, tzinfo=UTC)
    pg.execute("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?)", (7, 2**40, True, raw, "Chloé 'é' ?", at))
    pg.execute("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?)", (None, None, False, None, None, None))
    rows = pg.execute("SELECT i, b, f, raw, s, at = ? FROM t ORDER BY i NULLS LAST", (at,))
    assert rows == [
        (7, 2**40, True, raw, "Chloé 'é' ?", True),
        (None, None, False, None, None, None),
    ]
    assert pg.execute("UPDATE t SET i = 8 WHERE i = ?", (7,)) == []


def test_errors_are_postgresql_s_own_words(pg: Connection) -> None:
    with pytest.raises(LibpqError, match='relation "nowhere" does not exist'):
        pg.execute("SELECT * FROM nowhere")
    with pytest.raises(LibpqError):
        Connection("postgresql://nobody@127.0.0.1:1/none?connect_timeout=2")
