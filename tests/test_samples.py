"""The sample game logs under events/: every event matches its JSON Schema (old versions after
upcasting), and replaying an import of each gives back the same game."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from lgmail.config import settings
from lgmail.rules import events as ev
from lgmail.rules.dump import dump
from lgmail.rules.evolve import project
from lgmail.service.games import Games
from lgmail.tools.schemas import SCHEMAS, render_all

SAMPLES = sorted((Path(__file__).parents[1] / "events" / "samples").glob("*.jsonl"))


def test_schema_files_are_up_to_date() -> None:
    on_disk = {p.name: p.read_text(encoding="utf-8") for p in SCHEMAS.glob("*.json")}
    assert on_disk == render_all(), "run: python -m lgmail.tools.schemas"


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_sample_events_match_their_schema(sample: Path) -> None:
    schemas = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in SCHEMAS.glob("*.json")}
    for line in sample.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        event = ev.decode(row["type"], row["schema_version"], row["payload"])
        jsonschema.validate(event.payload(), schemas[row["type"]])


def test_old_schema_versions_are_upcast_on_read() -> None:
    old = SAMPLES[0].parent / "classic-hameau-v1.jsonl"
    first = json.loads(old.read_text(encoding="utf-8").splitlines()[0])
    assert first["type"] == "GameCreated" and first["schema_version"] == 1
    assert "mj" not in first["payload"]
    event = ev.decode(first["type"], first["schema_version"], first["payload"])
    assert isinstance(event, ev.GameCreated) and event.mj is None


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_replay_of_an_imported_sample_equals_the_game(sample: Path, tmp_path: Path) -> None:
    lines = sample.read_text(encoding="utf-8").splitlines()
    rows = [json.loads(line) for line in lines]
    direct = project(
        [ev.decode(r["type"], r["schema_version"], r["payload"]) for r in rows], "copy"
    )
    games = Games(settings.load(tmp_path / "data"))
    name = games.import_(lines, "copy")
    same, state = games.replay(name)
    assert same
    assert dump(state) == dump(direct)
    assert state.status == "ended" and (state.winner is not None or state.winners == [])
    exported = [json.loads(line) for line in games.export(name)]
    assert [(r["type"], r["payload"]) for r in exported] == [
        (r["type"], ev.decode(r["type"], r["schema_version"], r["payload"]).payload()) for r in rows
    ]
