"""Helpers for the tests of seed 002 (002_9504e6e276dc5f60.txt), "Les Nombres"."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from lgmail.rules.calendar import local
from lgmail.rules.orders import Kind
from tests.scenario import Scenario

SEED = "002_9504e6e276dc5f60.txt"
PARIS = "Europe/Paris"

#: eight players: the PAD is usable (more than six alive)
ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Chloe": "voyante",
    "David": "chasseur",
    "Emma": "villageois",
    "Farid": "villageois",
    "Gina": "villageois",
    "Hugo": "villageois",
}


def game(folder: Path, roles: dict[str, str] | None = None, **kw: Any) -> Scenario:
    """A `nombres` game on its election day."""
    kw.setdefault("election", True)
    return Scenario(folder, roles or ROLES, variant="nombres", **kw)


def rise(g: Scenario) -> None:
    """The MJ closes the open step; then, the phase resolved, lets the next one rise now."""
    g.end()
    if g.state.status == "running" and g.state.resolved and not g.state.reactions:
        g.end()


def elect(g: Scenario, captain: str | None) -> None:
    """Everyone votes for `captain` (blank for None), then night 1 rises."""
    for name, p in g.state.players.items():
        if p.alive:
            g.ok(name, f"vote {captain}" if captain else "vote blanc")
    rise(g)
    assert g.phase() == ("night", 1)


def wall(moment: datetime | None) -> str:
    assert moment is not None
    return local(moment, PARIS).strftime("%a %H:%M")


def digests(g: Scenario, to: str) -> list[str]:
    return [m.body for m in g.new_mails(to) if "À vous d'agir" not in m.subject]


def blank_rest(g: Scenario) -> None:
    """The living who have not voted yet vote blank (present, so not struck down as absent)."""
    s = g.state
    for name, p in s.players.items():
        if p.alive and s.order_of(name, _VOTE) is None:
            g.ok(name, "vote blanc")


_VOTE = Kind.VOTE
