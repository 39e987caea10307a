"""A canonical JSON form of the whole state, to store as a projection and compare on replay.

A projection stored by an older lgmail may hold fields the state no longer has: `upcast`
brings it to today's form before a comparison (a field gone is dropped; one that moved into a
module's own key is moved there by the name that module registered in `MOVED`).
"""

from __future__ import annotations

import dataclasses
import json
from datetime import datetime
from enum import Enum
from typing import Any

from lgmail.rules.state import GameState


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: _plain(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if not (f.metadata.get("omitted_when_default") and _default(f, value))
        }
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(_plain(v) for v in value)
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Enum):
        return value.value
    return value


def _default(f: dataclasses.Field[Any], owner: Any) -> bool:
    """Whether `owner`'s field `f` holds its default value."""
    value = getattr(owner, f.name)
    if f.default is not dataclasses.MISSING:
        return bool(value == f.default)
    if f.default_factory is not dataclasses.MISSING:
        return bool(value == f.default_factory())
    return False


def dump(state: GameState) -> str:
    return json.dumps(_plain(state), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


#: a top-level field of older stored states -> the `GameState.extra` key its value now lives
#: under (registered by the module that owns the value)
MOVED: dict[str, str] = {}


def upcast(stored: str) -> str:
    """`stored`, a projection written by this or an older lgmail, in today's form."""
    data = json.loads(stored)
    fields = {f.name for f in dataclasses.fields(GameState)}
    for key in [k for k in data if k not in fields]:
        value = data.pop(key)
        if key in MOVED and value is not None:
            data.setdefault("extra", {})[MOVED[key]] = value
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
