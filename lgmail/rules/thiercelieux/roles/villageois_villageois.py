"""Villageois-Villageois (004): a villager whose role everyone knows from the start.

« Le MJ annoncera publiquement dès le début de la partie (élections) l'identité du joueur qui a
reçu ce rôle. » He may still be a traitor lover or infected: only his role is public.
"""

from __future__ import annotations

from lgmail.rules.role import RoleSpec

ROLE = RoleSpec(
    slug="villageois-villageois",
    camp="village",
    names={"fr": "Villageois-Villageois", "en": "Villager-Villager"},
    help={
        "fr": "Tout le village connaît votre rôle : vous n'avez pas de pouvoir ; débattez et "
        "votez.",
        "en": "The whole village knows your role: you have no power; debate and vote.",
    },
)
