"""A decision in progress: a scratch copy of the state that each emitted event updates (or,
`in_place`, the caller's own state, which then holds the decision once made).

How an event updates the state is given to it (`lgmail.rules.evolve.apply`), not imported: the
registries the events fold through (`lgmail.rules.hooks`) hand a Tx to the roles' hooks."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

from lgmail.rules import draw
from lgmail.rules import events as ev
from lgmail.rules.state import GameState

#: how an event changes the state it is applied to, in place
Fold = Callable[[GameState, ev.Event], None]


def iso(moment: datetime) -> str:
    return moment.isoformat()


class Tx:
    def __init__(
        self, state: GameState, now: datetime, entropy: int, fold: Fold, in_place: bool = False
    ) -> None:
        self.state = state if in_place else state.clone()
        #: how each event emitted changes `state`
        self.fold = fold
        self.now = now
        #: the logical time of what is being resolved (a deadline passed earlier, or now)
        self.at = now
        self.entropy = entropy
        self.events: list[ev.Event] = []
        #: the mail the orders being decided came in (`GiveOrder.mail`), "" outside one
        self.mail = ""

    def emit(self, event: ev.Event) -> None:
        self.events.append(event)
        self.fold(self.state, event)

    def draw(self, purpose: str, among: Sequence[str], count: int = 1) -> list[str]:
        """Draw `count` of `among` at random and record it (RandomDrawn)."""
        salt = f"{self.state.version}:{purpose}"
        chosen = draw.shuffled(self.entropy, salt, list(among))[:count]
        self.emit(ev.RandomDrawn(purpose, list(among), chosen))
        return chosen
