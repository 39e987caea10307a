"""Alliances of two (000, « NUIT (PHASE EN TRIBUS) »): « Chaque joueur bisounours qui n'est pas
en alliance peut donner un nom d'un joueur de sa tribu. Si le joueur correspondant est un
stratège qui a mis un vote secret sur lui, ou un bisounours qui a donné son nom, alors l'alliance
entre les deux joueurs a lieu (si l'autre joueur n'était pas déjà dans une alliance) »; « Deux
stratèges qui ne sont pas dans une alliance peuvent choisir de s'allier : dans ce cas ils envoient
chacun le nom de l'autre au MJ à la place de faire un vote secret ».

« L'alliance ne peut se rompre que quand un des deux joueurs est éliminé »; « Quand un membre
d'une alliance vote contre son allié, même pour le vote secret des stratèges, ça se transforme
en un vote contre soi » (`counted`). After the merge a bisounours names anyone; in the final
phase « les alliances en cours sont révélées par le MJ puis annulées ». Ruling: naming someone
already allied is taken and fails at the night's end, as any attempt that finds no answer (a
refusal would tell he is allied). 000 names no tribe for the stratèges' alliance: two stratèges
may ally across the tribes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.kohlanta.cards import BISOUNOURS, STRATEGE, camp, final, merged, tribe_of
from lgmail.rules.kohlanta.rulings import refused
from lgmail.rules.orders import Kind, Order
from lgmail.rules.phase_orders import Ordered, Withdrawn, given, givers
from lgmail.rules.role import Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

#: `GameState.extra` key: {"pairs": [[a, b]], "tries": {player: [names]}, "secret": {stratège:
#: [names]}} (the tries and secret votes of every night, for the Feu)
KEY = "alliances"

ALLIANCE = Verb(
    Kind.declare("alliance"),
    (
        "alliance",
        "alliance avec",
        "s allier",
        "s allier avec",
        "m allier avec",
        "m allie avec",
        "ally with",
        "alliance with",
    ),
    1,
    {"fr": "alliance NOM", "en": "alliance NAME (ally)"},
)


def _state(s: GameState) -> dict[str, Any]:
    got: dict[str, Any] = s.extra.setdefault(KEY, {"pairs": [], "tries": {}, "secret": {}})
    return got


def pairs(s: GameState) -> list[list[str]]:
    """The alliances standing: both allies in the game."""
    return [
        list(p) for p in s.extra.get(KEY, {}).get("pairs", []) if all(s.players[n].alive for n in p)
    ]


def ally_of(s: GameState, name: str) -> str | None:
    for a, b in pairs(s):
        if name in (a, b):
            return b if a == name else a
    return None


def counted(s: GameState, voter: str, target: str) -> str:
    """« un vote contre soi » when `voter` votes against his ally."""
    return voter if ally_of(s, voter) == target else target


def may_try(s: GameState, p: Player) -> bool:
    return not final(s) and ally_of(s, p.name) is None and s.phase == "night"


def accept(tx: Tx, player: Player, order: Order) -> None:
    s = tx.state
    if not may_try(s, player):
        raise refused("alliance-when", allied="1" if ally_of(s, player.name) else "")
    target = order.target
    if target == player.name:
        raise refused("alliance-self")
    if camp(player) == STRATEGE:
        if camp(s.players[target]) != STRATEGE:
            raise refused("alliance-strategist", target=target)
        # « à la place de faire un vote secret »
        if given(s, player.name, "vote") is not None:
            tx.emit(Withdrawn(player.name, ["vote"]))
    elif not merged(s) and tribe_of(s, target) != tribe_of(s, player.name):
        raise refused("alliance-tribe", target=target, tribe=tribe_of(s, player.name))
    tx.emit(Ordered(player.name, "alliance", [target], tx.mail))


@event
@dataclass(frozen=True)
class NightRecorded(Event):
    """Tonight's alliance attempts and secret votes, kept for the Feu (« s'il a tenté de nouer
    des alliances pendant les nuits précédentes [...] et envers qui »)."""

    tries: dict[str, str] = field(default_factory=dict)
    secret: dict[str, str] = field(default_factory=dict)


@folds(NightRecorded)
def _recorded(s: GameState, e: NightRecorded) -> None:
    got = _state(s)
    for name, target in e.tries.items():
        got["tries"].setdefault(name, []).append(target)
    for name, target in e.secret.items():
        got["secret"].setdefault(name, []).append(target)


@event
@dataclass(frozen=True)
class Allied(Event):
    """Two players ally at the night's end; `turned`: the stratège whose secret vote was on his
    new ally (« annonçant également aux éventuels stratèges que leur vote secret sera contre
    eux »)."""

    first: str
    second: str
    turned: str = ""


@folds(Allied)
def _allied(s: GameState, e: Allied) -> None:
    _state(s)["pairs"].append([e.first, e.second])


@tells(Allied)
def _tell_allied(s: GameState, e: Allied, later: Sequence[Event]) -> list[Notice]:
    return [
        Notice(me, "kohlanta:allied", {"ally": other, "turned": e.turned == me})
        for me, other in ((e.first, e.second), (e.second, e.first))
    ]


@event
@dataclass(frozen=True)
class AlliancesRevealed(Event):
    """000, « PHASE FINALE »: « les alliances en cours sont révélées par le MJ puis
    annulées »."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "kohlanta/facts/alliances_revealed.txt"

    pairs: list[list[str]] = field(default_factory=list)


@folds(AlliancesRevealed)
def _revealed(s: GameState, e: AlliancesRevealed) -> None:
    _state(s)["pairs"] = []


def resolve_night(tx: Tx) -> None:
    """The night's alliances, after the necklaces (000's « Ordre de résolution »)."""
    s = tx.state
    tries = {n: v[0] for n, v in givers(s, "alliance").items() if s.players[n].alive}
    secret = {
        n: v[0]
        for n, v in givers(s, "vote").items()
        if s.players[n].alive and camp(s.players[n]) == STRATEGE
    }
    tx.emit(NightRecorded(tries, secret))
    taken: set[str] = set()
    for name, target in tries.items():
        if name in taken or target in taken or ally_of(s, name) or ally_of(s, target):
            continue
        if not s.players[target].alive:
            continue
        me, other = s.players[name], s.players[target]
        mutual = tries.get(target) == name
        turned = ""
        if camp(me) == BISOUNOURS and camp(other) == STRATEGE and secret.get(target) == name:
            turned = target
        elif not mutual:
            continue
        taken |= {name, target}
        tx.emit(Allied(name, target, turned))


def finale(tx: Tx) -> None:
    tx.emit(AlliancesRevealed(pairs(tx.state)))
