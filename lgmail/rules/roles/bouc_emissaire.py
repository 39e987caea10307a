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

from lgmail.rules.orders import Kind
from lgmail.rules.roles.base import RoleSpec
from lgmail.rules.state import GameState

ROLE = RoleSpec(
    slug="bouc-emissaire",
    camp="village",
    names={"fr": "Bouc-émissaire", "en": "Scapegoat"},
    orders=frozenset({Kind.VOTANTS}),
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
