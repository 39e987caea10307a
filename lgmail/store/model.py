"""Value objects exchanged with the event store."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class NewEvent:
    """An event to append to a game's stream."""

    type: str
    """Event type name, e.g. ``"PlayerDied"``."""
    schema_version: int
    """Version of the event type's payload schema (for upcasting old events)."""
    payload: dict[str, Any]
    """JSON-serialisable payload (stored as compact JSON text)."""
    cause: str
    """What caused it: ``"mail:<Message-ID>"``, ``"cli:act"``, ``"mj:phase-end"``,
    ``"deadline"``..."""


@dataclass(frozen=True)
class Summary:
    """A game as its lists and its scheduler see it, without loading it: one row a game
    (``game_summaries``), written in the transaction of each of its commits."""

    game: str
    #: the game's version it was written at (its last event's)
    version: int
    variant: str
    lang: str
    mj: str | None
    #: new, signup, dealt, running, ended
    status: str
    phase: str
    number: int
    players: int
    living: int
    #: when the game next moves by itself (`lgmail.rules.flow.next_deadline`), if ever
    due_at: datetime | None


@dataclass(frozen=True)
class RecordedEvent:
    """An event as stored."""

    position: int
    """Global position over all games (see :meth:`EventStore.read_all` for its caveats)."""
    game: str
    """Stream id: the game's name."""
    version: int
    """1-based version within the game's stream."""
    type: str
    schema_version: int
    payload: dict[str, Any]
    recorded_at: datetime
    """Timezone-aware, UTC."""
    cause: str


@dataclass(frozen=True)
class OutgoingMail:
    """A mail to send, written to the outbox in the same transaction as its events."""

    message_id: str
    """Stable and unique: inserting the same ``message_id`` twice keeps the first row."""
    game: str
    recipient: str
    """One email address."""
    raw: bytes
    """The full RFC 5322 message."""


@dataclass(frozen=True)
class InboxRow:
    """A received mail, once per (Message-ID, recipient), with its raw bytes."""

    id: int
    message_id: str
    recipient: str
    raw: bytes
    received_at: datetime
    processed_at: datetime | None
    outcome: str | None


@dataclass(frozen=True)
class MailStatus:
    """Where an outbox row stands: sent, waiting for a retry, or given up."""

    id: int
    message_id: str
    game: str
    recipient: str
    created_at: datetime
    sent_at: datetime | None
    attempts: int
    """Failed delivery attempts so far."""
    next_attempt_at: datetime | None
    """Not claimed before this instant (``None``: at once)."""
    last_error: str | None
    """Why the last attempt failed (the relay's answer, a connection error)."""
    failed_at: datetime | None
    """When the mail was given up; it is never claimed again."""


def require_aware(name: str, value: datetime) -> None:
    """`value` a datetime with its time zone, or TypeError / ValueError naming `name`."""
    if not isinstance(value, datetime):
        raise TypeError(f"{name} must be a datetime, got {type(value).__name__}")
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValueError(f"{name} must be timezone-aware, got naive {value!r}")
