"""Voldemort (001): « Au début de la partie, choisit cinq joueurs différents. Les maisons de ces
joueurs reçoivent un objet "horcruxe". Tant qu'au moins un de ces horcruxes est présent, le
Voldemort ne peut être tué d'aucune façon. Quand une maison avec un objet "horcruxe" est
visitée, le visiteur est prévenu de l'existence de l'objet. Il peut alors choisir de détruire,
laisser ou emporter l'objet dans sa maison à la fin de son action directe. Si le visiteur est
tué avant la fin de son action directe, il ne peut pas emporter l'objet avec lui et sera
considéré comme "laissé". Une maison sans propriétaire vivant a tous ses horcruxes détruits.
Quand tous les horcruxes d'un joueur sont détruits, le Voldemort en question meurt
immédiatement. »

He writes « horcruxes A, B, C, D, E » in the first phase's step « choix »; not chosen by its
end: five players drawn (recorded). Pyromane: « Tout horcruxe [...] dans la maison est brûlé ».

Rulings where 001 is silent or a mail cannot be instant:
- « le visiteur est prévenu »: a direct action that entered a house holding horcruxes (the
  pack's kill, a Planqué's hiding, an Assassin's visit...) tells its author at dawn; he answers
  during the day that follows, « détruire l'horcruxe », « emporter l'horcruxe » (into the house
  he lives in) or « laisser l'horcruxe »; no answer by nightfall: left. His choice applies to
  every horcrux he found there;
- a visitor who dies that night was « tué avant la fin de son action directe »: left, not told;
- each Voldemort has his own five (« Quand tous les horcruxes d'un joueur sont détruits, le
  Voldemort en question meurt »: a deal may hold several); a visitor's choice applies to every
  horcrux he found in the house, whoever's;
- he may choose his own house among the five; he is told nothing when a horcrux is destroyed;
- destroyed by a fire at night, the last horcrux makes him one of the night's victims (he dies
  at dawn with them); destroyed by day or as a house is left without a living owner, he dies at
  once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import SEAT, Notice, folds, tells
from lgmail.rules.maisons import deaths
from lgmail.rules.maisons.acting import refused
from lgmail.rules.maisons.night import AFTER_ACTIONS, NightRun
from lgmail.rules.maisons.role import Choice, MaisonRole, chooses, handles, holds, role
from lgmail.rules.maisons.roles import pyromane
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refusal, Refused
from lgmail.rules.role import MANY, Said, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

PLACER = Verb(
    Kind.declare("horcruxes"),
    ("horcruxes", "horcrux"),
    MANY,
    {"fr": "horcruxes A, B, C, D, E", "en": "horcruxes A, B, C, D, E (five players)"},
)

ROLE = role(
    MaisonRole(
        slug="voldemort",
        names={"fr": "Voldemort", "en": "Voldemort"},
        family="auto-protection",
        help={
            "fr": "Au début de la partie : « horcruxes A, B, C, D, E » : un horcruxe dans la "
            "maison de chacun de ces cinq joueurs. Tant qu'il en reste un, rien ne vous tue ; "
            "le dernier détruit, vous mourez.",
            "en": 'At the start of the game: "horcruxes A, B, C, D, E": a horcrux in the house '
            "of each of these five players. While one is left nothing kills you; when the last "
            "is destroyed, you die.",
        },
    )
)

#: the decisions of a visitor, by the words that give them
DECISIONS = {
    "detruire": "detruire",
    "detruis": "detruire",
    "destroy": "detruire",
    "emporter": "emporter",
    "emporte": "emporter",
    "carry": "emporter",
    "laisser": "laisser",
    "laisse": "laisser",
    "leave": "laisser",
}


def _decision(said: Said) -> Order | Refusal:
    return Order(DECIDER.kind, args=(DECISIONS[said.folded[0]],))


DECIDER = Verb(
    Kind.declare("horcruxe"),
    tuple(DECISIONS),
    0,
    {
        "fr": "détruire l'horcruxe, emporter l'horcruxe ou laisser l'horcruxe",
        "en": "détruire l'horcruxe (destroy), emporter l'horcruxe (carry) or laisser "
        "l'horcruxe (leave)",
    },
    read=_decision,
    bare=True,
)

#: `GameState.extra` keys: voldemort -> {house: his horcruxes in it}; visitor -> what he found
#: last night
HORCRUXES, FOUND = "horcruxes", "horcruxes-trouves"
CAUSE = "horcruxes"


@event
@dataclass(frozen=True)
class HorcruxesPlaced(Event):
    """`voldemort` chose the five players whose houses get a horcrux each."""

    voldemort: str
    houses: list[str] = field(default_factory=list)


@event
@dataclass(frozen=True)
class HorcruxFound(Event):
    """`visitor`'s direct action tonight entered `house`, where `count` horcruxes are."""

    visitor: str
    house: str
    count: int
    night: int


