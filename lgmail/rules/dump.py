"""A canonical JSON form of the whole state, to store as a projection and compare on replay."""

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
