"""The codec of the hot paths gives exactly what the standard library and the dataclass give."""

from __future__ import annotations

import dataclasses
import json
import math
import threading
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy.dialects import sqlite

from lgmail.store.codec import (
    Timestamps,
    encode_payload,
    epoch_microseconds_to_datetime,
    load_payloads,
    may_hold_long_integers,
    parse_sqlite_timestamp,
    recorded_event,
)
from lgmail.store.hotpath import SQLiteSQL
from lgmail.store.model import RecordedEvent
from lgmail.store.schema import events


def _stdlib_dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


# Unbounded integers: beyond 64 bits orjson would give floats.
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from([2**63 - 1, 2**63, 2**64 - 1, 2**64, -(2**63), -(2**63) - 1, 10**40])
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=20,
)
payloads = st.dictionaries(st.text(max_size=10), json_values, max_size=6)


@settings(max_examples=300, deadline=None)
@given(batch=st.lists(payloads, max_size=6))
def test_encode_and_load_match_the_standard_library(batch: list[dict[str, Any]]) -> None:
    texts = [encode_payload(p) for p in batch]
    assert texts == [_stdlib_dumps(p) for p in batch]
    decoded = load_payloads(texts)
    expected = [json.loads(t) for t in texts]
    # repr tells 1.8446744073709552e+19 from 18446744073709551616, and keeps key order.
    assert repr(decoded) == repr(expected)
    assert repr(load_payloads([t.encode() for t in texts])) == repr(expected)


@pytest.mark.parametrize(
    "text",
    [
        '{"a":18446744073709551616}',
        '{"a":-9223372036854775809}',
        '{"a":[1,{"b":123456789012345678901234567890}]}',
        '{"a":NaN,"b":Infinity}',  # orjson refuses these, json.loads accepts them
        '{"a":"\\ud800"}',  # a lone surrogate escape: likewise
        '{"a":1e400}',
    ],
)
def test_load_falls_back_to_the_standard_library(text: str) -> None:
    [decoded] = load_payloads([text])
    assert repr(decoded) == repr(json.loads(text))


def test_long_integer_detection() -> None:
    assert may_hold_long_integers([b'{"a":1234567890123456789}'])
    assert not may_hold_long_integers([b'{"a":123456789012345678}', b'{"b":1}'])
    # Runs never join across payloads (each is a JSON object: it ends with "}").
    assert not may_hold_long_integers([b'{"a":"123456789"}', b'{"b":"1234567890"}'])


def test_encoder_errors_match_and_leave_no_trace() -> None:
    shared = [1, 2]
    with pytest.raises(TypeError):
        encode_payload({"a": shared, "b": object()})
    # The failed run left ``shared`` in its circular-reference markers: a fresh encoder is used.
    assert encode_payload({"a": shared, "b": shared}) == '{"a":[1,2],"b":[1,2]}'
    with pytest.raises(ValueError, match="Out of range float"):
        encode_payload({"x": math.nan})
    loop: dict[str, Any] = {}
    loop["self"] = loop
    for _ in range(2):
        with pytest.raises(ValueError, match="Circular reference"):
            encode_payload(loop)
    assert encode_payload({"k": (1, "é"), 2: None}) == _stdlib_dumps({"k": (1, "é"), 2: None})


def test_encoder_is_safe_across_threads() -> None:
    shared = {"joueurs": [{"nom": f"J{i}", "rôle": "villageois"} for i in range(50)]}
    expected = _stdlib_dumps(shared)
    results: list[bool] = []

    def encode_many() -> None:
        results.append(all(encode_payload(shared) == expected for _ in range(300)))

    threads = [threading.Thread(target=encode_many) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert results == [True] * 4


def test_recorded_event_shortcut_equals_the_dataclass() -> None:
    args: tuple[Any, ...] = (7, "village", 3, "PlayerDied", 2, {"x": [1]}, datetime.now(UTC), "cli")
    fast, slow = recorded_event(*args), RecordedEvent(*args)
    assert type(fast) is RecordedEvent
    assert fast == slow and repr(fast) == repr(slow)
    assert vars(fast) == vars(slow)
    assert dataclasses.replace(fast, version=4) == dataclasses.replace(slow, version=4)
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.version = 9  # type: ignore[misc]


@pytest.mark.parametrize(
    "moment",
    [
        datetime(2024, 5, 1, 21, 30, 15, 123456, tzinfo=UTC),
        datetime(2024, 5, 1, 21, 30, 15, tzinfo=UTC),  # no microseconds
        datetime(2024, 7, 14, 23, 59, 59, 999999, tzinfo=timezone(timedelta(hours=2))),
        datetime(999, 1, 2, 3, 4, 5, 6, tzinfo=timezone(timedelta(hours=-5, minutes=-30))),
    ],
)
def test_sqlite_timestamps_match_sqlalchemy(moment: datetime) -> None:
    """The hot path writes what the UTCDateTime column type writes, and reads it back."""
    dialect = sqlite.dialect()
    processor = events.c.recorded_at.type.dialect_impl(dialect).bind_processor(dialect)
    assert processor is not None
    stored = SQLiteSQL().timestamp(moment)
    assert stored == processor(moment)
    parsed = parse_sqlite_timestamp(stored)
    assert parsed == moment and parsed.tzinfo is UTC


def test_timestamp_parsing_of_other_forms() -> None:
    assert parse_sqlite_timestamp("2024-05-01 21:30:15") == datetime(
        2024, 5, 1, 21, 30, 15, tzinfo=UTC
    )
    assert parse_sqlite_timestamp("2024-05-01T23:30:15+02:00") == datetime(
        2024, 5, 1, 21, 30, 15, tzinfo=UTC
    )
    assert parse_sqlite_timestamp("2024-05-01T23:30:15+02:00").tzinfo is UTC
    moment = datetime(2024, 5, 1, 21, 30, 15, 123456, tzinfo=UTC)
    micros = (moment - datetime(1970, 1, 1, tzinfo=UTC)) // timedelta(microseconds=1)
    assert epoch_microseconds_to_datetime(micros) == moment
    assert epoch_microseconds_to_datetime(micros).tzinfo is UTC


def test_timestamp_cache_is_bounded() -> None:
    calls: list[int] = []

    def convert(raw: int) -> datetime:
        calls.append(raw)
        return epoch_microseconds_to_datetime(raw)

    stamps = Timestamps(convert, max_size=3)
    for raw in [1, 1, 2, 1, 3, 3]:
        assert stamps(raw) == epoch_microseconds_to_datetime(raw)
    assert calls == [1, 2, 3]
    stamps(4)  # full: emptied, then 4 cached
    assert stamps.get(1) is None and stamps.get(4) is not None
