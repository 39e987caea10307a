"""Joueur de Flûte (004): an independent who each night charms zero, one or two players, never
himself; he wins when, at the end of a day or a night, everyone else is charmed.

« Ainsi, chaque Nuit, il charme : zéro, un ou deux joueurs de son choix. » « Le Joueur de Flûte
ne peut pas se charmer lui-même. » « Les joueurs charmés par le Joueur de Flûte ne perdent pas
leurs pouvoirs s'ils en ont. » « Lorsque, à la fin complète d'une phase de Jour ou de Nuit, tout
le monde, sans tenir compte du Joueur de Flûte, est charmé alors celui-ci gagne la partie. »
"""

from lgmail.rules.orders import Kind
from lgmail.rules.roles.base import RoleSpec
from lgmail.rules.state import GameState, Player

ROLE = RoleSpec(
    slug="joueur-de-flute",
    camp="independant",
    names={"fr": "Joueur de Flûte", "en": "Pied Piper"},
    orders=frozenset({Kind.CHARMER}),
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
