"""Assommeur (004, multi-class): each night he knocks out a player, whose actions of the night
all fail; his action comes before every other.

« Il peut être Loup-Garou ou Villageois. Chaque Nuit, il peut choisir d'assommer un joueur qui
ne pourra donc pas agir de toute la Nuit (y compris le Chasseur s'il meurt de nuit). Cette
action a la priorité sur toutes les autres. Le joueur est mis au courant qu'il a été assommé par
le MJ à la fin de la Nuit. Si deux assommeurs se visent mutuellement, le premier qui envoie son
action est gagnant. Si un Assommeur A vise un Assommeur B qui vise lui même un joueur C, alors
l'action de l'Assommeur B est empêchée par l'Assommeur A. »

Rulings: he may not knock himself out; « le premier qui envoie son action » is the one whose
order in force was written first (an order written again is written anew).
"""

from __future__ import annotations

from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import accepts, checks, folds, resolves
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.role import RoleSpec, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import acting, layers, tonight
from lgmail.rules.tx import Tx

ASSOMMER = Verb(
    Kind.declare("assommer"),
    ("assommer", "assomme", "assomer", "assome", "knock", "stun"),
    1,
    {"fr": "assommer NOM", "en": "assommer NAME (knock out)"},
)


ROLE = RoleSpec(
    slug="assommeur",
    camp="village",
    names={"fr": "Assommeur", "en": "Knocker"},
    orders=frozenset({ASSOMMER.kind}),
    verbs=(ASSOMMER,),
    step="loups",
    help={
        "fr": "Chaque nuit : « assommer NOM » : ce joueur ne pourra pas agir de la nuit (il "
        "l'apprend à l'aube). Votre action passe avant toutes les autres.",
        "en": 'Each night: "assommer NAME" (knock out): that player cannot act this night '
        "(told at dawn). Your action comes before every other.",
    },
)


def key(night: int) -> str:
    """`GameState.extra` key of night `night`'s knock-out orders, in the order written:
    [[assommeur, target], ...]."""
    return f"assommer:{night}"


def effective(orders: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The knock-outs that hold, from the orders in the order written: an Assommeur knocked out
    by one that holds fails (« l'action de l'Assommeur B est empêchée par l'Assommeur A »);
    among Assommeurs who aim at one another, the first written wins (« le premier qui envoie
    son action est gagnant »)."""
    pending = list(orders)
    held: list[tuple[str, str]] = []
    while pending:
        free = [o for o in pending if not any(t == o[0] for _, t in pending)]
        chosen = free[0] if free else pending[0]
        held.append(chosen)
        # whoever the chosen one knocks out does not act
        pending = [o for o in pending if o is not chosen and o[0] != chosen[1]]
    return held


@event
@dataclass(frozen=True)
class KnockOutOrdered(Event):
    """The Assommeur's order of tonight, in the order written (004: « le premier qui envoie son
    action est gagnant »)."""

    assommeur: str
    target: str


@event
@dataclass(frozen=True)
class KnockedOut(Event):
    """`target` is knocked out for the night (004, Assommeur: « ne pourra donc pas agir de toute
    la Nuit »); he is told at dawn (`NightActionFoiled`)."""

    assommeur: str
    target: str


@folds(KnockOutOrdered)
def _knock_out_ordered(s: GameState, e: KnockOutOrdered) -> None:
    written = [o for o in s.extra.get(f"assommer:{s.number}", []) if o[0] != e.assommeur]
    s.extra[f"assommer:{s.number}"] = [*written, [e.assommeur, e.target]]


@folds(KnockedOut)
def _knocked_out(s: GameState, e: KnockedOut) -> None:
    s.extra.setdefault(layers.knocked_out_key(s.number), {})[e.target] = e.assommeur


# --- in 004 (thiercelieux): its night ---


@resolves("thiercelieux", "assommer")
def _assommer(tx: Tx) -> None:
    """004, Assommeur: « Cette action a la priorité sur toutes les autres »; among Assommeurs,
    `effective`."""
    s = tx.state
    written = []
    for name, target in s.extra.get(key(s.number), []):
        player = s.players[name]
        given = s.order_of(name, ASSOMMER.kind)
        if (
            given is not None
            and given.order.target == target
            and acting.role(s, player) == ROLE.slug
            and tonight.powered(s, player)
        ):
            written.append((name, target))
    for name, target in effective(written):
        tx.emit(KnockedOut(name, target))


# --- in 004 (thiercelieux): its orders ---


@checks(ROLE.slug, ASSOMMER.kind)
def _check_knock(state: GameState, player: Player, order: Order) -> None:
    if order.target == player.name:
        # ruling: the Assommeur knocks out another player
        raise Refused(Cause.ILLEGAL_TARGET, target=player.name, why="self")


@accepts(ASSOMMER.kind)
def _accept_knock(tx: Tx, player: Player, order: Order) -> None:
    acting.accept(tx, player, order)
    # 004: « le premier qui envoie son action est gagnant »: the order written is kept
    tx.emit(KnockOutOrdered(player.name, order.target))
