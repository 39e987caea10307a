"""Who voted, and how, in a vote a rule set counted, as the picture of its ballot shows it
(`Variant.electorate`): who could vote, the orders the votes were given as where the count does
not list them, what each vote weighed, what the village knows of the totals."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

#: the votes every rule set may count: the captain's election, the stake, the pack's choice
ELECTION, STAKE, DEN = "election", "stake", "den"


@dataclass(frozen=True)
class Electorate:
    #: who could vote (those who did not abstained)
    voters: list[str]
    #: who sits around the ballot's circle besides the living and those the count names (000:
    #: the jurors)
    seated: list[str] = field(default_factory=list)
    #: the key of the phase's orders the votes were given as (`lgmail.rules.phase_orders`),
    #: where the count does not list them (000's council and jury); "": it does
    given_as: str = ""
    #: what each vote weighed, by voter, where not one (the captain's)
    weights: Mapping[str, float] = field(default_factory=dict)
    #: the votes the village knows the totals hold besides those cast, by name (004: the
    #: Corbeau's signs), where the totals hold some it does not know (the Princesse's favour);
    #: None: the totals are public as counted
    known: Mapping[str, float] | None = None
