"""Dominateur (001): « Une fois par partie, peut décider de s'emparer d'une action quotidienne
d'un rôle qu'il ne possède pas. Il peut alors effectuer l'action quotidienne du rôle choisi
durant la phase actuelle (jour ou nuit). En prix de l'action du Dominateur, un autre joueur au
hasard possédant ce rôle ne peut l'utiliser. Si aucun joueur ne possède ce rôle, l'action du
Dominateur échoue. Action unique. »

He writes « dominer RÔLE », then, in the same mail or a later one of the same phase, that role's
order (« salvateur : protéger la maison de NOM », or plainly « protéger la maison de NOM »).
At night it acts first in 001's order: one of the other living players who may use the role
is drawn (recorded) and may not use it tonight (his action of it fails, he is told); with
nobody to draw, the Dominateur's action fails and he is told; his order of the role acts at
that role's place in the order. By day (« l'ordre d'envoi des MPs ») it acts as his mail
arrives.

Rulings: « une action quotidienne » of the current phase (a night role by night, a day role
by day); the players drawn from are those who may use the role now (alive, not cancelled);
a holder robbed by day loses what he gave of that role that day."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.maisons.acting import refused, when_now
from lgmail.rules.maisons.events import ActionFailed, UseSpent, phase_key, plans
from lgmail.rules.maisons.night import NightRun, Plan, resolves
from lgmail.rules.maisons.role import (
    BORROWED,
    CATALOGUE,
    NOBODY,
    SUPPRESSED,
    Action,
    MaisonRole,
    checks,
    holds,
    on_accept,
    read_role,
    role,
)
from lgmail.rules.orders import Kind, Order
from lgmail.rules.role import Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

DOMINER = Verb(
    Kind.declare("dominer"),
    ("dominer", "domine", "dominate"),
    0,
    {"fr": "dominer RÔLE", "en": "dominer ROLE (dominate)"},
    read=read_role(Kind("dominer")),
    short_args=True,
)

ROLE = role(
    MaisonRole(
        slug="dominateur",
        names={"fr": "Dominateur", "en": "Dominator"},
        family="manipulation des rôles",
        help={
            "fr": "Une fois par partie, de jour ou de nuit : « dominer RÔLE » : vous avez "
            "l'action quotidienne de ce rôle pour la phase en cours (donnez-la ensuite) ; un "
            "autre joueur qui l'a, tiré au sort, ne peut pas s'en servir.",
            "en": 'Once a game, by day or night: "dominer ROLE" (dominate): you have that '
            "role's daily action for the current phase (then give it); another player who "
            "holds it, drawn at random, may not use it.",
        },
        actions=(Action(DOMINER, direct=False, uses=1, when="", aims=NOBODY),),
    )
)

#: `GameState.extra` key: this phase's dominations: dominateur -> [role, robbed or None]
DOMINATED = "dominations"


@event
@dataclass(frozen=True)
class Dominated(Event):
    """`dominateur` took role `role`'s daily action for this phase; `robbed` (drawn) may not
    use it; None: nobody holds it, the action failed."""

    dominateur: str
    role: str
    robbed: str | None


@folds(Dominated)
def _dominated(s: GameState, e: Dominated) -> None:
    held = s.extra.get(DOMINATED, {})
    if held.get("at") != phase_key(s):
        held = {"at": phase_key(s), "by": {}}
    held["by"][e.dominateur] = [e.role, e.robbed]
    s.extra[DOMINATED] = held


@tells(Dominated)
def _tell(s: GameState, e: Dominated, later: Sequence[Event]) -> list[Notice]:
    """The robbed is told his role is taken from him for this phase."""
    if e.robbed is None:
        return []
    return [Notice(e.robbed, "maisons:dominateur:robbed", {"role": e.role})]


def _now(s: GameState) -> dict[str, list[str | None]]:
    held = s.extra.get(DOMINATED, {})
    return dict(held.get("by", {})) if held.get("at") == phase_key(s) else {}


def _borrowed(s: GameState, player: Player) -> set[str]:
    """The role he dominates this phase: as resolved, else as planned."""
    done = _now(s).get(player.name)
    if done is not None:
        return {str(done[0])} if done[1] is not None else set()
    return {
        str(p["args"][0])
        for p in plans(s).get(player.name, [])
        if p["role"] == ROLE.slug and p.get("args")
    }


def _robbed(s: GameState, player: Player) -> set[str]:
    return {str(slug) for slug, robbed in _now(s).values() if robbed == player.name}


BORROWED.append(_borrowed)
SUPPRESSED.append(_robbed)


@checks(ROLE.slug)
def _check(s: GameState, player: Player, order: Order) -> None:
    """« une action quotidienne d'un rôle qu'il ne possède pas », of the current phase."""
    slug = order.args[0]
    spec = CATALOGUE[slug]
    if slug in player.powers:
        raise refused("dominer-own", role=slug)
    daily = [a for a in spec.actions if a.uses is None and a.when in ("", when_now(s))]
    if not daily:
        raise refused("dominer-daily", role=slug)


def _dominate(tx: Tx, dominateur: str, slug: str) -> str | None:
    """Draw who loses `slug` this phase, or None (the action fails)."""
    s = tx.state
    holders = sorted(p.name for p in s.living() if p.name != dominateur and holds(s, p, slug))
    robbed = tx.draw(f"dominateur:{slug}", holders)[0] if holders else None
    tx.emit(Dominated(dominateur, slug, robbed))
    if robbed is None:
        tx.emit(ActionFailed(dominateur, ROLE.slug, DOMINER.kind.value, "nobody"))
    return robbed


@resolves(ROLE.slug)
def _dominer(run: NightRun, plan: Plan) -> None:
    _dominate(run.tx, plan.player, plan.args[0])


@on_accept(ROLE.slug)
def _by_day(tx: Tx, player: Player, order: Order) -> None:
    """By day it acts as his mail arrives (a unique action: spent, even if it fails)."""
    if tx.state.phase == "night":
        return  # resolved in 001's order (`_dominer`)
    tx.emit(UseSpent(player.name, ROLE.slug))
    _dominate(tx, player.name, order.args[0])
