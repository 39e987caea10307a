"""Saint Insert Name Here (001): « Une fois par nuit, peut donner sa bénédiction à un joueur. Ce
joueur possède alors, pendant cette nuit, l'opportunité d'annuler un de ses rôles pour le reste
de la partie. Action quotidienne indirecte. »

He writes « bénir NOM »; it resolves at its place in 001's order (after the Joueur de tarot).
The blessed player is told at dawn and answers « renoncer à RÔLE »: that role is cancelled for
the rest of the game (`role.SUPPRESSED`; the Voyante still sees it among his five).

Ruling: by mail a player learns of the blessing only once the night is resolved, so « pendant
cette nuit » runs until the next nightfall: he renounces during the day that follows, or not at
all. He may bless himself (001 does not forbid it)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.maisons.acting import refused
from lgmail.rules.maisons.events import RENOUNCED, renounced
from lgmail.rules.maisons.night import NightRun, Plan, resolves
from lgmail.rules.maisons.role import (
    PLAYER,
    SUPPRESSED,
    Action,
    MaisonRole,
    handles,
    read_role,
    role,
)
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.role import Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

BENIR = Verb(
    Kind.declare("benir"),
    ("benir", "benis", "bless"),
    1,
    {"fr": "bénir NOM", "en": "bénir NAME (bless)"},
)

RENONCER = Verb(
    Kind.declare("renoncer"),
    ("renoncer", "renonce", "renounce"),
    0,
    {"fr": "renoncer à RÔLE", "en": "renoncer à ROLE (renounce)"},
    read=read_role(Kind("renoncer")),
    short_args=True,
)

ROLE = role(
    MaisonRole(
        slug="saint-insert-name-here",
        names={"fr": "Saint Insert Name Here", "en": "Saint Insert Name Here"},
        family="manipulation des rôles",
        help={
            "fr": "Chaque nuit : « bénir NOM » : NOM pourra annuler l'un de ses rôles pour le "
            "reste de la partie (indirecte).",
            "en": 'Each night: "bénir NAME" (bless): NAME may cancel one of his roles for the '
            "rest of the game (indirect).",
        },
        actions=(Action(BENIR, direct=False, uses=None, aims=PLAYER),),
        aliases=("saint",),
    )
)

#: `GameState.extra` key: blessed player -> the night of his blessing (until he renounces)
BLESSED = "benis"


@event
@dataclass(frozen=True)
class Blessed(Event):
    """`saint` blessed `player` on night `night`."""

    saint: str
    player: str
    night: int


@event
@dataclass(frozen=True)
class Renounced(Event):
    """`player` cancelled his role `role` for the rest of the game."""

    player: str
    role: str


@folds(Blessed)
def _blessed(s: GameState, e: Blessed) -> None:
    s.extra.setdefault(BLESSED, {})[e.player] = e.night


@folds(Renounced)
def _renounced(s: GameState, e: Renounced) -> None:
    s.extra.setdefault(RENOUNCED, {}).setdefault(e.player, []).append(e.role)
    s.extra.get(BLESSED, {}).pop(e.player, None)


@tells(Blessed)
def _tell(s: GameState, e: Blessed, later: Sequence[Event]) -> list[Notice]:
    return [Notice(e.player, "maisons:saint:blessed", {"roles": s.players[e.player].powers})]


@resolves(ROLE.slug)
def _benir(run: NightRun, plan: Plan) -> None:
    if not run.state.players[plan.target].alive:
        return
    reached = run.reach(plan, plan.target)
    if reached is not None:
        run.tx.emit(Blessed(plan.player, reached, run.state.number))


@handles(RENONCER)
def _renounce(tx: Tx, player: Player, order: Order) -> None:
    s = tx.state
    night = s.extra.get(BLESSED, {}).get(player.name)
    if night is None or s.phase != "day" or night != s.number:
        raise Refused(Cause.NOTHING_TO_DO)
    slug = order.args[0]
    if slug not in player.powers or slug in renounced(s, player.name):
        raise refused("not-yours", role=slug)
    tx.emit(Renounced(player.name, slug))


def _cancelled(s: GameState, player: Player) -> set[str]:
    return set(renounced(s, player.name))


SUPPRESSED.append(_cancelled)