@event
@dataclass(frozen=True)
class HorcruxesMoved(Event):
    """`count` of `voldemort`'s horcruxes in `house` were destroyed (`to` None) or carried to
    house `to` (a visitor who leaves them: `count` 0); `by`: the visitor who chose, the
    Pyromane who burnt the house, or "" (no living owner)."""

    voldemort: str
    house: str
    count: int
    to: str | None
    by: str


@folds(HorcruxesPlaced)
def _placed(s: GameState, e: HorcruxesPlaced) -> None:
    s.extra.setdefault(HORCRUXES, {})[e.voldemort] = {h: 1 for h in e.houses}


@folds(HorcruxFound)
def _found(s: GameState, e: HorcruxFound) -> None:
    s.extra.setdefault(FOUND, {})[e.visitor] = {"house": e.house, "night": e.night}


@folds(HorcruxesMoved)
def _moved(s: GameState, e: HorcruxesMoved) -> None:
    held = s.extra.setdefault(HORCRUXES, {}).setdefault(e.voldemort, {})
    held[e.house] = max(0, held.get(e.house, 0) - e.count)
    if e.to is not None:
        held[e.to] = held.get(e.to, 0) + e.count
    s.extra[HORCRUXES][e.voldemort] = {h: n for h, n in held.items() if n}
    if e.by in s.extra.get(FOUND, {}):
        del s.extra[FOUND][e.by]


@tells(HorcruxesPlaced)
def _tell_placed(s: GameState, e: HorcruxesPlaced, later: Sequence[Event]) -> list[Notice]:
    return [Notice(e.voldemort, "maisons:voldemort:placed", {"houses": e.houses})]


@tells(HorcruxFound)
def _tell_found(s: GameState, e: HorcruxFound, later: Sequence[Event]) -> list[Notice]:
    return [Notice(e.visitor, "maisons:voldemort:found", {"house": e.house, "count": e.count})]


def left(s: GameState, voldemort: str) -> int:
    """`voldemort`'s horcruxes left."""
    return sum(int(n) for n in s.extra.get(HORCRUXES, {}).get(voldemort, {}).values())


def in_house(s: GameState, house: str) -> dict[str, int]:
    """voldemort -> his horcruxes in `house`."""
    held = s.extra.get(HORCRUXES, {})
    return {v: int(h[house]) for v, h in sorted(held.items()) if h.get(house)}


def _undone(s: GameState) -> list[str]:
    """The living Voldemorts whose horcruxes are all destroyed."""
    held = s.extra.get(HORCRUXES, {})
    return [
        p.name
        for p in s.living()
        if holds(s, p, ROLE.slug) and p.name in held and left(s, p.name) == 0
    ]


# --- the choice -----------------------------------------------------------------------------


def _made(s: GameState, player: Player) -> bool:
    return player.name in s.extra.get(HORCRUXES, {})


