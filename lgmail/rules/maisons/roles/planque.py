"""Planqué (001): « Trois fois par partie, le Planqué peut se déplacer dans une maison de son
choix. Il n'est alors plus considéré dans sa maison pour toutes les actions directes qui
auraient pu le cibler. Le pouvoir du Planqué compte comme une action unique, mais il en possède
trois exemplaires. [...] Action « unique » directe »

Ruling: he spends that night in the house he chose (what aims at that house finds him there),
and is home again the next day."""

from __future__ import annotations

from lgmail.rules.maisons.night import NightRun, Plan, resolves
from lgmail.rules.maisons.role import HOUSE, Action, MaisonRole, role
from lgmail.rules.orders import Kind
from lgmail.rules.role import Verb

PLANQUER = Verb(
    Kind.declare("planquer"),
    ("planquer", "planque", "cacher", "cache", "hide"),
    1,
    {"fr": "planquer la maison de NOM", "en": "planquer la maison de NAME (hide)"},
)

ROLE = role(
    MaisonRole(
        slug="planque",
        names={"fr": "Planqué", "en": "Hider"},
        family="protection",
        help={
            "fr": "Trois fois par partie, la nuit : « planquer la maison de NOM » : vous passez "
            "la nuit chez NOM, pas chez vous (directe).",
            "en": 'Three times a game, at night: "planquer la maison de NAME" (hide): you spend '
            "the night there, not at home (direct).",
        },
        actions=(Action(PLANQUER, direct=True, uses=3, aims=HOUSE),),
    )
)


@resolves(ROLE.slug)
def _planquer(run: NightRun, plan: Plan) -> None:
    house = run.house_of(plan.target)
    if run.enter(plan, house):
        run.where[plan.player] = house
