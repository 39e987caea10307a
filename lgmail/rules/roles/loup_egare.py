"""Loup Égaré (004): a wolf who lost his pack; each night he sniffs a player, and joins the den at
dawn when that player is a wolf; he gains the kill by joining it when the other wolves are dead.

« Si le joueur qu'il renifle est un Loup-Garou (quelque soit son rôle : Loup spé, Loup-Garou
Blanc, Loup Amoureux, Passager..) il rejoindra la meute au lever du Jour. Si tous les autres
Loups-Garous (y compris les éventuels Loups traîtres) meurent avant qu'il n'en renifle un, il
gagnera la capacité de tuer (il ne l'a pas de base) en intégrant l'antre. » Colour: orange (« les
éventuels Loups qui débutent la partie en dehors de l'antre »).
"""

from lgmail.rules.orders import Kind
from lgmail.rules.roles.base import RoleSpec

ROLE = RoleSpec(
    slug="loup-egare",
    camp="loups",
    names={"fr": "Loup Égaré", "en": "Stray Wolf"},
    orders=frozenset({Kind.FLAIRER}),
    step="loups",
    help={
        "fr": "Chaque nuit : « flairer NOM » (« Je renifle NOM ») : si c'est un loup, vous "
        "rejoignez la meute à l'aube.",
        "en": 'Each night: "flairer NAME" (sniff): if a wolf, you join the pack at dawn.',
    },
)

POWER = "renifler"
