"""Theris (001): « Ne peut pas poster plus de trois messages publics par jour. »

A fourth post on the square the same day is refused with the reason (`square.POSTING`)."""

from __future__ import annotations

from lgmail.rules.maisons.acting import refused
from lgmail.rules.maisons.role import MaisonRole, holds, role
from lgmail.rules.maisons.square import POSTING, posts_today
from lgmail.rules.state import GameState, Player

ROLE = role(
    MaisonRole(
        slug="theris",
        names={"fr": "Theris", "en": "Theris"},
        family="manipulation des messages",
        help={
            "fr": "Vous ne pouvez pas poster plus de trois messages publics par jour.",
            "en": "You may not post more than three public messages a day.",
        },
    )
)

#: « plus de trois messages publics par jour »
MOST = 3


def _three(s: GameState, player: Player) -> None:
    if holds(s, player, ROLE.slug) and posts_today(s, player.name) >= MOST:
        raise refused("theris", count=str(MOST))


POSTING.append(_three)
