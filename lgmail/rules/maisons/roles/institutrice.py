"""Institutrice (001): « Une fois par journée, peut choisir que son vote enlève deux voix à la
personne votée plutôt que d'en rajouter une. Action quotidienne. » (« soustraire », the same
day as her vote.)"""

from __future__ import annotations

from lgmail.rules.maisons.role import NOBODY, Action, MaisonRole, role
from lgmail.rules.orders import Kind
from lgmail.rules.role import Verb

SOUSTRAIRE = Verb(
    Kind.declare("soustraire"),
    ("soustraire", "soustrais", "enlever", "enleve", "subtract"),
    0,
    {"fr": "soustraire", "en": "soustraire (my vote takes two votes off)"},
    bare=True,
)

ROLE = role(
    MaisonRole(
        slug="institutrice",
        names={"fr": "Institutrice", "en": "Schoolmistress"},
        family="votes",
        help={
            "fr": "Chaque jour : « soustraire » : votre vote enlève deux voix au lieu d'en "
            "ajouter une.",
            "en": 'Each day: "soustraire": your vote takes two votes off instead of adding one.',
        },
        actions=(Action(SOUSTRAIRE, direct=False, uses=None, when="jour", aims=NOBODY),),
    )
)
