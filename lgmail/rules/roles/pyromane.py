"""Pyromane (004): once a game, at night, he sets fire to a player's house: that player's job is
lost and he becomes a Vagabond; a fire on the pack's victim kills the wolf who made the kill.

« Le Pyromane peut, une seule Nuit dans la partie, cibler un joueur autre qu'un Vagabond. Le
métier du joueur ainsi ciblé devient définitivement perdu pour le reste de la partie, et ce
joueur devient un Vagabond. » « Si le Pyromane désigne le même joueur que la victime du meurtre
des Loups-Garous cette Nuit-là, alors c'est le Loup-Garou qui effectue le meurtre qui est
éliminé. De plus, les Loups-Garous, affolés par le feu, n'ont pas eu le temps d'achever leur
méfait : le Villageois reste en vie (il n'y a pas de victime). » Corbeau: « Le Corbeau ne peut
désigner aucun Vagabond. »

Rulings: the jobs of « Le Villageois » are not dealt by this rule set, so the fire records the
Vagabond (a status) and the village hears at dawn whose house burnt (who lit it, never); he may
not set fire to his own house; « le Loup-Garou qui effectue le meurtre » is the wolf whose order
chose the victim (004, Loups-Garous: « Le dernier message en couleur dans l'Antre [...] désigne
le loup qui fait l'action »), who dies at dawn, whatever protects the victim.
"""

from lgmail.rules.orders import Kind
from lgmail.rules.roles.base import RoleSpec
from lgmail.rules.state import Player

ROLE = RoleSpec(
    slug="pyromane",
    camp="village",
    names={"fr": "Pyromane", "en": "Arsonist"},
    orders=frozenset({Kind.ALLUMER}),
    step="loups",
    village_power=True,
    help={
        "fr": "Une seule nuit dans la partie : « allumer NOM » : sa maison brûle, il devient "
        "Vagabond. Si c'est la victime des loups, le loup qui l'attaquait meurt et la victime "
        "vit.",
        "en": 'One night in the game: "allumer NAME" (burn): their house burns, they become a '
        "Vagabond. If they are the wolves' victim, the wolf who attacked dies and the victim "
        "lives.",
    },
)

#: his single match
POWER = "allumette"
#: a player whose house burnt (004: « ce joueur devient un Vagabond »)
VAGABOND = "vagabond"
#: the cause of the wolf's death in the fire
CAUSE = "feu"


def is_vagabond(player: Player) -> bool:
    return VAGABOND in player.status


def burnt_key(night: int) -> str:
    """`GameState.extra` key of the wolf caught in night `night`'s fire."""
    return f"feu:{night}"
