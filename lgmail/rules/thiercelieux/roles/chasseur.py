"""Chasseur (003): killed by the wolves or at the stake, he shoots any other player at once.

The shot is a reaction at death: a standing order ("tirer NOM" while alive, changeable) is
used at once; otherwise the game waits for his order within the reaction delay (004 suggests
1 hour), and no order in time means no shot. He loses the power when the Ancien dies (003).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import checks, folds
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.role import RoleSpec
from lgmail.rules.state import GameState, Player

ROLE = RoleSpec(
    slug="chasseur",
    camp="village",
    names={"fr": "Chasseur", "en": "Hunter"},
    orders=frozenset({Kind.TIRER}),
    village_power=True,
    help={
        "fr": "À votre mort par les loups ou au bûcher : « tirer NOM ». Vous pouvez l'envoyer "
        "d'avance, et le changer.",
        "en": 'When killed by the wolves or at the stake: "tirer NAME" (shoot). You may send '
        "it in advance, and change it.",
    },
)

#: 003: "s'il se fait égorger par les loups-garous ou lyncher par les joueurs"
SHOOTS_WHEN_KILLED_BY = frozenset({"wolves", "stake"})


@event
@dataclass(frozen=True)
class HunterShot(Event):
    """The Chasseur's last bullet; `target` None when he let the delay pass."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "roles/chasseur/tir.txt"

    hunter: str
    target: str | None


@folds(HunterShot)
def _shot(s: GameState, e: HunterShot) -> None:
    s.reactions = [r for r in s.reactions if not (r.player == e.hunter and r.kind == "tirer")]
    s.players[e.hunter].spent.add("tirer")


# --- in 004 (thiercelieux): its orders ---


@checks(ROLE.slug, Kind.TIRER)
def _check_aim(state: GameState, player: Player, order: Order) -> None:
    """Whoever acts as the Chasseur (004: the Comédien playing him) may aim in advance, as the
    Chasseur does."""
    if state.powers_lost:
        raise Refused(Cause.POWER_LOST)
    if order.target == player.name:
        raise Refused(Cause.ILLEGAL_TARGET, target=player.name, why="self")
