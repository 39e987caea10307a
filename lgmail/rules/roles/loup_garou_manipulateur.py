"""Loup-Garou Manipulateur (004): a wolf of the den who visits a player each night; told at the
end of the night whether that player acted, he may give that action another recipient.

« Chaque Nuit, le Loup-Garou Manipulateur peut se rendre chez le joueur de son choix. Si le
joueur chez qui il se rend effectue une action, il en est averti sans savoir la nature de
l'action par le Maître du Jeu. (Ex : Joueur A a agit cette Nuit.) C'est à la fin de la Nuit, entre
la fin des actions de Nuit et le lever du Jour que le MJ indique au Loup-Garou Manipulateur si le
joueur ciblé a agit. Le Loup-Garou Manipulateur peut alors changer le destinataire de l’action,
sans savoir sur qui l’action de base était effectuée (il ne peut cependant pas retourner l’action
à son envoyeur). Le joueur dont l’action est manipulée est averti à la fin de la Nuit du fait
qu’il a été manipulé sans savoir à qui en revient la faute. Son action reste valable et le
résultat de celle-ci est obtenu par rapport à la cible indiquée par le Loup-Garou Manipulateur. »
« Si le Loup-Garou Manipulateur est amené à pouvoir manipuler plusieurs actions d'un même joueur
la même Nuit [...] alors il reçoit l'une de ses actions par tirage au sort » « peut à la fois
effectuer son action de manipulation et effectuer le meurtre des Loups-Garous » « ne peut pas
agir sur la Servante Dévouée. » « ne peut pas agir sur le choix d'un Allié du Fantôme. »

Rulings: he acts on the actions after his own in the night's order, but the pack's kill and the
infection (the pack's, decided together) and those 004 excludes; the visited player's actions of
the night's steps wait for the end of the night (his step, « manipulateur », after the
Sorcière's) and are resolved at dawn; an action on two players changes its first recipient; he
is told « a agi » when the player gave such an action and was not knocked out.
"""

from lgmail.rules.orders import Kind
from lgmail.rules.roles.base import RoleSpec

ROLE = RoleSpec(
    slug="loup-garou-manipulateur",
    camp="loups",
    names={"fr": "Loup-Garou Manipulateur", "en": "Manipulating Werewolf"},
    orders=frozenset({Kind.MANIPULER, Kind.DETOURNER}),
    step="loups",
    help={
        "fr": "Chaque nuit, avec la meute (« tuer NOM »), « manipuler NOM » : vous vous rendez "
        "chez ce joueur ; s'il a agi, vous l'apprenez à la fin de la nuit et pouvez changer le "
        "destinataire de son action : « detourner NOM » (pas vers lui-même).",
        "en": 'Each night, with the pack ("tuer NAME"), "manipuler NAME" (visit): if that player '
        "acted, you learn it at the end of the night and may change the recipient of his action: "
        '"detourner NAME" (divert; not back to him).',
    },
)

#: the night's step where he changes the recipient
STEP = "manipulateur"
#: 004: « ne peut pas agir sur la Servante Dévouée », « sur le choix d'un Allié du Fantôme »;
#: ruling: the pack's kill and the infection are the pack's
EXEMPT = frozenset({"servante", "allie", "devorer", "infecter"})


def visit_key(night: int) -> str:
    """`GameState.extra` key of night `night`'s visits: manipulateur -> visited player."""
    return f"manipuler:{night}"


def report_key(night: int) -> str:
    """`GameState.extra` key of night `night`'s reports: manipulateur -> whether he acted."""
    return f"manipuler-rapport:{night}"


def diverted_key(night: int) -> str:
    """`GameState.extra` key of night `night`'s changed actions: player -> {key, kind, to}."""
    return f"manipule:{night}"
