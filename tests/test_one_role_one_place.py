"""One role, one place: the kernel and the service name no role and no rule set; every event
folds; every order a rule set deals can be written and is offered with a hint."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from lgmail.orders.kernel_verbs import verbs_of
from lgmail.rules import events as ev
from lgmail.rules.hooks import FOLDS
from lgmail.rules.orders import Kind
from lgmail.rules.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[1] / "lgmail"
#: the kernel of the rules (the rule sets' catalogue, `variants.py`, names them by design)
KERNEL = [path for path in sorted((ROOT / "rules").glob("*.py")) if path.name != "variants.py"]
#: what runs the games: the service, the mail, the store, the order reader, the web, the CLI
SERVICE = [
    path
    for folder in ("service", "mail", "store", "orders", "bots", "web", "cli")
    for path in sorted((ROOT / folder).rglob("*.py"))
]
#: the rule sets and their roles, the packages of `lgmail.rules`: the kernel and the service
#: import none of their modules (they know a game's roles through its `Variant`)
RULE_SETS = tuple(
    f"lgmail.rules.{path.name}."
    for path in sorted((ROOT / "rules").iterdir())
    if path.is_dir() and path.name != "__pycache__"
)
#: every role of every rule set: its cards and the roles held beside them
ROLES = {slug for variant in VARIANTS.values() for slug in (*variant.roles, *variant.powers)}


def _imports(path: Path) -> list[tuple[str, list[str]]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[tuple[str, list[str]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.append((node.module, [a.name for a in node.names]))
        elif isinstance(node, ast.Import):
            out += [(a.name, []) for a in node.names]
    return out


def _strings(path: Path) -> set[str]:
    """The string constants of a module, its docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
    }


@pytest.mark.parametrize("path", KERNEL + SERVICE, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_kernel_and_the_service_import_no_role_and_no_rule_set(path: Path) -> None:
    for module, names in _imports(path):
        for imported in (module, *(f"{module}.{name}" for name in names)):
            assert not f"{imported}.".startswith(RULE_SETS), f"{path.name}: {imported}"


@pytest.mark.parametrize("path", KERNEL + SERVICE, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_kernel_and_the_service_name_no_role(path: Path) -> None:
    named = _strings(path) & set(ROLES)
    assert not named, f"{path.name} names the roles {sorted(named)}"


def test_every_event_folds_where_it_is_declared() -> None:
    events = ev.every_event()
    assert set(events.values()) <= set(FOLDS), sorted(
        name for name, cls in events.items() if cls not in FOLDS
    )


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_order_a_rule_set_deals_is_written_and_hinted(name: str) -> None:
    """Seeds 003, 002 and 004: each role's orders can be written in the games of its rule
    set, with a hint in French and in English."""
    variant = VARIANTS[name]
    verbs = verbs_of(name)
    for spec in variant.roles.values():
        for kind in spec.orders:
            verb = verbs.get(kind)
            assert verb is not None, f"{name}: {spec.slug}'s {kind} cannot be written"
            assert {"fr", "en"} <= set(verb.hint), f"{name}: {kind} has no hint"


def test_each_role_template_exists_in_both_languages() -> None:
    templates = ROOT.parent / "templates"
    for lang, other in (("fr", "en"), ("en", "fr")):
        for path in (templates / lang / "roles").rglob("*.txt"):
            twin = templates / other / path.relative_to(templates / lang)
            assert twin.exists(), f"{path} has no {other} twin"


def test_the_kernel_declares_only_its_own_orders() -> None:
    """The kernel's `Kind` holds the orders every rule set shares; every other order word is
    declared by the module of its verb, when that module loads (here: none is loaded)."""
    probe = (
        "from lgmail.rules.orders import Kind; "
        "print(' '.join(sorted(k.value for k in Kind.every())))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.split() == sorted(
        ["aide", "digest", "fini", "rien", "successeur", "tirer", "trancher", "vote"]
    )


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_order_of_a_rule_set_is_declared_once_by_one_verb(name: str) -> None:
    verbs = list(verbs_of(name))
    kinds = [verb.kind for verb in verbs]
    assert len(kinds) == len(set(kinds))
    assert all(Kind(kind.value) is kind for kind in kinds)
    with pytest.raises(ValueError, match="no order is written"):
        Kind("nothing-of-the-sort")
