"""Jardinier (001): « Son jardin est rempli de ronces. Au début de chaque journée, il sait si
quelqu'un a effectué une action directe contre sa maison et qui est couvert d'épines. »

Once every action of the night is resolved (`night.AFTER_ACTIONS`), each living Jardinier is
told whether anyone went into his house that night by a direct action, and who (`ThornsFound`):
those are covered in thorns.

Rulings where 001 is silent:
- « sa maison » is the house he lives in (`Player.house`), wherever he spent the night;
- only a direct action that entered the house went through the brambles: one that failed (its
  author held in by the Salbatar, or the house shielded by the Salvateur: « ne peut être la
  cible d'action directes ») was not « effectuée » and scratches no one;
- each visitor is named once, in the order they came; his own direct action into his house is
  not counted;
- « il sait si quelqu'un »: he is told every morning, « personne » included; like every report
  of the day, only the living are told (a Jardinier killed this night is told nothing).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.maisons.night import AFTER_ACTIONS, NightRun
from lgmail.rules.maisons.role import MaisonRole, holds, role
from lgmail.rules.state import GameState

ROLE = role(
    MaisonRole(
        slug="jardinier",
        names={"fr": "Jardinier", "en": "Gardener"},
        family="information",
        help={
            "fr": "Votre jardin est plein de ronces : chaque matin, vous savez qui est entré "
            "chez vous par une action directe pendant la nuit.",
            "en": "Your garden is full of brambles: each morning you learn who went into your "
            "house by a direct action during the night.",
        },
    )
)


@event
@dataclass(frozen=True)
class ThornsFound(Event):
    """Jardinier `gardener`'s morning: who went into `house` by a direct action tonight."""

    gardener: str
    house: str
    visitors: list[str] = field(default_factory=list)


@folds(ThornsFound)
def _found(s: GameState, e: ThornsFound) -> None:
    """Nothing changes: he is told."""


@tells(ThornsFound)
def _tell(s: GameState, e: ThornsFound, later: Sequence[Event]) -> list[Notice]:
    return [Notice(e.gardener, "maisons:jardinier:thorns", {"visitors": e.visitors})]


def visitors(run: NightRun, house: str, gardener: str) -> list[str]:
    """Who entered `house` by a direct action tonight, once each, in order."""
    names = [p for p, h in run.visits if h == house and p != gardener]
    return list(dict.fromkeys(names))


def _report(run: NightRun) -> None:
    dying = {victim for victim, _, _ in run.attacked}
    for p in run.state.living():
        if holds(run.state, p, ROLE.slug) and p.name not in dying:
            house = p.house or p.name
            run.tx.emit(ThornsFound(p.name, house, visitors(run, house, p.name)))


AFTER_ACTIONS.append(_report)
