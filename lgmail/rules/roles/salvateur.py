"""Salvateur (003): each night protects one player, himself allowed, from the wolves.

004: never the same player two nights running; a protected victim means no death and the
Sorcière is told no name.
"""

from lgmail.rules import events as ev
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.roles.base import RoleSpec
from lgmail.rules.state import GameState, Player

ROLE = RoleSpec(
    slug="salvateur",
    camp="village",
    names={"fr": "Salvateur", "en": "Guardian"},
    orders=frozenset({Kind.PROTEGER}),
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
        given = state.order_of(guard.name, Kind.PROTEGER)
        if given:
            return [ev.GuardProtected(guard.name, given.order.target)]
    return []
