"""Princesse (004): each night she names a player whose vote counts one more at the next stake,
if he is a Simple Villageois or a Simple Loup-Garou.

« Chaque Nuit de jeu, la Princesse peut cibler un joueur de son choix, qui aura un vote compte
+1 pour le bûcher suivant, mais uniquement s'il est Simple Villageois ou Simple Loup-Garou. »
"""

from lgmail.rules.orders import Kind
from lgmail.rules.roles.base import RoleSpec
from lgmail.rules.state import Player

ROLE = RoleSpec(
    slug="princesse",
    camp="village",
    names={"fr": "Princesse", "en": "Princess"},
    orders=frozenset({Kind.FAVORISER}),
    step="loups",
    village_power=True,
    help={
        "fr": "Chaque nuit : « favoriser NOM » : son vote comptera +1 au bûcher suivant s'il est "
        "Simple Villageois ou Simple Loup-Garou.",
        "en": 'Each night: "favoriser NAME" (favour): their vote counts one more at the next '
        "stake if they are a Simple Villager or a Simple Werewolf.",
    },
)

#: 004: « uniquement s'il est Simple Villageois ou Simple Loup-Garou »
SIMPLE = frozenset({"villageois", "loup-garou"})


def favoured(player: Player) -> bool:
    return player.role in SIMPLE
