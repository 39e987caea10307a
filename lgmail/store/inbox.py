"""Inbox queries: every mail received, once per (Message-ID, recipient), raw bytes kept.

A row is added before the listener answers 250 and processed once: its outcome is set in the
same transaction as the events it caused (``EventStore.append(inbox=...)``) or alone
(:func:`mark_done`) when it caused none.
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

from sqlalchemy import Connection, and_, bindparam, func, insert, select, update

from lgmail.store.errors import InboxAlreadyProcessed
from lgmail.store.model import InboxRow
from lgmail.store.schema import inbox, outbox

_c = inbox.c
_ROW = select(
    _c.id, _c.message_id, _c.recipient, _c.raw, _c.received_at, _c.processed_at, _c.outcome
)


def _row(values: tuple[object, ...]) -> InboxRow:
    id_, message_id, recipient, raw, received_at, processed_at, outcome = values
    return InboxRow(
        int(id_),  # type: ignore[call-overload]
        str(message_id),
        str(recipient),
        bytes(raw),  # type: ignore[call-overload]
        received_at,  # type: ignore[arg-type]
        processed_at,  # type: ignore[arg-type]
        None if outcome is None else str(outcome),
    )


#: statements built once (their compiled forms cached): a group commit runs them per mail
_FIND = select(_c.id).where(
    _c.message_id == bindparam("message_id"), _c.recipient == bindparam("recipient")
)
_ADD = insert(inbox).returning(_c.id)


def add(
    conn: Connection,
    message_id: str,
    recipient: str,
    raw: bytes,
    received_at: datetime,
    game: str | None = None,
) -> tuple[int, bool]:
    """Store a received mail unless that (Message-ID, recipient) is there: (id, new).
    `game`: the game the recipient address belongs to, if any."""
    if conn.dialect.name == "sqlite":
        cursor = conn.connection.driver_connection.cursor()  # type: ignore[union-attr]
        try:
            return add_sqlite(cursor, message_id, recipient, raw, received_at, game)
        finally:
            cursor.close()
    key = {"message_id": message_id, "recipient": recipient}
    found = conn.execute(_FIND, key).scalar()
    if found is not None:
        return int(found), False
    values = {**key, "raw": raw, "received_at": received_at, "game": game}
    return int(conn.execute(_ADD, values).scalar_one()), True


def add_sqlite(
    cursor: sqlite3.Cursor,
    message_id: str,
    recipient: str,
    raw: bytes,
    received_at: datetime,
    game: str | None,
) -> tuple[int, bool]:
    """`add` on a driver's cursor in an open transaction: a group commit runs it per mail, and
    SQLAlchemy's per-statement work cost more than SQLite's."""
    if received_at.utcoffset() is None:
        raise ValueError(f"naive datetime refused: {received_at!r}")
    cursor.execute(_FIND_SQL, (message_id, recipient))
    found = cursor.fetchone()
    if found is not None:
        return int(found[0]), False
    at = received_at.astimezone(UTC).isoformat(" ", "microseconds")[:26]
    cursor.execute(_ADD_SQL, (message_id, recipient, raw, at, game))
    return int(cursor.lastrowid or 0), True


_FIND_SQL = "SELECT id FROM inbox WHERE message_id = ? AND recipient = ?"
_ADD_SQL = (
    "INSERT INTO inbox (message_id, recipient, raw, received_at, game) VALUES (?, ?, ?, ?, ?)"
)


def pending(conn: Connection, limit: int, game: str | None = None) -> list[InboxRow]:
    """Rows not processed yet, oldest first; only `game`'s when given ("": the rows that
    name no game)."""
    query = _PENDING if game is None else _PENDING_OF
    rows = conn.execute(query, {"limit": limit, "game": game})
    return [_row(tuple(r)) for r in rows]


def pending_games(conn: Connection, limit: int) -> list[str]:
    """The games with rows not processed yet ("" for the rows that name no game), the one
    with the oldest row first."""
    return [str(k) for k in conn.execute(_PENDING_GAMES, {"limit": limit}).scalars()]


# a worker runs these at every round: built once, their compiled forms cached
_GAME_KEY = func.coalesce(_c.game, "")
_UNPROCESSED = _c.processed_at.is_(None)
_PENDING = _ROW.where(_UNPROCESSED).order_by(_c.id).limit(bindparam("limit"))
_PENDING_OF = (
    _ROW.where(_UNPROCESSED, func.coalesce(_c.game, "") == bindparam("game"))
    .order_by(_c.id)
    .limit(bindparam("limit"))
)
_PENDING_GAMES = (
    select(_GAME_KEY)
    .where(_UNPROCESSED)
    .group_by(_GAME_KEY)
    .order_by(func.min(_c.id))
    .limit(bindparam("limit"))
)


def get(conn: Connection, inbox_id: int) -> InboxRow:
    row = conn.execute(_ROW.where(_c.id == inbox_id)).first()
    if row is None:
        raise KeyError(f"no inbox row {inbox_id}")
    return _row(tuple(row))


def mark_done(conn: Connection, inbox_id: int, outcome: str, done_at: datetime) -> None:
    result = conn.execute(
        update(inbox)
        .where(_c.id == inbox_id, _c.processed_at.is_(None))
        .values(processed_at=done_at, outcome=outcome)
    )
    if result.rowcount != 1:
        raise InboxAlreadyProcessed(inbox_id)


_MAIL_COUNT = (
    select(func.count())
    .select_from(outbox)
    .where(outbox.c.recipient == bindparam("recipient"), outbox.c.created_at >= bindparam("since"))
)


def mail_count(conn: Connection, recipient: str, since: datetime) -> int:
    """Outbox mails to `recipient` created since `since` (sent or not)."""
    return int(conn.execute(_MAIL_COUNT, {"recipient": recipient, "since": since}).scalar_one())


_AUTO_COUNT = (
    select(func.count())
    .select_from(outbox)
    .where(
        outbox.c.recipient == bindparam("recipient"),
        outbox.c.created_at >= bindparam("since"),
        outbox.c.message_id.like(bindparam("marker")),
    )
)


def marked_mail_count(conn: Connection, recipient: str, since: datetime, marker: str) -> int:
    """Outbox mails to `recipient` created since `since` whose Message-ID holds `marker`."""
    found = conn.execute(
        _AUTO_COUNT, {"recipient": recipient, "since": since, "marker": f"%{marker}%"}
    )
    return int(found.scalar_one())


def recent(
    conn: Connection, recipients: list[str], outcomes: list[str], since: datetime
) -> tuple[int, bytes | None]:
    """How many rows to `recipients` were processed since `since` with one of `outcomes`, and
    the raw bytes of the latest of them."""
    where = and_(
        _c.recipient.in_(recipients),
        _c.processed_at >= since,
        _c.outcome.in_(outcomes),
    )
    count = int(conn.execute(select(func.count()).select_from(inbox).where(where)).scalar_one())
    if not count:
        return 0, None
    raw = conn.execute(select(_c.raw).where(where).order_by(_c.id.desc()).limit(1)).scalar()
    return count, None if raw is None else bytes(raw)
