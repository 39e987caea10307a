"""Détective (001): « Au début de chaque nuit, peut enquêter sur une maison. Il sait combien
d'action indirectes ont été commises dans la maison (à savoir, si la maison est le départ de
l'action indirecte). Il sait aussi quelles personnes sont rentrées et sorties dans la maison, et
dans quel ordre. Action quotidienne directe. »

He goes into the house (« enquêter sur la maison de NOM »), in his place in 001's order (after
the Salbatar and the Salvateur: held in, or the house shielded, his action fails and he is told
so). Once every action of the night is resolved (`night.AFTER_ACTIONS`) he is told what went on
in that house all night long (`HouseInvestigated`).

Rulings where 001 is silent:
- « commises dans la maison »: every indirect action tried tonight from that house (its author
  spent the night there), whether it worked or not (one on a Chanoine was still committed);
  actions that aim at no one and no house (the Joueur de tarot's cards) are not counted;
- « rentrées et sorties »: the night's direct actions that moved someone across its door, in the
  order they were made: a visitor goes in, then out again; someone who spends the night there
  and makes a direct action elsewhere goes out, then back in; the Planqué stays where he hides
  (he goes in and does not come out, or goes out and does not come back). A direct action that
  failed moved no one; one into the house its author is already in crosses no door. His own
  investigation is not in the list (he knows he was there), another Détective's is;
- he learns it at dawn, with the living: a Détective killed this night is told nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.maisons.night import AFTER_ACTIONS, NightRun, Plan, Tried, resolves
from lgmail.rules.maisons.role import HOUSE, Action, MaisonRole, role
from lgmail.rules.maisons.roles import planque
from lgmail.rules.orders import Kind
from lgmail.rules.role import Verb
from lgmail.rules.state import GameState

ENQUETER = Verb(
    Kind.declare("enqueter"),
    ("enqueter", "enquete", "investiguer", "investigate", "inspect"),
    1,
    {"fr": "enquêter sur la maison de NOM", "en": "enqueter sur la maison de NAME (investigate)"},
)

ROLE = role(
    MaisonRole(
        slug="detective",
        names={"fr": "Détective", "en": "Detective"},
        family="information",
        help={
            "fr": "Chaque nuit : « enquêter sur la maison de NOM » : vous saurez combien "
            "d'actions indirectes en sont parties et qui y est entré et en est sorti, dans "
            "l'ordre (directe).",
            "en": 'Each night: "enqueter sur la maison de NAME" (investigate): you learn how '
            "many indirect actions started from it and who went in and out, in order (direct).",
        },
        actions=(Action(ENQUETER, direct=True, uses=None, aims=HOUSE),),
    )
)

#: a move across the house's door
IN, OUT = "in", "out"


@event
@dataclass(frozen=True)
class HouseInvestigated(Event):
    """What Détective `detective` learned of `house` tonight: how many indirect actions started
    from it, and who went in or out, in order ([name, "in" | "out"])."""

    detective: str
    house: str
    indirect: int
    moves: list[list[str]] = field(default_factory=list)


@folds(HouseInvestigated)
def _investigated(s: GameState, e: HouseInvestigated) -> None:
    """Nothing changes: he is told."""


@tells(HouseInvestigated)
def _tell(s: GameState, e: HouseInvestigated, later: Sequence[Event]) -> list[Notice]:
    ctx = {"house": e.house, "indirect": e.indirect, "moves": e.moves}
    return [Notice(e.detective, "maisons:detective:report", ctx)]


@resolves(ROLE.slug)
def _enqueter(run: NightRun, plan: Plan) -> None:
    # a visit like any other: the report is made once the night is over (`_report`)
    run.enter(plan, run.house_of(plan.target))


def moves(run: NightRun, house: str, by: Tried | None = None) -> list[list[str]]:
    """Who went in and out of `house` tonight, in order (`by`: the investigation left out)."""
    out: list[list[str]] = []
    for t in run.tried:
        if not t.direct or not t.worked or t is by or (t.start == house) == (t.house == house):
            continue
        stays = t.role == planque.ROLE.slug  # the Planqué spends the night where he hid
        if t.house == house:
            out += [[t.player, IN]] + ([] if stays else [[t.player, OUT]])
        else:
            out += [[t.player, OUT]] + ([] if stays else [[t.player, IN]])
    return out


def indirect_from(run: NightRun, house: str) -> int:
    """How many indirect actions were tried tonight from `house`."""
    return sum(1 for t in run.tried if not t.direct and t.start == house)


def _report(run: NightRun) -> None:
    dying = {victim for victim, _, _ in run.attacked}
    for t in run.tried:
        if t.role != ROLE.slug or not t.worked or t.house is None:
            continue
        if t.player in dying or not run.state.players[t.player].alive:
            continue
        found = moves(run, t.house, by=t)
        run.tx.emit(HouseInvestigated(t.player, t.house, indirect_from(run, t.house), found))


AFTER_ACTIONS.append(_report)
