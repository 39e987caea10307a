"""Faux cul (001): « Le Faux cul gagne quel que soit le camp qui gagne à la fin, si et seulement
si il est en vie à ce moment. Condition de victoire remplaçante. » Loups Garous: « Les Loups
Garous gagnent quand tous les joueurs sont soit Loup Garou [...], soit Faux Cul [...] »: a living
Faux Cul does not stop the wolves' win."""

from __future__ import annotations

from lgmail.rules.maisons.outcome import WOLVES_SIDE, Condition, replacing
from lgmail.rules.maisons.role import MaisonRole, holds, role
from lgmail.rules.state import GameState, Player

ROLE = role(
    MaisonRole(
        slug="faux-cul",
        names={"fr": "Faux cul", "en": "Two-face"},
        family="manipulation des conditions de victoire",
        help={
            "fr": "Vous gagnez quel que soit le camp gagnant, si vous êtes en vie à la fin "
            "(condition remplaçante) ; vivant, vous ne gênez pas la victoire des Loups Garous.",
            "en": "You win whichever side wins, if you are alive at the end (a replacing "
            "condition); alive, you do not stand in the Werewolves' way.",
        },
    )
)


def _alive(s: GameState, player: Player, winner: str | None) -> bool:
    return player.alive


replacing(Condition(ROLE.slug, _alive))


def _with_wolves(s: GameState, player: Player) -> bool:
    return holds(s, player, ROLE.slug)


WOLVES_SIDE.append(_with_wolves)
