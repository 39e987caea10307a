"""Marchand de Sable (004): once a game, by day, he makes the next night not happen: a new stake
rises at once.

« Une seule fois dans la partie, le Marchand de Sable peut faire sauter une Nuit de jeu, pendant
laquelle personne ne pourra agir. [...] Le MJ lève immédiatement un nouveau bûcher. Pour agir, le
Marchand de Sable doit utiliser son pouvoir pendant le jour de jeu précédant la Nuit de jeu qu'il
veut faire sauter, en envoyant un MP au MJ. »
"""

from lgmail.rules.orders import Kind
from lgmail.rules.roles.base import RoleSpec

ROLE = RoleSpec(
    slug="marchand-de-sable",
    camp="village",
    names={"fr": "Marchand de Sable", "en": "Sandman"},
    orders=frozenset({Kind.ENDORMIR}),
    village_power=True,
    help={
        "fr": "Une fois dans la partie, de jour : « endormir » : la nuit suivante n'a pas lieu.",
        "en": 'Once a game, by day: "endormir" (sleep): the next night does not happen.',
    },
)

POWER = "sable"
