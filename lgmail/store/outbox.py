"""Outbox queries: mail written with its events, sent later by a deliverer.

Delivery is at-least-once: a mail is marked sent after the SMTP hand-off, so a crash in between
sends it again on the next claim. ``message_id`` is stable, so receivers can de-duplicate.
The rows are inserted by the append itself (``lgmail.store.hotpath``), in its transaction.

A failed delivery is deferred (``attempts`` + 1, not claimed before ``next_attempt_at``, the
error kept in ``last_error``) or given up (``failed_at``): failed rows are never claimed again
and are not pending.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Select, bindparam, or_, select, update

from lgmail.store.model import MailStatus, OutgoingMail
from lgmail.store.schema import outbox

_c = outbox.c

_UNSENT = (_c.sent_at.is_(None), _c.failed_at.is_(None))

_PENDING = (
    select(_c.id, _c.message_id, _c.game, _c.recipient, _c.raw).where(*_UNSENT).order_by(_c.id)
)

_DUE = _PENDING.where(or_(_c.next_attempt_at.is_(None), _c.next_attempt_at <= bindparam("now")))

_MARK_SENT = (
    update(outbox)
    .where(_c.id.in_(bindparam("outbox_ids", expanding=True)), _c.sent_at.is_(None))
    .values(sent_at=bindparam("sent_at"))
)

_DEFER = (
    update(outbox)
    .where(_c.id == bindparam("outbox_id"), *_UNSENT)
    .values(
        attempts=bindparam("attempts"),
        next_attempt_at=bindparam("next_attempt_at"),
        last_error=bindparam("error"),
    )
)

_FAIL = (
    update(outbox)
    .where(_c.id == bindparam("outbox_id"), *_UNSENT)
    .values(
        attempts=_c.attempts + 1,
        next_attempt_at=None,
        failed_at=bindparam("failed_at"),
        last_error=bindparam("error"),
    )
)

_LEASE = (
    update(outbox)
    .where(_c.id.in_(bindparam("outbox_ids", expanding=True)), *_UNSENT)
    .values(next_attempt_at=bindparam("until"), leased_by=bindparam("holder"))
)

#: a row never tried whose next attempt is set is leased (a deferral counts an attempt)
_LEASED = (*_UNSENT, _c.attempts == 0, _c.next_attempt_at.is_not(None))

_RELEASE = update(outbox).where(*_LEASED).values(next_attempt_at=None, leased_by=None)

_HOLDERS = select(_c.leased_by).where(*_LEASED, _c.leased_by.is_not(None)).distinct()

_KNOWN = select(_c.id).where(_c.id.in_(bindparam("outbox_ids", expanding=True)))

_STATUS = select(
    _c.id,
    _c.message_id,
    _c.game,
    _c.recipient,
    _c.created_at,
    _c.sent_at,
    _c.attempts,
    _c.next_attempt_at,
    _c.last_error,
    _c.failed_at,
)

_FAILED = _STATUS.where(_c.failed_at.is_not(None)).order_by(_c.failed_at.desc(), _c.id.desc())


_KNOWN_IDS = select(_c.message_id).where(
    _c.message_id.in_(bindparam("message_ids", expanding=True))
)


def insert(conn: Connection, mails: Sequence[OutgoingMail], at: datetime) -> None:
    """Queue `mails` (those not events' mails: the append queues its own); a Message-ID
    already queued is kept once."""
    if not mails:
        return
    known = set(conn.execute(_KNOWN_IDS, {"message_ids": [m.message_id for m in mails]}).scalars())
    rows = [
        {
            "message_id": m.message_id,
            "game": m.game,
            "recipient": m.recipient,
            "raw": m.raw,
            "created_at": at,
        }
        for m in mails
        if m.message_id not in known
    ]
    if rows:
        conn.execute(outbox.insert(), rows)


def _mails(
    conn: Connection, stmt: Select[Any], params: dict[str, Any]
) -> list[tuple[int, OutgoingMail]]:
    return [
        (
            outbox_id,
            OutgoingMail(message_id=message_id, game=game, recipient=recipient, raw=bytes(raw)),
        )
        for outbox_id, message_id, game, recipient, raw in conn.execute(stmt, params)
    ]


def select_pending(
    conn: Connection, limit: int, *, lock: bool, due_at: datetime | None = None
) -> list[tuple[int, OutgoingMail]]:
    """Unsent mail not given up, oldest first; with ``due_at``, only the rows whose
    ``next_attempt_at`` is unset or not after it. With ``lock`` on PostgreSQL,
    ``FOR UPDATE SKIP LOCKED``."""
    if limit < 1:
        raise ValueError(f"limit must be positive, got {limit}")
    stmt = (_PENDING if due_at is None else _DUE).limit(limit)
    if lock and conn.dialect.name == "postgresql":
        stmt = stmt.with_for_update(skip_locked=True)
    return _mails(conn, stmt, {} if due_at is None else {"now": due_at})


def lease(
    conn: Connection, outbox_ids: Sequence[int], until: datetime, holder: str | None = None
) -> None:
    """Make unsent rows not due before ``until`` (their attempts unchanged), leased by
    ``holder``: one statement for the batch."""
    if outbox_ids:
        conn.execute(_LEASE, {"outbox_ids": list(outbox_ids), "until": until, "holder": holder})


def release(conn: Connection, holder: str | None = None, *, unnamed: bool = False) -> int:
    """End the leases of rows never tried (a process that leased them died: ``holder``; with
    ``unnamed``, the rows leased by no one named; else any); how many."""
    statement = _RELEASE
    if holder is not None:
        statement = statement.where(_c.leased_by == holder)
    elif unnamed:
        statement = statement.where(_c.leased_by.is_(None))
    return int(conn.execute(statement).rowcount)


def holders(conn: Connection) -> list[str]:
    """The processes named by the leases of rows never tried."""
    return [str(holder) for holder in conn.execute(_HOLDERS).scalars()]


def _require_row(conn: Connection, outbox_id: int, rowcount: int) -> None:
    _require_rows(conn, [outbox_id], rowcount)


def _require_known(outbox_ids: Sequence[int], known: set[int]) -> None:
    """KeyError for the first of `outbox_ids` not `known`."""
    missing = [i for i in outbox_ids if i not in known]
    if missing:
        raise KeyError(f"no outbox row {missing[0]}")


def _require_rows(conn: Connection, outbox_ids: Sequence[int], rowcount: int) -> None:
    """KeyError for the first unknown id, when a statement changed fewer rows than named."""
    if rowcount < len(outbox_ids):  # some were done already, or are unknown
        known = set(conn.execute(_KNOWN, {"outbox_ids": list(outbox_ids)}).scalars())
        _require_known(outbox_ids, known)


def mark_sent(conn: Connection, outbox_ids: Sequence[int], sent_at: datetime) -> None:
    """Set ``sent_at`` on the rows still unsent, in one statement; already sent rows keep their
    first ``sent_at``; an unknown id raises ``KeyError``.

    A row given up (``failed_at``) that was delivered after all is marked sent too."""
    if not outbox_ids:
        return
    result = conn.execute(_MARK_SENT, {"outbox_ids": list(outbox_ids), "sent_at": sent_at})
    _require_rows(conn, outbox_ids, result.rowcount)


def mark_sent_sqlite(cursor: sqlite3.Cursor, outbox_ids: Sequence[int], sent_at: datetime) -> None:
    """`mark_sent` on a driver's cursor in an open transaction: a delivery marks each mail as
    soon as the relay took it, and SQLAlchemy's work for that one statement (its transaction,
    the statement's compilation) cost more than SQLite's."""
    if not outbox_ids:
        return
    places = ", ".join("?" * len(outbox_ids))
    at = sent_at.astimezone(UTC).isoformat(" ", "microseconds")[:26]
    cursor.execute(
        f"UPDATE outbox SET sent_at = ? WHERE id IN ({places}) AND sent_at IS NULL",
        (at, *outbox_ids),
    )
    if cursor.rowcount < len(outbox_ids):  # some were done already, or are unknown
        cursor.execute(f"SELECT id FROM outbox WHERE id IN ({places})", tuple(outbox_ids))
        _require_known(outbox_ids, {int(row[0]) for row in cursor.fetchall()})


def mark_sent_postgresql(cursor: Any, outbox_ids: Sequence[int], sent_at: datetime) -> None:
    """`mark_sent` by one statement on a psycopg cursor in autocommit: its own transaction,
    one round trip (SQLAlchemy's transaction costs four, and eight times the CPU). The
    statement marks nothing when one of the ids is unknown, as `mark_sent` keeps nothing."""
    ids = sorted(set(outbox_ids))
    if not ids:
        return
    cursor.execute(
        "UPDATE outbox SET sent_at = %s WHERE id = ANY(%s) AND sent_at IS NULL"
        " AND (SELECT count(*) FROM outbox WHERE id = ANY(%s)) = %s",
        (sent_at.astimezone(UTC), ids, ids, len(ids)),
    )
    if cursor.rowcount < len(ids):  # some were done already, or are unknown
        cursor.execute("SELECT id FROM outbox WHERE id = ANY(%s)", (ids,))
        _require_known(outbox_ids, {int(row[0]) for row in cursor.fetchall()})


def defer(
    conn: Connection, outbox_id: int, attempts: int, next_attempt_at: datetime, error: str
) -> bool:
    """Record a failed attempt of an unsent row: ``attempts``, ``next_attempt_at`` and
    ``last_error`` set; False (nothing changed) when the row was sent or given up meanwhile."""
    result = conn.execute(
        _DEFER,
        {
            "outbox_id": outbox_id,
            "attempts": attempts,
            "next_attempt_at": next_attempt_at,
            "error": error,
        },
    )
    _require_row(conn, outbox_id, result.rowcount)
    return bool(result.rowcount)


def fail(conn: Connection, outbox_id: int, failed_at: datetime, error: str) -> bool:
    """Give up an unsent row (its last attempt counted); False when it was sent or given up."""
    result = conn.execute(_FAIL, {"outbox_id": outbox_id, "failed_at": failed_at, "error": error})
    _require_row(conn, outbox_id, result.rowcount)
    return bool(result.rowcount)


def _status(row: Any) -> MailStatus:
    return MailStatus(
        id=int(row.id),
        message_id=row.message_id,
        game=row.game,
        recipient=row.recipient,
        created_at=row.created_at,
        sent_at=row.sent_at,
        attempts=int(row.attempts),
        next_attempt_at=row.next_attempt_at,
        last_error=row.last_error,
        failed_at=row.failed_at,
    )


def status(conn: Connection, outbox_ids: Sequence[int]) -> dict[int, MailStatus]:
    """The delivery state of the given rows (unknown ids are left out)."""
    if not outbox_ids:
        return {}
    rows = conn.execute(_STATUS.where(_c.id.in_(list(outbox_ids))))
    return {int(row[0]): _status(row) for row in rows}


def undelivered(conn: Connection, game: str, limit: int) -> list[MailStatus]:
    """The rows of `game` not delivered (waiting, retried or given up), oldest first."""
    stmt = _STATUS.where(_c.game == game, _c.sent_at.is_(None)).order_by(_c.id).limit(limit)
    return [_status(row) for row in conn.execute(stmt)]


_LAST_MAILED = (
    select(_c.game)
    .where(_c.recipient.in_(bindparam("recipients", expanding=True)))
    .order_by(_c.created_at.desc(), _c.id.desc())
    .limit(1)
)


def last_game_mailed(conn: Connection, recipients: Sequence[str]) -> str | None:
    """The game of the last mail written to one of `recipients` (as written), or None: an
    index's look-up (``ix_outbox_recipient``), whatever the number of games."""
    if not recipients:
        return None
    found = conn.execute(_LAST_MAILED, {"recipients": list(recipients)}).scalar()
    return None if found is None else str(found)


def failed(conn: Connection, limit: int) -> list[MailStatus]:
    """Rows given up, the most recent first."""
    if limit < 1:
        raise ValueError(f"limit must be positive, got {limit}")
    return [_status(row) for row in conn.execute(_FAILED.limit(limit))]
