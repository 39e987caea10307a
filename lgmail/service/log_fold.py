"""The log folded along, for what a page or the end mail reads of the game as it was: who was
alive and who held the title when a vote was counted, the orders standing then, the state a
private notice was written from.

`steps` yields each event with the state just before it; `decisions` each decision (the events
one mail, one deadline or one MJ order caused, as `lgmail.web.topic.decisions` cuts them) with
the state just after it. Either state is the folding object itself: read what you need before
asking for the next, keep nothing of it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from lgmail.rules import events as ev
from lgmail.rules.evolve import apply
from lgmail.rules.state import GameState
from lgmail.service.codec import from_recorded
from lgmail.store.model import RecordedEvent


@dataclass
class Step:
    """One event of the log, decoded, and the game as it stood just before it (`before`, the
    folding state: read it now)."""

    record: RecordedEvent
    event: ev.Event
    before: GameState


def steps(records: Sequence[RecordedEvent], name: str = "") -> Iterator[Step]:
    """Each event of `records` with the state just before it, folded as it goes."""
    state = GameState(name=name or (records[0].game if records else ""))
    for record in records:
        event = from_recorded(record)
        yield Step(record, event, state)
        apply(state, event)


@dataclass
class Decision:
    """One decision of the log (the events one mail, one deadline or one MJ order caused),
    decoded, and the game as it stood just after it (`after`, the folding state: read it
    now), as the service had it when it wrote that decision's mails."""

    records: list[RecordedEvent]
    events: list[ev.Event]
    after: GameState


def decisions(records: Sequence[RecordedEvent], name: str = "") -> Iterator[Decision]:
    """Each decision of `records` with the state just after it, folded as it goes."""
    state = GameState(name=name or (records[0].game if records else ""))
    group: list[RecordedEvent] = []
    for record in [*records, None]:
        if group and (
            record is None
            or (record.cause, record.recorded_at) != (group[0].cause, group[0].recorded_at)
        ):
            events = [from_recorded(r) for r in group]
            for event in events:
                apply(state, event)
            yield Decision(group, events, state)
            group = []
        if record is not None:
            group.append(record)
