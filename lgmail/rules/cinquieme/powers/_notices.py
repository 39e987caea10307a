"""What a power tells its owner: one event for all (`Told`), a template per power and answer
(`templates/<lang>/cinquieme/<power>.txt`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, nothing, tells
from lgmail.rules.state import GameState


@event
@dataclass(frozen=True)
class PowerAnswered(Event):
    """What power `power` tells `player` (its names, hearts, elements...), by private mail."""

    player: str
    power: str
    told: dict[str, Any] = field(default_factory=dict)


folds(PowerAnswered)(nothing)


@tells(PowerAnswered)
def _tell(s: GameState, e: PowerAnswered, later: Sequence[Event]) -> list[Notice]:
    return [Notice(e.player, f"cinquieme:{e.power}", dict(e.told))]
