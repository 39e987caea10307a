"""Joueur de tarot (001): « Trois fois par partie, pendant la nuit, le Joueur de tarot peut savoir
combien de Loups Garous sont encore en vie. [...] Action « unique ». »

Ruling: the count is taken when his turn comes in 001's order (after the night's kills are
made, before dawn's deaths): the wolves alive then, by nature."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.maisons.night import NightRun, Plan, resolves
from lgmail.rules.maisons.role import NOBODY, Action, MaisonRole, role
from lgmail.rules.orders import Kind
from lgmail.rules.role import Verb
from lgmail.rules.state import GameState

TAROT = Verb(
    Kind.declare("tarot"),
    ("tarot", "tirer les cartes", "cartes", "compter", "count", "cards"),
    0,
    {"fr": "tarot", "en": "tarot (count the wolves)"},
    bare=True,
)

ROLE = role(
    MaisonRole(
        slug="joueur-de-tarot",
        names={"fr": "Joueur de tarot", "en": "Tarot Reader"},
        family="information",
        help={
            "fr": "Trois fois par partie, la nuit : « tarot » : combien de Loups Garous vivent.",
            "en": 'Three times a game, at night: "tarot": how many Werewolves are alive.',
        },
        actions=(Action(TAROT, direct=False, uses=3, aims=NOBODY),),
    )
)


@event
@dataclass(frozen=True)
class WolvesCounted(Event):
    player: str
    wolves: int


@folds(WolvesCounted)
def _counted(s: GameState, e: WolvesCounted) -> None:
    """Nothing changes: he is told."""


@tells(WolvesCounted)
def _tell(s: GameState, e: WolvesCounted, later: Sequence[Event]) -> list[Notice]:
    return [Notice(e.player, "maisons:joueur-de-tarot:counted", {"wolves": e.wolves})]


@resolves(ROLE.slug)
def _tarot(run: NightRun, plan: Plan) -> None:
    wolves = sum(1 for p in run.state.living() if p.nature == "loup-garou")
    run.tx.emit(WolvesCounted(plan.player, wolves))
