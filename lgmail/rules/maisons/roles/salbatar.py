"""Salbatar (001): « Une fois par nuit, peut choisir une maison. Le (ou les) joueur(s) dans la
maison ne peut(vent) effectuer d'action directe. Le salbatar ne peut pas choisir la même maison
deux nuits de suite. Action quotidienne indirecte. »

It acts second in 001's order: the direct actions of whoever spends the night in that house
fail (the author is told it failed)."""

from __future__ import annotations

from lgmail.rules.maisons.acting import not_twice_running
from lgmail.rules.maisons.events import HouseAimed
from lgmail.rules.maisons.night import NightRun, Plan, resolves
from lgmail.rules.maisons.role import HOUSE, Action, MaisonRole, checks, role
from lgmail.rules.orders import Kind
from lgmail.rules.role import Verb

ENTRAVER = Verb(
    Kind.declare("entraver"),
    ("entraver", "entrave", "salbatariser", "bloquer", "bloque", "block", "hold"),
    1,
    {"fr": "entraver la maison de NOM", "en": "entraver la maison de NAME (hold in)"},
)

ROLE = role(
    MaisonRole(
        slug="salbatar",
        names={"fr": "Salbatar", "en": "Salbatar"},
        family="manipulation des rôles",
        help={
            "fr": "Chaque nuit : « entraver la maison de NOM » : qui y est ne peut faire "
            "d'action directe (indirecte ; pas la même maison deux nuits de suite).",
            "en": 'Each night: "entraver la maison de NAME" (hold in): whoever is there makes '
            "no direct action (indirect; not the same house two nights running).",
        },
        actions=(Action(ENTRAVER, direct=False, uses=None, aims=HOUSE),),
    )
)


checks(ROLE.slug)(not_twice_running(ROLE.slug))


@resolves(ROLE.slug)
def _entraver(run: NightRun, plan: Plan) -> None:
    house = run.house_of(plan.target)
    run.tx.emit(HouseAimed(plan.player, plan.role, house, run.state.number))
    run.aim(plan, house)
    run.held_in.add(house)
