"""A decision in progress: a scratch copy of the state that each emitted event updates (or,
`in_place`, the caller's own state, which then holds the decision once made)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from lgmail.rules import draw
from lgmail.rules import events as ev
from lgmail.rules.evolve import apply
from lgmail.rules.state import GameState


def iso(moment: datetime) -> str:
    return moment.isoformat()


class Tx:
    def __init__(
        self, state: GameState, now: datetime, entropy: int, in_place: bool = False
    ) -> None:
        self.state = state if in_place else state.clone()
        self.now = now
        #: the logical time of what is being resolved (a deadline passed earlier, or now)
        self.at = now
        self.entropy = entropy
        self.events: list[ev.Event] = []
        #: the mail the orders being decided came in (`GiveOrder.mail`), "" outside one
        self.mail = ""

    def emit(self, event: ev.Event) -> None:
        self.events.append(event)
        apply(self.state, event)

    def draw(self, purpose: str, among: Sequence[str], count: int = 1) -> list[str]:
        """Draw `count` of `among` at random and record it (RandomDrawn)."""
        salt = f"{self.state.version}:{purpose}"
        chosen = draw.shuffled(self.entropy, salt, list(among))[:count]
        self.emit(ev.RandomDrawn(purpose, list(among), chosen))
        return chosen
