"""A game as a forum topic: what the MJ made public and what was posted on the square, in order.

The log is cut into decisions (the events one mail, one deadline or one MJ order caused); each
decision with public facts is one post of the MJ, written as the public digest mail
(`public:digest`) from the spectator's view (`lgmail.rules.view.spectator_view`); each post on
the square (`MessagePosted` on `place`) is one post of its author. Once the game is over, the
whole log follows as a timeline, every night's actions in the order they were resolved, each
event a sentence (`lgmail.web.prose`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime

from lgmail.mail.render import render
from lgmail.rules import events as ev
from lgmail.rules.state import SQUARE, GameState
from lgmail.rules.variants import variant_of
from lgmail.rules.view import spectator_view
from lgmail.service.codec import from_recorded
from lgmail.service.notify import digest_context, phase_title
from lgmail.store.model import RecordedEvent
from lgmail.web.prose import told


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
                variant=variant_of(state),
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
    """A phase of the revealed game: its title and its events, one sentence each."""

    title: str
    lines: list[str]


#: the log's bookkeeping, left out of the revealed game (the steps' opening and closing, the
#: reminders, a player's presence, a phase resolved, the pages' links, how one reads the square,
#: a bounce)
UNTOLD = frozenset(
    {
        "StepOpened",
        "StepClosed",
        "RemindersSent",
        "PlayerPresent",
        "PhaseResolved",
        "PhaseEnded",
        "LinksRotated",
        "DigestChosen",
        "MailBounced",
    }
)
#: an address, left out of the revealed game (a player is his name)
ADDRESS = re.compile(r"[^\s<>«»\"']+@[^\s<>«»\"']+")


def revealed(records: Sequence[RecordedEvent], lang: str, variant: str) -> list[Chapter]:
    """The whole log as the game's end reveals it, phase by phase, in the order it was
    resolved, each event a sentence from the texts the mails use (`lgmail.web.prose`): each
    order as its player gave it (« Alice : tuer Emma. »), each public fact as the digest told
    it, each private result as its mail told it; no address."""
    chapters = [Chapter("", [])]
    for said in told(records, lang, mj=False):
        record = said.record
        if record.type in UNTOLD:
            continue
        if record.type == "PhaseOpened":
            opened = from_recorded(record)
            assert isinstance(opened, ev.PhaseOpened)
            chapters.append(Chapter(phase_title(lang, opened, variant), []))
            continue
        chapters[-1].lines.append(ADDRESS.sub("…", said.text))
    return [c for c in chapters if c.lines]
