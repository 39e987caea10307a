"""Encoding and decoding of the event rows, kept cheap on the store's hot paths.

* Payloads are written by the standard library's encoder (compact, non-ASCII kept, NaN
  refused: its exact behaviour, stored text included, is part of the store's contract) and
  read back by ``orjson``, about five times faster than ``json.loads``. orjson differs from
  the standard library on two points only for the text the encoder writes: integers beyond
  64 bits become floats, and it refuses some inputs the standard library accepts (NaN,
  lone surrogate escapes). :func:`load_payloads` therefore hands a batch to ``json.loads``
  when it holds a run of 19 digits (every integer outside orjson's range has one) or when
  orjson refuses a payload: the result is always what ``json.loads`` gives.
* ``recorded_at`` values are shared by the events of one append: :class:`Timestamps`
  memoises the conversion from the stored value to an aware UTC ``datetime``.
* :func:`recorded_event` builds a :class:`RecordedEvent` without running the frozen
  dataclass's ``__init__`` (one ``object.__setattr__`` per field): the instance gets the same
  ``__dict__`` as the generated ``__init__`` would give it.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Sequence
from dataclasses import fields
from datetime import UTC, datetime, timedelta
from json.encoder import c_make_encoder, encode_basestring  # type: ignore[attr-defined]
from typing import Any, Final

import orjson

from lgmail.store.model import RecordedEvent

_ENCODER: Final = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False)


class _ThreadEncoder(threading.local):
    """The C encoder that ``_ENCODER.encode`` builds on every call, built once per thread.

    Its ``markers`` dict (circular reference detection) is emptied by a successful encoding;
    after a failure it may keep entries, so the encoder is built anew.
    """

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        assert c_make_encoder is not None
        self.chunks: Callable[[Any, int], Sequence[str]] = c_make_encoder(
            {},
            _ENCODER.default,
            encode_basestring,
            _ENCODER.indent,
            _ENCODER.key_separator,
            _ENCODER.item_separator,
            _ENCODER.sort_keys,
            _ENCODER.skipkeys,
            _ENCODER.allow_nan,
        )


def _encode_with_c_encoder(payload: dict[str, Any]) -> str:
    local = _thread_encoder
    try:
        return "".join(local.chunks(payload, 0))
    except BaseException:
        local.reset()
        raise


if c_make_encoder is not None:
    _thread_encoder = _ThreadEncoder()
    #: The payload encoder: compact JSON text, non-ASCII kept, NaN and infinities refused
    #: (exactly ``JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False)``).
    encode_payload: Callable[[dict[str, Any]], str] = _encode_with_c_encoder
else:  # pragma: no cover - CPython always has the C accelerator
    encode_payload = _ENCODER.encode

_DIGITS_TO_ZERO: Final = bytes(0x30 if 0x30 <= b <= 0x39 else 0x20 for b in range(256))
_LONG_NUMBER: Final = b"0" * 19

_fast_loads: Final = orjson.loads
_exact_loads: Final = json.loads


def may_hold_long_integers(texts: Sequence[bytes]) -> bool:
    """Whether a run of 19 digits occurs in ``texts`` (false positives only slow down)."""
    return _LONG_NUMBER in b"".join(texts).translate(_DIGITS_TO_ZERO)


def load_payloads(texts: Sequence[bytes | str]) -> list[Any]:
    """Decode JSON ``texts`` exactly as ``json.loads`` would, with orjson when it agrees."""
    if not texts:
        return []
    raw = [t if isinstance(t, bytes) else t.encode() for t in texts]
    if not may_hold_long_integers(raw):
        try:
            return [_fast_loads(t) for t in raw]
        except orjson.JSONDecodeError:
            pass
    return [_exact_loads(t) for t in raw]


def fast_loads_for(texts: Sequence[bytes]) -> Callable[[bytes], Any]:
    """The decoder to use for a batch of payloads: orjson unless a long number may occur.

    The caller must retry the batch with ``json.loads`` if orjson raises ``ValueError``.
    """
    return _exact_loads if may_hold_long_integers(texts) else _fast_loads


exact_loads: Final[Callable[[bytes], Any]] = _exact_loads

_EPOCH: Final = datetime(1970, 1, 1, tzinfo=UTC)


def parse_sqlite_timestamp(value: str) -> datetime:
    """SQLAlchemy's SQLite text form of a UTC time (no offset) to an aware UTC datetime."""
    try:
        # Parsing with the offset is several times faster than replace(tzinfo=UTC) after.
        return datetime.fromisoformat(value + "+00:00")
    except ValueError:  # not the store's own form (a date only, an offset...)
        parsed = datetime.fromisoformat(value)
    if parsed.tzinfo is None:
        return parsed.replace(tzinfo=UTC)
    return parsed.astimezone(UTC)


def epoch_microseconds_to_datetime(value: int) -> datetime:
    """Microseconds since the Unix epoch to an aware UTC datetime."""
    return _EPOCH + timedelta(microseconds=value)


class Timestamps:
    """Memoised conversion of stored ``recorded_at`` values to aware UTC datetimes.

    Thread-safe (a lost race computes a value twice); the cache is emptied when it grows past
    ``max_size`` distinct values.
    """

    __slots__ = ("_cache", "_convert", "_max_size", "get")

    def __init__(self, convert: Callable[[Any], datetime], max_size: int = 4096) -> None:
        self._cache: dict[Any, datetime] = {}
        self._convert = convert
        self._max_size = max_size
        #: ``get(raw)``: the cached datetime of ``raw``, or ``None`` (then call :meth:`miss`).
        self.get: Callable[[Any], datetime | None] = self._cache.get

    def miss(self, raw: Any) -> datetime:
        value = self._convert(raw)
        if len(self._cache) >= self._max_size:
            self._cache.clear()
        self._cache[raw] = value
        return value

    def __call__(self, raw: Any) -> datetime:
        value = self._cache.get(raw)
        return self.miss(raw) if value is None else value


# -- RecordedEvent without __init__ ------------------------------------------------------------

_FIELDS: Final = (
    "position",
    "game",
    "version",
    "type",
    "schema_version",
    "payload",
    "recorded_at",
    "cause",
)
if tuple(f.name for f in fields(RecordedEvent)) != _FIELDS or hasattr(
    RecordedEvent, "__post_init__"
):  # pragma: no cover - guards the shortcut below against a change of the dataclass
    raise RuntimeError("RecordedEvent changed: update lgmail.store.codec.recorded_event")

new_instance: Final = object.__new__
set_attribute: Final = object.__setattr__


def recorded_event(
    position: int,
    game: str,
    version: int,
    type_: str,
    schema_version: int,
    payload: dict[str, Any],
    recorded_at: datetime,
    cause: str,
) -> RecordedEvent:
    """``RecordedEvent(...)`` without the frozen dataclass's per-field ``__setattr__``.

    The hot loops of the store inline the same two lines.
    """
    event: RecordedEvent = new_instance(RecordedEvent)
    set_attribute(
        event,
        "__dict__",
        {
            "position": position,
            "game": game,
            "version": version,
            "type": type_,
            "schema_version": schema_version,
            "payload": payload,
            "recorded_at": recorded_at,
            "cause": cause,
        },
    )
    return event
