"""Immunité diplomatique (PRO-VILLAGEOIS, EAU): « Quand vous activez ce pouvoir, votre
vulnérabilité n'est plus effective pendant la nuit en cours et la prochaine journée. De plus,
votre vote durant la prochaine journée compte double (mais ce n'est révélé par le MJ qu'à la fin
de la journée et de manière anonyme). » Activated on arrival (« Activation des [...] IMMUNITÉ
DIPLOMATIQUE »)."""

from __future__ import annotations

from lgmail.rules.cinquieme import activations
from lgmail.rules.cinquieme.cards import EAU
from lgmail.rules.cinquieme.hearts import SOFTENERS
from lgmail.rules.cinquieme.power import NOTHING, VILLAGE, Power, power
from lgmail.rules.state import GameState

SLUG = "immunite-diplomatique"

POWER = power(
    Power(
        SLUG,
        {"fr": "Immunité diplomatique", "en": "Diplomatic immunity"},
        EAU,
        VILLAGE,
        NOTHING,
        {
            "fr": "Immunité diplomatique (EAU) : « immunité diplomatique » ; votre vulnérabilité "
            "ne compte pas cette nuit ni le jour suivant, et votre vote de ce jour compte double.",
            "en": 'Diplomatic immunity (WATER): "immunite diplomatique"; your vulnerability does '
            "not count tonight nor the next day, and your vote that day counts double.",
        },
        ("diplomatique", "immunity"),
    )
)


def shielded(s: GameState, name: str, element: str, wounds: int) -> tuple[int, bool]:
    """His vulnerability is not effective while it acts."""
    return wounds, activations.uses(s, name, SLUG) is None


def weight(s: GameState, voter: str) -> int:
    """His vote on the day after counts double."""
    return 2 if s.phase == "day" and activations.uses(s, voter, SLUG) is not None else 1


SOFTENERS.append(shielded)
