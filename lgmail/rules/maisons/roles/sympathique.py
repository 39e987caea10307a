"""Sympathique (001): « Une fois par partie, pendant la nuit, peut booster le pouvoir d'une
personne. Cette personne est mise au courant du boost et sélectionne le rôle sur lequel le
pouvoir est appliqué. Si le rôle a une action unique, il peut utiliser ce pouvoir une fois
suivante par partie. Si le rôle a une action quotidienne, il peut, la journée ou la nuit de son
choix, choisir d'appliquer deux fois cette action (même s'il s'agit d'une action directe). Si le
rôle ne donne aucune action, rien ne se passe. Action unique indirecte. » Planqué: « s'il est
sympathisé, il peut se planquer une seule nouvelle fois ».

He writes « sympathiser NOM »; it resolves last in 001's order. The boosted player is told at
dawn and answers « booster RÔLE » (any later day or night): a unique action gets one copy more
(`acting.uses_left`, counter `slug+`); a daily one may be given twice in one phase of his
choice, two direct actions included (`role.TWICE`), the boost spent at the close of the phase
where he did; a role with no action takes the boost and nothing happens.

Rulings: a boost is picked once; a Meneur's « doubler » given twice makes his vote count four
times, an Institutrice's « soustraire » twice takes four votes (each application applies once
more); the boosted may be the Sympathique himself."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.maisons.acting import refused
from lgmail.rules.maisons.events import plans
from lgmail.rules.maisons.night import NightRun, Plan, resolves
from lgmail.rules.maisons.role import (
    CATALOGUE,
    PLAYER,
    SETTLING,
    TWICE,
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

SYMPATHISER = Verb(
    Kind.declare("sympathiser"),
    ("sympathiser", "sympathise", "befriend"),
    1,
    {"fr": "sympathiser NOM", "en": "sympathiser NAME (befriend)"},
)

BOOSTER = Verb(
    Kind.declare("booster"),
    ("booster", "boost"),
    0,
    {"fr": "booster RÔLE", "en": "booster ROLE (boost)"},
    read=read_role(Kind("booster")),
    short_args=True,
)

ROLE = role(
    MaisonRole(
        slug="sympathique",
        names={"fr": "Sympathique", "en": "Friendly"},
        family="manipulation des rôles",
        help={
            "fr": "Une fois par partie, la nuit : « sympathiser NOM » : NOM choisit l'un de ses "
            "rôles, qui gagne une utilisation (action unique) ou pourra agir deux fois en une "
            "phase (action quotidienne) (indirecte).",
            "en": 'Once a game, at night: "sympathiser NAME" (befriend): NAME picks one of his '
            "roles, which gets one more use (unique action) or may act twice in one phase "
            "(daily action) (indirect).",
        },
        actions=(Action(SYMPATHISER, direct=False, uses=1, aims=PLAYER),),
    )
)

#: `GameState.extra` key: boosted player -> the role he picked ("" until he picks; gone once
#: a daily boost is spent)
BOOSTS = "boosts"


@event
@dataclass(frozen=True)
class Befriended(Event):
    """`sympathique` boosted `player`, who picks the role."""

    sympathique: str
    player: str


@event
@dataclass(frozen=True)
class BoostPicked(Event):
    """`player` put his boost on role `role`: `extra` a unique action's copy more; `daily` a
    daily action he may give twice in one phase."""

    player: str
    role: str
    extra: bool
    daily: bool


@event
@dataclass(frozen=True)
class BoostSpent(Event):
    """`player` gave his boosted daily action twice this phase."""

    player: str


@folds(Befriended)
def _befriended(s: GameState, e: Befriended) -> None:
    s.extra.setdefault(BOOSTS, {})[e.player] = ""


@folds(BoostPicked)
def _picked(s: GameState, e: BoostPicked) -> None:
    held = s.extra.setdefault(BOOSTS, {})
    if e.daily:
        held[e.player] = e.role
    else:
        held.pop(e.player, None)
    if e.extra:
        counters = s.players[e.player].counters
        counters[f"{e.role}+"] = counters.get(f"{e.role}+", 0) + 1


@folds(BoostSpent)
def _spent(s: GameState, e: BoostSpent) -> None:
    s.extra.get(BOOSTS, {}).pop(e.player, None)


@tells(Befriended)
def _tell(s: GameState, e: Befriended, later: Sequence[Event]) -> list[Notice]:
    return [Notice(e.player, "maisons:sympathique:boosted", {"roles": s.players[e.player].powers})]


@resolves(ROLE.slug)
def _sympathiser(run: NightRun, plan: Plan) -> None:
    if not run.state.players[plan.target].alive:
        return
    reached = run.reach(plan, plan.target)
    if reached is not None:
        run.tx.emit(Befriended(plan.player, reached))


@handles(BOOSTER)
def _pick(tx: Tx, player: Player, order: Order) -> None:
    s = tx.state
    if s.extra.get(BOOSTS, {}).get(player.name) != "":
        raise Refused(Cause.NOTHING_TO_DO)
    slug = order.args[0]
    if slug not in player.powers:
        raise refused("not-yours", role=slug)
    actions = CATALOGUE[slug].actions
    unique = any(a.uses is not None for a in actions)
    daily = any(a.uses is None for a in actions)
    tx.emit(BoostPicked(player.name, slug, unique, daily and not unique))


def _twice(s: GameState, player: Player, slug: str) -> bool:
    return bool(s.extra.get(BOOSTS, {}).get(player.name) == slug)


TWICE.append(_twice)


def settle(tx: Tx) -> None:
    """A phase closes: a boosted daily action given twice in it is spent."""
    s = tx.state
    for name, slug in sorted(s.extra.get(BOOSTS, {}).items()):
        given = [p for p in plans(s).get(name, []) if p["role"] == slug]
        if slug and len(given) >= 2 and s.players[name].alive:
            tx.emit(BoostSpent(name))


SETTLING.append(settle)
