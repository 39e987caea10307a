"""`lgmail state GAME`: the game rebuilt from its log and shown as its MJ (or a player, `--as`)
sees it. What MJs' scripts call, so this path imports the driver, the kernel and the game's own
rule set only: no SQLAlchemy, no mail code, no other rule set.

Whenever it cannot be sure, it leaves the command to the full path (``lgmail.cli.commands``), which
says what is wrong: a database missing or not at the schema's head, a game not found, any error.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from lgmail.config import settings
from lgmail.rules import events as ev
from lgmail.rules.evolve import project
from lgmail.rules.state import GameState
from lgmail.store.light.db import at_head, connect


def state_only(args: argparse.Namespace) -> int | None:
    """Show the game: the exit code; None: take the full path."""
    try:
        state = _load(settings.load(args.data, args.db).db_url, args.name, args.at)
    except Exception:
        return None
    if state is None:
        return None
    return show(state, args)


def _load(url: str, name: str, upto: int | None) -> GameState | None:
    sql = "SELECT type, schema_version, payload FROM events WHERE game = ?"
    params: list[object] = [name]
    if upto is not None:
        sql += " AND version <= ?"
        params.append(upto)
    with connect(url) as (execute, _):
        if not at_head(execute):
            return None
        rows = execute(sql + " ORDER BY version", params)
    if not rows:
        return None
    # one by one: the game's creation loads its rule set, where its events are declared
    return project((ev.decode(t, v, json.loads(p)) for t, v, p in rows), name)


def show(state: GameState, args: argparse.Namespace) -> int:
    """Print the game as `args` asks (`--as`, `--json`): the exit code."""
    from lgmail.rules.view import view

    viewer = None
    if args.as_email:
        viewer = state.seat_of(args.as_email)
        if viewer is None:
            print(f"lgmail: {args.as_email} plays no part in {args.name}", file=sys.stderr)
            return 1
    shown = view(state, viewer)
    if args.json:
        print(json.dumps(shown, ensure_ascii=False, indent=2))
    else:
        print(_text(args.name, shown), end="")
    return 0


def _text(name: str, shown: dict[str, Any]) -> str:
    phase = shown["phase"]
    lines = [
        f"{name}: {phase['kind']} {phase['number']}"
        + (f", step {shown['step']} until {shown['deadline']}" if shown["step"] else "")
    ]
    for p in shown["players"]:
        mark = " (captain)" if p["name"] == shown["captain"] else ""
        life = "alive" if p["alive"] else "dead"
        lines.append(f"  {p['name']:<16} {life:<6} {p['role'] or '?':<12}{mark}")
    if shown["winner"] or shown["winners"]:
        lines.append(f"winner: {shown['winner']} ({', '.join(shown['winners'])})")
    return "".join(line + "\n" for line in lines)
