"""Salvateur (001): « Une fois par nuit, peut choisir une maison. Cette maison ne peut être la
cible d'action directes. Le salvateur ne peut pas choisir la même maison deux nuits de suite.
Action quotidienne directe. »

Ruling: his own house is allowed (001 does not forbid it)."""

from __future__ import annotations

from lgmail.rules.maisons.acting import not_twice_running
from lgmail.rules.maisons.events import HouseAimed
from lgmail.rules.maisons.night import NightRun, Plan, resolves
from lgmail.rules.maisons.role import HOUSE, Action, MaisonRole, checks, role
from lgmail.rules.thiercelieux.roles.salvateur import PROTEGER

ROLE = role(
    MaisonRole(
        slug="salvateur",
        names={"fr": "Salvateur", "en": "Guardian"},
        family="protection",
        help={
            "fr": "Chaque nuit : « protéger la maison de NOM » : aucune action directe n'y entre "
            "(directe ; pas la même maison deux nuits de suite).",
            "en": 'Each night: "proteger la maison de NAME" (protect): no direct action enters '
            "it (direct; not the same house two nights running).",
        },
        actions=(
            Action(
                PROTEGER,
                direct=True,
                uses=None,
                aims=HOUSE,
                written={
                    "fr": "protéger la maison de NOM",
                    "en": "proteger la maison de NAME (protect)",
                },
            ),
        ),
    )
)


checks(ROLE.slug)(not_twice_running(ROLE.slug))


@resolves(ROLE.slug)
def _proteger(run: NightRun, plan: Plan) -> None:
    house = run.house_of(plan.target)
    run.tx.emit(HouseAimed(plan.player, plan.role, house, run.state.number))
    if run.enter(plan, house):
        run.shielded.add(house)
