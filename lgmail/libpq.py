"""PostgreSQL's client library, libpq, called through ctypes: for the commands a process runs once
and exits (``lgmail.direct_db``). psycopg wraps this same library, but importing psycopg costs a
one-shot command more than its whole work (asyncio, its type adapters, importlib.metadata:
about 0.24 s here); loading libpq costs a few milliseconds.

The library is psycopg-binary's own copy when it is installed (the one the full path uses),
else the system's (Debian's libpq5). Values travel as text, except bytes (bytea, sent in binary
form); results come back converted by their column's type: integers, booleans, bytea, else text.
Only what the light commands use is here: connect, run one statement with parameters, close.
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
from collections.abc import Sequence
from datetime import datetime
from typing import Any

#: PQstatus, PQresultStatus
_CONNECTION_OK = 0
_PGRES_COMMAND_OK = 1
_PGRES_TUPLES_OK = 2
#: type OIDs read back as something else than text: int2, int4, int8, oid; bool; bytea
_INTEGERS = frozenset({20, 21, 23, 26})
_BOOL = 16
_BYTEA = 17


class LibpqError(Exception):
    """libpq is missing, or refused the connection or a statement (its message)."""


def _candidates() -> list[str]:
    found: list[str] = []
    spec = importlib.util.find_spec("psycopg_binary")  # found, not imported
    if spec is not None and spec.submodule_search_locations:
        libs = os.path.join(
            os.path.dirname(spec.submodule_search_locations[0]), "psycopg_binary.libs"
        )
        if os.path.isdir(libs):
            found += [
                os.path.join(libs, f) for f in sorted(os.listdir(libs)) if f.startswith("libpq")
            ]
    return [*found, "libpq.so.5"]


def _load() -> ctypes.CDLL:
    for path in _candidates():
        try:
            lib = ctypes.CDLL(path)
        except OSError:
            continue
        p, i, s = ctypes.c_void_p, ctypes.c_int, ctypes.c_char_p
        for name, result, args in (
            ("PQconnectdb", p, [s]),
            ("PQstatus", i, [p]),
            ("PQerrorMessage", s, [p]),
            ("PQfinish", None, [p]),
            (
                "PQexecParams",
                p,
                [p, s, i, p, ctypes.POINTER(s), ctypes.POINTER(i), ctypes.POINTER(i), i],
            ),
            ("PQresultStatus", i, [p]),
            ("PQresultErrorMessage", s, [p]),
            ("PQntuples", i, [p]),
            ("PQnfields", i, [p]),
            ("PQftype", ctypes.c_uint, [p, i]),
            ("PQgetisnull", i, [p, i, i]),
            ("PQgetvalue", ctypes.c_void_p, [p, i, i]),
            ("PQgetlength", i, [p, i, i]),
            ("PQclear", None, [p]),
        ):
            fn = getattr(lib, name)
            fn.restype, fn.argtypes = result, args
        return lib
    raise LibpqError("libpq not found")


class Connection:
    """One connection, statements run one at a time; `?` marks a parameter."""

    def __init__(self, conninfo: str) -> None:
        self._lib = _load()
        self._conn = self._lib.PQconnectdb(conninfo.encode())
        if self._lib.PQstatus(self._conn) != _CONNECTION_OK:
            message = self._lib.PQerrorMessage(self._conn) or b""
            self.close()
            raise LibpqError(message.decode(errors="replace").strip())

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        parts = sql.split("?")
        statement = parts[0] + "".join(f"${n}{part}" for n, part in enumerate(parts[1:], 1))
        count = len(params)
        values = (ctypes.c_char_p * max(count, 1))()
        lengths = (ctypes.c_int * max(count, 1))()
        formats = (ctypes.c_int * max(count, 1))()
        for n, value in enumerate(params):
            data = _text(value)
            values[n] = data
            if isinstance(value, bytes):
                lengths[n], formats[n] = len(value), 1
        lib = self._lib
        result = lib.PQexecParams(
            self._conn, statement.encode(), count, None, values, lengths, formats, 0
        )
        try:
            status = lib.PQresultStatus(result)
            if status not in (_PGRES_COMMAND_OK, _PGRES_TUPLES_OK):
                message = lib.PQresultErrorMessage(result) or lib.PQerrorMessage(self._conn)
                raise LibpqError((message or b"").decode(errors="replace").strip())
            fields = lib.PQnfields(result)
            types = [lib.PQftype(result, f) for f in range(fields)]
            return [
                tuple(_value(lib, result, row, f, types[f]) for f in range(fields))
                for row in range(lib.PQntuples(result))
            ]
        finally:
            lib.PQclear(result)

    def close(self) -> None:
        if self._conn:
            self._lib.PQfinish(self._conn)
            self._conn = None


def _text(value: Any) -> bytes | None:
    if value is None or isinstance(value, bytes):
        return value
    if isinstance(value, bool):
        return b"t" if value else b"f"
    if isinstance(value, datetime):
        return value.isoformat().encode()
    return str(value).encode()


def _value(lib: ctypes.CDLL, result: int, row: int, field: int, oid: int) -> Any:
    if lib.PQgetisnull(result, row, field):
        return None
    text = ctypes.string_at(lib.PQgetvalue(result, row, field), lib.PQgetlength(result, row, field))
    if oid in _INTEGERS:
        return int(text)
    if oid == _BOOL:
        return text == b"t"
    if oid == _BYTEA:
        return bytes.fromhex(text[2:].decode())  # the hex form, "\x..." (PostgreSQL >= 9.0)
    return text.decode()
