"""Châtelain (001): « Une fois par partie, pendant la journée, peut décider de gracier toute
personne au bûcher ce jour-ci. Si plusieurs personnes passent au bûcher le même jour, le
châtelain les gracie tous. Action unique. »

He writes « gracier » during the day; whoever that day's vote sends to the stake (the plain
vote, the Fanatiques' further places, the mayor's tie-break) is spared, all of them, and the
village is told (`Pardoned`). `ballot.burn` asks `pardoners` before any stake death.

Rulings:
- the pardon is given before the vote closes (once the totals are out, the day's orders are
  closed); a later mail of the same day may withdraw it (`acting`: a later mail replaces);
- it is spent when the vote closes, whether anyone was to burn or not (« Action unique »,
  spent « même si elle échoue »); it covers the Châtelain himself;
- the village learns that the Châtelain pardoned and whom, not who the Châtelain is;
- two Châtelains the same day: one pardon, both spent.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds
from lgmail.rules.maisons.events import UseSpent, plans
from lgmail.rules.maisons.role import NOBODY, Action, MaisonRole, role
from lgmail.rules.orders import Kind
from lgmail.rules.role import Verb
from lgmail.rules.state import GameState
from lgmail.rules.tx import Tx

GRACIER = Verb(
    Kind.declare("gracier"),
    ("gracier", "gracie", "grace", "pardonner", "pardonne", "pardon"),
    0,
    {"fr": "gracier", "en": "gracier (pardon whoever burns today)"},
    bare=True,
)

ROLE = role(
    MaisonRole(
        slug="chatelain",
        names={"fr": "Châtelain", "en": "Lord of the Manor"},
        family="protection",
        help={
            "fr": "Une fois par partie, le jour, avant la clôture du vote : « gracier » : "
            "personne ne passe au bûcher ce jour-là.",
            "en": 'Once a game, by day, before the vote closes: "gracier" (pardon): nobody '
            "goes to the stake that day.",
        },
        actions=(Action(GRACIER, direct=False, uses=1, when="jour", aims=NOBODY),),
    )
)


@event
@dataclass(frozen=True)
class Pardoned(Event):
    """The Châtelain pardoned `spared`, who were to burn today; `by` stays hidden."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "maisons/chatelain/pardon.txt"
    HIDDEN: ClassVar[tuple[str, ...]] = ("by",)

    by: list[str] = field(default_factory=list)
    spared: list[str] = field(default_factory=list)


@folds(Pardoned)
def _pardoned(s: GameState, e: Pardoned) -> None:
    """Nothing changes: nobody dies."""


def pardoners(s: GameState) -> list[str]:
    """The living Châtelains who said « gracier » today."""
    return sorted(
        name
        for name, given in plans(s).items()
        if s.players[name].alive
        and any(p["role"] == ROLE.slug and p["kind"] == GRACIER.kind.value for p in given)
    )


def spend(tx: Tx) -> None:
    """The vote closed: today's pardons are spent (« Action unique »)."""
    for name in pardoners(tx.state):
        tx.emit(UseSpent(name, ROLE.slug))
