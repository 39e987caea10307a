"""000, « PHASE FINALE »: « Dès qu'on est à 5 joueurs restants, les colliers d'immunités
non-utilisés ou non-trouvés sont éliminés, il n'y a plus d'épreuve de jour, il n'est plus
possible de former des alliances, et les alliances en cours sont révélées par le MJ puis
annulées. La phase finale commence par une nuit ». The necklace number is revealed with its
salt, now that it serves no more."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds
from lgmail.rules.kohlanta.cards import FINAL_KEY
from lgmail.rules.state import GameState


@event
@dataclass(frozen=True)
class FinalBegan(Event):
    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "kohlanta/facts/final.txt"

    #: the necklace number, its salt and commitment (the check of the README)
    necklace: dict[str, Any] = field(default_factory=dict)


@folds(FinalBegan)
def _final(s: GameState, e: FinalBegan) -> None:
    s.extra[FINAL_KEY] = True
