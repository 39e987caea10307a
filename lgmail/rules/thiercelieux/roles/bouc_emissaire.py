"""Bouc-émissaire (004): on a tie at the stake he dies instead, whatever the captain's power;
dead of a tie, he names who votes at the next stake.

« En cas d'égalité dans le vote du village pour un bûcher, c'est le Bouc-émissaire qui meurt à
la place, et cela quelque soit le pouvoir du Capitaine en jeu. » « s'il meurt du fait d'une
égalité de votes, il a le droit de désigner qui votera, et ne votera pas, pour les votes du
bûcher suivant. Si toutes les personnes désignées pour voter meurent [...] personne ne sera
éliminé par le village ce tour-ci. » Named in the reaction delay: « votants NOM, NOM ».

Ruling: when every named voter died before the vote, the day still happens (its debate, its
day powers, its announcements) and lasts its length; nobody may vote, and nobody burns.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds
from lgmail.rules.orders import Kind
from lgmail.rules.role import MANY, RoleSpec, Verb
from lgmail.rules.state import GameState

#: 004: the Bouc-émissaire names who votes at the next stake
VOTANTS = Verb(
    Kind.declare("votants"),
    ("votants", "votant", "electeurs", "voters"),
    MANY,
    {"fr": "votants NOM, NOM, ...", "en": "votants NAME, NAME, ... (voters)"},
)


ROLE = RoleSpec(
    slug="bouc-emissaire",
    camp="village",
    names={"fr": "Bouc-émissaire", "en": "Scapegoat"},
    orders=frozenset({VOTANTS.kind}),
    verbs=(VOTANTS,),
    village_power=True,
    help={
        "fr": "En cas d'égalité au bûcher, c'est vous qui mourez ; vous désignez alors qui "
        "votera au bûcher suivant : « votants NOM, NOM ».",
        "en": "On a tie at the stake you die instead; you then name who votes at the next "
        'stake: "votants NAME, NAME".',
    },
)

#: the reaction awaited from him, and the cause of his death
REACTION = "votants"
CAUSE = "bouc"


def voters(state: GameState) -> list[str] | None:
    """Who he named to vote at today's stake; None when everyone votes."""
    named = state.extra.get(f"votants:{state.number}")
    return None if named is None else list(named)


def nobody_votes(state: GameState) -> bool:
    """004: « Si toutes les personnes désignées pour voter meurent d'une façon ou d'une autre
    avant le vote suivant, personne ne sera éliminé par le village ce tour-ci. »"""
    named = voters(state)
    return named is not None and not any(state.players[n].alive for n in named)


@event
@dataclass(frozen=True)
class VotersNamed(Event):
    """The scapegoat, dead of a tie, names who votes at the stake of `day` (004)."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "roles/bouc_emissaire/votants.txt"

    scapegoat: str
    voters: list[str]
    day: int


@folds(VotersNamed)
def _voters(s: GameState, e: VotersNamed) -> None:
    if e.voters:
        s.extra[f"votants:{e.day}"] = list(e.voters)
    s.reactions = [r for r in s.reactions if not (r.player == e.scapegoat and r.kind == "votants")]
