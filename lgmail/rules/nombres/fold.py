"""How 002's own events change the state: they live in `GameState.extra` (plain data, so the
projection dumps and replays like the rest). The keys are read through `memory`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lgmail.rules import events as ev
from lgmail.rules.hooks import folds
from lgmail.rules.nombres import memory
from lgmail.rules.nombres.events import (
    AbsenceExcused,
    JackpotShared,
    LotteryDrawn,
    LotteryTicket,
    MurmurPublished,
    MurmurVoided,
    MurmurWritten,
    PadAnnounced,
    PadResolved,
    PadWithdrawn,
    PlayersMarked,
    TestamentWritten,
)
from lgmail.rules.state import GameState


def _acted(s: GameState, player: str) -> None:
    """Any order counts as presence (002's absences)."""
    s.players[player].acted.add(f"{s.phase} {s.number}")


def _marked(s: GameState, e: PlayersMarked) -> None:
    s.marks.append(list(e.names))


def _testament(s: GameState, e: TestamentWritten) -> None:
    s.extra.setdefault("testaments", {})[e.captain] = list(e.heirs)
    _acted(s, e.captain)


def _pad(s: GameState, e: PadAnnounced) -> None:
    s.extra["pad"] = [e.wolf, e.target, e.role]
    _acted(s, e.wolf)


def _pad_withdrawn(s: GameState, e: PadWithdrawn) -> None:
    s.extra["pad"] = None
    if e.reason == "withdrawn":
        _acted(s, e.wolf)


def _pad_resolved(s: GameState, e: PadResolved) -> None:
    s.extra["pad"] = None
    s.extra["pad_spent"] = True


def _excused(s: GameState, e: AbsenceExcused) -> None:
    days = s.extra.setdefault("excused", {}).setdefault(e.player, [])
    if e.day not in days:
        days.append(e.day)
    _acted(s, e.player)


def _ticket(s: GameState, e: LotteryTicket) -> None:
    s.extra.setdefault("tickets", {})[e.player] = list(e.numbers)
    _acted(s, e.player)


def _drawn(s: GameState, e: LotteryDrawn) -> None:
    s.extra.setdefault("draws", []).append(list(e.numbers))
    earned = s.extra.setdefault("earned", {})
    for name in e.winners:
        earned[name] = earned.get(name, 0) + 1
    unlimited = s.extra.setdefault("unlimited", [])
    unlimited += [n for n in e.jackpot if n not in unlimited]
    jackpots = s.extra.setdefault("jackpots", [])
    jackpots += [n for n in e.jackpot if n not in jackpots]


def _shared(s: GameState, e: JackpotShared) -> None:
    shared = s.extra.setdefault("shared", {}).setdefault(e.winner, [])
    shared += [n for n in e.players if n not in shared]
    unlimited = s.extra.setdefault("unlimited", [])
    unlimited += [n for n in e.players if n not in unlimited]
    _acted(s, e.winner)


def _murmur(s: GameState, e: MurmurWritten) -> None:
    """The murmur, with the limit of the night as it was written (dawn's deaths change it)."""
    limit = memory.murmur_limit(s, e.night)
    s.extra.setdefault("tonight", {})[e.player] = [e.night, e.text, e.words, limit]
    _acted(s, e.player)


def _spent(s: GameState, player: str) -> None:
    s.extra.get("tonight", {}).pop(player, None)
    used = s.extra.setdefault("used", {})
    used[player] = used.get(player, 0) + 1


def _published(s: GameState, e: MurmurPublished) -> None:
    _spent(s, e.player)


def _voided(s: GameState, e: MurmurVoided) -> None:
    _spent(s, e.player)


APPLY: dict[type[ev.Event], Callable[[GameState, Any], None]] = {
    PlayersMarked: _marked,
    TestamentWritten: _testament,
    PadAnnounced: _pad,
    PadWithdrawn: _pad_withdrawn,
    PadResolved: _pad_resolved,
    AbsenceExcused: _excused,
    LotteryTicket: _ticket,
    LotteryDrawn: _drawn,
    JackpotShared: _shared,
    MurmurWritten: _murmur,
    MurmurPublished: _published,
    MurmurVoided: _voided,
}

for _cls, _fold in APPLY.items():
    folds(_cls)(_fold)
