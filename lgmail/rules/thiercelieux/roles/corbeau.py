"""Corbeau (004): each night he may mark a player, who starts the next stake with one vote
against him; the sign is announced publicly at dawn.

« Ce joueur aura automatiquement une voix contre lui au prochain décompte des voix du bûcher. »
« Le Corbeau peut se désigner lui-même » « Le Maitre du Jeu annonce publiquement l'action du
Corbeau au village au lever du bûcher ».
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import checks, folds, resolves
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.role import RoleSpec, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import tonight
from lgmail.rules.thiercelieux.roles import pyromane
from lgmail.rules.tx import Tx

#: 004: the Corbeau's sign
MARQUER = Verb(
    Kind.declare("marquer"),
    ("marquer", "marque", "pancarte", "corbeau", "mark", "raven"),
    1,
    {"fr": "marquer NOM", "en": "marquer NAME (mark)"},
)


ROLE = RoleSpec(
    slug="corbeau",
    camp="village",
    names={"fr": "Corbeau", "en": "Raven"},
    orders=frozenset({MARQUER.kind}),
    verbs=(MARQUER,),
    step="loups",
    village_power=True,
    help={
        "fr": "Chaque nuit : « marquer NOM » : il aura une voix contre lui au bûcher suivant "
        "(vous-même permis).",
        "en": 'Each night: "marquer NAME" (mark): one vote against them at the next stake '
        "(yourself allowed).",
    },
)


@event
@dataclass(frozen=True)
class RavenMarked(Event):
    """The Corbeau's sign before `target`'s house: one vote against him at the stake of `day`."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "roles/corbeau/pancarte.txt"

    raven: str
    target: str
    day: int


@folds(RavenMarked)
def _raven(s: GameState, e: RavenMarked) -> None:
    s.extra.setdefault(f"corbeau:{e.day}", []).append(e.target)


# --- in 004 (thiercelieux): its night ---


@resolves("thiercelieux", "marquer")
def _marquer(tx: Tx) -> None:
    s = tx.state
    for player, targets in tonight.given(s, ROLE.slug, MARQUER.kind):
        if s.players[targets[0]].alive:
            tx.emit(RavenMarked(player.name, targets[0], s.number))


# --- in 004 (thiercelieux): its orders ---


@checks(ROLE.slug, MARQUER.kind)
def _check_mark(state: GameState, player: Player, order: Order) -> None:
    if pyromane.is_vagabond(state.players[order.target]):
        # 004: « Le Corbeau ne peut désigner aucun Vagabond. »
        raise Refused(Cause.ILLEGAL_TARGET, target=order.target, why="vagabond")
