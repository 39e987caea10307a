"""Assassin (001): « Une fois par partie, pendant la nuit, peut tuer un joueur de son choix.
Action unique directe. »

Ruling: he enters the house his victim lives in; a victim spending the night elsewhere (a
Planqué) is not found, which is not reported as a failure (001: « visite d'un joueur Planqué
ailleurs »)."""

from __future__ import annotations

from lgmail.rules.maisons.night import NightRun, Plan, resolves
from lgmail.rules.maisons.role import PLAYER, Action, MaisonRole, role
from lgmail.rules.orders import Kind
from lgmail.rules.role import Verb

ASSASSINER = Verb(
    Kind.declare("assassiner"),
    ("assassiner", "assassine", "poignarder", "poignarde", "assassinate", "stab"),
    1,
    {"fr": "assassiner NOM", "en": "assassiner NAME (assassinate)"},
)

ROLE = role(
    MaisonRole(
        slug="assassin",
        names={"fr": "Assassin", "en": "Assassin"},
        family="destruction",
        help={
            "fr": "Une fois par partie, la nuit : « assassiner NOM » (directe).",
            "en": 'Once a game, at night: "assassiner NAME" (assassinate; direct).',
        },
        actions=(Action(ASSASSINER, direct=True, uses=1, aims=PLAYER),),
    )
)

CAUSE = "assassin"


@resolves(ROLE.slug)
def _assassiner(run: NightRun, plan: Plan) -> None:
    house = run.house_of(plan.target)
    if run.enter(plan, house) and plan.target in run.inside(house):
        run.attack(plan.target, CAUSE, plan.player)
