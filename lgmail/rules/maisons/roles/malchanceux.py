"""Malchanceux (001): « Le Malchanceux connaît la liste de tous les Malchanceux dans la partie.
Il ne peut pas y avoir plus d'un Malchanceux par partie. »

He reads the list in his role mail: himself alone, as a deal holds one at most."""

from __future__ import annotations

from typing import Any

from lgmail.rules.hooks import ROLE_MAIL
from lgmail.rules.maisons.role import MaisonRole, role
from lgmail.rules.state import GameState

ROLE = role(
    MaisonRole(
        slug="malchanceux",
        names={"fr": "Malchanceux", "en": "Unlucky"},
        family="autres rôles",
        help={
            "fr": "Vous connaissez la liste de tous les Malchanceux de la partie.",
            "en": "You know the list of every Unlucky player of the game.",
        },
        available=1,
    )
)


def _role_mail(s: GameState, name: str) -> dict[str, Any]:
    """« connaît la liste de tous les Malchanceux »."""
    if s.variant != "maisons" or ROLE.slug not in s.players[name].powers:
        return {}
    return {"unlucky": sorted(p.name for p in s.players.values() if ROLE.slug in p.powers)}


ROLE_MAIL.append(_role_mail)
