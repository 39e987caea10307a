"""Grand Méchant Loup (004): a wolf who, once a game and at night, kills a player outside the
den besides the pack's victim.

« Le joueur choisi par le GML ne peut pas faire partie de l'antre. » « peut être le même que celui
du meurtres des Loups-Garous [...] la potion de vie de la Sorcière [...] ne le sauve que du
meurtre des Loups, pas de l'action du GML. » The Salvateur does not protect from him, and the
Ancien's bonus life does not help (« Si le GML le cible [...] il meurt directement »).
"""

from lgmail.rules.orders import Kind
from lgmail.rules.roles.base import RoleSpec

ROLE = RoleSpec(
    slug="grand-mechant-loup",
    camp="loups",
    names={"fr": "Grand Méchant Loup", "en": "Big Bad Wolf"},
    orders=frozenset({Kind.TUER, Kind.ELIMINER}),
    step="loups",
    help={
        "fr": "Chaque nuit avec la meute : « tuer NOM ». Une fois dans la partie, de nuit : "
        "« eliminer NOM » (pas un loup de l'antre), en plus de la victime de la meute.",
        "en": 'Each night with the pack: "tuer NAME". Once a game, at night: "eliminer NAME" '
        "(not a wolf of the den), besides the pack's victim.",
    },
)

POWER = "gml"
