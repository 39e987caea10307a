"""Voleur (004): two more cards than players are in the composition; the Voleur is shown the two
cards left over at the deal and at once takes one of them, or stays Voleur.

« La présence du Voleur dans une partie oblige le MJ à ajouter deux cartes de rôles
supplémentaires à sa composition » « le MJ lui indique les deux cartes restantes afin que le
Voleur se décide immédiatement : choisir l'un des deux rôles présentés ou rester Voleur. » « il
devient ce rôle jusqu'à la fin de la partie, avec la condition de victoire qui y est associée. »
« Dans le cas spécial où le Voleur reçoit deux cartes de Loup-Garou comme choix [...] il est
obligé d'en choisir une sur les deux et ne peut donc pas rester Voleur. »

The two cards: the option `voleur_cartes` (the MJ names them), else drawn out of a composition
that has two cards more than players (a recorded draw).

Rulings: he chooses from the deal until the first night's first step closes (the step where
Cupidon and the Enfant Sauvage act « dès la réception de [leur] rôle »); no choice by then, he
stays Voleur, or, with two wolf cards, one of them is drawn. A Voleur who stays is a Simple
Villageois of the village.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, accepts, done_in, folds, may_give, resolves, role_help, tells
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refusal, Refused
from lgmail.rules.role import RoleSpec, Said, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import camps
from lgmail.rules.thiercelieux.events import DenJoined
from lgmail.rules.tx import Tx
from lgmail.rules.variants import variant_of

#: the Voleur's words for staying Voleur
STAY = frozenset({"rester", "reste", "stay"})


def _card(said: Said) -> Order | Refusal:
    """004's Voleur: « voler voyante » takes a card, « rester voleur » (or « rester ») stays."""
    found = said.role(said.rest)
    if found is not None:
        return Order(VOLER.kind, args=(found[0],))
    if STAY & set(said.folded):
        return Order(VOLER.kind, args=("voleur",))
    return Refusal(Cause.UNREADABLE, {"missing": "role"})


#: 004: the Voleur takes one of his two cards, or stays Voleur
VOLER = Verb(
    Kind.declare("voler"),
    ("voler", "vole", "carte", "rester", "reste", "steal", "card", "stay"),
    hint={
        "fr": "voler RÔLE (l'une de vos deux cartes) ou rester voleur",
        "en": "voler ROLE (take one of your two cards) or rester voleur (stay Thief)",
    },
    read=_card,
    short_args=True,
    choices=lambda s, name: _choices(s, s.players[name]),
)


ROLE = RoleSpec(
    slug="voleur",
    camp="village",
    names={"fr": "Voleur", "en": "Thief"},
    orders=frozenset({VOLER.kind}),
    verbs=(VOLER,),
    step="cupidon",
    help={
        "fr": "Dès le début : « voler ROLE » prend l'une de vos deux cartes (vous devenez ce "
        "rôle pour toute la partie), « rester voleur » garde votre rôle. Deux cartes de "
        "Loup-Garou : vous devez en prendre une.",
        "en": 'At the start: "voler ROLE" takes one of your two cards (you become that role '
        'for the whole game), "rester voleur" keeps your role. Two Werewolf cards: you must '
        "take one.",
    },
)

#: the game option naming the two cards set aside for him
OPTION = "voleur_cartes"
COUNT = 2
#: 004: the cards that count as Loups-Garous, « à pouvoir ou non »
WOLF_CARDS = frozenset(
    {
        "loup-garou",
        "loup-garou-blanc",
        "grand-mechant-loup",
        "infect-pere-des-loups",
        "loup-egare",
        "loup-garou-manipulateur",
    }
)


def cards(state: GameState, player: Player) -> list[str]:
    """The two cards set aside for `player` at the deal."""
    return list(state.extra.get("aside", {}).get(player.name, []))


def _choices(state: GameState, player: Player) -> list[str]:
    """His two cards to take, and staying Voleur where he may."""
    stay = [] if must_take(state, player) else [f"rester {ROLE.slug}"]
    return [f"voler {card}" for card in cards(state, player)] + stay


