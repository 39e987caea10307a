"""Each game's summary (``game_summaries``, #37): set in the transaction of the append that
carries it, on every path an append takes (SQLite; PostgreSQL's one statement and its
transaction for many events or an inbox mark), replaced by the next, left as it was by an
append that fails."""

from __future__ import annotations

import dataclasses
from datetime import datetime

import pytest

from lgmail.store.errors import ConcurrencyConflict
from lgmail.store.eventstore import EventStore
from lgmail.store.hotpath import MAX_ROWS
from lgmail.store.model import Summary

from .helpers import T0, at, ev, mail


def _summary(game: str, version: int, due_at: datetime | None = None) -> Summary:
    return Summary(
        game=game,
        version=version,
        variant="classic",
        lang="fr",
        mj="mj@example.org",
        status="running",
        phase="night",
        number=1,
        players=8,
        living=8,
        due_at=due_at,
    )


def test_an_append_sets_its_games_summary_and_the_next_replaces_it(store: EventStore) -> None:
    first = _summary("village", 2, at(60))
    store.append("village", 0, [ev("A"), ev("B")], T0, outbox=[mail("m1")], summary=first)
    store.append("hameau", 0, [ev("A")], T0)  # an append without one leaves none
    assert store.summaries() == [first]
    second = dataclasses.replace(first, version=3, phase="day", living=7, due_at=None)
    store.append("village", 2, [ev("C")], at(61), snapshot="{}", summary=second)
    assert store.summaries() == [second]


@pytest.mark.parametrize("shape", ["many events", "inbox mark", "no event"])
def test_every_path_of_the_append_sets_it(store: EventStore, shape: str) -> None:
    count = {"many events": MAX_ROWS + 1, "inbox mark": 1, "no event": 0}[shape]
    marks = []
    if shape == "inbox mark":
        inbox_id, _ = store.inbox_add("<m@x>", "village@lgmail.example", b"raw", T0)
        marks = [(inbox_id, "orders")]
    store.append("village", 0, [ev("A")], T0)
    summary = _summary("village", 1 + count, at(5))
    store.append("village", 1, [ev("E")] * count, T0, inboxes=marks, summary=summary)
    assert store.summaries() == [summary]


def test_an_append_refused_leaves_the_summary_as_it_was(store: EventStore) -> None:
    first = _summary("village", 1, at(60))
    store.append("village", 0, [ev("A")], T0, summary=first)
    with pytest.raises(ConcurrencyConflict):
        store.append("village", 0, [ev("B")], T0, summary=_summary("village", 1, None))
    assert store.summaries() == [first]
