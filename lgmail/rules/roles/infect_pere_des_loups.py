"""Infect Père des Loups (004): a wolf who, once a game, infects the pack's victim instead of
devouring it; the infected joins the wolves at dawn, keeping his powers.

« Une fois par partie, il décide [...] de recruter la victime de la nuit en remplacement de
l'action nocturne de dévorer. » « Cette action peut échouer [...] et l'IPL n'a pas d'autre
tentative ». « Il intègre l'antre au lever du Jour, après que le reste des autres actions de Nuit
ait été décidé et résolu. » Ruling: with no victim tonight there is nothing to infect, and the
power is kept.
"""

from lgmail.rules.orders import Kind
from lgmail.rules.roles.base import RoleSpec

ROLE = RoleSpec(
    slug="infect-pere-des-loups",
    camp="loups",
    names={"fr": "Infect Père des Loups", "en": "Accursed Wolf-Father"},
    orders=frozenset({Kind.TUER, Kind.INFECTER}),
    step="loups",
    help={
        "fr": "Chaque nuit avec la meute : « tuer NOM ». Une fois dans la partie : « infecter » : "
        "la victime de la meute devient loup au lieu de mourir.",
        "en": 'Each night with the pack: "tuer NAME". Once a game: "infecter" (infect): the '
        "pack's victim becomes a wolf instead of dying.",
    },
)

POWER = "infection"
STATUS = "infecte"
#: roles the infection never takes (004: « Le Fantôme ne peut pas être infecté », « Le Maître
#: Vampire et ses acolytes ne peuvent pas être infectés »)
IMMUNE = frozenset({"fantome", "maitre-vampire"})
