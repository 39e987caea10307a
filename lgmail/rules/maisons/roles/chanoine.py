"""Chanoine (001): « Immunisé à toutes les actions indirectes. » An indirect action on him fails
and its author is told it failed (`NightRun.reach`)."""

from __future__ import annotations

from lgmail.rules.maisons.role import MaisonRole, role

ROLE = role(
    MaisonRole(
        slug="chanoine",
        names={"fr": "Chanoine", "en": "Canon"},
        family="auto-protection",
        help={
            "fr": "Aucune action indirecte ne vous atteint.",
            "en": "No indirect action reaches you.",
        },
    )
)
