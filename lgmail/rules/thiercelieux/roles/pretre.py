"""Prêtre (004): each night he names a player and learns whether he is a Simple Villageois.

« Si ce joueur est Simple Villageois, il reçoit : "Le joueur désigné est Simple Villageois". Si
le joueur n'est pas Simple Villageois (spé, indé ou loup), il reçoit : "Le joueur désigné n'est
pas Simple Villageois". » A Simple Villageois infected or turned plays for another camp: he is
no longer one (004, Fantôme: « "n'est pas Simple Villageois" dans le cas d'un non-villageois »).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, checks, folds, resolves, tells
from lgmail.rules.orders import Order
from lgmail.rules.role import RoleSpec
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import camps, powers, tonight
from lgmail.rules.thiercelieux.roles import voyante
from lgmail.rules.tx import Tx

ROLE = RoleSpec(
    slug="pretre",
    camp="village",
    names={"fr": "Prêtre", "en": "Priest"},
    orders=frozenset({voyante.SONDER.kind}),
    verbs=(voyante.SONDER,),
    step="loups",
    village_power=True,
    help={
        "fr": "Chaque nuit : « sonder NOM » : est-il Simple Villageois ?",
        "en": 'Each night: "sonder NAME" (probe): are they a Simple Villager?',
    },
)


def simple(player: Player) -> bool:
    return player.role == "villageois" and player.links.get("camp", "village") == "village"


@event
@dataclass(frozen=True)
class PriestAnswered(Event):
    """The Prêtre's answer (004): is `target` a Simple Villageois?"""

    priest: str
    target: str
    simple: bool


@folds(PriestAnswered)
def _priest(s: GameState, e: PriestAnswered) -> None:
    if e.simple:
        # « Le joueur désigné est Simple Villageois »: the Prêtre knows that role
        s.players[e.priest].learned[e.target] = "villageois"


@tells(PriestAnswered)
def _tell_answered(s: GameState, e: PriestAnswered, later: Sequence[Event]) -> list[Notice]:
    return [Notice(e.priest, "roles:pretre:reponse", e.payload())]


# --- in 004 (thiercelieux): its night ---


@resolves("thiercelieux", "pretre")
def _pretre(tx: Tx) -> None:
    for player, targets in tonight.given(tx.state, ROLE.slug, voyante.SONDER.kind):
        target = tx.state.players[targets[0]]
        if target.alive:
            # 004, Fantôme: a player whose power is taken away « est Simple Villageois » to the
            # Prêtre (« n'est pas Simple Villageois » for a non-villager)
            plain = (
                powers.stripped(tx.state, target) and camps.camp(tx.state, target) == camps.VILLAGE
            )
            tx.emit(PriestAnswered(player.name, target.name, simple(target) or plain))


# --- in 004 (thiercelieux): its orders ---


@checks(ROLE.slug, voyante.SONDER.kind)
def _check_probe(state: GameState, player: Player, order: Order) -> None:
    """His probe is checked as the Voyante's."""
    voyante.check(state, player, order)
