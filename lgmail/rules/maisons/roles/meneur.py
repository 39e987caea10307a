"""Meneur (001): « Pendant chaque journée, peut décider que son vote compte double. Action
quotidienne. » Said by mail the same day as his vote (« doubler »), it counts at the close."""

from __future__ import annotations

from lgmail.rules.maisons.role import NOBODY, Action, MaisonRole, role
from lgmail.rules.orders import Kind
from lgmail.rules.role import Verb

DOUBLER = Verb(
    Kind.declare("mener"),
    ("doubler", "double", "mener", "lead"),
    0,
    {"fr": "doubler", "en": "doubler (my vote counts twice)"},
    bare=True,
)

ROLE = role(
    MaisonRole(
        slug="meneur",
        names={"fr": "Meneur", "en": "Leader"},
        family="votes",
        help={
            "fr": "Chaque jour : « doubler » : votre vote compte double.",
            "en": 'Each day: "doubler": your vote counts twice.',
        },
        actions=(Action(DOUBLER, direct=False, uses=None, when="jour", aims=NOBODY),),
    )
)


def weight(voter_doubles: bool) -> int:
    return 2 if voter_doubles else 1