def must_take(state: GameState, player: Player) -> bool:
    """004: « deux cartes de Loup-Garou comme choix [...] il est obligé d'en choisir une »."""
    got = cards(state, player)
    return len(got) == COUNT and all(c in WOLF_CARDS for c in got)


def undecided(state: GameState, player: Player) -> bool:
    """A Voleur who has not chosen yet (he has cards and has not said)."""
    return (
        player.role == ROLE.slug
        and bool(cards(state, player))
        and player.name not in state.extra.get("voleur:choisi", [])
    )


@event
@dataclass(frozen=True)
class ThiefChose(Event):
    """The Voleur's choice at the deal (004: « choisir l'un des deux rôles présentés ou rester
    Voleur »): `role` is the card he takes, "voleur" when he stays; `drawn` when he had two wolf
    cards and chose none in time (« il est obligé d'en choisir une »)."""

    voleur: str
    role: str
    drawn: bool = False


@folds(ThiefChose)
def _thief(s: GameState, e: ThiefChose) -> None:
    # 004: « il devient ce rôle jusqu'à la fin de la partie »
    s.players[e.voleur].role = e.role
    s.extra.setdefault("voleur:choisi", []).append(e.voleur)


@tells(ThiefChose)
def _tell_chose(s: GameState, e: ThiefChose, later: Sequence[Event]) -> list[Notice]:
    """The card he holds now, with what it lets him do."""
    help_text = role_help(s, e.voleur, variant_of(s).roles[e.role])
    ctx = {"role": e.role, "help": help_text, "drawn": e.drawn}
    return [Notice(e.voleur, "roles:voleur:carte", ctx)]


# --- in 004 (thiercelieux): its night ---


def take_card(tx: Tx, name: str, card: str, drawn: bool = False) -> None:
    """004, Voleur: « il devient ce rôle jusqu'à la fin de la partie »; a card of the den takes
    him to the den at once."""
    tx.emit(ThiefChose(name, card, drawn))
    if card in camps.DEN_AT_START:
        tx.emit(DenJoined(name, ROLE.slug))


@resolves("thiercelieux", "voler")
def _voler(tx: Tx) -> None:
    """The Voleur who has not chosen when the first night's first step closes stays Voleur
    (ruling), unless both his cards are wolves: « il est obligé d'en choisir une sur les deux »,
    then one is drawn."""
    s = tx.state
    for player in s.by_role(ROLE.slug):
        if not undecided(s, player):
            continue
        if must_take(s, player):
            (card,) = tx.draw(f"voleur:{player.name}", cards(s, player))
            take_card(tx, player.name, card, drawn=True)
        else:
            take_card(tx, player.name, ROLE.slug)


# --- in 004 (thiercelieux): its orders ---

#: the first night's step, where the deal's choices are made (`base.steps.CUPIDON`)
DEAL_STEP = "cupidon"


@may_give(ROLE.slug, VOLER.kind)
def _may_steal(state: GameState, player: Player) -> bool:
    return undecided(state, player)


@done_in(ROLE.slug, DEAL_STEP)
def _done(state: GameState, player: Player) -> bool:
    return not undecided(state, player)


@accepts(VOLER.kind)
def _accept_steal(tx: Tx, player: Player, order: Order) -> None:
    """004, Voleur: « choisir l'un des deux rôles présentés ou rester Voleur », at the deal
    (ruling: until the first night's first step closes)."""
    s = tx.state
    if player.role != ROLE.slug and player.name not in s.extra.get("voleur:choisi", []):
        raise Refused(Cause.NOT_YOUR_ROLE, kind=order.kind.value)
    if not undecided(s, player):
        raise Refused(Cause.ALREADY_USED)
    if s.number > 1 or DEAL_STEP in s.closed_steps or (s.phase == "night" and s.resolved):
        raise Refused(Cause.NOT_NOW, when="deal")
    card = order.args[0] if order.args else ROLE.slug
    if card == ROLE.slug and must_take(s, player):
        # « il est obligé d'en choisir une sur les deux et ne peut donc pas rester Voleur »
        raise Refused(Cause.NOT_ALLOWED, why="must-take")
    if card != ROLE.slug and card not in cards(s, player):
        raise Refused(Cause.ILLEGAL_TARGET, target=card, why="not-a-card")
    take_card(tx, player.name, card)
