"""The shape of `lgmail`: no import cycle among its modules, imports that point down, and no
module passing on names it imported.

Read with `ast`, every import counts: at module level, inside a function, under
`TYPE_CHECKING`. A package's layer is the longest prefix of `LAYERS` its module name has; a
module imports from its own layer or a lower one, never a higher one.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "lgmail"

#: from the top down: the command line, the web, the service, the one-shot path of the store,
#: the order reader, the mail, the store, the configuration, the clock, the rule sets (those
#: that build on others first) and last the rules' kernel
LAYERS: tuple[tuple[str, ...], ...] = (
    ("lgmail.__main__", "lgmail.tools"),
    ("lgmail.cli",),
    ("lgmail.web",),
    ("lgmail.service",),
    ("lgmail.store.light",),
    ("lgmail.orders",),
    ("lgmail.mail", "lgmail.bots"),
    ("lgmail.store",),
    ("lgmail.config",),
    ("lgmail.clock",),
    (
        "lgmail.rules.nombres",
        "lgmail.rules.maisons",
        "lgmail.rules.kohlanta",
        "lgmail.rules.cinquieme",
    ),
    ("lgmail.rules.classic",),
    ("lgmail.rules.thiercelieux",),
    ("lgmail.rules",),
)


def _modules() -> dict[str, Path]:
    out: dict[str, Path] = {}
    for path in ROOT.rglob("*.py"):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _known(name: str) -> str | None:
    """The module `name` is, or the closest package holding it."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _imports(module: str) -> Iterator[str]:
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            names = [
                f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names
            ]
        else:
            continue
        for name in names:
            if name == "lgmail" or name.startswith("lgmail."):
                found = _known(name)
                if found and found != module:
                    yield found


GRAPH: dict[str, set[str]] = {m: set(_imports(m)) for m in MODULES}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    part = []
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        part.append(top)
                        if top == node:
                            break
                    if len(part) > 1:
                        found.append(sorted(part))
    return found


def _layer(module: str) -> int:
    best, depth = len(LAYERS), -1
    for level, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > depth:
                best, depth = level, len(prefix)
    return best


def test_no_import_cycle() -> None:
    cycles = _cycles(GRAPH)
    assert not cycles, "\n".join(" <-> ".join(c) for c in cycles)


def test_every_module_has_a_layer() -> None:
    assert [m for m in MODULES if m != "lgmail" and _layer(m) == len(LAYERS)] == []


def test_imports_point_down() -> None:
    upward = sorted(
        f"{module} -> {target}"
        for module, targets in GRAPH.items()
        for target in targets
        if module != "lgmail" and _layer(target) < _layer(module)
    )
    assert upward == []


def test_the_cycle_finder_finds_cycles() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert _cycles(graph) == [["a", "b", "c"]]


def _re_exports(module: str) -> list[str]:
    """The names `module` passes on from another lgmail module: listed in its `__all__`, or
    imported under their own name as an alias (``from x import a as a``)."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    imported: set[str] = set()
    out: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("lgmail"):
            for alias in node.names:
                imported.add(alias.asname or alias.name)
                if alias.asname == alias.name:
                    out.append(alias.name)
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            assert isinstance(node.value, ast.List | ast.Tuple)
            out += [
                e.value
                for e in node.value.elts
                if isinstance(e, ast.Constant) and e.value in imported
            ]
    return out


def test_no_module_passes_on_another_s_names() -> None:
    """A name is imported from the module that defines it: no module re-exports one."""
    found = {m: names for m in sorted(MODULES) if (names := _re_exports(m))}
    assert found == {}
