"""Joueur de Flûte (004): an independent who each night charms zero, one or two players, never
himself; he wins when, at the end of a day or a night, everyone else is charmed.

« Ainsi, chaque Nuit, il charme : zéro, un ou deux joueurs de son choix. » « Le Joueur de Flûte
ne peut pas se charmer lui-même. » « Les joueurs charmés par le Joueur de Flûte ne perdent pas
leurs pouvoirs s'ils en ont. » « Lorsque, à la fin complète d'une phase de Jour ou de Nuit, tout
le monde, sans tenir compte du Joueur de Flûte, est charmé alors celui-ci gagne la partie. »
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, checks, folds, resolves, tells
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.role import MANY, RoleSpec, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import tonight
from lgmail.rules.tx import Tx

#: 004: the Joueur de Flûte's charm
CHARMER = Verb(
    Kind.declare("charmer"),
    ("charmer", "charme", "envouter", "envoute", "charm", "enchant"),
    MANY,
    {"fr": "charmer NOM et NOM", "en": "charmer NAME et NAME (charm)"},
)


ROLE = RoleSpec(
    slug="joueur-de-flute",
    aliases=("jdf",),
    camp="independant",
    names={"fr": "Joueur de Flûte", "en": "Pied Piper"},
    orders=frozenset({CHARMER.kind}),
    verbs=(CHARMER,),
    step="loups",
    help={
        "fr": "Chaque nuit : « charmer NOM et NOM » (zéro, un ou deux joueurs, pas vous-même). "
        "Vous gagnez seul quand tous les autres sont charmés.",
        "en": 'Each night: "charmer NAME et NAME" (charm zero, one or two players, not yourself). '
        "You win alone when all the others are charmed.",
    },
)

STATUS = "charme"
MAX = 2


def is_piper(player: Player) -> bool:
    """A Joueur de Flûte who still plays for himself (004, IPL: infected, « sa condition de
    victoire de JdF n'est plus valable »)."""
    return player.role == ROLE.slug and "camp" not in player.links


def charmed(state: GameState) -> list[str]:
    return [p.name for p in state.players.values() if STATUS in p.status]


def wins(state: GameState, piper: Player) -> bool:
    """Everyone alive but him is charmed (004: « Un Joueur de Flûte amoureux d'un autre joueur
    n'a pas besoin de charmer son amoureux »)."""
    lover = state.lover_of(piper.name)
    others = [p for p in state.living() if p.name not in (piper.name, lover)]
    return piper.alive and all(STATUS in p.status for p in others)


@event
@dataclass(frozen=True)
class PlayersCharmed(Event):
    """The Joueur de Flûte charmed `names` tonight (004); the charmed know one another."""

    piper: str
    names: list[str]


@folds(PlayersCharmed)
def _charmed(s: GameState, e: PlayersCharmed) -> None:
    for name in e.names:
        s.players[name].status.add("charme")


@tells(PlayersCharmed)
def _tell_charmed(s: GameState, e: PlayersCharmed, later: Sequence[Event]) -> list[Notice]:
    """The charmed know each other (004): each living charmed player is told them all."""
    group = [n for n in charmed(s) if s.players[n].alive]
    return [Notice(n, "roles:joueur_de_flute:charmes", {"charmed": group}) for n in group]


# --- in 004 (thiercelieux): its night ---


@resolves("thiercelieux", "charmer")
def _charmer(tx: Tx) -> None:
    s = tx.state
    for player, targets in tonight.given(s, ROLE.slug, CHARMER.kind):
        # 004: « l'action du JdF peut être ciblée par le Redirecteur contre le JdF lui-même,
        # auquel cas le charme fonctionne » (his own order may not name him: `_check`)
        names = [n for n in targets if s.players[n].alive]
        if names:
            tx.emit(PlayersCharmed(player.name, names))


# --- in 004 (thiercelieux): its orders ---


@checks(ROLE.slug, CHARMER.kind)
def _check_charm(state: GameState, player: Player, order: Order) -> None:
    # 004: « il charme : zéro, un ou deux joueurs » « ne peut pas se charmer lui-même »
    if len(order.targets) > MAX:
        raise Refused(Cause.ILLEGAL_TARGET, target=", ".join(order.targets), why="two-max")
    if player.name in order.targets:
        raise Refused(Cause.ILLEGAL_TARGET, target=player.name, why="self")
