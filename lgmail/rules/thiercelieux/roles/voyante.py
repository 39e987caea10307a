"""Voyante (003): each night she learns the true identity of one player.

004: the role is told at the end of her step, never the camp.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.rules import events as ev
from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, checks, folds, resolves, tells
from lgmail.rules.orders import Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.role import RoleSpec, Verb
from lgmail.rules.state import COLOURS_SEEN, GameState, Player
from lgmail.rules.thiercelieux import colours, tonight
from lgmail.rules.thiercelieux.base import steps
from lgmail.rules.thiercelieux.roles import enfant_sauvage
from lgmail.rules.tx import Tx

SONDER: Verb = Verb(
    steps.SONDER,
    ("sonder", "sonde", "voir", "vois", "regarder", "probe", "see", "inspect", "peek"),
    1,
    {"fr": "sonder NOM", "en": "sonder NAME (probe)"},
)


ROLE = RoleSpec(
    slug="voyante",
    camp="village",
    names={"fr": "Voyante", "en": "Seer"},
    orders=frozenset({SONDER.kind}),
    verbs=(SONDER,),
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


def check(state: GameState, seer: Player, order: Order) -> None:
    if order.target == seer.name:
        raise Refused(Cause.ILLEGAL_TARGET, target=seer.name, why="self")


def resolve(state: GameState) -> list[ev.Event]:
    out: list[ev.Event] = []
    for seer in state.by_role(ROLE.slug):
        given = state.order_of(seer.name, SONDER.kind)
        if given and state.players[given.order.target].alive:
            target = state.players[given.order.target]
            out.append(SeerSaw(seer.name, target.name, target.role))
    return out


@event
@dataclass(frozen=True)
class SeerSaw(Event):
    seer: str
    target: str
    role: str


@event
@dataclass(frozen=True)
class ColourSeen(Event):
    """The colour the Voyante is told with a role whose colour changes (004, Enfant Sauvage:
    « Le MJ utilise ce même code couleur pour répondre au sondage de la Voyante. »)."""

    seer: str
    target: str
    colour: str


@folds(SeerSaw)
def _seer(s: GameState, e: SeerSaw) -> None:
    s.players[e.seer].learned[e.target] = e.role


@folds(ColourSeen)
def _colour_seen(s: GameState, e: ColourSeen) -> None:
    s.extra.setdefault(COLOURS_SEEN, {}).setdefault(e.seer, {})[e.target] = e.colour


@tells(SeerSaw)
def _tell_seen(s: GameState, e: SeerSaw, later: Sequence[Event]) -> list[Notice]:
    return [Notice(e.seer, "player:seer", {"target": e.target, "role": e.role})]


# --- in 004 (thiercelieux): its night ---


@resolves("thiercelieux", "sonder")
def _sonder(tx: Tx) -> None:
    for player, targets in tonight.given(tx.state, ROLE.slug, SONDER.kind):
        target = tx.state.players[targets[0]]
        if target.alive:
            # 004: « sans toutefois lui préciser son camp »: the role only
            tx.emit(SeerSaw(player.name, target.name, target.role))
            if target.role == enfant_sauvage.ROLE.slug:
                # 004, Enfant Sauvage: « Le MJ utilise ce même code couleur pour répondre au
                # sondage de la Voyante. »
                tx.emit(ColourSeen(player.name, target.name, colours.colour(tx.state, target)))


# --- in 004 (thiercelieux): its orders ---

checks(ROLE.slug, SONDER.kind)(check)
