"""Loup Garou, the nature (001, « Gestion de la nuit »): the pack sends one victim and the order
in which its wolves go out.

« Ils envoient ensuite un MP au MJ indiquant leur victime du jour, ainsi que l'ordre dans lequel
les Loups Garous sortent pour effectuer l'action directe de tuer le pauvre élu » (« tuer NOM :
Kiwi ==> LeLoqueteux ==> Oz7 »); « Kiwi sort le premier, s'il est autorisé à faire une action
directe. S'il ne peut pas, c'est au tour de LeLoqueteux »; « si aucun Loup Garou n'est sur la
liste, aucun meurtre n'a lieu »; « Si le MJ reçoit plusieurs MPs indiquant les actions des Loups
Garous, le premier MP envoyé sera pris en compte seulement. » « l'action des Loups Garous de tuer
un innocent compte comme une action directe. »

Rulings: « tuer NOM » alone puts its author alone on the list; a wolf « autorisé à faire une
action directe » is one alive, who gave no direct action of his own that night and is not held
in his house (Salbatar); the victim may not be a Loup Garou (« tuer un innocent »).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.maisons.acting import is_direct, refused
from lgmail.rules.maisons.events import PACK, pack_order, phase_key, plans
from lgmail.rules.maisons.night import NightRun, Plan, resolves
from lgmail.rules.orders import Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux.roles import loup_garou
from lgmail.rules.tx import Tx

NATURE = "loup-garou"
CAUSE = "loups"


@event
@dataclass(frozen=True)
class PackOrdered(Event):
    """The night's victim and the wolves who go out, in order; `by`: the wolf who wrote it."""

    victim: str
    wolves: list[str] = field(default_factory=list)
    by: str = ""


@event
@dataclass(frozen=True)
class PackWentOut(Event):
    """Which wolf went out to kill (None: none could)."""

    wolf: str | None
    victim: str


@folds(PackOrdered)
def _ordered(s: GameState, e: PackOrdered) -> None:
    s.extra[PACK] = {"at": phase_key(s), "victim": e.victim, "wolves": list(e.wolves), "by": e.by}
    s.players[e.by].acted.add(phase_key(s))


@folds(PackWentOut)
def _went(s: GameState, e: PackWentOut) -> None:
    """Nothing changes: the pack is told."""


@tells(PackOrdered)
def _tell_ordered(s: GameState, e: PackOrdered, later: Sequence[Event]) -> list[Notice]:
    ctx = {"victim": e.victim, "wolves": e.wolves, "by": e.by}
    return [Notice(w, "maisons:loup-garou:ordered", ctx) for w in pack(s) if w != e.by]


@tells(PackWentOut)
def _tell_went(s: GameState, e: PackWentOut, later: Sequence[Event]) -> list[Notice]:
    ctx = {"wolf": e.wolf, "victim": e.victim}
    return [Notice(w, "maisons:loup-garou:went", ctx) for w in pack(s)]


def pack(s: GameState) -> list[str]:
    """The living Loups Garous."""
    return [p.name for p in s.living() if p.nature == NATURE]


def accept(tx: Tx, wolf: Player, order: Order) -> None:
    """The pack's order of the night; the first one counts."""
    s = tx.state
    if wolf.nature != NATURE:
        raise Refused(Cause.NOT_YOUR_ROLE, kind=order.kind.value)
    if s.phase != "night":
        raise Refused(Cause.NOT_NOW, when="night")
    if pack_order(s) is not None:
        raise refused("pack-given")
    victim = s.players[order.target]
    if not victim.alive:
        raise Refused(Cause.ILLEGAL_TARGET, target=victim.name, why="dead")
    if victim.nature == NATURE:
        raise Refused(Cause.ILLEGAL_TARGET, target=victim.name, why="wolf")
    wolves = list(dict.fromkeys(order.args or (wolf.name,)))
    for name in wolves:
        if name not in s.players or s.players[name].nature != NATURE:
            raise refused("not-pack", name=name)
    tx.emit(PackOrdered(victim.name, wolves, wolf.name))


def may_go(run: NightRun, wolf: str) -> bool:
    """« s'il est autorisé à faire une action directe »."""
    s = run.state
    if not s.players[wolf].alive or run.where.get(wolf) in run.held_in:
        return False
    mine = plans(s).get(wolf, [])
    return not any(is_direct(str(p["role"]), str(p["kind"])) for p in mine)


@resolves(NATURE)
def _kill(run: NightRun, _: Plan) -> None:
    held = pack_order(run.state)
    if held is None:
        return
    victim = str(held["victim"])
    wolves = [str(w) for w in held["wolves"]]  # type: ignore[attr-defined]
    goes = next((w for w in wolves if may_go(run, w)), None)
    run.tx.emit(PackWentOut(goes, victim))
    if goes is None:
        return
    house = run.house_of(victim)
    plan = Plan(goes, NATURE, loup_garou.TUER.kind, [victim])
    if run.enter(plan, house) and victim in run.inside(house):
        run.attack(victim, CAUSE, goes)
