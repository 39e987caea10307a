"""Servante Dévouée (004): at the end of each night she is told who dies at dawn (not their
roles) and may take the role of one of them; that player is announced dead as "Servante
Dévouée", and she becomes the role.

« Chaque Nuit, après que toutes les actions de Nuit aient été effectuées et résolues, et avant le
lever du Jour, le MJ annonce à la Servante Dévouée les joueurs qui sont éliminés cette Nuit-là,
sans révéler le(s) rôle(s) associé(s) à ce(s) joueur(s). » « La Servante Dévouée peut, si elle le
désire, prendre le rôle du joueur de son choix parmi eux. » « Après avoir agi, la Servante
Dévouée devient intégralement le nouveau rôle choisi ».

What she inherits: the role, with what its power spent and learned, the links of the role (the
Enfant Sauvage's model, the Avocat's clients, the Sectaire's list, the Maître Vampire's
acolytes, the Fantôme's removals and Allié), a multi-class role's alignment, a same-night
infection, the Loup Égaré's sniff of the night, the Princesse's +1 vote; not the status of the
player (amoureux, infecté from an earlier night, acolyte, charmé, modèle, client), which stays
with him and is announced (or not) at his death as 004 lists.

Rulings: she is told at the close of the night's last step before hers (the deaths as they stand
then, the Manipulateur's detour included); she takes at most one role a night, and only from
that list; a Servante who dies the same dawn dies with the role she took; knocked out by the
Assommeur, she is told and her choice fails.
"""

from lgmail.rules.orders import Kind
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.roles.base import RoleSpec
from lgmail.rules.state import GameState, Player

ROLE = RoleSpec(
    slug="servante-devouee",
    camp="village",
    names={"fr": "Servante Dévouée", "en": "Devoted Servant"},
    orders=frozenset({Kind.PRENDRE}),
    step="servante",
    village_power=True,
    help={
        "fr": "À la fin de chaque nuit, le MJ vous dit qui meurt à l'aube (sans leur rôle) : "
        "« prendre NOM » prend le rôle de l'un d'eux (il mourra annoncé « Servante Dévouée »), "
        "« rien » le laisse.",
        "en": "At the end of each night the MJ tells you who dies at dawn (not their roles): "
        '"prendre NAME" (take) takes the role of one of them (he dies announced as "Devoted '
        'Servant"), "rien" leaves it.',
    },
)

STEP = "servante"
#: a player's statuses that stay his (004: « elle ne récupère que le rôle et pas le statut »)
NOT_INHERITED = frozenset({"amoureux", "infecte", "acolyte", "charme", "allie"})
#: a player's links that stay his: his master (Maître Vampire, Fantôme)
NOT_INHERITED_LINKS = frozenset({"vampire", "fantome"})
#: statuses that changed the player's camp: then his camp and den are his, not the role's
OWN_CAMP = frozenset({"infecte", "acolyte", "allie"})


def told_key(night: int) -> str:
    return f"servante:{night}"


def told(state: GameState, player: Player) -> list[str]:
    """Who dies at tonight's dawn, as she was told."""
    return list(state.extra.get(told_key(state.number), {}).get(player.name, []))


def taken_key(night: int) -> str:
    return f"servante:pris:{night}"


def taker(state: GameState, name: str) -> str:
    """Who holds `name`'s role of tonight: the Servante Dévouée who took it, else himself."""
    return str(state.extra.get(taken_key(state.number), {}).get(name, name))


def took_tonight(state: GameState, player: Player) -> bool:
    return player.name in state.extra.get(f"servante:prise:{state.number}", [])


def refusal(state: GameState, player: Player, target: str) -> Refused:
    """Why « prendre NOM » cannot be played now, when her step is not hers to act in: she took
    a role tonight already; she has not been told yet who dies (« après que toutes les actions
    de Nuit aient été effectuées et résolues »: she answers once told, at the end of the night);
    or she was told and nobody, or not that player, dies."""
    if took_tonight(state, player):
        return Refused(Cause.ALREADY_USED)
    if player.name not in state.extra.get(told_key(state.number), {}):
        return Refused(Cause.NOT_NOW, when="servante")
    return Refused(Cause.ILLEGAL_TARGET, target=target, why="not-dying")
