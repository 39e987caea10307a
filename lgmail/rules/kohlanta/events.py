"""The events of 000 (« LG KOH-LANTA ») that no one mechanism owns: the tribes, the orders of a
phase, the chiefs, an elimination, a phase's end. Each mechanism's own events sit in its
module (`necklace`, `alliance`, `challenge`, `comforts`, `council`, `jury`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, nothing, tells
from lgmail.rules.kohlanta.cards import CHIEFS, OUT, TRIBES
from lgmail.rules.state import GameState


@event
@dataclass(frozen=True)
class TribesFormed(Event):
    """000: « le MJ répartit les joueurs [...] en deux tribus »: player -> tribe."""

    tribes: dict[str, str]


@folds(TribesFormed)
def _formed(s: GameState, e: TribesFormed) -> None:
    s.extra[TRIBES] = dict(e.tribes)
    s.extra.pop(CHIEFS, None)


@event
@dataclass(frozen=True)
class TribesAnnounced(Event):
    """000, « JOUR 0 »: « Le MJ commence en annonçant les joueurs, la composition des tribus
    (qui est rouge et qui est jaune) »: tribe -> its players."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "kohlanta/facts/tribes.txt"

    tribes: dict[str, list[str]]


folds(TribesAnnounced)(nothing)


@event
@dataclass(frozen=True)
class ChiefElected(Event):
    """000, « JOUR 0 »: « chacune des deux tribus doit élire un chef de tribu »; `drawn`: by a
    recorded draw among the tied (ruling: there is no chief yet to break the tie)."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "kohlanta/facts/chief.txt"

    tribe: str
    name: str
    votes: dict[str, int] = field(default_factory=dict)
    drawn: bool = False
    #: how the chief came: "elected", "named" (by the chief eliminated), "drawn" (he named
    #: nobody in time), "ambassadors" (the merged tribe's)
    how: str = "elected"


@folds(ChiefElected)
def _chief(s: GameState, e: ChiefElected) -> None:
    s.extra.setdefault(CHIEFS, {})[e.tribe] = e.name
    s.reactions = [r for r in s.reactions if r.kind != "successeur"]


@event
@dataclass(frozen=True)
class Eliminated(Event):
    """000: « Quand un joueur est éliminé, le MJ indique son camp et son rôle ». `juror`: out
    after the merge, he votes at the end (« on ne doit donc rien lui révéler de la partie »);
    `necklace`: he held a necklace he did not use, back in play for his tribe."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "kohlanta/facts/eliminated.txt"

    name: str
    camp: str
    role: str
    tribe: str
    juror: bool = False
    necklace: bool = False
    #: "vote", "orientation", "struck" (the MJ's hand)
    cause: str = "vote"


@folds(Eliminated)
def _eliminated(s: GameState, e: Eliminated) -> None:
    p = s.players[e.name]
    p.alive, p.revealed = False, True
    s.quiet = 0
    s.extra.setdefault(OUT, {})[e.name] = e.juror


@tells(Eliminated)
def _tell_eliminated(s: GameState, e: Eliminated, later: Sequence[Event]) -> list[Notice]:
    if not e.juror:
        return []
    return [Notice(e.name, "kohlanta:juror", {"finalists": []})]


@event
@dataclass(frozen=True)
class PhaseResolved(Event):
    """The phase's steps are resolved (the night's results told, the day's council held)."""

    phase: str
    number: int


@folds(PhaseResolved)
def _resolved(s: GameState, e: PhaseResolved) -> None:
    s.resolved, s.plan = True, []
