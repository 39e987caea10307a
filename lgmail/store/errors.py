"""Exceptions raised by the event store."""

from __future__ import annotations


class StoreError(Exception):
    """Base class of the event store's own errors."""


class ConcurrencyConflict(StoreError):
    """The stream was not at the expected version: another writer appended first.

    Nothing of the refused append (events, outbox rows, snapshot) was written.
    """

    def __init__(self, game: str, expected_version: int, actual_version: int | None) -> None:
        self.game = game
        self.expected_version = expected_version
        self.actual_version = actual_version
        if actual_version is None:
            found = "another writer appended that version concurrently"
        else:
            found = f"stream is at {actual_version}"
        super().__init__(f"game {game!r}: expected version {expected_version}, {found}")


class AppendOnlyViolation(StoreError):
    """The database refused an UPDATE, DELETE (or TRUNCATE) on the events table.

    The refusal comes from triggers installed by the migration; the store translates the
    driver's error into this exception (the original DBAPI error is its ``__cause__``).
    """


class InboxAlreadyProcessed(StoreError):
    """The inbox row was processed by someone else first: nothing of this append was written."""

    def __init__(self, inbox_id: int) -> None:
        self.inbox_id = inbox_id
        super().__init__(f"inbox row {inbox_id} is already processed")
