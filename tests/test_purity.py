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
