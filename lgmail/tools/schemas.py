"""Write one JSON Schema per event type into `events/schemas/` (python -m lgmail.tools.schemas).

The schemas are generated from the event classes, so the documentation cannot drift from the
code; a test checks that the files on disk are up to date.
"""

from __future__ import annotations

import dataclasses
import json
import sys
import types
import typing
from pathlib import Path
from typing import Any

from lgmail.rules import events as ev

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "events" / "schemas"


def _type(hint: Any) -> dict[str, Any]:
    origin = typing.get_origin(hint)
    if hint is str:
        return {"type": "string"}
    if hint is bool:
        return {"type": "boolean"}
    if hint is int:
        return {"type": "integer"}
    if hint is float:
        return {"type": "number"}
    if hint is type(None):
        return {"type": "null"}
    if hint is Any:
        return {}
    if origin in (typing.Union, types.UnionType):
        return {"anyOf": [_type(arg) for arg in typing.get_args(hint)]}
    if origin is list:
        return {"type": "array", "items": _type(typing.get_args(hint)[0])}
    if origin is dict:
        return {"type": "object", "additionalProperties": _type(typing.get_args(hint)[1])}
    raise TypeError(f"no schema for {hint!r}")


def schema(cls: type[ev.Event]) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    fields = dataclasses.fields(cls)
    required = [
        f.name
        for f in fields
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    ]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://lgmail.invalid/events/{cls.TYPE}.json",
        "title": cls.TYPE,
        "description": " ".join((cls.__doc__ or cls.TYPE).split()),
        "x-schema-version": cls.VERSION,
        "type": "object",
        "properties": {f.name: _type(hints[f.name]) for f in fields},
        "required": required,
        "additionalProperties": False,
    }


def render_all() -> dict[str, str]:
    return {
        f"{name}.json": json.dumps(schema(cls), indent=2, ensure_ascii=False) + "\n"
        for name, cls in sorted(ev.every_event().items())
    }


def main() -> int:
    SCHEMAS.mkdir(parents=True, exist_ok=True)
    wanted = render_all()
    for old in SCHEMAS.glob("*.json"):
        if old.name not in wanted:
            old.unlink()
    for name, text in wanted.items():
        (SCHEMAS / name).write_text(text, encoding="utf-8")
    print(f"{len(wanted)} schemas in {SCHEMAS}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
