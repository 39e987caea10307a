"""Renard (004): from the first night he sniffs a player and his two neighbours in the
alphabetical list of the living; told whether a wolf is among them. No wolf: he never wakes again.

« Le joueur ciblé et ses deux voisins (celui d'avant et celui d'après) dans la liste par ordre
alphabétique des joueurs font alors partie d'un groupe. Les joueurs éliminés ne sont pas pris en
compte. » Ruling: the list wraps around, as players sit around a table.
"""

import unicodedata

from lgmail.rules.orders import Kind
from lgmail.rules.roles.base import RoleSpec
from lgmail.rules.state import GameState, Player

ROLE = RoleSpec(
    slug="renard",
    camp="village",
    names={"fr": "Renard", "en": "Fox"},
    orders=frozenset({Kind.FLAIRER}),
    step="loups",
    village_power=True,
    help={
        "fr": "Chaque nuit : « flairer NOM » : y a-t-il un loup parmi lui et ses deux voisins "
        "(ordre alphabétique) ? Si non, vous perdez votre flair.",
        "en": 'Each night: "flairer NAME" (sniff): is there a wolf among them and their two '
        "neighbours (alphabetical order)? If not, you lose your power.",
    },
)

SPENT = "flair"


def can_sniff(player: Player) -> bool:
    return SPENT not in player.spent


def _key(name: str) -> tuple[str, str]:
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return plain.casefold(), name


def group(state: GameState, target: str) -> list[str]:
    """The target and the living players just before and after it, alphabetically."""
    ring = sorted(state.living_names(), key=_key)
    at = ring.index(target)
    picked = [ring[(at - 1) % len(ring)], target, ring[(at + 1) % len(ring)]]
    return list(dict.fromkeys(picked))
