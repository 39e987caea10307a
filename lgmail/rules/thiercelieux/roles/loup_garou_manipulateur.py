"""Loup-Garou Manipulateur (004): a wolf of the den who visits a player each night; told at the
end of the night whether that player acted, he may give that action another recipient.

« Chaque Nuit, le Loup-Garou Manipulateur peut se rendre chez le joueur de son choix. Si le
joueur chez qui il se rend effectue une action, il en est averti sans savoir la nature de
l'action par le Maître du Jeu. (Ex : Joueur A a agit cette Nuit.) C'est à la fin de la Nuit, entre
la fin des actions de Nuit et le lever du Jour que le MJ indique au Loup-Garou Manipulateur si le
joueur ciblé a agit. Le Loup-Garou Manipulateur peut alors changer le destinataire de l’action,
sans savoir sur qui l’action de base était effectuée (il ne peut cependant pas retourner l’action
à son envoyeur). Le joueur dont l’action est manipulée est averti à la fin de la Nuit du fait
qu’il a été manipulé sans savoir à qui en revient la faute. Son action reste valable et le
résultat de celle-ci est obtenu par rapport à la cible indiquée par le Loup-Garou Manipulateur. »
« Si le Loup-Garou Manipulateur est amené à pouvoir manipuler plusieurs actions d'un même joueur
la même Nuit [...] alors il reçoit l'une de ses actions par tirage au sort » « peut à la fois
effectuer son action de manipulation et effectuer le meurtre des Loups-Garous » « ne peut pas
agir sur la Servante Dévouée. » « ne peut pas agir sur le choix d'un Allié du Fantôme. »

Rulings: he acts on the actions after his own in the night's order, but the pack's kill and the
infection (the pack's, decided together) and those 004 excludes; the visited player's actions of
the night's steps wait for the end of the night (his step, « manipulateur », after the
Sorcière's) and are resolved at dawn; an action on two players changes its first recipient; he
is told « a agi » when the player gave such an action and was not knocked out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import (
    RESOLVERS,
    Notice,
    checks,
    folds,
    may_give,
    refuses,
    resolves,
    tells,
)
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.role import RoleSpec, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import layers, tonight
from lgmail.rules.thiercelieux.order import NIGHT
from lgmail.rules.tx import Tx

#: 004's Loup-Garou Manipulateur: his visit, then the new recipient
#: the night's step where he changes the recipient
STEP = "manipulateur"

MANIPULER = Verb(
    Kind.declare("manipuler"),
    ("manipuler", "manipule", "visiter", "visite", "manipulate", "visit"),
    1,
    {"fr": "manipuler NOM", "en": "manipuler NAME (visit)"},
)
DETOURNER = Verb(
    Kind.declare("detourner"),
    ("detourner", "detourne", "destinataire", "recipient", "reroute"),
    1,
    {"fr": "detourner NOM", "en": "detourner NAME (new recipient)"},
    step=STEP,
)


ROLE = RoleSpec(
    slug="loup-garou-manipulateur",
    camp="loups",
    names={"fr": "Loup-Garou Manipulateur", "en": "Manipulating Werewolf"},
    orders=frozenset({MANIPULER.kind, DETOURNER.kind}),
    verbs=(MANIPULER, DETOURNER),
    step="loups",
    help={
        "fr": "Chaque nuit, avec la meute (« tuer NOM »), « manipuler NOM » : vous vous rendez "
        "chez ce joueur ; s'il a agi, vous l'apprenez à la fin de la nuit et pouvez changer le "
        "destinataire de son action : « detourner NOM » (pas vers lui-même).",
        "en": 'Each night, with the pack ("tuer NAME"), "manipuler NAME" (visit): if that player '
        "acted, you learn it at the end of the night and may change the recipient of his action: "
        '"detourner NAME" (divert; not back to him).',
    },
)


def report_key(night: int) -> str:
    """`GameState.extra` key of night `night`'s reports: manipulateur -> whether he acted."""
    return f"manipuler-rapport:{night}"


@event
@dataclass(frozen=True)
class ManipulatorVisited(Event):
    """The Loup-Garou Manipulateur « se rend chez » `visited` tonight (004); told to nobody."""

    manipulateur: str
    visited: str


@event
@dataclass(frozen=True)
class VisitReported(Event):
    """004: « C'est à la fin de la Nuit [...] que le MJ indique au Loup-Garou Manipulateur si le
    joueur ciblé a agit. » (« Ex : Joueur A a agit cette Nuit. »)"""

    manipulateur: str
    visited: str
    acted: bool


