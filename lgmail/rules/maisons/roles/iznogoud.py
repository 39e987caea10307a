"""Iznogoud (001): « Iznogoud ne peut gagner la partie que s'il a été maire au moins une fois.
Condition de victoire supplémentaire. Il ne peut pas y avoir plus d'un Iznogoud. »

Every mayor is recorded as a phase rises (`MayorServed`), and the mayor of the moment counts."""

from __future__ import annotations

from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds
from lgmail.rules.maisons.outcome import Condition, supplementary
from lgmail.rules.maisons.role import RISING, MaisonRole, role
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

ROLE = role(
    MaisonRole(
        slug="iznogoud",
        names={"fr": "Iznogoud", "en": "Iznogoud"},
        family="manipulation des conditions de victoire",
        help={
            "fr": "Vous ne gagnez que si vous avez été maire au moins une fois (condition "
            "supplémentaire).",
            "en": "You win only if you have been mayor at least once (a supplementary condition).",
        },
        available=1,
    )
)

#: `GameState.extra` key: every player who has been mayor
MAYORS = "maires"


@event
@dataclass(frozen=True)
class MayorServed(Event):
    """`name` has been mayor."""

    name: str


@folds(MayorServed)
def _served(s: GameState, e: MayorServed) -> None:
    s.extra.setdefault(MAYORS, []).append(e.name)


def _rising(tx: Tx) -> None:
    s = tx.state
    if s.captain and s.captain not in s.extra.get(MAYORS, []):
        tx.emit(MayorServed(s.captain))


RISING.append(_rising)


def _mayor_once(s: GameState, player: Player, winner: str | None) -> bool:
    return player.name in s.extra.get(MAYORS, []) or s.captain == player.name


supplementary(Condition(ROLE.slug, _mayor_once))
