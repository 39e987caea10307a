"""Chaude haleine (PRO-LOUP, FEU): « Durant la nuit où ce pouvoir est activé, quand vous attaquez
un joueur, ce joueur subit aussi une blessure de type FEU. » (« 2> ATTAQUES NORMALE DES LOUPS +
CHAUDE HALEINE »)."""

from __future__ import annotations

from lgmail.rules.cinquieme import activations
from lgmail.rules.cinquieme.cards import FEU
from lgmail.rules.cinquieme.power import NOTHING, PRO_LOUP, Power, power
from lgmail.rules.state import GameState

SLUG = "chaude-haleine"

POWER = power(
    Power(
        SLUG,
        {"fr": "Chaude haleine", "en": "Hot breath"},
        FEU,
        PRO_LOUP,
        NOTHING,
        {
            "fr": "Chaude haleine (FEU) : « chaude-haleine » ; cette nuit, votre victime subit "
            "aussi une blessure de FEU.",
            "en": 'Hot breath (FIRE): "chaude-haleine"; tonight your victim also takes a FIRE '
            "wound.",
        },
        ("haleine", "hot breath"),
    )
)


def extra_wound(s: GameState, wolf: str) -> str | None:
    return FEU if activations.uses(s, wolf, SLUG) is not None else None
