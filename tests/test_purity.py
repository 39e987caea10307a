"""DESIGN: the rules are pure (no I/O, no clock reads, no `random`) and every draw is an event."""

from __future__ import annotations

import ast
from pathlib import Path

RULES = Path(__file__).resolve().parents[1] / "lgmail" / "rules"
FORBIDDEN_MODULES = {
    "random",
    "time",
    "os",
    "socket",
    "secrets",
    "subprocess",
    "pathlib",
    "sqlalchemy",
    "smtplib",
    "io",
    "uuid",
    "lgmail.store",
    "lgmail.service",
    "lgmail.mail",
}
FORBIDDEN_CALLS = {"now", "utcnow", "today", "open", "print", "input"}


def test_rules_import_nothing_impure() -> None:
    for path in RULES.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert not any(name == m or name.startswith(m + ".") for m in FORBIDDEN_MODULES), (
                    f"{path}: imports {name}"
                )


def test_rules_read_no_clock_and_open_nothing() -> None:
    for path in RULES.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                assert name not in FORBIDDEN_CALLS, f"{path}:{node.lineno} calls {name}"


def test_next_deadline_is_what_a_scheduler_waits_for() -> None:
    from datetime import UTC, datetime, timedelta

    from lgmail.rules.commands import CreateGame, Pause, Seat, StartGame
    from lgmail.rules.decide import decide
    from lgmail.rules.evolve import apply
    from lgmail.rules.flow import next_deadline
    from lgmail.rules.state import GameState

    now = datetime(2026, 11, 29, 21, 0, tzinfo=UTC)
    state = GameState(name="g")
    seats = tuple(Seat(n, f"{n}@x.org") for n in ("a", "b", "c", "d"))
    assert next_deadline(state) is None
    for command in (CreateGame("classic", seats, options={"election": False}), StartGame()):
        decision = decide(state, command, now)
        assert isinstance(decision, list)
        for event in decision:
            apply(state, event)
    assert state.step is not None and next_deadline(state) == state.step.deadline
    assert next_deadline(state) > now + timedelta(hours=1)
    paused = decide(state, Pause(), now)
    assert isinstance(paused, list)
    for event in paused:
        apply(state, event)
    assert next_deadline(state) is None
