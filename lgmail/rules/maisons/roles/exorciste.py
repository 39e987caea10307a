"""Exorciste (001): « Au début de chaque nuit, peut visiter une maison et exorciser un fantôme se
trouvant à l'intérieur. Action quotidienne directe. Si un fantôme tente de visiter sa maison, il
est immédiatement exorcisé. L'exorciste ne peut gagner la partie que s'il n'existe plus de
Voldemort ou de Fantôme hantant une maison à la fin de la partie. Condition de victoire
supplémentaire. »

He writes « exorciser la maison de NOM » at night; it acts at its place in 001's order (after
the Planqué): a Fantôme haunting that house is gone (`fantome.Exorcised`), and he is told
whether he found one. A Fantôme who tries to haunt a living Exorciste's house is exorcised then
(`fantome`, as his haunting resolves).

Rulings: « il n'existe plus de Voldemort » is no living player who holds the Voldemort role;
the Exorciste is not told of a Fantôme exorcised at his door (« immédiatement »: it happens to
the Fantôme, who is told)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.maisons.night import NightRun, Plan, resolves
from lgmail.rules.maisons.outcome import Condition, supplementary
from lgmail.rules.maisons.role import HOUSE, Action, MaisonRole, role
from lgmail.rules.maisons.roles import voldemort
from lgmail.rules.maisons.roles.fantome import Exorcised, haunting
from lgmail.rules.orders import Kind
from lgmail.rules.role import Verb
from lgmail.rules.state import GameState, Player

EXORCISER = Verb(
    Kind.declare("exorciser"),
    ("exorciser", "exorcise", "exorcize"),
    1,
    {"fr": "exorciser la maison de NOM", "en": "exorciser la maison de NAME (exorcise)"},
)

ROLE = role(
    MaisonRole(
        slug="exorciste",
        names={"fr": "Exorciste", "en": "Exorcist"},
        family="manipulation des conditions de victoire",
        help={
            "fr": "Chaque nuit : « exorciser la maison de NOM » (directe) : un Fantôme qui la "
            "hante disparaît. Un Fantôme qui tente de hanter votre maison est exorcisé. Vous ne "
            "gagnez que s'il n'y a plus ni Voldemort ni Fantôme hantant une maison (condition "
            "supplémentaire).",
            "en": 'Each night: "exorciser la maison de NAME" (exorcise; direct): a Ghost '
            "haunting it is gone. A Ghost who tries to haunt your house is exorcised. You win "
            "only if no Voldemort and no haunting Ghost are left (a supplementary condition).",
        },
        actions=(Action(EXORCISER, direct=True, uses=None, aims=HOUSE),),
    )
)


@event
@dataclass(frozen=True)
class ExorcismDone(Event):
    """`exorciste` visited `house`: `found` a Fantôme there or not."""

    exorciste: str
    house: str
    found: bool


@folds(ExorcismDone)
def _done(s: GameState, e: ExorcismDone) -> None:
    """Nothing changes here: a Fantôme found is gone by `Exorcised`."""


@tells(ExorcismDone)
def _tell(s: GameState, e: ExorcismDone, later: Sequence[Event]) -> list[Notice]:
    ctx = {"house": e.house, "found": e.found}
    return [Notice(e.exorciste, "maisons:exorciste:done", ctx)]


@tells(Exorcised)
def _tell_ghost(s: GameState, e: Exorcised, later: Sequence[Event]) -> list[Notice]:
    return [Notice(e.fantome, "maisons:exorciste:exorcised", {"house": e.house})]


@resolves(ROLE.slug)
def _exorciser(run: NightRun, plan: Plan) -> None:
    house = run.house_of(plan.targets[0])
    if not run.enter(plan, house):
        return
    ghosts = [f for f, h in haunting(run.state).items() if h == house]
    run.tx.emit(ExorcismDone(plan.player, house, bool(ghosts)))
    for ghost in ghosts:
        run.tx.emit(Exorcised(ghost, house))


def _clean(s: GameState, player: Player, winner: str | None) -> bool:
    """« s'il n'existe plus de Voldemort ou de Fantôme hantant une maison »."""
    alive = any(voldemort.ROLE.slug in p.powers for p in s.living())
    return not alive and not haunting(s)


supplementary(Condition(ROLE.slug, _clean))
