"""`lgmail state GAME` (issue #20): what MJs' scripts call reads the log by the driver alone and
loads the game's own rule set only, yet shows exactly what the full path shows (the MJ's view,
a player's with `--as`, an earlier position with `--at`). Seed 003 (classic), on SQLite and
PostgreSQL."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pytest

from lgmail.cli.entry import main
from lgmail.cli.parser import build_parser
from lgmail.store.light.state import state_only
from tests.scenario import Scenario

ROLES = {"Alice": "loup-garou", "Bruno": "voyante", "Chloe": "villageois", "David": "villageois"}


def played(tmp_path: Path, database: str | None) -> Scenario:
    game = Scenario(tmp_path, ROLES, db=database)
    game.ok("Bruno", "Je sonde Alice")
    game.ok("Alice", "tuer Chloe")
    game.end()
    return game


def parsed(game: Scenario, *args: str) -> argparse.Namespace:
    base = ["--data", str(game.games.settings.data), "--db", game.games.settings.db_url]
    return build_parser().parse_args([*base, "state", game.name, *args])


@pytest.mark.parametrize(
    "args", [("--json",), (), ("--json", "--as", "BRUNO@example.org"), ("--json", "--at", "5")]
)
def test_the_light_path_shows_what_the_full_path_shows(
    tmp_path: Path,
    database: str | None,
    capsys: pytest.CaptureFixture[str],
    args: tuple[str, ...],
) -> None:
    game = played(tmp_path, database)
    assert state_only(parsed(game, *args)) == 0
    light = capsys.readouterr().out
    from lgmail.cli.commands import run

    assert run(parsed(game, *args)) == 0
    full = capsys.readouterr().out
    assert light == full
    assert "Chloe" in light and ("voyante" in light or "--at" in args)
    if "--as" in args:
        assert '"me": "Bruno"' in light and "loup-garou" in light  # what Bruno probed


def test_what_the_light_path_cannot_answer_goes_to_the_full_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = played(tmp_path, None)
    data = str(game.games.settings.data)
    assert state_only(argparse.Namespace(**{**vars(parsed(game)), "name": "nope"})) is None
    assert main(["--data", data, "state", "nope"]) == 2
    assert "no game named 'nope'" in capsys.readouterr().err
    assert main(["--data", data, "state", game.name, "--as", "who@example.org"]) == 1
    assert "who@example.org plays no part in village" in capsys.readouterr().err
    nowhere = ["--data", str(tmp_path / "none"), "state", "x"]
    assert state_only(build_parser().parse_args(nowhere)) is None


def test_the_light_path_loads_no_sqlalchemy_and_no_other_rule_set(tmp_path: Path) -> None:
    """(The roles 003 and 004 share use 004's night order: `lgmail.rules.thiercelieux`'s
    pieces load with them, but not 004's rule set.)"""
    game = played(tmp_path, None)
    probe = (
        "import sys; from lgmail.cli.entry import main; "
        f"code = main(['--data', {str(game.games.settings.data)!r}, 'state', 'village', "
        "'--json']); "
        "heavy = sorted(m for m in sys.modules if m.startswith(('sqlalchemy', 'jinja2', "
        "'lgmail.store', 'lgmail.service', 'lgmail.mail', 'lgmail.rules.thiercelieux.game', "
        "'lgmail.rules.nombres', 'lgmail.rules.maisons', 'lgmail.rules.kohlanta', "
        "'lgmail.rules.cinquieme')) and m not in ('lgmail.store', 'lgmail.store.schema_head') "
        "and not m.startswith('lgmail.store.light')); print(code, heavy)"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    assert '"variant": "classic"' in out
    assert out.strip().endswith("0 []"), out.splitlines()[-1]