@event
@dataclass(frozen=True)
class ActionManipulated(Event):
    """`player`'s action `key` (order `kind`) has `to` as its recipient (004: « Son action reste
    valable et le résultat de celle-ci est obtenu par rapport à la cible indiquée par le
    Loup-Garou Manipulateur »); `drawn` when he had several (« par tirage au sort »)."""

    manipulateur: str
    player: str
    key: str
    kind: str
    to: str
    drawn: bool = False


@folds(ManipulatorVisited)
def _visited(s: GameState, e: ManipulatorVisited) -> None:
    s.extra.setdefault(layers.visit_key(s.number), {})[e.manipulateur] = e.visited


@folds(VisitReported)
def _reported(s: GameState, e: VisitReported) -> None:
    s.extra.setdefault(f"manipuler-rapport:{s.number}", {})[e.manipulateur] = e.acted


@folds(ActionManipulated)
def _manipulated(s: GameState, e: ActionManipulated) -> None:
    s.extra.setdefault(layers.diverted_key(s.number), {})[e.player] = {
        "key": e.key,
        "kind": e.kind,
        "to": e.to,
    }


@tells(VisitReported)
def _tell_visit(s: GameState, e: VisitReported, later: Sequence[Event]) -> list[Notice]:
    ctx = {"visited": e.visited, "acted": e.acted}
    return [Notice(e.manipulateur, "roles:loup_garou_manipulateur:visite", ctx)]


# --- in 004 (thiercelieux): its night ---


@resolves("thiercelieux", "manipuler")
def _manipuler(tx: Tx) -> None:
    """004: « Chaque Nuit, le Loup-Garou Manipulateur peut se rendre chez le joueur de son
    choix. »"""
    for player, aimed in tonight.given(tx.state, ROLE.slug, MANIPULER.kind):
        tx.emit(ManipulatorVisited(player.name, aimed[0]))


def report_visits(tx: Tx) -> None:
    """004: « C'est à la fin de la Nuit, entre la fin des actions de Nuit et le lever du Jour
    que le MJ indique au Loup-Garou Manipulateur si le joueur ciblé a agit. » (once a night)"""
    s = tx.state
    done = s.extra.get(report_key(s.number), {})
    visits = s.extra.get(layers.visit_key(s.number), {})
    for manipulateur, target in visits.items():
        if manipulateur in done:
            continue
        acted = any(n == target and layers.manipulable(k) for n, k, _, _ in layers.given(s))
        tx.emit(VisitReported(manipulateur, target, acted))


def release(tx: Tx) -> None:
    """Dawn: the Manipulateur's change of recipient (one of the player's actions, drawn when he
    has several: « il reçoit l'une de ses actions par tirage au sort »), then the visited
    players' actions of the night's steps, resolved in the night's order."""
    s = tx.state
    report_visits(tx)
    visits = s.extra.get(layers.visit_key(s.number), {})
    for manipulateur, target in visits.items():
        given = s.order_of(manipulateur, DETOURNER.kind)
        if given is None or not s.players[manipulateur].alive:
            continue
        actions = [
            (k, kind) for n, k, kind, _ in layers.given(s) if n == target and layers.manipulable(k)
        ]
        if not actions:
            continue
        key, kind = actions[0]
        if len(actions) > 1:
            names = [f"{k}/{kind.value}" for k, kind in actions]
            (chosen,) = tx.draw(f"manipuler:{manipulateur}", names)
            key, kind = actions[names.index(chosen)]
        tx.emit(
            ActionManipulated(
                manipulateur, target, key, kind.value, given.order.target, len(actions) > 1
            )
        )
    if not visits:
        return
    for action in NIGHT:
        if action.at in ("loups", "sorciere") and layers.manipulable(action.key):
            resolver = RESOLVERS.get(("thiercelieux", action.key))
            if resolver is not None:
                resolver(tx)


# --- in 004 (thiercelieux): its orders ---


@may_give(ROLE.slug, DETOURNER.kind)
def _may_divert(state: GameState, player: Player) -> bool:
    # 004: told « si le joueur ciblé a agit », he may change the recipient
    reports = state.extra.get(report_key(state.number), {})
    return bool(reports.get(player.name))


@refuses(ROLE.slug, DETOURNER.kind)
def _not_told(state: GameState, player: Player, order: Order) -> Exception:
    # once told, at the end of the night, that his player acted
    return Refused(Cause.NOT_NOW, when="night")


@checks(ROLE.slug, DETOURNER.kind)
def _check_divert(state: GameState, player: Player, order: Order) -> None:
    visits = state.extra.get(layers.visit_key(state.number), {})
    if visits.get(player.name) == order.target:
        # 004: « il ne peut cependant pas retourner l’action à son envoyeur »
        raise Refused(Cause.ILLEGAL_TARGET, target=order.target, why="sender")
