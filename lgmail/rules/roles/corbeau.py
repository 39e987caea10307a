"""Corbeau (004): each night he may mark a player, who starts the next stake with one vote
against him; the sign is announced publicly at dawn.

« Ce joueur aura automatiquement une voix contre lui au prochain décompte des voix du bûcher. »
« Le Corbeau peut se désigner lui-même » « Le Maitre du Jeu annonce publiquement l'action du
Corbeau au village au lever du bûcher ».
"""

from lgmail.rules.orders import Kind
from lgmail.rules.roles.base import RoleSpec

ROLE = RoleSpec(
    slug="corbeau",
    camp="village",
    names={"fr": "Corbeau", "en": "Raven"},
    orders=frozenset({Kind.MARQUER}),
    step="loups",
    village_power=True,
    help={
        "fr": "Chaque nuit : « marquer NOM » : il aura une voix contre lui au bûcher suivant "
        "(vous-même permis).",
        "en": 'Each night: "marquer NAME" (mark): one vote against them at the next stake '
        "(yourself allowed).",
    },
)
