"""The rule sets the kernel can run, by name."""

from __future__ import annotations

from lgmail.rules.cinquieme.game import CINQUIEME
from lgmail.rules.classic import CLASSIC
from lgmail.rules.kohlanta.game import KOHLANTA
from lgmail.rules.maisons.game import MAISONS
from lgmail.rules.nombres.game import NOMBRES
from lgmail.rules.state import GameState
from lgmail.rules.thiercelieux.game import THIERCELIEUX
from lgmail.rules.variant import Variant

VARIANTS: dict[str, Variant] = {CLASSIC.name: CLASSIC, NOMBRES.name: NOMBRES}
VARIANTS[THIERCELIEUX.name] = THIERCELIEUX
VARIANTS[MAISONS.name] = MAISONS
VARIANTS[KOHLANTA.name] = KOHLANTA
VARIANTS[CINQUIEME.name] = CINQUIEME


def variant_of(state: GameState) -> Variant:
    return VARIANTS[state.variant]
