"""Paranoïaque (001): « Est mis au courant de chaque action directe ou indirecte appliquée sur la
maison qu'il occupe ou sur lui, ainsi que de la personne l'ayant appliquée. Ce pouvoir fonctionne
même si l'action est inefficace pour quelque raison donnée. »

Once every action of the night is resolved (`night.AFTER_ACTIONS`), each living Paranoïaque is
told, from every action tried tonight (`NightRun.tried`), worked or not, those applied on him or
on the house he occupied: the author, the author's role and the action (`ActionsOnYou`).

Rulings where 001 is silent:
- « la maison qu'il occupe » is the house he spent the night in (`NightRun.where`): a Planqué
  Paranoïaque occupies the house he hid in, for the whole night;
- on him: an indirect action on him (« sonder NOM »), a direct one aimed at him (« assassiner
  NOM », the pack's kill), even where it did not find him (he had hidden elsewhere); on the
  house: a direct action into it (any direct action enters a house: the pack's kill of someone
  else living there too), an indirect one on the house (« entraver la maison de NOM »). An
  indirect action on someone else who happens to be in his house is on that person, not on the
  house;
- he is told the author, the role and the action, not whether it worked (001 tells him only
  « l'action » and « la personne l'ayant appliquée »); his own actions are not reported; no
  action, no mail; like every report of the night, only the living are told (a Paranoïaque
  killed this night is told nothing).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.maisons.night import AFTER_ACTIONS, NightRun, Tried
from lgmail.rules.maisons.role import MaisonRole, holds, role
from lgmail.rules.state import GameState

ROLE = role(
    MaisonRole(
        slug="paranoiaque",
        names={"fr": "Paranoïaque", "en": "Paranoiac"},
        family="information",
        help={
            "fr": "Chaque matin, vous savez quelles actions, directes ou indirectes, ont visé "
            "la maison où vous avez passé la nuit ou vous-même, et qui les a faites, même si "
            "elles ont échoué.",
            "en": "Each morning you learn which actions, direct or indirect, aimed at the "
            "house you spent the night in or at you, and who made them, even if they failed.",
        },
    )
)

#: what an action was applied on
ON_YOU, ON_HOUSE = "you", "house"


@event
@dataclass(frozen=True)
class ActionsOnYou(Event):
    """What Paranoïaque `player` learned tonight: the actions applied on him or on `house`, the
    house he occupied, each {"by", "role", "kind", "direct", "on": "you" | "house"}, in order."""

    player: str
    house: str
    actions: list[dict[str, str | bool]] = field(default_factory=list)


@folds(ActionsOnYou)
def _learned(s: GameState, e: ActionsOnYou) -> None:
    """Nothing changes: he is told."""


@tells(ActionsOnYou)
def _tell(s: GameState, e: ActionsOnYou, later: Sequence[Event]) -> list[Notice]:
    ctx = {"house": e.house, "actions": e.actions}
    return [Notice(e.player, "maisons:paranoiaque:actions", ctx)]


def applied_on(t: Tried, player: str, house: str) -> str | None:
    """Whether action `t` was applied on `player` (ON_YOU) or on `house` he occupied (ON_HOUSE)."""
    if t.player == player:
        return None
    if t.target == player:
        return ON_YOU
    if t.house == house and (t.direct or t.target is None):
        return ON_HOUSE
    return None


def _report(run: NightRun) -> None:
    dying = {victim for victim, _, _ in run.attacked}
    for p in run.state.living():
        if not holds(run.state, p, ROLE.slug) or p.name in dying:
            continue
        house = run.where.get(p.name, run.house_of(p.name))
        found: list[dict[str, str | bool]] = [
            {"by": t.player, "role": t.role, "kind": t.kind.value, "direct": t.direct, "on": on}
            for t in run.tried
            if (on := applied_on(t, p.name, house)) is not None
        ]
        if found:
            run.tx.emit(ActionsOnYou(p.name, house, found))


AFTER_ACTIONS.append(_report)
