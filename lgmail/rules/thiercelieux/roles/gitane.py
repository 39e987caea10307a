"""Gitane (004): a villager who, each night, may have the MJ draw a « Nouvelle Lune » event card,
announced publicly and applied at the rising of the day.

« La Gitane appartient au camp Villageois; elle opère depuis un sous-forum privé nommé "La Tente
de la Gitane". » « Chaque Nuit, elle peut agir en demandant au MJ de tirer au sort une carte
"événement" parmi la liste des cartes événements de l'extension Nouvelle Lune. » « Au lever du
Jour, le MJ annoncera en place publique quelle carte de la liste a été tirée au sort et quel en
est le résultat. » « Chaque carte événement ainsi jouée est ensuite retirée de la liste et ne
pourra plus être tirée au sort jusqu'à la fin de la partie. »

Rulings: the card is drawn as the night's actions are resolved (a recorded draw), so it is
announced even if she dies that night; the list is the game's one list (option `nouvelle_lune`),
shared with a Garde Champêtre; once the list is empty she has nothing to draw.
"""

from __future__ import annotations

from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds, may_give, resolves
from lgmail.rules.orders import Kind
from lgmail.rules.role import RoleSpec, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import nouvelle_lune, tonight
from lgmail.rules.tx import Tx

#: 004: the Gitane's card
CARTE = Verb(
    Kind.declare("carte"),
    ("tirer une carte", "tire une carte", "tirage", "draw a card", "draw", "gitane"),
    hint={"fr": "tirer une carte", "en": "tirer une carte (draw an event card)"},
    bare=True,
)


ROLE = RoleSpec(
    slug="gitane",
    camp="village",
    names={"fr": "Gitane", "en": "Gypsy"},
    orders=frozenset({CARTE.kind}),
    verbs=(CARTE,),
    step="loups",
    village_power=True,
    help={
        "fr": "Chaque nuit, si vous le voulez : « tirer une carte » : le MJ tire au sort une "
        "carte événement Nouvelle Lune, annoncée au lever du jour et appliquée ce jour-là ; "
        "chaque carte jouée est retirée de la liste. Votre salle : « La Tente de la Gitane ».",
        "en": 'Each night, if you wish: "tirer une carte" (draw a card): the MJ draws a New '
        "Moon event card, announced at daybreak and applied that day; each card played leaves "
        "the list. Your room: « La Tente de la Gitane ».",
    },
)


@event
@dataclass(frozen=True)
class EventCardDrawn(Event):
    """The card the MJ drew for the Gitane (004: « tirer au sort une carte "événement" »)."""

    gitane: str
    event: str


@folds(EventCardDrawn)
def _card(s: GameState, e: EventCardDrawn) -> None:
    s.extra.setdefault("nl:prochains", []).append({"nom": e.event, "par": "gitane"})


# --- in 004 (thiercelieux): its night ---


@resolves("thiercelieux", "carte")
def _carte(tx: Tx) -> None:
    """004, Gitane: the MJ draws a card « parmi la liste des cartes événements de l'extension
    Nouvelle Lune » (a recorded draw), applied at the rising of the day."""
    s = tx.state
    for player, _ in tonight.given(s, ROLE.slug, CARTE.kind):
        names = nouvelle_lune.left(s)
        if names:
            (card,) = tx.draw(f"carte:{player.name}", names)
            tx.emit(EventCardDrawn(player.name, card))


# --- in 004 (thiercelieux): its orders ---


@may_give(ROLE.slug, CARTE.kind)
def _may_draw(state: GameState, player: Player) -> bool:
    return bool(nouvelle_lune.left(state))
