"""Redirecteur (004, multi-class): each night he names a player; every action aimed at that
player is turned to another player he names.

« Il peut être Loup-Garou ou Villageois. Chaque Nuit de jeu, le Redirecteur peut désigner un
joueur de son choix. Toute action qui cible ce joueur, à ce moment-là, est alors redirigée vers un
autre joueur de son choix également. Si le meurtre des Loups-Garous est dévié vers un Loup, le
Loup meurt. Chaque joueur dont l'action a été redirigée, est prévenu. Le Redirecteur ne saura
jamais s'il redirige quelque chose ou non, et s'il redirige bien, telle ou telle action. » « Le
Redirecteur ne peut pas agir sur la Servante Dévouée. » Joueur de Flûte: « l'action du JdF peut
être ciblée par le Redirecteur contre le JdF lui-même, auquel cas le charme fonctionne ».

Rulings: he acts on the actions after his own in the night's order (not on the knock-out nor the
protection, which come first; the Manipulateur's change of recipient has the last word); each
player whose order named the player is told at dawn (every wolf who named him, for the pack's
kill); the Chasseur's shot at dawn is not a night action and is not turned; a redirection that
would make the Avocat his own client, or name one client twice, leaves that client.
"""

from __future__ import annotations

from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import checks, folds, resolves
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refusal, Refused
from lgmail.rules.role import RoleSpec, Said, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import layers, tonight
from lgmail.rules.tx import Tx

#: what parts the Redirecteur's two names (« rediriger NOM vers NOM »)
TOWARDS = frozenset({"vers", "sur", "to", "onto", "towards", "->", "=>", ">"})


def _redirect(said: Said) -> Order | Refusal:
    """004's Redirecteur: « rediriger NOM vers NOM » (or « NOM et NOM »)."""
    return said.pair(TOWARDS)


#: 004's Redirecteur: « rediriger NOM vers NOM »
REDIRIGER = Verb(
    Kind.declare("rediriger"),
    ("rediriger", "redirige", "devier", "devie", "redirect", "divert"),
    2,
    {"fr": "rediriger NOM vers NOM", "en": "rediriger NAME vers NAME (redirect to)"},
    read=_redirect,
)


ROLE = RoleSpec(
    slug="redirecteur",
    camp="village",
    names={"fr": "Redirecteur", "en": "Redirector"},
    orders=frozenset({REDIRIGER.kind}),
    verbs=(REDIRIGER,),
    step="loups",
    help={
        "fr": "Chaque nuit : « rediriger NOM vers NOM » : toute action visant le premier vise le "
        "second. Vous ne saurez jamais si vous avez redirigé quelque chose.",
        "en": 'Each night: "rediriger NAME vers NAME" (redirect NAME to NAME): every action aimed '
        "at the first is aimed at the second. You never learn whether you turned anything.",
    },
)


@event
@dataclass(frozen=True)
class RedirectionSet(Event):
    """Tonight, every action aimed at `frm` is aimed at `to` (004, Redirecteur); told to
    nobody."""

    redirecteur: str
    frm: str
    to: str


@folds(RedirectionSet)
def _redirection(s: GameState, e: RedirectionSet) -> None:
    s.extra.setdefault(layers.redirected_key(s.number), {})[e.frm] = e.to


# --- in 004 (thiercelieux): its night ---


@resolves("thiercelieux", "rediriger")
def _rediriger(tx: Tx) -> None:
    """004, Redirecteur: « Toute action qui cible ce joueur, à ce moment-là, est alors redirigée
    vers un autre joueur de son choix également. » (`layers.landing`)"""
    for player, aimed in tonight.given(tx.state, ROLE.slug, REDIRIGER.kind):
        tx.emit(RedirectionSet(player.name, aimed[0], aimed[1]))


# --- in 004 (thiercelieux): its orders ---


@checks(ROLE.slug, REDIRIGER.kind)
def _check_redirect(state: GameState, player: Player, order: Order) -> None:
    if order.targets[0] == order.targets[-1]:
        # 004: « vers un autre joueur de son choix »
        raise Refused(Cause.ILLEGAL_TARGET, target=order.target, why="same")
