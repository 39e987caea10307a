"""Fée (004): burnt at the stake, she makes the next night not happen: a new stake rises at once.

« Si la Fée est éliminée par les votes au bûcher, la Nuit de jeu suivante est sautée. Il n'y a
donc pas de meurtre des Loups-Garous ni aucune autre action nocturne quelle qu'elle soit. Le MJ
lève immédiatement un nouveau bûcher. »
"""

from __future__ import annotations

from lgmail.rules.role import RoleSpec

ROLE = RoleSpec(
    slug="fee",
    camp="village",
    names={"fr": "Fée", "en": "Fairy"},
    village_power=True,
    help={
        "fr": "Si le bûcher vous élimine, la nuit suivante n'a pas lieu.",
        "en": "If the stake eliminates you, the next night does not happen.",
    },
)
