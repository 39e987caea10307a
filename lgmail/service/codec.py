"""Between the rules' events and the store's rows."""

from __future__ import annotations

from collections.abc import Iterable

from lgmail.rules import events as ev
from lgmail.store.model import NewEvent, RecordedEvent


def to_new(event: ev.Event, cause: str) -> NewEvent:
    return NewEvent(event.TYPE, event.VERSION, event.payload(), cause)


def from_recorded(record: RecordedEvent) -> ev.Event:
    return ev.decode(record.type, record.schema_version, record.payload)


def decode_all(records: Iterable[RecordedEvent]) -> list[ev.Event]:
    return [from_recorded(r) for r in records]
