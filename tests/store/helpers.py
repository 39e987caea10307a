"""Shared helpers of the store tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from lgmail.store.model import NewEvent, OutgoingMail

T0 = datetime(2024, 5, 1, 21, 30, 15, 123456, tzinfo=UTC)


def at(minutes: int) -> datetime:
    return T0 + timedelta(minutes=minutes)


def ev(type_: str, cause: str = "cli:act", schema_version: int = 1, **payload: Any) -> NewEvent:
    return NewEvent(type=type_, schema_version=schema_version, payload=payload, cause=cause)


def mail(message_id: str, game: str = "village", recipient: str = "a@example.org") -> OutgoingMail:
    raw = (
        f"Message-ID: <{message_id}>\r\nTo: {recipient}\r\nSubject: Nuit 1\r\n\r\n"
        "Le village s'endort.\r\n"
    ).encode()
    return OutgoingMail(message_id=message_id, game=game, recipient=recipient, raw=raw)
