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

from lgmail.rules.orders import Kind
from lgmail.rules.roles.base import RoleSpec

ROLE = RoleSpec(
    slug="redirecteur",
    camp="village",
    names={"fr": "Redirecteur", "en": "Redirector"},
    orders=frozenset({Kind.REDIRIGER}),
    step="loups",
    help={
        "fr": "Chaque nuit : « rediriger NOM vers NOM » : toute action visant le premier vise le "
        "second. Vous ne saurez jamais si vous avez redirigé quelque chose.",
        "en": 'Each night: "rediriger NAME vers NAME" (redirect NAME to NAME): every action aimed '
        "at the first is aimed at the second. You never learn whether you turned anything.",
    },
)

#: 004: « Le Redirecteur ne peut pas agir sur la Servante Dévouée. »
EXEMPT = frozenset({"servante"})


def key(night: int) -> str:
    """`GameState.extra` key of night `night`'s redirections: named player -> new target."""
    return f"redirige:{night}"
