"""Cupidon (003): the first night he names two lovers, himself allowed.

If one lover dies the other dies of grief at once; a wolf and a villager in love play against
everyone and win when they are the last two alive (003). Lovers may never vote against each
other (004): such an order is refused.
"""

from lgmail.rules import events as ev
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.roles.base import RoleSpec
from lgmail.rules.state import GameState, Player

ROLE = RoleSpec(
    slug="cupidon",
    camp="village",
    names={"fr": "Cupidon", "en": "Cupid"},
    orders=frozenset({Kind.UNIR}),
    step="cupidon",
    help={
        "fr": "La première nuit : « unir NOM et NOM » (vous pouvez vous choisir).",
        "en": 'The first night: "unir NAME et NAME" (unite two lovers; yourself allowed).',
    },
)


def check(state: GameState, cupidon: Player, order: Order) -> None:
    if len(order.targets) != 2 or order.targets[0] == order.targets[1]:
        raise Refused(Cause.ILLEGAL_TARGET, target=" / ".join(order.targets), why="two")


def resolve(state: GameState) -> list[ev.Event]:
    for cupidon in state.by_role(ROLE.slug):
        given = state.order_of(cupidon.name, Kind.UNIR)
        if given:
            return [ev.LoversUnited(cupidon.name, list(given.order.targets))]
    return []


def mixed_couple(state: GameState, camp_of: dict[str, str]) -> bool:
    """A wolf and a villager in love: they play against all the others (003)."""
    if len(state.lovers) != 2:
        return False
    a, b = (state.players[n].role for n in state.lovers)
    return camp_of[a] != camp_of[b]
