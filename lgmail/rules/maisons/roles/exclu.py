"""Exclu (001): « Ne compte pas dans les pouvoirs qui incluent « tous les joueurs ». »

The powers of 001 that say « tous les joueurs » leave him out (`role.outside_all`): the Chamane's
day (« tous les joueurs peuvent discuter entre eux par MP »: not he), the Star's concert (« Tous
les joueurs ne peuvent plus poster »: he still may), the Suiveur's end (« tous les joueurs sont
soit Suiveur soit charmés »: he is not counted).

Rulings: the main conditions by nature are no power: he counts in them; the Pyromane's fire is
told in the public digest, which he reads like everyone."""

from __future__ import annotations

from lgmail.rules.maisons.role import OUTSIDE_ALL, MaisonRole, holds, role
from lgmail.rules.state import GameState, Player

ROLE = role(
    MaisonRole(
        slug="exclu",
        names={"fr": "Exclu", "en": "Outcast"},
        family="autres rôles",
        help={
            "fr": "Vous ne comptez pas dans les pouvoirs qui incluent « tous les joueurs » (le "
            "Chamane, le concert de la Star, la fin du Suiveur).",
            "en": 'You do not count in the powers that include "all the players" (the Shaman, '
            "the Star's concert, the Follower's end).",
        },
    )
)


def _left_out(s: GameState, player: Player) -> bool:
    return holds(s, player, ROLE.slug)


OUTSIDE_ALL.append(_left_out)
