"""Idiot du Village (004): designated by the stake, his role is revealed and he survives, but he
votes no more.

« S'il est désigné par la majorité des votes d'un bûcher, et uniquement dans le cas, son rôle est
révélé et il survit. Il perd alors son droit de vote pour le reste de la partie » « Si l'Idiot
était le Capitaine au moment où son rôle est révélé [...] ce rôle est perdu définitivement. »
« Si le Capitaine décide de transmettre son titre à l'Idiot révélé, l'Idiot ne bénéficie d'aucun
des avantages liés à ce titre [...] il pourra lui-même transmettre le titre ».
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds
from lgmail.rules.role import RoleSpec
from lgmail.rules.state import GameState, Player

ROLE = RoleSpec(
    slug="idiot-du-village",
    camp="village",
    names={"fr": "Idiot du Village", "en": "Village Idiot"},
    village_power=True,
    help={
        "fr": "Si le bûcher vous désigne, votre rôle est révélé et vous survivez, mais vous ne "
        "votez plus.",
        "en": "If the stake designates you, your role is revealed and you survive, but you vote "
        "no more.",
    },
)

NO_VOTE = "sans-vote"


def can_vote(player: Player) -> bool:
    return NO_VOTE not in player.status


@event
@dataclass(frozen=True)
class RoleRevealed(Event):
    """`name`'s role is made public while alive (the Idiot du Village spared by the stake)."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "roles/idiot_du_village/role-revele.txt"

    name: str
    role: str
    why: str


@event
@dataclass(frozen=True)
class VoteLost(Event):
    """`name` may vote no more (004: the Idiot du Village once revealed)."""

    name: str


@folds(RoleRevealed)
def _revealed(s: GameState, e: RoleRevealed) -> None:
    s.players[e.name].revealed = True


@folds(VoteLost)
def _vote_lost(s: GameState, e: VoteLost) -> None:
    s.players[e.name].status.add("sans-vote")
