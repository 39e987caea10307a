"""Araignée (001): « Pendant la journée, peut choisir deux joueurs. Ces joueurs peuvent
s'échanger deux MP chacun. Action quotidienne. »

She writes « tisser NOM et NOM » by day; the two are told at once that they may write to each
other today, two MPs each (`mp`, right « araignée »: « araignée : à NOM » where another right
could carry it), signed with their names, each answerable.

Rulings: the web holds until the day's end; she may tie herself to another; an MP of the web
may be a reply to the other's (it counts among the two)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.maisons.acting import refused
from lgmail.rules.maisons.events import plans
from lgmail.rules.maisons.mp import Right, right, sent_today
from lgmail.rules.maisons.role import PLAYER, Action, MaisonRole, holds, on_accept, role
from lgmail.rules.orders import Kind, Order
from lgmail.rules.role import Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

TISSER = Verb(
    Kind.declare("tisser"),
    ("tisser", "tisse", "relier", "relie", "weave"),
    2,
    {"fr": "tisser NOM et NOM", "en": "tisser NAME et NAME (weave)"},
)

ROLE = role(
    MaisonRole(
        slug="araignee",
        names={"fr": "Araignée", "en": "Spider"},
        family="manipulation des MPs",
        help={
            "fr": "Chaque jour : « tisser NOM et NOM » : ces deux joueurs peuvent s'échanger "
            "deux MP chacun aujourd'hui.",
            "en": 'Each day: "tisser NAME et NAME" (weave): these two players may exchange two '
            "private messages each today.",
        },
        actions=(Action(TISSER, direct=False, uses=None, when="jour", aims=PLAYER),),
    )
)

#: MPs each of the two may send the other
EACH = 2


@event
@dataclass(frozen=True)
class Woven(Event):
    """`first` and `second` may exchange MPs today (an Araignée's web; she is not named)."""

    first: str
    second: str


@folds(Woven)
def _woven(s: GameState, e: Woven) -> None:
    """Nothing changes: the web is read from today's plans."""


@tells(Woven)
def _tell(s: GameState, e: Woven, later: Sequence[Event]) -> list[Notice]:
    return [
        Notice(a, "maisons:araignee:woven", {"other": b, "each": EACH})
        for a, b in ((e.first, e.second), (e.second, e.first))
        if a != b
    ]


@on_accept(ROLE.slug)
def _weave(tx: Tx, player: Player, order: Order) -> None:
    first, second = order.targets
    if first == second:
        raise refused("araignee-two")
    tx.emit(Woven(first, second))


def webs(s: GameState, name: str) -> set[str]:
    """Whom `name` is tied to today by a living Araignée's web."""
    out: set[str] = set()
    if s.phase != "day":
        return out
    for spider, given in plans(s).items():
        if not holds(s, s.players[spider], ROLE.slug):
            continue
        for p in given:
            if p["role"] == ROLE.slug and name in p["targets"]:
                out |= {str(t) for t in p["targets"] if t != name}
    return out


def _holds(s: GameState, player: Player) -> bool:
    return bool(webs(s, player.name))


def _check(s: GameState, sender: Player, recipient: str) -> None:
    if recipient not in webs(s, sender.name):
        raise refused("araignee-not-tied", target=recipient)
    if sent_today(s, ROLE.slug, sender.name).count(recipient) >= EACH:
        raise refused("mp-count", count=str(EACH))


def _signed(s: GameState, sender: Player) -> str | None:
    return sender.name


right(Right(ROLE.slug, _holds, _check, _signed, replies=True))
