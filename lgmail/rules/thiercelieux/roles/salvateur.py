"""Salvateur (003): each night protects one player, himself allowed, from the wolves.

004: never the same player two nights running; a protected victim means no death and the
Sorcière is told no name.
"""

from __future__ import annotations

from dataclasses import dataclass

from lgmail.rules import events as ev
from lgmail.rules.events import Event, event
from lgmail.rules.hooks import checks, folds, resolves
from lgmail.rules.orders import Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.role import RoleSpec, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import acting, tonight
from lgmail.rules.thiercelieux.base import steps
from lgmail.rules.thiercelieux.roles import metronome
from lgmail.rules.tx import Tx

PROTEGER: Verb = Verb(
    steps.PROTEGER,
    ("proteger", "protege", "protect", "guard", "shield"),
    1,
    {"fr": "proteger NOM", "en": "proteger NAME (protect)"},
)


ROLE = RoleSpec(
    slug="salvateur",
    camp="village",
    names={"fr": "Salvateur", "en": "Guardian"},
    orders=frozenset({PROTEGER.kind}),
    verbs=(PROTEGER,),
    step="loups",
    village_power=True,
    help={
        "fr": "Chaque nuit : « proteger NOM » (vous-même permis, pas deux nuits de suite le même).",
        "en": 'Each night: "proteger NAME" (protect; yourself allowed, not the same twice '
        "running).",
    },
)


def check(state: GameState, guard: Player, order: Order) -> None:
    if order.target == state.last_protected:
        raise Refused(Cause.ILLEGAL_TARGET, target=order.target, why="twice")


def resolve(state: GameState) -> list[ev.Event]:
    for guard in state.by_role(ROLE.slug):
        given = state.order_of(guard.name, PROTEGER.kind)
        if given:
            return [GuardProtected(guard.name, given.order.target)]
    return []


@event
@dataclass(frozen=True)
class GuardProtected(Event):
    guard: str
    target: str


@folds(GuardProtected)
def _guard(s: GameState, e: GuardProtected) -> None:
    s.night.protected = e.target


# --- in 004 (thiercelieux): its night ---


@resolves("thiercelieux", "proteger")
def _proteger(tx: Tx) -> None:
    for player, targets in tonight.given(tx.state, ROLE.slug, PROTEGER.kind)[:1]:
        tx.emit(GuardProtected(player.name, targets[0]))


# --- in 004 (thiercelieux): its orders ---


@checks(ROLE.slug, PROTEGER.kind)
def _check_guard(state: GameState, player: Player, order: Order) -> None:
    """004: the Salvateur's rule, for whoever acts as him (the Métronome's night)."""
    if acting.role(state, player) == ROLE.slug and metronome.guarded_last_night(state, player):
        check(state, player, order)
