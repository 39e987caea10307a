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

from lgmail.rules.orders import Kind
from lgmail.rules.roles.base import RoleSpec

ROLE = RoleSpec(
    slug="telepathe",
    camp="village",
    names={"fr": "Télépathe", "en": "Telepath"},
    orders=frozenset({Kind.TELEPATHIE}),
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
