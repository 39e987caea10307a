"""Voyante (003): each night she learns the true identity of one player.

004: the role is told at the end of her step, never the camp.
"""

from lgmail.rules import events as ev
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.roles.base import RoleSpec
from lgmail.rules.state import GameState, Player

ROLE = RoleSpec(
    slug="voyante",
    camp="village",
    names={"fr": "Voyante", "en": "Seer"},
    orders=frozenset({Kind.SONDER}),
    step="loups",
    village_power=True,
    help={
        "fr": "Chaque nuit : « sonder NOM » pour connaître son rôle.",
        "en": 'Each night: "sonder NAME" (probe) to learn their role.',
    },
)

#: `GameState.extra` key of the colours a Voyante was told with a probed role (004, Enfant
#: Sauvage: « Le MJ utilise ce même code couleur pour répondre au sondage de la Voyante »):
#: seer -> {player: colour}, the last told
COLOURS_SEEN = "couleurs-vues"


def check(state: GameState, seer: Player, order: Order) -> None:
    if order.target == seer.name:
        raise Refused(Cause.ILLEGAL_TARGET, target=seer.name, why="self")


def resolve(state: GameState) -> list[ev.Event]:
    out: list[ev.Event] = []
    for seer in state.by_role(ROLE.slug):
        given = state.order_of(seer.name, Kind.SONDER)
        if given and state.players[given.order.target].alive:
            target = state.players[given.order.target]
            out.append(ev.SeerSaw(seer.name, target.name, target.role))
    return out
