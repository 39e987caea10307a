"""A game's summary: what lists it (the web's index, an MJ's open games) and schedules it (the
scheduler's start-up) without loading its log. Written with each commit of the game
(``lgmail.store.model.Summary``, table ``game_summaries``)."""

from __future__ import annotations

from datetime import datetime

from lgmail.rules.flow import next_deadline
from lgmail.rules.state import GameState
from lgmail.store.eventstore import EventStore
from lgmail.store.model import Summary


def summary_of(state: GameState) -> Summary:
    """`state` summed up (an ended game's status is "ended", whatever its phase)."""
    return Summary(
        game=state.name,
        version=state.version,
        variant=state.variant,
        lang=state.lang,
        mj=(state.mj or "").lower() or None,
        status="ended" if state.ended else state.status,
        phase=state.phase,
        number=state.number,
        players=len(state.players),
        living=sum(1 for p in state.players.values() if p.alive),
        due_at=next_deadline(state),
    )


def known_deadlines(store: EventStore) -> dict[str, datetime | None]:
    """The next deadline of each game whose summary is as new as its log (None: nothing due,
    ever); a game missing here must be read (stored before summaries were, or by a writer
    that does not write them)."""
    versions = store.versions()
    return {s.game: s.due_at for s in store.summaries() if s.version == versions.get(s.game)}
