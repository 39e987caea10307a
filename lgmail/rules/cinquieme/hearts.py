"""Hearts, wounds and deaths (000, « Principes particuliers »): « Si à tout moment dans la partie,
le nombre de cœurs d'un joueur devrait dépasser NC+1, il ne conserve que NC+1 cœurs et les autres
sont perdus. Un joueur ne peut pas gagner plus d'un cœur chaque nuit »; « À chaque fois qu'un
joueur subit des blessures de l'élément dont il est vulnérable, il subit une blessure
supplémentaire »; « Si le nombre est 0, le joueur est mort ». The powers that change a wound
(Immunité diplomatique, Ignifugé) say so through `SOFTENERS`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from lgmail.rules.cinquieme.cards import HEARTS, camp, hearts, nc, vulnerability
from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, nothing, tells
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

#: `GameState.extra` key: who gained a heart this night, and whose total changed
NIGHT = "coeurs-nuit"

#: (state, victim, element, wounds) -> the wounds left, and whether the vulnerability counts
SOFTENERS: list[Callable[[GameState, str, str, int], tuple[int, bool]]] = []


@event
@dataclass(frozen=True)
class HeartsChanged(Event):
    """`player`'s hearts go to `hearts`; `why`: "blessure" (with its element), "soin",
    "regeneration", "justice", "ascension", "autopsie"..."""

    player: str
    hearts: int
    why: str
    element: str = ""


@folds(HeartsChanged)
def _changed(s: GameState, e: HeartsChanged) -> None:
    p = s.players[e.player]
    before = p.counters.get(HEARTS, 0)
    p.counters[HEARTS] = e.hearts
    if s.phase == "night":
        night = s.extra.setdefault(NIGHT, {"night": s.number, "gained": [], "changed": []})
        if night.get("night") != s.number:
            night.update(night=s.number, gained=[], changed=[])
        if e.hearts > before and e.player not in night["gained"]:
            night["gained"].append(e.player)
        if e.player not in night["changed"]:
            night["changed"].append(e.player)


@event
@dataclass(frozen=True)
class HeartsTold(Event):
    """000, « Notifications »: « À la fin de chaque nuit avant de déclencher le jour, le MJ
    indique par MP à chaque joueur le nombre de cœurs qu'il lui reste si son total a changé »."""

    hearts: dict[str, int] = field(default_factory=dict)


folds(HeartsTold)(nothing)


@tells(HeartsTold)
def _tell(s: GameState, e: HeartsTold, later: Sequence[Event]) -> list[Notice]:
    return [Notice(n, "cinquieme:hearts", {"hearts": h}) for n, h in e.hearts.items()]


@event
@dataclass(frozen=True)
class Died(Event):
    """0 hearts: « le joueur est mort »; « le MJ indique sur le forum son camp et quel pouvoir
    universel il avait, mais n'indique pas sa vulnérabilité ni son pouvoir pro-villageois/
    pro-loup »."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "cinquieme/facts/died.txt"

    name: str
    camp: str
    universal: str
    cause: str = ""


@folds(Died)
def _died(s: GameState, e: Died) -> None:
    p = s.players[e.name]
    p.alive, p.revealed = False, True
    s.quiet = 0


def count(p: Player) -> int:
    """`p`'s hearts now."""
    return hearts(p)


def gained_tonight(s: GameState, name: str) -> bool:
    night = s.extra.get(NIGHT, {})
    return s.phase == "night" and night.get("night") == s.number and name in night.get("gained", [])


def changed_tonight(s: GameState) -> list[str]:
    night = s.extra.get(NIGHT, {})
    return list(night.get("changed", [])) if night.get("night") == s.number else []


def heal(tx: Tx, name: str, why: str, amount: int = 1) -> None:
    """Hearts gained: never above NC+1, one a night at most."""
    s = tx.state
    p = s.players[name]
    if not p.alive or (s.phase == "night" and gained_tonight(s, name)):
        return
    new = min(hearts(p) + min(amount, 1 if s.phase == "night" else amount), nc(s) + 1)
    if new != hearts(p):
        tx.emit(HeartsChanged(name, new, why))


def set_to(tx: Tx, name: str, value: int, why: str) -> None:
    if tx.state.players[name].alive and hearts(tx.state.players[name]) != value:
        tx.emit(HeartsChanged(name, min(value, nc(tx.state) + 1), why))


def wound(tx: Tx, name: str, element: str, count: int, why: str, floor: int = 0) -> None:
    """`count` wounds of `element`, one more when it is `name`'s vulnerability (unless a power
    makes it ineffective); never below `floor` (Autopsie leaves 1)."""
    s = tx.state
    p = s.players[name]
    if not p.alive:
        return
    vulnerable = vulnerability(p) == element
    for soften in SOFTENERS:
        count, effective = soften(s, name, element, count)
        vulnerable = vulnerable and effective
    total = count + (1 if vulnerable and count >= 0 else 0)
    new = max(hearts(p) - max(total, 0), floor, 0)
    if new != hearts(p):
        tx.emit(HeartsChanged(name, new, why, element))


def dead_now(s: GameState) -> list[str]:
    """The living at 0 hearts, to be declared dead."""
    return [p.name for p in s.living() if hearts(p) <= 0]


def universal_of(s: GameState, name: str) -> str:
    from lgmail.rules.cinquieme.power import POWERS, UNIVERSEL

    return next((slug for slug in s.players[name].powers if POWERS[slug].category == UNIVERSEL), "")


def declare(tx: Tx, cause: str) -> list[str]:
    """Everyone at 0 hearts dies, together."""
    s = tx.state
    out = dead_now(s)
    for name in out:
        tx.emit(Died(name, camp(s.players[name]), universal_of(s, name), cause))
    return out


@event
@dataclass(frozen=True)
class QuietNight(Event):
    """« Chaque journée débute avec l'annonce des morts de la nuit (ou qu'il n'y a pas eu de mort
    le cas échéant) »: nobody died."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "cinquieme/facts/quiet.txt"

    night: int


folds(QuietNight)(nothing)


@event
@dataclass(frozen=True)
class PhaseEnded(Event):
    """The phase's steps are resolved."""

    phase: str
    number: int


@folds(PhaseEnded)
def _ended(s: GameState, e: PhaseEnded) -> None:
    s.resolved, s.plan = True, []
