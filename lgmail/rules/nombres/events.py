"""002's own events (Les Nombres, 002_9504e6e276dc5f60.txt): the marks, the testament, the
pack's PAD, the lottery, absences excused in advance, the murmurs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from lgmail.rules.events import Event, OrderAccepted, event
from lgmail.rules.hooks import Notice, tells
from lgmail.rules.state import GameState


@event
@dataclass(frozen=True)
class PlayersMarked(Event):
    """Tied at a vote: no death, and the tied are marked (002: "condamnées à écrire en violet
    jusqu'à ce que l'un d'entre eux meure")."""

    PUBLIC: ClassVar[bool] = True

    names: list[str]


@event
@dataclass(frozen=True)
class TestamentWritten(Event):
    """The captain's successors in order, four at most (002: "un testament")."""

    captain: str
    heirs: list[str]


@event
@dataclass(frozen=True)
class PadAnnounced(Event):
    """A wolf guesses `target`'s role with the pack's one PAD (002); it counts at dawn."""

    wolf: str
    target: str
    role: str


@event
@dataclass(frozen=True)
class PadWithdrawn(Event):
    """The announced PAD is off: `reason` "withdrawn" (its author took it back) or "void"
    (at dawn it could no longer be used); the pack keeps it."""

    wolf: str
    reason: str


@event
@dataclass(frozen=True)
class PadResolved(Event):
    """The PAD is spent at dawn: right, the target dies with no power triggered; wrong, the
    guessing wolf dies (002)."""

    wolf: str
    target: str
    role: str
    right: bool


@event
@dataclass(frozen=True)
class AbsenceExcused(Event):
    """A player excused in advance for debate day `day` and the night after it (002)."""

    player: str
    day: int


@event
@dataclass(frozen=True)
class LotteryTicket(Event):
    """A player's 20 numbers between 1 and 200, given on the election day (002)."""

    player: str
    numbers: list[int]


@event
@dataclass(frozen=True)
class LotteryDrawn(Event):
    """The dawn of day `day`'s draw (the numbers come from the RandomDrawn just before):
    `winners` earn a murmur, `jackpot` had all 20 right (002)."""

    PUBLIC: ClassVar[bool] = True
    HIDDEN: ClassVar[tuple[str, ...]] = ("winners", "jackpot")

    day: int
    numbers: list[int]
    winners: list[str]
    jackpot: list[str]


@event
@dataclass(frozen=True)
class JackpotShared(Event):
    """The jackpot's winner shares unlimited murmurs with two players of his choice (002)."""

    winner: str
    players: list[str]


@event
@dataclass(frozen=True)
class MurmurWritten(Event):
    """A murmur for tonight (`words` as counted against the limit); it replaces an earlier one
    of the same night."""

    player: str
    night: int
    text: str
    words: int


@event
@dataclass(frozen=True)
class MurmurPublished(Event):
    """Dawn: a murmur whose author survived the night appears (002), without its author."""

    PUBLIC: ClassVar[bool] = True
    HIDDEN: ClassVar[tuple[str, ...]] = ("player",)

    player: str
    night: int
    text: str


@event
@dataclass(frozen=True)
class MurmurVoided(Event):
    """The MJ voids a player's murmur of the night before it appears (002: "remplacé par des
    0"); the murmur is spent."""

    player: str
    night: int


@tells(LotteryDrawn)
def _tell_drawn(s: GameState, e: LotteryDrawn, later: Sequence[Event]) -> list[Notice]:
    """Each winner learns he holds a murmur (and whether he won the jackpot)."""
    return [Notice(w, "player:murmur", {"jackpot": w in e.jackpot}) for w in e.winners]


def _den(s: GameState, wolf: str, ctx: dict[str, Any]) -> list[Notice]:
    """002: the wolves vote and use their PAD in the den, where the pack reads them (option
    `den_votes`): each wolf's vote and PAD is told to the other living wolves."""
    from lgmail.rules.thiercelieux.base import (
        channels,  # the base game's channels read the roles' catalogue
    )

    if s.variant != "nombres" or not s.options.get("den_votes"):
        return []
    pack = channels.readers(s, channels.MEUTE)
    if wolf not in pack:
        return []
    return [
        Notice(n, "player:den", {"wolf": wolf, **ctx}, channel=channels.MEUTE, author=wolf)
        for n in pack
        if n != wolf
    ]


@tells(OrderAccepted)
def _tell_den_vote(s: GameState, e: OrderAccepted, later: Sequence[Event]) -> list[Notice]:
    if e.step != "loups" or e.kind not in ("tuer", "rien"):
        return []
    return _den(s, e.player, {"kind": e.kind, "target": (e.targets or [""])[0]})


@tells(PadAnnounced)
def _tell_den_pad(s: GameState, e: PadAnnounced, later: Sequence[Event]) -> list[Notice]:
    return _den(s, e.wolf, {"kind": "pad", "target": e.target, "role": e.role})


@tells(PadWithdrawn)
def _tell_den_withdrawn(s: GameState, e: PadWithdrawn, later: Sequence[Event]) -> list[Notice]:
    return _den(s, e.wolf, {"kind": "retirer"}) if e.reason == "withdrawn" else []
