"""Star (001): « Une fois par partie, pendant la journée, la star peut organiser un concert.
Tous les joueurs ne peuvent plus poster de message sur le topic pendant le reste de la journée.
Action unique. »

She writes « concert » by day: from then on, nobody posts on the square until the day's end
(`square.POSTING`); everyone is told at once (`Concert`, public; who gave it is not said)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds
from lgmail.rules.maisons.acting import refused
from lgmail.rules.maisons.events import UseSpent
from lgmail.rules.maisons.role import NOBODY, Action, MaisonRole, on_accept, outside_all, role
from lgmail.rules.maisons.square import POSTING
from lgmail.rules.orders import Kind, Order
from lgmail.rules.role import Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

CONCERT = Verb(
    Kind.declare("concert"),
    ("concert", "chanter", "sing"),
    0,
    {"fr": "concert", "en": "concert (nobody posts on the square for the rest of the day)"},
    bare=True,
)

ROLE = role(
    MaisonRole(
        slug="star",
        names={"fr": "Star", "en": "Star"},
        family="manipulation des messages",
        help={
            "fr": "Une fois par partie, le jour : « concert » : plus personne ne poste sur la "
            "place jusqu'à la fin de la journée.",
            "en": 'Once a game, by day: "concert": nobody posts on the square for the rest of '
            "the day.",
        },
        actions=(Action(CONCERT, direct=False, uses=1, when="jour", aims=NOBODY),),
    )
)

#: `GameState.extra` key: the day of the last concert
CONCERTS = "concert"


@event
@dataclass(frozen=True)
class Concert(Event):
    """A Star's concert on day `day`: nobody posts on the square for the rest of it."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "maisons/star/concert.txt"
    HIDDEN: ClassVar[tuple[str, ...]] = ("star",)

    star: str
    day: int


@folds(Concert)
def _concert(s: GameState, e: Concert) -> None:
    s.extra[CONCERTS] = e.day


@on_accept(ROLE.slug)
def _sing(tx: Tx, player: Player, order: Order) -> None:
    tx.emit(UseSpent(player.name, ROLE.slug))
    tx.emit(Concert(player.name, tx.state.number))


def _silence(s: GameState, player: Player) -> None:
    if s.phase == "day" and s.extra.get(CONCERTS) == s.number and not outside_all(s, player):
        raise refused("concert")  # « Tous les joueurs » (not the Exclu)


POSTING.append(_silence)
