"""Ignifugé (UNIVERSEL, EAU): « Quand vous activez ce pouvoir, si vous passez à un bûcher de type
feu le prochain jour ou subissez des blessures de type feu durant la nuit en cours, vous subissez 1
blessure de feu de moins. Aussi, si vous êtes vulnérable au feu, votre vulnérabilité n'est plus
effective tant que ce pouvoir agit. » Ruling: one wound of fire less at each fire wounding while
it acts."""

from __future__ import annotations

from lgmail.rules.cinquieme import activations
from lgmail.rules.cinquieme.cards import EAU, FEU
from lgmail.rules.cinquieme.hearts import SOFTENERS
from lgmail.rules.cinquieme.power import NOTHING, UNIVERSEL, Power, power
from lgmail.rules.state import GameState

SLUG = "ignifuge"

POWER = power(
    Power(
        SLUG,
        {"fr": "Ignifugé", "en": "Fireproof"},
        EAU,
        UNIVERSEL,
        NOTHING,
        {
            "fr": "Ignifugé (EAU) : « ignifugé » ; une blessure de feu de moins cette nuit et au "
            "bûcher de feu du jour suivant, et une vulnérabilité au feu ne compte pas.",
            "en": 'Fireproof (WATER): "ignifuge"; one fire wound less tonight and at the next '
            "day's fire stake, and a fire vulnerability does not count.",
        },
        ("ignifuger", "fireproof"),
    )
)


def soften(s: GameState, name: str, element: str, wounds: int) -> tuple[int, bool]:
    if element != FEU or activations.uses(s, name, SLUG) is None:
        return wounds, True
    return max(wounds - 1, 0), False


SOFTENERS.append(soften)
