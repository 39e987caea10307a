"""Loup-Garou Blanc (004): an independent who hunts with the pack, and every other night from
the second may eliminate a wolf alone; he wins as the last player alive.

« Il agit comme un Loup-Garou normal, en se réveillant avec eux et en choisissant la victime avec
eux. [...] il agit une Nuit sur deux (en commençant par la seconde Nuit) : il peut s'il le désire,
éliminer un Loup-Garou. » « Sa condition de victoire est d'être le dernier joueur encore en jeu. »
The Salvateur does not protect from him nor does the life potion save (Salvateur, Sorcière).
"""

from collections.abc import Iterable

from lgmail.rules.orders import Kind
from lgmail.rules.roles.base import RoleSpec
from lgmail.rules.state import GameState, Player

ROLE = RoleSpec(
    slug="loup-garou-blanc",
    camp="independant",
    names={"fr": "Loup-Garou Blanc", "en": "White Werewolf"},
    orders=frozenset({Kind.TUER, Kind.ELIMINER}),
    step="loups",
    help={
        "fr": "Chaque nuit avec la meute : « tuer NOM ». Une nuit sur deux (nuits paires) : "
        "« eliminer NOM » pour tuer un loup. Vous gagnez seul, dernier en vie.",
        "en": 'Each night with the pack: "tuer NAME". Every other night (even nights): '
        '"eliminer NAME" to kill a wolf. You win alone, last one alive.',
    },
)

POWER = "blanc"


def his_night(number: int) -> bool:
    """Night 2, 4, 6, ...: « une Nuit sur deux (en commençant par la seconde Nuit) »."""
    return number >= 2 and number % 2 == 0


def prey(state: GameState, white: Player, den: Iterable[str]) -> list[str]:
    """Whom he may eliminate tonight among the living members of the den `den`: « éliminer un
    Loup-Garou », neither himself nor his lover (004, Cupidon: « un loup amoureux ne peut pas
    faire l'action du meurtre, si celui-ci vise son amoureux »); none but on his nights."""
    if not his_night(state.number):
        return []
    lover = state.lover_of(white.name)
    return [name for name in den if name not in (white.name, lover)]
