"""The roles of 001 (`maisons`), one module each: its names, its actions, its resolver, its
events and what it tells. Importing this package registers them all (`role.CATALOGUE`)."""

from lgmail.rules.maisons.roles import (  # noqa: F401  (each registers on import)
    assassin,
    baron,
    chanoine,
    chatelain,
    convaincant,
    croque_mort,
    detective,
    entete,
    espion,
    fanatique,
    guerisseuse,
    institutrice,
    jardinier,
    joueur_de_tarot,
    loup_garou,
    meneur,
    paranoiaque,
    planque,
    putois,
    pyromane,
    salbatar,
    salvateur,
    tavernier,
    voyante,
)
