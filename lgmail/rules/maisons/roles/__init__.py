"""The roles of 001 (`maisons`), one module each: its names, its actions, its resolver, its
events and what it tells. Importing this package registers them all (`role.CATALOGUE`)."""

from lgmail.rules.maisons.roles import (  # noqa: F401  (each registers on import)
    assassin,
    baron,
    chanoine,
    chatelain,
    croque_mort,
    detective,
    entete,
    espion,
    fanatique,
    institutrice,
    jardinier,
    joueur_de_tarot,
    loup_garou,
    meneur,
    paranoiaque,
    planque,
    salbatar,
    salvateur,
    voyante,
)
