"""Orders kept for the phase they are given in, with what they say (names or words) and the mail
they came in: what the rule sets whose orders are more than names keep (000's Koh-Lanta and
Cinquième Élément). `Ordered` records one; a later one of the same key replaces it; `Withdrawn`
takes them back (« rien »)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds
from lgmail.rules.state import GameState

#: `GameState.extra` key of this phase's orders: {"at": "night 2", "by": {player: {key:
#: {"value": [...], "mail": id}}}}
ORDERS = "ordres"


def phase_key(s: GameState) -> str:
    return f"{s.phase} {s.number}"


def orders(s: GameState) -> dict[str, dict[str, dict[str, Any]]]:
    held = s.extra.get(ORDERS, {})
    return dict(held.get("by", {})) if held.get("at") == phase_key(s) else {}


def given(s: GameState, player: str, key: str) -> list[str] | None:
    """What `player` gave this phase under `key`."""
    got = orders(s).get(player, {}).get(key)
    return None if got is None else list(got["value"])


def givers(s: GameState, key: str) -> dict[str, list[str]]:
    return {p: list(o[key]["value"]) for p, o in orders(s).items() if key in o}


@event
@dataclass(frozen=True)
class Ordered(Event):
    """An order taken for this phase: `key` says which (the rule set's: 000's Koh-Lanta
    "alliance", "collier", "epreuve", ...), `value` its names or words; from mail `mail` (a
    later one of the same key replaces it)."""

    player: str
    key: str
    value: list[str] = field(default_factory=list)
    mail: str = ""


@folds(Ordered)
def _ordered(s: GameState, e: Ordered) -> None:
    held = s.extra.get(ORDERS, {})
    if held.get("at") != phase_key(s):
        held = {"at": phase_key(s), "by": {}}
    held["by"].setdefault(e.player, {})[e.key] = {"value": list(e.value), "mail": e.mail}
    s.extra[ORDERS] = held
    s.players[e.player].acted.add(phase_key(s))


@event
@dataclass(frozen=True)
class Withdrawn(Event):
    """« rien »: `player`'s orders of this phase under `keys` are withdrawn."""

    player: str
    keys: list[str] = field(default_factory=list)


@folds(Withdrawn)
def _withdrawn(s: GameState, e: Withdrawn) -> None:
    mine = s.extra.get(ORDERS, {}).get("by", {}).get(e.player, {})
    for key in e.keys:
        mine.pop(key, None)
