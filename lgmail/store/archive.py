"""Reading a game's mail for its pages (``lgmail.web``): the mails written to one reader, the
mails not delivered yet or given up, and the raw bytes of a mail that caused events. Reads
only; each in a transaction of its own."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Engine, select

from lgmail.store import outbox as _outbox
from lgmail.store.model import MailStatus
from lgmail.store.schema import inbox, outbox

_o = outbox.c
_i = inbox.c


@dataclass(frozen=True)
class Written:
    """One mail of the outbox: to whom, when it was written, and its bytes."""

    id: int
    recipient: str
    created_at: datetime
    raw: bytes


def mails_to(engine: Engine, game: str, recipient: str, limit: int = 500) -> list[Written]:
    """The latest `limit` mails of `game` written to `recipient`, oldest first."""
    stmt = (
        select(_o.id, _o.recipient, _o.created_at, _o.raw)
        .where(_o.game == game, _o.recipient == recipient)
        .order_by(_o.id.desc())
        .limit(limit)
    )
    with engine.connect() as conn:
        rows = conn.execute(stmt).all()
    return [Written(int(r.id), r.recipient, r.created_at, bytes(r.raw)) for r in reversed(rows)]


def undelivered(engine: Engine, game: str, limit: int = 200) -> list[MailStatus]:
    """The mails of `game` not delivered: waiting (first try or a retry) or given up, oldest
    first."""
    with engine.connect() as conn:
        return _outbox.undelivered(conn, game, limit)


def received(engine: Engine, game: str, message_id: str) -> bytes | None:
    """The raw bytes of the mail `message_id` received for `game` (None: not kept)."""
    stmt = (
        select(_i.raw)
        .where(_i.message_id == message_id, (_i.game == game) | _i.game.is_(None))
        .order_by(_i.id)
        .limit(1)
    )
    with engine.connect() as conn:
        raw = conn.execute(stmt).scalar()
    return None if raw is None else bytes(raw)
