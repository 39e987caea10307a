"""Simple Villageois (003): no power; votes by day like everyone."""

from __future__ import annotations

from lgmail.rules.role import RoleSpec

ROLE = RoleSpec(
    slug="villageois",
    aliases=("sv", "simple-villageois"),
    camp="village",
    names={"fr": "Simple Villageois", "en": "Villager"},
    help={
        "fr": "Vous n'avez pas de pouvoir : débattez et votez.",
        "en": "You have no power: debate and vote.",
    },
)
