"""A game as a forum topic: what the MJ made public and what was posted on the square, in order.

The log is cut into decisions (the events one mail, one deadline or one MJ order caused); each
decision with public facts is one post of the MJ, written as the public digest mail
(`public:digest`) from the spectator's view (`lgmail.rules.view.spectator_view`); each post on
the square (`MessagePosted` on `place`) is one post of its author. Once the game is over, the
whole log follows as a timeline, every night's actions in the order they were resolved.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from lgmail.mail.render import render
from lgmail.rules import events as ev
from lgmail.rules.state import GameState
from lgmail.rules.variant import SQUARE
from lgmail.rules.view import spectator_view
from lgmail.service.codec import from_recorded
from lgmail.service.notify import digest_context, phase_title
from lgmail.store import RecordedEvent


@dataclass(frozen=True)
class Post:
    """One post of the topic: by the MJ (`author` None) or a player on the square."""

    version: int
    at: datetime
    author: str | None
    title: str
    body: str


def decisions(records: Sequence[RecordedEvent]) -> Iterator[list[RecordedEvent]]:
    """The log cut where the cause or the moment changes (one transaction each)."""
    group: list[RecordedEvent] = []
    for record in records:
        if group and (record.cause, record.recorded_at) != (group[0].cause, group[0].recorded_at):
            yield group
            group = []
        group.append(record)
    if group:
        yield group


def topic(state: GameState, records: Sequence[RecordedEvent], lang: str) -> list[Post]:
    """The public posts of the game `state` whose log is `records`, in `lang`."""
    shown = spectator_view(state)
    posts: list[Post] = []
    for group in decisions(records):
        events = [from_recorded(r) for r in group]
        found = digest_context(state, events)
        if found is not None:
            ctx, opened = found
            subject, body = render(
                lang,
                "public:digest",
                game=state.name,
                view=shown,
                me=None,
                **ctx,
                opened_title=phase_title(lang, opened, state.variant),
            )
            title = subject.removeprefix(f"[{state.name}]").strip()
            posts.append(Post(group[0].version, group[0].recorded_at, None, title, body))
        for record, event in zip(group, events, strict=True):
            if isinstance(event, ev.MessagePosted) and event.channel == SQUARE:
                posts.append(Post(record.version, record.recorded_at, event.author, "", event.text))
    return posts


@dataclass(frozen=True)
class Chapter:
    """A phase of the revealed game: its title and its events, one line each."""

    title: str
    lines: list[str]


#: the log's bookkeeping, left out of the revealed game (the steps' opening and closing, the
#: reminders, a player's presence)
UNTOLD = frozenset({"StepOpened", "StepClosed", "RemindersSent", "PlayerPresent"})


def revealed(records: Sequence[RecordedEvent], lang: str, variant: str) -> list[Chapter]:
    """The whole log as the game's end reveals it, phase by phase, one line per event in the
    order it was resolved: each order as its player gave it (« Alice : tuer Emma »), every
    other event by its type and what it says; no address (a player is his name)."""
    chapters = [Chapter("", [])]
    for record in records:
        if record.type in UNTOLD:
            continue
        if record.type == "PhaseOpened":
            opened = from_recorded(record)
            assert isinstance(opened, ev.PhaseOpened)
            chapters.append(Chapter(phase_title(lang, opened, variant), []))
        chapters[-1].lines.append(told_line(record, lang))
    return [c for c in chapters if c.lines]


def told_line(record: RecordedEvent, lang: str) -> str:
    """One event of the revealed game, as a line."""
    payload = _scrub(record.payload)
    if record.type == "OrderAccepted":
        targets = (" et " if lang == "fr" else " and ").join(payload.get("targets", []))
        what = "blanc" if payload.get("blank") else targets
        return f"{payload['player']} : {payload['kind']} {what}".rstrip()
    said = ", ".join(f"{k}={_plain(v)}" for k, v in payload.items())
    return f"{record.type} : {said}" if said else record.type


def _plain(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_plain(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}={_plain(v)}" for k, v in value.items()) + "}"
    return str(value)


def _scrub(value: Any) -> Any:
    """`value` with every address left out (a string with an @)."""
    if isinstance(value, dict):
        return {k: _scrub(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_scrub(v) for v in value]
    if isinstance(value, str) and "@" in value:
        return "…"
    return value
