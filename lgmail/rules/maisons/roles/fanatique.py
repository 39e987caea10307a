"""Fanatique (001): « Une fois par partie, pendant la journée, peut décider que la personne
suivante sur la liste de votes sera brûlée aussi. Si plusieurs fanatiques utilisent cette action
pendant la même journée, les actions se cumulent (deux brûlées pour un fanatique, trois pour deux
etc.) Action unique. »

He writes « fanatiser » during the day, before the vote closes: the stake then takes one place
more (`places`: 1 + the Fanatiques who said it today).

Rulings:
- « la liste de votes » is the day's totals (`ballot.count`: weights of the Meneur and the
  Institutrice, the Entêté's forced vote) in decreasing order: every player who received at least
  one vote, equal totals side by side;
- the stake takes the first `places` of that list. Players of equal total share their rank: a
  tie that fits inside the places burns whole (with one Fanatique, a tie of two at the top sends
  both; no tie-break); a tie that straddles the last place is the mayor's to break (001: « Le
  maire a pour pouvoir de trancher en cas d'égalité de votes »), one name per place left, those
  ranked above burning with them; with no mayor or no answer, those places stay empty;
- a list shorter than the places: the further places stay empty (nobody else received a vote);
- the use is spent when the vote closes, whoever burns (« Action unique »); a Châtelain's pardon
  spares every one of them (« le châtelain les gracie tous »).
"""

from __future__ import annotations

from itertools import groupby

from lgmail.rules.maisons.events import UseSpent, plans
from lgmail.rules.maisons.role import NOBODY, Action, MaisonRole, role
from lgmail.rules.orders import Kind
from lgmail.rules.role import Verb
from lgmail.rules.state import GameState
from lgmail.rules.tx import Tx

FANATISER = Verb(
    Kind.declare("fanatiser"),
    ("fanatiser", "fanatise", "fanatisme", "attiser", "attise", "zeal", "zealot"),
    0,
    {"fr": "fanatiser", "en": "fanatiser (the next on the vote list burns too)"},
    bare=True,
)

ROLE = role(
    MaisonRole(
        slug="fanatique",
        names={"fr": "Fanatique", "en": "Fanatic"},
        family="destruction",
        help={
            "fr": "Une fois par partie, le jour, avant la clôture du vote : « fanatiser » : la "
            "personne suivante sur la liste de votes est brûlée aussi.",
            "en": 'Once a game, by day, before the vote closes: "fanatiser": the next person on '
            "the vote list burns too.",
        },
        actions=(Action(FANATISER, direct=False, uses=1, when="jour", aims=NOBODY),),
    )
)


def zealots(s: GameState) -> list[str]:
    """The living Fanatiques who said « fanatiser » today."""
    return sorted(
        name
        for name, given in plans(s).items()
        if s.players[name].alive
        and any(p["role"] == ROLE.slug and p["kind"] == FANATISER.kind.value for p in given)
    )


def spend(tx: Tx) -> list[str]:
    """The vote closed: today's Fanatiques spend their action; who they are."""
    names = zealots(tx.state)
    for name in names:
        tx.emit(UseSpent(name, ROLE.slug))
    return names


def vote_list(tally: dict[str, float]) -> list[list[str]]:
    """« la liste de votes »: the ranks, highest total first; a rank holds the tied (by name)."""
    ranked = sorted(tally, key=lambda n: (-tally[n], n))
    return [list(group) for _, group in groupby(ranked, key=lambda n: tally[n])]


def places(tally: dict[str, float], count: int) -> tuple[list[str], list[str], int]:
    """The first `count` places of the list: (who burns for sure, the tied the last places
    fall among, how many of them burn)."""
    sure: list[str] = []
    for rank in vote_list(tally):
        left = count - len(sure)
        if left <= 0:
            break
        if len(rank) <= left:
            sure += rank
        else:
            return sure, rank, left
    return sure, [], 0
