"""What the night tells beyond hearts: the wolves' powers on night 1 (« si aucun loup n'a le
pouvoir Oreilles-de-lynx, alors le MJ informe chaque loup des pouvoirs de ses compères »), and
the revelations of Ascension (« tout ce que vous avez fait durant les nuits depuis le début de la
partie est annoncé publiquement ») and Autopsie (« toutes vos informations sont révélées (donc
tous vos pouvoirs et votre vulnérabilité) »)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, nothing, tells
from lgmail.rules.state import GameState

#: `GameState.extra` key: the players whose vulnerability (and powers) a power made public
PUBLIC = "vulnerabilites-publiques"


@event
@dataclass(frozen=True)
class WolvesPowersTold(Event):
    powers: dict[str, list[str]] = field(default_factory=dict)


folds(WolvesPowersTold)(nothing)


@tells(WolvesPowersTold)
def _tell(s: GameState, e: WolvesPowersTold, later: Sequence[Event]) -> list[Notice]:
    return [Notice(w, "cinquieme:pack", {"powers": dict(e.powers)}) for w in e.powers]


@event
@dataclass(frozen=True)
class Revealed(Event):
    """A dead player's Ascension or Autopsie made public: his night actions, or his powers and
    vulnerability."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "cinquieme/facts/revealed.txt"

    name: str
    power: str
    record: dict[str, Any] = field(default_factory=dict)


@folds(Revealed)
def _revealed(s: GameState, e: Revealed) -> None:
    if e.power == "autopsie":
        s.extra.setdefault(PUBLIC, []).append(e.name)
