"""Capitaine (003): a title on top of a role; on a tie his vote counts double; at his death he
names his successor.

004 where 003 is silent: the successor may be named in advance; with none named in the delay the
title is drawn among the living; a tied election leaves the game without a captain.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds
from lgmail.rules.orders import Kind
from lgmail.rules.state import GameState

TITLE = {"fr": "Capitaine", "en": "Captain"}
ORDERS = frozenset({Kind.SUCCESSEUR})


def tally(
    votes: Mapping[str, str | None], captain: str | None
) -> tuple[dict[str, float], str | None, list[str]]:
    """Count the votes (003): most votes dies; on a tie the captain's vote counts double;
    still tied, nobody. Returns (tally, chosen, tied)."""
    counts: dict[str, float] = {}
    for target in votes.values():
        if target is not None:
            counts[target] = counts.get(target, 0) + 1
    if not counts:
        return counts, None, []
    top = max(counts.values())
    leaders = [n for n, c in counts.items() if c == top]
    if len(leaders) > 1 and captain is not None and votes.get(captain) in leaders:
        counts[votes[captain] or ""] += 1
        top = max(counts.values())
        leaders = [n for n, c in counts.items() if c == top]
    if len(leaders) == 1:
        return counts, leaders[0], []
    return counts, None, sorted(leaders)


# --- 004's four powers (thiercelieux) ------------------------------------------------------

#: option `capitaine` -> (the weight of his vote, whether he breaks ties): 004's « Double
#: voix », « Tranchage », « Double voix + Tranchage », « 1,5 voix »
POWERS: dict[str, tuple[float, bool]] = {
    "double": (2.0, False),
    "tranchage": (1.0, True),
    "double_tranchage": (2.0, True),
    "un_et_demi": (1.5, False),
}


def weighted_tally(
    votes: Mapping[str, str | None],
    captain: str | None,
    weight: float,
    extra: Mapping[str, int],
    bonus: Mapping[str, int] | None = None,
) -> tuple[dict[str, float], str | None, list[str]]:
    """Count the votes as 004 says: the captain's vote weighs `weight` always; `extra` adds
    votes no voter cast (the Corbeau's sign); `bonus` adds to a voter's weight (the Princesse).
    Most votes dies; a tie is returned as `tied` (what it leads to is the rule set's: the
    Bouc-émissaire, the captain's choice, nobody)."""
    counts: dict[str, float] = dict(extra)
    for voter, target in votes.items():
        if target is not None:
            more = (bonus or {}).get(voter, 0)
            counts[target] = counts.get(target, 0) + (weight if voter == captain else 1) + more
    counts = {n: c for n, c in counts.items() if c}
    if not counts:
        return counts, None, []
    top = max(counts.values())
    leaders = sorted(n for n, c in counts.items() if c == top)
    if len(leaders) == 1:
        return counts, leaders[0], []
    return counts, None, leaders


@event
@dataclass(frozen=True)
class TieBroken(Event):
    """The captain with the power to break ties ("tranchage", 004) chose who burns; `target`
    None when he let the delay pass."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "roles/capitaine/egalite-tranchee.txt"

    captain: str
    target: str | None


@folds(TieBroken)
def _tie_broken(s: GameState, e: TieBroken) -> None:
    s.reactions = [r for r in s.reactions if not (r.player == e.captain and r.kind == "trancher")]
