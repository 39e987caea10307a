"""Deaths in 001 (`maisons`): who may not die (Voldemort while a horcrux of his is left: « ne
peut être tué d'aucune façon »), then the classic deaths (the mayor's successor), then what the
deaths set off in the houses (« Une maison sans propriétaire vivant a tous ses horcruxes
détruits »). Every kill of the rule set goes through `kill`: the dawn's, the stake's, and the
immediate ones (« le Voldemort en question meurt immédiatement »).

Ruling: a player spared at the stake is announced as having survived it (everyone saw him
burn); one spared at night is not (nobody died in his name)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds
from lgmail.rules.state import GameState
from lgmail.rules.thiercelieux.base import deaths as base_deaths
from lgmail.rules.tx import Tx

#: what keeps a player alive whatever kills him: (state, name) -> spared
SPARED: list[Callable[[GameState, str], bool]] = []
#: what deaths set off in the houses, once the dead are dead (the horcruxes of an ownerless
#: house): each may kill in turn, through `kill`
AFTER_DEATHS: list[Callable[[Tx], None]] = []


@event
@dataclass(frozen=True)
class SurvivedStake(Event):
    """`name` was sent to the stake and did not die."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "maisons/survived.txt"

    name: str


@folds(SurvivedStake)
def _survived(s: GameState, e: SurvivedStake) -> None:
    """Nothing changes: everyone is told."""


def spared(s: GameState, name: str) -> bool:
    return any(rule(s, name) for rule in SPARED)


def kill(tx: Tx, victims: list[tuple[str, str]]) -> None:
    """Kill `victims` [(name, cause)] together, less the spared; then what it sets off."""
    s = tx.state
    dying = []
    for name, cause in victims:
        if not spared(s, name):
            dying.append((name, cause))
        elif cause == "stake" and s.players[name].alive:
            tx.emit(SurvivedStake(name))
    base_deaths.kill(tx, dying)
    if dying:
        for after in AFTER_DEATHS:
            after(tx)
