"""Deux Sœurs (004): two villagers who know each other from the deal.

« Les Deux Sœurs reçoivent chacune l'information de l'identité de l'autre Sœur dès la réception
de leur rôle. » No grief at the other's death, no shared forum.
"""

from __future__ import annotations

from lgmail.rules.role import RoleSpec
from lgmail.rules.state import GameState

ROLE = RoleSpec(
    slug="deux-soeurs",
    aliases=("soeur", "deux-soeur"),
    camp="village",
    names={"fr": "Sœur", "en": "Sister"},
    help={
        "fr": "Vous connaissez votre Sœur ; vous n'avez pas d'autre pouvoir : débattez et votez.",
        "en": "You know your Sister; you have no other power: debate and vote.",
    },
)


def sisters(state: GameState, viewer: str) -> dict[str, str]:
    """What a Sœur knows: the other Sœurs (dead or alive)."""
    if state.players[viewer].role != ROLE.slug:
        return {}
    return {p.name: p.role for p in state.players.values() if p.role == ROLE.slug}
