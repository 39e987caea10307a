"""Outbox queries: mail written with its events, sent later by a deliverer.

Delivery is at-least-once: a mail is marked sent after the SMTP hand-off, so a crash in between
sends it again on the next claim. ``message_id`` is stable, so receivers can de-duplicate.
The rows are inserted by the append itself (``lgmail.store.hotpath``), in its transaction.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Connection, bindparam, select, update

from lgmail.store.model import OutgoingMail
from lgmail.store.schema import outbox

_PENDING = (
    select(outbox.c.id, outbox.c.message_id, outbox.c.game, outbox.c.recipient, outbox.c.raw)
    .where(outbox.c.sent_at.is_(None))
    .order_by(outbox.c.id)
)

_MARK_SENT = (
    update(outbox)
    .where(outbox.c.id == bindparam("outbox_id"), outbox.c.sent_at.is_(None))
    .values(sent_at=bindparam("sent_at"))
)

_EXISTS = select(outbox.c.id).where(outbox.c.id == bindparam("outbox_id"))


def select_pending(conn: Connection, limit: int, *, lock: bool) -> list[tuple[int, OutgoingMail]]:
    """Unsent mail, oldest first; with ``lock`` on PostgreSQL, ``FOR UPDATE SKIP LOCKED``."""
    if limit < 1:
        raise ValueError(f"limit must be positive, got {limit}")
    stmt = _PENDING.limit(limit)
    if lock and conn.dialect.name == "postgresql":
        stmt = stmt.with_for_update(skip_locked=True)
    return [
        (
            outbox_id,
            OutgoingMail(message_id=message_id, game=game, recipient=recipient, raw=bytes(raw)),
        )
        for outbox_id, message_id, game, recipient, raw in conn.execute(stmt)
    ]


def mark_sent(conn: Connection, outbox_id: int, sent_at: datetime) -> None:
    """Set ``sent_at`` if the row is unsent; already sent rows keep their first ``sent_at``."""
    result = conn.execute(_MARK_SENT, {"outbox_id": outbox_id, "sent_at": sent_at})
    if result.rowcount == 0 and conn.execute(_EXISTS, {"outbox_id": outbox_id}).first() is None:
        raise KeyError(f"no outbox row {outbox_id}")
