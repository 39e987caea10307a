"""Chamane (001): « Une fois par partie, pendant la journée, peut activer son pouvoir. Pendant
toute la journée, tous les joueurs peuvent discuter entre eux par MP direct, autant de fois
qu'ils veulent. Action unique »

He writes « chamaniser » by day; everyone is told at once (`Trance`, public; who gave it is not
said), and until the day's end every living player may write to any other (« écrire à NOM »,
right « chamane »), signed, as often as he likes, each MP answerable.

Ruling: « toute la journée » is the rest of the day from his mail (its start is gone by mail);
the MPs still go through the MJ (`mp`), so the Museleur's gag holds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds
from lgmail.rules.maisons.acting import refused
from lgmail.rules.maisons.events import UseSpent
from lgmail.rules.maisons.mp import Right, right
from lgmail.rules.maisons.role import NOBODY, Action, MaisonRole, on_accept, outside_all, role
from lgmail.rules.orders import Kind, Order
from lgmail.rules.role import Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

CHAMANISER = Verb(
    Kind.declare("chamaniser"),
    ("chamaniser", "transe", "trance"),
    0,
    {"fr": "chamaniser", "en": "chamaniser (everyone may write to anyone today)"},
    bare=True,
)

ROLE = role(
    MaisonRole(
        slug="chamane",
        names={"fr": "Chamane", "en": "Shaman"},
        family="manipulation des MPs",
        help={
            "fr": "Une fois par partie, le jour : « chamaniser » : jusqu'à la fin de la "
            "journée, tous les joueurs peuvent s'écrire en privé autant qu'ils veulent.",
            "en": 'Once a game, by day: "chamaniser": until the day\'s end, every player may '
            "write privately to anyone, as often as he likes.",
        },
        actions=(Action(CHAMANISER, direct=False, uses=1, when="jour", aims=NOBODY),),
    )
)

#: `GameState.extra` key: the day of the last trance
TRANCES = "transe"


@event
@dataclass(frozen=True)
class Trance(Event):
    """A Chamane's day `day`: everyone may write to anyone until its end."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "maisons/chamane/trance.txt"
    HIDDEN: ClassVar[tuple[str, ...]] = ("chamane",)

    chamane: str
    day: int


@folds(Trance)
def _trance(s: GameState, e: Trance) -> None:
    s.extra[TRANCES] = e.day


@on_accept(ROLE.slug)
def _activate(tx: Tx, player: Player, order: Order) -> None:
    tx.emit(UseSpent(player.name, ROLE.slug))
    tx.emit(Trance(player.name, tx.state.number))


def _holds(s: GameState, player: Player) -> bool:
    """« tous les joueurs » (not the Exclu)."""
    today = s.phase == "day" and s.extra.get(TRANCES) == s.number
    return player.alive and today and not outside_all(s, player)


def _free(s: GameState, sender: Player, recipient: str) -> None:
    """« autant de fois qu'ils veulent », that day (an answer included), not the Exclu."""
    if not _holds(s, sender):
        raise refused("mp-none")


right(Right(ROLE.slug, _holds, _free, lambda s, p: p.name, replies=True))
