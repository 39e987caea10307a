"""Each game's summary (#37): written with every commit, equal to the summary of the game's
state; `known_deadlines` trusts it only while it is as new as the log; `lgmail tick` reads the
games due and the games whose summary it cannot trust, not every game."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from lgmail.cli.entry import main
from lgmail.rules.commands import ExtendDeadline
from lgmail.service.summaries import known_deadlines, summary_of
from lgmail.store.model import NewEvent
from tests.scenario import START, Scenario

ROLES = {"Alice": "loup-garou", "Bruno": "voyante", "Chloe": "villageois", "David": "villageois"}


def _stored(sc: Scenario) -> object:
    return {s.game: s for s in sc.games.store.summaries()}[sc.name]


def test_every_commit_writes_the_summary_of_the_state_it_leaves(tmp_path: Path) -> None:
    sc = Scenario(tmp_path, ROLES, options={"night_minutes": 60}, mj="MJ@Example.org")
    assert _stored(sc) == summary_of(sc.state)
    summary = summary_of(sc.state)
    assert (summary.status, summary.phase, summary.number) == ("running", "night", 1)
    assert (summary.players, summary.living, summary.mj) == (4, 4, "mj@example.org")
    assert summary.due_at == START + timedelta(minutes=60)
    sc.ok("Alice", "tuer Chloe")
    sc.ok("Bruno", "sonder Alice")
    assert _stored(sc) == summary_of(sc.state)
    assert summary_of(sc.state).living == 3
    sc.mj(ExtendDeadline(30))
    assert _stored(sc) == summary_of(sc.state)
    assert known_deadlines(sc.games.store) == {sc.name: summary_of(sc.state).due_at}


def test_a_summary_older_than_its_log_is_not_trusted(tmp_path: Path) -> None:
    sc = Scenario(tmp_path, ROLES, options={"night_minutes": 60})
    store = sc.games.store
    version = store.version(sc.name)
    # a writer that does not write summaries (an older lgmail on the same database)
    store.append(sc.name, version, [NewEvent("PlayerPresent", 1, {"player": "Bruno"}, "x")], START)
    assert sc.name not in known_deadlines(store)


def test_tick_resolves_the_games_due(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    due = Scenario(tmp_path, ROLES, name="village", options={"night_minutes": 60})
    later = Scenario(tmp_path, ROLES, name="hameau", options={"night_minutes": 600})
    data = str(due.games.settings.data)
    monkeypatch.setenv("LGMAIL_NOW", (START + timedelta(minutes=90)).isoformat())
    capsys.readouterr()
    assert main(["--data", data, "tick"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("village: ") and "hameau" not in out
    assert due.phase() == ("day", 1) and later.phase() == ("night", 1)
