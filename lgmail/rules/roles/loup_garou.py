"""Loup-Garou (003): each night the pack kills a villager.

004 ("La clairière des Loups"): the last order given in time by a living wolf is the victim;
no order in time, no death. A wolf in love may not kill his lover (004, Cupidon).
"""

from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.roles.base import RoleSpec
from lgmail.rules.state import GameState, Player

ROLE = RoleSpec(
    slug="loup-garou",
    camp="loups",
    names={"fr": "Loup-Garou", "en": "Werewolf"},
    orders=frozenset({Kind.TUER}),
    step="loups",
    help={
        "fr": "Chaque nuit : « tuer NOM » (le dernier ordre d'un loup compte).",
        "en": 'Each night: "tuer NAME" (kill; the last order of any wolf counts).',
    },
)


def check(state: GameState, wolf: Player, order: Order) -> None:
    target = state.players[order.target]
    if target.role == ROLE.slug:
        raise Refused(Cause.ILLEGAL_TARGET, target=target.name, why="wolf")
    if state.lover_of(wolf.name) == target.name:
        raise Refused(Cause.ILLEGAL_TARGET, target=target.name, why="lover")


def victim(state: GameState) -> tuple[str | None, str | None]:
    """The last order of a wolf still alive, and who gave it (004)."""
    for wolf, target in reversed(state.night.kills):
        if state.players[wolf].alive and state.players[target].alive:
            return target, wolf
    return None, None
