"""Fan de MP (001): « Le Fan de MP ne peut gagner que si au moins 400 MPs ont été émis pendant la
partie. Condition de victoire supplémentaire. »

Every MP lgmail relays counts (`mp.CARRIED`): the rights' MPs and their answers."""

from __future__ import annotations

from lgmail.rules.maisons.mp import CARRIED
from lgmail.rules.maisons.outcome import Condition, supplementary
from lgmail.rules.maisons.role import MaisonRole, role
from lgmail.rules.state import GameState, Player

ROLE = role(
    MaisonRole(
        slug="fan-de-mp",
        names={"fr": "Fan de MP", "en": "PM fan"},
        family="manipulation des conditions de victoire",
        help={
            "fr": "Vous ne gagnez que si au moins 400 messages privés ont été envoyés dans la "
            "partie (condition supplémentaire).",
            "en": "You win only if at least 400 private messages were sent in the game (a "
            "supplementary condition).",
        },
    )
)

#: « au moins 400 MPs »
ENOUGH = 400


def _enough(s: GameState, player: Player, winner: str | None) -> bool:
    return int(s.extra.get(CARRIED, 0)) >= ENOUGH


supplementary(Condition(ROLE.slug, _enough))
