"""Appending and reading streams."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from lgmail.store.eventstore import EventStore
from lgmail.store.model import NewEvent, RecordedEvent
from lgmail.store.schema import events as events_table

from .helpers import T0, at, ev

FRENCH: dict[str, Any] = {
    "joueur": "Amélie",
    "rôle": "Sorcière",
    "message": "« Je sais qui est le loup-garou ! » — dit-elle, à l'aube.",
    "votes": [{"de": "Éloïse", "contre": "Gaëtan"}, {"de": "Noël", "contre": None}],
    "nuit": {"numéro": 2, "morts": ["Françoise", "Jérôme"], "sauvé": False, "x": 1.5},
}


def test_round_trip(store: EventStore) -> None:
    new = [
        ev("GameCreated", cause="mail:<abc@example.org>", variant="classique"),
        ev("PlayerJoined", **FRENCH),
        ev("PlayerDied", schema_version=3, cause="mj:phase-end", joueur="Jérôme"),
    ]
    recorded = store.append("Thiercelieux", 0, new, T0)
    assert [e.version for e in recorded] == [1, 2, 3]
    assert [e.type for e in recorded] == ["GameCreated", "PlayerJoined", "PlayerDied"]
    assert recorded[1].payload == FRENCH
    assert recorded[2].schema_version == 3
    assert recorded[0].cause == "mail:<abc@example.org>"
    assert all(e.game == "Thiercelieux" and e.recorded_at == T0 for e in recorded)
    assert all(e.recorded_at.tzinfo is UTC for e in recorded)

    read = store.read("Thiercelieux")
    assert read == recorded
    assert store.version("Thiercelieux") == 3
    assert store.games() == ["Thiercelieux"]


def test_versions_continue_and_positions_increase_across_games(store: EventStore) -> None:
    store.append("a", 0, [ev("E", n=1), ev("E", n=2)], at(0))
    store.append("b", 0, [ev("E", n=3)], at(1))
    store.append("a", 2, [ev("E", n=4), ev("E", n=5)], at(2))
    store.append("b", 1, [ev("E", n=6)], at(3))

    assert [e.version for e in store.read("a")] == [1, 2, 3, 4]
    assert [e.version for e in store.read("b")] == [1, 2]
    everything = store.read_all()
    assert [e.payload["n"] for e in everything] == [1, 2, 3, 4, 5, 6]
    positions = [e.position for e in everything]
    assert positions == sorted(positions) and len(set(positions)) == 6
    assert [(e.game, e.version) for e in everything] == [
        ("a", 1),
        ("a", 2),
        ("b", 1),
        ("a", 3),
        ("a", 4),
        ("b", 2),
    ]
    assert store.games() == ["a", "b"]
    assert (store.version("a"), store.version("b")) == (4, 2)


def test_read_ranges(store: EventStore) -> None:
    store.append("g", 0, [ev("E", n=n) for n in range(1, 8)], T0)
    assert [e.version for e in store.read("g", after_version=3)] == [4, 5, 6, 7]
    assert [e.version for e in store.read("g", upto_version=2)] == [1, 2]
    assert [e.version for e in store.read("g", after_version=2, upto_version=5)] == [3, 4, 5]
    assert store.read("g", after_version=7) == []
    assert store.read("g", after_version=5, upto_version=5) == []
    assert store.read("g", upto_version=0) == []


def test_read_all_after_position_and_limit(store: EventStore) -> None:
    store.append("a", 0, [ev("E", n=n) for n in range(5)], at(0))
    store.append("b", 0, [ev("E", n=n) for n in range(5, 10)], at(1))
    everything = store.read_all()
    assert len(everything) == 10
    third = everything[2].position
    assert store.read_all(after_position=third) == everything[3:]
    assert store.read_all(after_position=third, limit=4) == everything[3:7]
    assert store.read_all(limit=1) == everything[:1]
    assert store.read_all(after_position=everything[-1].position) == []


def test_empty_store(store: EventStore) -> None:
    assert store.version("nobody") == 0
    assert store.read("nobody") == []
    assert store.read_all() == []
    assert store.games() == []
    assert store.snapshot("nobody") is None
    assert store.pending_mail() == []


def test_games_ordered_by_first_event(store: EventStore) -> None:
    for name in ["zèbre", "alpha", "Mélusine"]:
        store.append(name, 0, [ev("GameCreated")], T0)
    store.append("alpha", 1, [ev("E")], T0)
    assert store.games() == ["zèbre", "alpha", "Mélusine"]


def test_recorded_at_is_returned_in_utc(store: EventStore) -> None:
    paris = timezone(timedelta(hours=2))
    local = datetime(2024, 7, 14, 23, 59, 59, 999999, tzinfo=paris)
    [recorded] = store.append("g", 0, [ev("E")], local)
    [read] = store.read("g")
    assert recorded.recorded_at == read.recorded_at == local
    assert read.recorded_at.utcoffset() == timedelta(0)
    assert read.recorded_at.hour == 21


def test_naive_recorded_at_refused(store: EventStore) -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        store.append("g", 0, [ev("E")], datetime(2024, 5, 1, 12, 0))
    assert store.version("g") == 0


def test_payload_stored_as_compact_json_text(store: EventStore) -> None:
    payload = {"zéro": 0, "alpha": ["à", {"b": None}], "naïf": True}
    store.append("g", 0, [NewEvent("E", 1, payload, "cli:act")], T0)
    with store.engine.connect() as conn:
        text = conn.execute(select(events_table.c.payload)).scalar_one()
    assert text == '{"zéro":0,"alpha":["à",{"b":null}],"naïf":true}'
    assert list(store.read("g")[0].payload) == ["zéro", "alpha", "naïf"]


def test_invalid_appends_refused(store: EventStore) -> None:
    with pytest.raises(ValueError):
        store.append("g", -1, [ev("E")], T0)
    with pytest.raises(ValueError):
        store.append("", 0, [ev("E")], T0)
    with pytest.raises(ValueError):  # NaN is not JSON
        store.append("g", 0, [ev("E", x=math.nan)], T0)
    with pytest.raises(TypeError):
        store.append("g", 0, [ev("E", x=object())], T0)
    with pytest.raises(TypeError):
        store.append("g", 0, [NewEvent("E", 1, [1, 2], "x")], T0)  # type: ignore[arg-type]
    assert store.read_all() == []


def test_empty_append_checks_version_only(store: EventStore) -> None:
    assert store.append("g", 0, [], T0) == []
    assert store.version("g") == 0
    store.append("g", 0, [ev("E")], T0)
    assert store.append("g", 1, [], T0) == []
    assert store.version("g") == 1


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**53), 2**53)
    | st.text(max_size=20)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    payloads=st.lists(
        st.dictionaries(st.text(max_size=10), json_values, max_size=5), min_size=1, max_size=4
    ),
    game=st.text(min_size=1, max_size=30).filter(lambda s: "\x00" not in s),
)
def test_any_json_payload_round_trips(
    store: EventStore, payloads: list[dict[str, Any]], game: str
) -> None:
    version = store.version(game)
    new = [NewEvent("E", 1, p, "hypothesis") for p in payloads]
    recorded = store.append(game, version, new, T0)
    assert [e.payload for e in recorded] == payloads
    read: list[RecordedEvent] = store.read(game, after_version=version)
    assert read == recorded


def test_large_append_is_chunked(store: EventStore) -> None:
    """More rows than one INSERT statement takes (500): still one transaction, in order."""
    store.append("other", 0, [ev("E")], T0)
    recorded = store.append("big", 0, [ev("E", n=n) for n in range(1203)], T0)
    assert [e.version for e in recorded] == list(range(1, 1204))
    positions = [e.position for e in recorded]
    assert positions == sorted(positions) and len(set(positions)) == 1203
    assert store.read("big") == recorded
    assert [e.payload["n"] for e in store.read("big", after_version=1199)] == [
        1199,
        1200,
        1201,
        1202,
    ]
