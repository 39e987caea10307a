"""Espion (001): « Connaît le résultat exact des urnes (à savoir, qui a voté pour qui et le total
de votes pour chaque personne). » Each living Espion is told the ballot when a vote is
counted (the election of the mayor too)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.maisons.role import MaisonRole, role
from lgmail.rules.state import GameState

ROLE = role(
    MaisonRole(
        slug="espion",
        names={"fr": "Espion", "en": "Spy"},
        family="information",
        help={
            "fr": "À chaque vote, vous savez qui a voté pour qui et le total de chacun.",
            "en": "At each vote you learn who voted for whom and each one's total.",
        },
    )
)


@event
@dataclass(frozen=True)
class BallotSpied(Event):
    spy: str
    votes: dict[str, str | None] = field(default_factory=dict)
    counts: dict[str, float] = field(default_factory=dict)


@folds(BallotSpied)
def _spied(s: GameState, e: BallotSpied) -> None:
    """Nothing changes: he is told."""


@tells(BallotSpied)
def _tell(s: GameState, e: BallotSpied, later: Sequence[Event]) -> list[Notice]:
    return [Notice(e.spy, "maisons:espion:ballot", {"votes": e.votes, "counts": e.counts})]
