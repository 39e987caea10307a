"""Prêtre (004): each night he names a player and learns whether he is a Simple Villageois.

« Si ce joueur est Simple Villageois, il reçoit : "Le joueur désigné est Simple Villageois". Si
le joueur n'est pas Simple Villageois (spé, indé ou loup), il reçoit : "Le joueur désigné n'est
pas Simple Villageois". » A Simple Villageois infected or turned plays for another camp: he is
no longer one (004, Fantôme: « "n'est pas Simple Villageois" dans le cas d'un non-villageois »).
"""

from lgmail.rules.orders import Kind
from lgmail.rules.roles.base import RoleSpec
from lgmail.rules.state import Player

ROLE = RoleSpec(
    slug="pretre",
    camp="village",
    names={"fr": "Prêtre", "en": "Priest"},
    orders=frozenset({Kind.SONDER}),
    step="loups",
    village_power=True,
    help={
        "fr": "Chaque nuit : « sonder NOM » : est-il Simple Villageois ?",
        "en": 'Each night: "sonder NAME" (probe): are they a Simple Villager?',
    },
)


def simple(player: Player) -> bool:
    return player.role == "villageois" and player.links.get("camp", "village") == "village"
