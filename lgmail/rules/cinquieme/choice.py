"""The powers chosen at the start (000, « Les pouvoirs »): « chaque villageois doit choisir de
manière caché un pouvoir de villageois et un pouvoir universel, et renvoyer leur choix au MJ. Les
loups font pareil avec un pouvoir universel et un pouvoir de loup. Le MJ renvoie alors un MP à
chaque loup pour leur indiquer les membres du camp des loups »; « Le MJ ouvre le forum du J0 avec
[...] la liste des joueurs, puis il indique pour chacun des 5 éléments combien de pouvoirs de cet
élément ont été distribués ». The first step of day 0, « pouvoirs », with its deadline; who has
not chosen by then gets a recorded draw, and is told.

`--option elements_imposes=true`: 000's « Distribution alternative »: « le MJ peut imposer les
éléments à 10 joueurs choisis au hasard [...] aucun d'entre eux ne pouvant avoir la même
combinaison que les neuf autres. Le joueur peut ensuite choisir son pouvoir universel selon l'un
des deux éléments de son choix, l'autre pouvoir étant alors de l'autre élément » (a recorded
draw of the ten players and of their pairs, the ten pairs of two elements: 000 lists nine, the
tenth, FEU-VIE, completes them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from lgmail.rules.cinquieme.cards import ELEMENTS, is_wolf, wolves
from lgmail.rules.cinquieme.power import POWERS, PRO_LOUP, UNIVERSEL, VILLAGE
from lgmail.rules.cinquieme.rulings import refused
from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, nothing, tells
from lgmail.rules.orders import Order
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

STEP = "pouvoirs"


#: `GameState.extra` key: player -> the two elements imposed on him
IMPOSED = "elements-imposes"
PAIRS = [[a, b] for i, a in enumerate(ELEMENTS) for b in ELEMENTS[i + 1 :]]


@event
@dataclass(frozen=True)
class ElementsImposed(Event):
    """« Distribution alternative »: each drawn player's pair of elements."""

    pairs: dict[str, list[str]] = field(default_factory=dict)


@folds(ElementsImposed)
def _imposed(s: GameState, e: ElementsImposed) -> None:
    s.extra[IMPOSED] = {n: list(pair) for n, pair in e.pairs.items()}


def impose(tx: Tx) -> None:
    """As day 0 rises, with the option: ten players drawn, a pair each."""
    s = tx.state
    if not s.options.get("elements_imposes"):
        return
    chosen = tx.draw("elements-joueurs", list(s.players), min(10, len(s.players)))
    pairs = tx.draw("elements-paires", ["-".join(p) for p in PAIRS], len(PAIRS))
    tx.emit(ElementsImposed({n: pairs[i].split("-") for i, n in enumerate(chosen)}))


def imposed(s: GameState, name: str) -> list[str]:
    return list(s.extra.get(IMPOSED, {}).get(name, []))


def categories(p: Player) -> tuple[str, str]:
    return (UNIVERSEL, PRO_LOUP) if is_wolf(p) else (VILLAGE, UNIVERSEL)


@event
@dataclass(frozen=True)
class PowersChosen(Event):
    """`player`'s two powers; `drawn` when he chose none in time."""

    player: str
    powers: list[str]
    drawn: bool = False


@folds(PowersChosen)
def _chosen(s: GameState, e: PowersChosen) -> None:
    s.players[e.player].powers = list(e.powers)


@tells(PowersChosen)
def _tell_drawn(s: GameState, e: PowersChosen, later: Sequence[Event]) -> list[Notice]:
    return [Notice(e.player, "cinquieme:drawn", {"powers": list(e.powers)})] if e.drawn else []


def accept(tx: Tx, player: Player, order: Order) -> None:
    s = tx.state
    if s.step is None or s.step.name != STEP:
        raise refused("choice-closed")
    wanted = categories(player)
    chosen = list(dict.fromkeys(order.args))
    got = sorted(POWERS[c].category for c in chosen)
    if len(chosen) != 2 or got != sorted(wanted):
        raise refused("choice-pair", camp="loup" if is_wolf(player) else "villageois")
    pair = imposed(s, player.name)
    if pair and sorted(POWERS[c].element for c in chosen) != sorted(pair):
        raise refused("choice-elements", elements=" et ".join(pair))
    by_category = {POWERS[c].category: c for c in chosen}
    tx.emit(PowersChosen(player.name, [by_category[c] for c in wanted]))


@event
@dataclass(frozen=True)
class PowersCounted(Event):
    """The opening post: the players, and how many powers of each element were chosen."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "cinquieme/facts/powers_counted.txt"

    players: list[str] = field(default_factory=list)
    elements: dict[str, int] = field(default_factory=dict)


folds(PowersCounted)(nothing)


@event
@dataclass(frozen=True)
class WolvesTold(Event):
    """« Le MJ renvoie alors un MP à chaque loup pour leur indiquer les membres du camp des
    loups »."""

    wolves: list[str] = field(default_factory=list)


folds(WolvesTold)(nothing)


@tells(WolvesTold)
def _tell_wolves(s: GameState, e: WolvesTold, later: Sequence[Event]) -> list[Notice]:
    return [Notice(w, "cinquieme:wolves", {"wolves": list(e.wolves)}) for w in e.wolves]


def close(tx: Tx) -> None:
    s = tx.state
    for p in s.players.values():
        if p.powers:
            continue
        pair = imposed(s, p.name)
        elements = ["", ""]
        if pair:
            first = tx.draw(f"elements-{p.name}", pair)[0]
            elements = [first, next(e for e in pair if e != first)]
            if categories(p)[0] != UNIVERSEL:
                elements.reverse()  # the universal power takes the element drawn first
        picked = [
            tx.draw(
                f"pouvoir-{p.name}-{c}",
                [
                    x
                    for x, o in POWERS.items()
                    if o.category == c and (not pair or o.element == elements[i])
                ],
            )[0]
            for i, c in enumerate(categories(p))
        ]
        tx.emit(PowersChosen(p.name, picked, drawn=True))
    counts = {e: 0 for e in ELEMENTS}
    for p in s.players.values():
        for slug in p.powers:
            counts[POWERS[slug].element] += 1
    tx.emit(PowersCounted(list(s.players), counts))
    tx.emit(WolvesTold(wolves(s, alive=False)))


def pending(s: GameState, p: Player) -> bool:
    return not p.powers
