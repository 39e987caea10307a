"""Télépathe (004, multi-class): each night he writes a message to a player of his choice, which
the MJ hands on anonymously at the end of the night.

« Il peut être Loup-Garou ou Villageois. Chaque Nuit, il peut écrire un message destiné au joueur
de son choix. Il n'existe pas de limite de mots, le Télépathe a pour seule consigne de ne pas
enfreindre les règles de base du forum (par exemple, ne pas dévoiler son personnage RP). C'est le
Maître du Jeu qui se chargera de transmettre anonymement le message vers le joueur choisi, à la
fin de la Nuit. »

Rulings: the message is the rest of the order's line (« telepathie NOM : texte »), his last one
of the night counts; it goes to another player; like every night action it can be knocked out,
stopped by the Protecteur, redirected or manipulated; a recipient dead at dawn gets nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, accepts, checks, folds, nothing, resolves, tells
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refusal, Refused
from lgmail.rules.role import RoleSpec, Said, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import acting, tonight
from lgmail.rules.tx import Tx


def _telepathie(said: Said) -> Order | Refusal:
    """004's Télépathe: « telepathie NOM : message » (the name before the colon, or the first
    word; the message is the rest of the line, as written)."""
    text = said.text
    folded = said.fold(text)
    found = None
    for verb in sorted(said.verb.words, key=len, reverse=True):
        found = re.search(rf"(?<![\w-]){re.escape(verb)}(?![\w-])", folded)
        if found:
            break
    after = text[found.end() :] if found and len(folded) == len(text) else ""
    if ":" in after:
        name, message = after.split(":", 1)
    else:
        name, _, message = after.strip().partition(" ")
    message = message.strip()
    if not message:
        return Refusal(Cause.UNREADABLE, {"missing": "text"})
    got = said.name(said.tokens(name))
    if isinstance(got, Refusal):
        return got
    return Order(TELEPATHIE.kind, (got,), args=(message,))


#: 004's Télépathe: « telepathie NOM : message »
TELEPATHIE = Verb(
    Kind.declare("telepathie"),
    ("telepathie", "telepathe", "transmettre", "telepathy", "telepath"),
    hint={"fr": "telepathie NOM : message", "en": "telepathie NAME : message (telepathy)"},
    read=_telepathie,
)


ROLE = RoleSpec(
    slug="telepathe",
    camp="village",
    names={"fr": "Télépathe", "en": "Telepath"},
    orders=frozenset({TELEPATHIE.kind}),
    verbs=(TELEPATHIE,),
    step="loups",
    help={
        "fr": "Chaque nuit : « telepathie NOM : votre message » : le MJ le transmet anonymement "
        "à ce joueur à la fin de la nuit (sans limite de mots ; ne dévoilez pas votre personnage).",
        "en": 'Each night: "telepathy NAME: your message": the MJ hands it on anonymously to that '
        "player at the end of the night (no word limit; do not give your character away).",
    },
)


def key(night: int) -> str:
    """`GameState.extra` key of night `night`'s messages: telepathe -> text."""
    return f"telepathie:{night}"


@event
@dataclass(frozen=True)
class TelepathyWritten(Event):
    """The Télépathe's message of tonight (his `telepathie` order), handed on at dawn."""

    telepathe: str
    target: str
    text: str


@event
@dataclass(frozen=True)
class TelepathMessage(Event):
    """004, Télépathe: « C'est le Maître du Jeu qui se chargera de transmettre anonymement le
    message vers le joueur choisi, à la fin de la Nuit. » The recipient is told `text` only."""

    telepathe: str
    recipient: str
    text: str
    night: int


@folds(TelepathyWritten)
def _telepathy(s: GameState, e: TelepathyWritten) -> None:
    s.extra.setdefault(f"telepathie:{s.number}", {})[e.telepathe] = e.text


folds(TelepathMessage)(nothing)


@tells(TelepathMessage)
def _tell_message(s: GameState, e: TelepathMessage, later: Sequence[Event]) -> list[Notice]:
    """004: « transmettre anonymement le message »: the text, never its author."""
    return [Notice(e.recipient, "roles:telepathe:message", {"text": e.text})]


# --- in 004 (thiercelieux): its night ---


@resolves("thiercelieux", "telepathie")
def _resolve_telepathie(tx: Tx) -> None:
    """004, Télépathe: « C'est le Maître du Jeu qui se chargera de transmettre anonymement le
    message vers le joueur choisi, à la fin de la Nuit. »"""
    s = tx.state
    for player, aimed in tonight.given(s, ROLE.slug, TELEPATHIE.kind):
        text = s.extra.get(key(s.number), {}).get(player.name)
        if text and s.players[aimed[0]].alive:
            tx.emit(TelepathMessage(player.name, aimed[0], str(text), s.number))


# --- in 004 (thiercelieux): its orders ---


@checks(ROLE.slug, TELEPATHIE.kind)
def _check_write(state: GameState, player: Player, order: Order) -> None:
    if order.target == player.name:
        # ruling: the Télépathe writes to another player
        raise Refused(Cause.ILLEGAL_TARGET, target=player.name, why="self")


@accepts(TELEPATHIE.kind)
def _accept_write(tx: Tx, player: Player, order: Order) -> None:
    text = " ".join(order.args).strip()
    if not text:
        raise Refused(Cause.UNREADABLE, missing="text")
    acting.accept(tx, player, order)
    tx.emit(TelepathyWritten(player.name, order.target, text))