def _take(tx: Tx, player: Player, order: Order) -> None:
    if len(set(order.targets)) != 5:
        raise refused("horcruxes-five")
    tx.emit(HorcruxesPlaced(player.name, list(order.targets)))


def _draw(tx: Tx, player: Player) -> None:
    houses = tx.draw(f"horcruxes:{player.name}", sorted(p.name for p in tx.state.living()), 5)
    tx.emit(HorcruxesPlaced(player.name, sorted(houses)))


chooses(Choice(ROLE.slug, PLACER, _made, _take, _draw))


# --- Voldemort does not die while one is left -----------------------------------------------


def _spared(s: GameState, name: str) -> bool:
    return left(s, name) > 0 and holds(s, s.players[name], ROLE.slug)


deaths.SPARED.append(_spared)


def _last_gone(tx: Tx) -> None:
    """« Quand tous les horcruxes d'un joueur sont détruits, le Voldemort [...] meurt
    immédiatement. »"""
    undone = _undone(tx.state)
    if undone:
        deaths.kill(tx, [(v, CAUSE) for v in undone])


def _ownerless(tx: Tx) -> None:
    """« Une maison sans propriétaire vivant a tous ses horcruxes détruits. »"""
    s = tx.state
    owned = {p.house or p.name for p in s.living()}
    for voldemort, held in sorted(s.extra.get(HORCRUXES, {}).items()):
        for house, count in sorted(held.items()):
            if house not in owned:
                tx.emit(HorcruxesMoved(voldemort, house, int(count), None, ""))
    _last_gone(tx)


deaths.AFTER_DEATHS.append(_ownerless)


# --- the night: fire and visits -------------------------------------------------------------


def _burn(run: NightRun, house: str, by: str) -> None:
    """Pyromane: « Tout horcruxe [...] dans la maison est brûlé »."""
    for voldemort, count in in_house(run.state, house).items():
        run.tx.emit(HorcruxesMoved(voldemort, house, count, None, by))
    for voldemort in _undone(run.state):
        run.attack(voldemort, CAUSE, by)


pyromane.BURNS.append(_burn)


def _visited(run: NightRun) -> None:
    """« le visiteur est prévenu de l'existence de l'objet » (the night's dead are not)."""
    dying = {victim for victim, _, _ in run.attacked}
    told: set[tuple[str, str]] = set()
    for visitor, house in run.visits:
        count = sum(in_house(run.state, house).values())
        if count and visitor not in dying and (visitor, house) not in told:
            told.add((visitor, house))
            run.tx.emit(HorcruxFound(visitor, house, count, run.state.number))


AFTER_ACTIONS.append(_visited)


# --- the visitor's choice -------------------------------------------------------------------


@handles(DECIDER)
def _decide(tx: Tx, player: Player, order: Order) -> None:
    s = tx.state
    found = s.extra.get(FOUND, {}).get(player.name)
    if not found or s.phase != "day" or found["night"] != s.number:
        raise Refused(Cause.NOTHING_TO_DO)
    house = str(found["house"])
    there = in_house(s, house)
    if not there:
        raise refused("horcrux-gone")
    decision = order.args[0]
    to = (player.house or player.name) if decision == "emporter" else None
    for voldemort, count in there.items():
        if decision == "laisser" or to == house:
            tx.emit(HorcruxesMoved(voldemort, house, 0, house, player.name))
        else:
            tx.emit(HorcruxesMoved(voldemort, house, count, to, player.name))
    _last_gone(tx)


def _seat(s: GameState, name: str, viewer: str | None) -> dict[str, Any]:
    """The MJ's view of a Voldemort's seat: where his horcruxes lie (house -> how many)."""
    held = s.extra.get(HORCRUXES, {}).get(name)
    if viewer is not None or not held:
        return {}
    return {"horcruxes": {house: n for house, n in held.items() if n}}


SEAT.append(_seat)
