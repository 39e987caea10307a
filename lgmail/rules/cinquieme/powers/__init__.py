"""The fifteen powers of 000's « LE CINQUIÈME ÉLÉMENT », one module each (`power.POWERS`):
importing this package registers them all, in 000's order."""

from lgmail.rules.cinquieme.powers import (  # noqa: F401  (each registers on import)
    ascension,
    autopsie,
    chaude_haleine,
    elementaliste,
    ignifuge,
    immunite,
    impitoyable,
    justice,
    observation,
    oeil_de_lynx,
    oreilles_de_lynx,
    regeneration,
    soin,
    tracage,
    truffe_de_lynx,
)
