"""Event store of lgmail: append-only game streams, outbox and projections (SQLite/PostgreSQL)."""

from lgmail.store.errors import (
    AppendOnlyViolation,
    ConcurrencyConflict,
    InboxAlreadyProcessed,
    StoreError,
)
from lgmail.store.eventstore import EventStore
from lgmail.store.model import InboxRow, MailStatus, NewEvent, OutgoingMail, RecordedEvent

__all__ = [
    "AppendOnlyViolation",
    "ConcurrencyConflict",
    "EventStore",
    "InboxAlreadyProcessed",
    "InboxRow",
    "MailStatus",
    "NewEvent",
    "OutgoingMail",
    "RecordedEvent",
    "StoreError",
]
