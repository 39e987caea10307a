"""Fantôme (004): an independent who wins, alive, when only Simples Villageois and Simples
Loups-Garous are left in play; every other night from night 2 he takes a player's power away
(at dawn, silently); once, at night, he makes a dead player his Allié; he dies only by day,
with the exceptions 004 writes.

« Il doit éliminer tous les joueurs à pouvoirs de la partie en dehors de lui-même [...]
Lorsqu'il ne reste plus que des Simples Villageois et des Simples Loups-Garous en jeu, et que le
Fantôme n'a pas été éliminé, alors il remporte la partie. » « Le Fantôme peut alors, une Nuit sur
deux (en commençant par la Nuit 2), décider de cibler un joueur dont il supprimera l'éventuel
pouvoir. » « Le Fantôme ne peut pas supprimer les pouvoirs des rôles Indépendants. Si le Fantôme
meurt, tous les pouvoirs qu'il a supprimé redeviennent valides (sans pour autant les recharger)
[...] Le pouvoir supprimé par le Fantôme ne l'est qu'au lever du Jour. » « une fois dans la
partie et uniquement la Nuit, transformer un des joueurs éliminés en son Allié [...] Le Fantôme
ne peut pas transformer un Loup (qu'il soit dans l'antre ou non) ou un Acolyte en Allié. Il peut
recruter l'Enfant Sauvage si ce dernier n'avait pas rejoint l'antre à sa mort. »

Rulings: a player counts as without power when his role is Simple Villageois, Simple
Loup-Garou or Villageois-Villageois (« vous n'avez pas de pouvoir »), when his power is lost with
the Ancien (004: « cela compte dans la condition de victoire du Fantôme ») or taken away by the
Fantôme, and Cupidon once his couple is made (« l'équivalent d'un Simple Villageois »); a removal
aimed at an independent, or at a player asleep by the Métronome, fails silently; the removals
hold while a Fantôme lives (004, Servante Dévouée: « tous les pouvoirs supprimés par ce dernier
le restent »); « La voix des morts » is offered to the dead only in a game with a Fantôme; a
first attack of the wolves the Salvateur or the potion stops is no attempt; the dead's guess
at night is weighed at that dawn, by day at the next; his lover's death of grief kills him,
night or day (« Si l'Amoureux du Fantôme est visé de Nuit, alors le Fantôme meurt »).

Not yet dealt here: the Servante Dévouée (her taking his role keeps the removals: they hold
while a Fantôme lives) and the Loup-Garou Manipulateur (« ne peut pas agir sur le choix d'un
Allié du Fantôme »).
"""

from datetime import timedelta

from lgmail.rules.orders import Kind
from lgmail.rules.roles.base import RoleSpec
from lgmail.rules.state import GameState, Player

ROLE = RoleSpec(
    slug="fantome",
    camp="independant",
    names={"fr": "Fantôme", "en": "Ghost"},
    orders=frozenset({Kind.SUPPRIMER, Kind.ALLIE}),
    step="loups",
    help={
        "fr": "Une nuit sur deux (nuits paires) : « supprimer NOM » lui retire son pouvoir à "
        "l'aube (sans que personne ne le sache). Une fois, la nuit : « allie NOM » fait d'un "
        "mort votre Allié (pas un loup) ; vous parlez ensemble au Manoir du Fantôme. Vous ne "
        "mourez que de jour (sauf au second meurtre des loups). Vous gagnez, vivant·e, quand il "
        "ne reste que des Simples Villageois et des Simples Loups-Garous.",
        "en": 'Every other night (even nights): "supprimer NAME" (remove) takes their power '
        'away at dawn (nobody is told). Once, at night: "allie NAME" (ally) makes a dead player '
        "your Ally (not a wolf); you talk together in the Ghost's Manor. You die only by day "
        "(but the wolves' second murder). You win, alive, when only Simple Villagers and Simple "
        "Werewolves are left.",
    },
)

#: the channel of the Fantôme, his Allié and his lover: « Le Manoir du Fantôme »
MANOIR = "manoir"
#: `GameState.extra`: target -> the night his power was taken away
REMOVED = "fantome:supprimes"
#: the link from the Fantôme to his Allié, and from the Allié to his Fantôme
ALLY, GHOST = "allie", "fantome"
#: the Allié's status and camp
STATUS, CAMP = "allie", "independant"
#: a dead player's one guess of the Allié (« une fois dans la partie »)
VOICE = "voix"
#: `GameState.extra`: the dead's guesses to weigh at the next dawn: [[player, suspect]]
GUESSES = "voix:attente"
#: the cause announced for the revealed Idiot whose power he takes (ruling: « dans la nuit »,
#: not the Fantôme's name, whose presence is secret)
IDIOT_CAUSE = "nuit"
#: « au maximum une heure avant le lever du Jour »
VOICE_BEFORE = timedelta(hours=1)
#: the wolves' first attack spent on him
FIRST_ATTACK = "premiere-attaque"
#: « Si il ne reste plus que des Simples Villageois et des Simples Loups-Garous en jeu »
PLAIN = frozenset({"villageois", "loup-garou", "villageois-villageois"})
#: causes of death at night he is immune to (« insensible à la potion de mort de la Sorcière
#: [...] au meurtre du Grand Méchant Loup »), and the Loup-Garou Blanc's (« ne peut être tué que
#: de Jour »)
NIGHT_IMMUNE = frozenset({"poison", "gml", "blanc"})


def removal_night(night: int) -> bool:
    """« une Nuit sur deux (en commençant par la Nuit 2) »"""
    return night >= 2 and night % 2 == 0


def is_ghost(player: Player) -> bool:
    return player.role == ROLE.slug


def haunting(state: GameState) -> bool:
    """A Fantôme lives: his removals hold."""
    return any(is_ghost(p) for p in state.living())


def removed(state: GameState, name: str) -> bool:
    """`name`'s power is taken away by the Fantôme now: from the dawn after the night of the
    removal, while a Fantôme lives."""
    night = state.extra.get(REMOVED, {}).get(name)
    if night is None or not haunting(state):
        return False
    dawn = state.phase != "night" or state.resolved
    return state.number > night or (state.number == night and dawn)


def ally_of(state: GameState, ghost: Player) -> str | None:
    return ghost.links.get(ALLY)


def allies(state: GameState) -> list[str]:
    return [p.name for p in state.players.values() if STATUS in p.status]


def ghost_of(player: Player) -> str | None:
    """The Fantôme whose Allié `player` is."""
    return player.links.get(GHOST)


def manoir(state: GameState) -> list[str]:
    """« Le Manoir du Fantôme »: the Fantômes, their Alliés and their lovers (« les amoureux
    utiliseront le forum privé du Fantôme, avec le potentiel Allié »)."""
    members: list[str] = []
    for ghost in state.by_role(ROLE.slug, alive=False):
        lover = state.lover_of(ghost.name)
        for name in (ghost.name, ally_of(state, ghost), lover):
            if name and name not in members:
                members.append(name)
    return members
