"""Export and import of games as JSON Lines, the MJ's backups: `lgmail export NAME` (or
`--all`) writes one line per event; `lgmail import FILE` reads every game of the file back.

An import is checked whole before anything is written: each line must read as JSON, each event
decode and fold in order, each game's versions follow one another from 1. A file with one bad
line writes nothing, so no half game is left for `tick` to run.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from lgmail.rules import events as ev
from lgmail.rules.dump import dump
from lgmail.rules.evolve import apply
from lgmail.rules.state import GameState
from lgmail.service.codec import to_new
from lgmail.service.summaries import summary_of
from lgmail.service.transactions import Transactions
from lgmail.store.model import NewEvent, Summary


class ImportRefused(ValueError):
    """The file cannot be imported: nothing was written."""


@dataclass
class _Batch:
    """Events recorded together (one command), with their time."""

    recorded_at: datetime
    cause: str
    events: list[NewEvent]
    snapshot: str = ""
    #: the game's summary, on the last batch
    summary: Summary | None = None


def export_lines(games: Transactions, names: Iterable[str]) -> Iterable[str]:
    """One JSON line per event of each game of `names`, in order."""
    for name in names:
        for record in games.records(name):
            yield json.dumps(
                {
                    "game": record.game,
                    "version": record.version,
                    "type": record.type,
                    "schema_version": record.schema_version,
                    "recorded_at": record.recorded_at.isoformat(),
                    "cause": record.cause,
                    "payload": record.payload,
                },
                ensure_ascii=False,
            )


def import_lines(
    games: Transactions, lines: Iterable[str], as_name: str | None = None
) -> list[str]:
    """Import every game of `lines` (one, renamed `as_name` when given); their names. Raises
    ImportRefused, having written nothing, at the first line that cannot be imported."""
    streams: dict[str, list[tuple[int, dict[str, Any]]]] = {}
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            name = str(row["game"])
        except (ValueError, KeyError, TypeError) as error:
            raise ImportRefused(f"line {number}: not an exported event ({error})") from error
        streams.setdefault(name, []).append((number, row))
    if not streams:
        raise ImportRefused("nothing to import")
    if as_name is not None and len(streams) > 1:
        raise ImportRefused(f"--as names one game; the file holds {len(streams)}")
    planned = {(as_name or name): _checked(as_name or name, rows) for name, rows in streams.items()}
    for name in planned:
        if games.store.version(name):
            raise ImportRefused(f"a game named {name!r} already exists")
    for name, batches in planned.items():
        version = 0
        for batch in batches:
            games.store.append(
                name,
                version,
                batch.events,
                batch.recorded_at,
                snapshot=batch.snapshot,
                summary=batch.summary,
            )
            version += len(batch.events)
    return list(planned)


def _checked(name: str, rows: list[tuple[int, dict[str, Any]]]) -> list[_Batch]:
    """The game's events decoded and folded in order, in the batches they were recorded in."""
    state = GameState(name=name)
    batches: list[_Batch] = []
    for expected, (number, row) in enumerate(rows, 1):
        try:
            if int(row["version"]) != expected:
                raise ValueError(f"version {row['version']} where {expected} was due")
            event = ev.decode(row["type"], int(row["schema_version"]), row["payload"])
            at = datetime.fromisoformat(row["recorded_at"])
            cause = str(row["cause"])
            if not batches or (batches[-1].recorded_at, batches[-1].cause) != (at, cause):
                if batches:
                    batches[-1].snapshot = dump(state)  # the game as the batch left it
                batches.append(_Batch(at, cause, []))
            apply(state, event)
        except Exception as error:  # any defect of the line: nothing is written
            raise ImportRefused(f"line {number} ({name}): {error!r}") from error
        batches[-1].events.append(to_new(event, cause))
    batches[-1].snapshot = dump(state)
    batches[-1].summary = summary_of(state)
    return batches
