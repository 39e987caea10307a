"""The game told from its log alone: one line per event, as the MJ audits it."""

from __future__ import annotations

import json
from collections.abc import Sequence

from lgmail.store.model import RecordedEvent


def line(record: RecordedEvent) -> str:
    payload = json.dumps(record.payload, ensure_ascii=False, separators=(", ", ": "))
    stamp = record.recorded_at.strftime("%Y-%m-%d %H:%M")
    return f"{record.version:>5} {stamp} {record.type} {payload}"


def transcript(records: Sequence[RecordedEvent]) -> str:
    return "".join(line(r) + "\n" for r in records)
