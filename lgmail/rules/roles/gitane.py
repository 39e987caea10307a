"""Gitane (004): a villager who, each night, may have the MJ draw a « Nouvelle Lune » event card,
announced publicly and applied at the rising of the day.

« La Gitane appartient au camp Villageois; elle opère depuis un sous-forum privé nommé "La Tente
de la Gitane". » « Chaque Nuit, elle peut agir en demandant au MJ de tirer au sort une carte
"événement" parmi la liste des cartes événements de l'extension Nouvelle Lune. » « Au lever du
Jour, le MJ annoncera en place publique quelle carte de la liste a été tirée au sort et quel en
est le résultat. » « Chaque carte événement ainsi jouée est ensuite retirée de la liste et ne
pourra plus être tirée au sort jusqu'à la fin de la partie. »

Rulings: the card is drawn as the night's actions are resolved (a recorded draw), so it is
announced even if she dies that night; the list is the game's one list (option `nouvelle_lune`),
shared with a Garde Champêtre; once the list is empty she has nothing to draw.
"""

from lgmail.rules.orders import Kind
from lgmail.rules.roles.base import RoleSpec

ROLE = RoleSpec(
    slug="gitane",
    camp="village",
    names={"fr": "Gitane", "en": "Gypsy"},
    orders=frozenset({Kind.CARTE}),
    step="loups",
    village_power=True,
    help={
        "fr": "Chaque nuit, si vous le voulez : « tirer une carte » : le MJ tire au sort une "
        "carte événement Nouvelle Lune, annoncée au lever du jour et appliquée ce jour-là ; "
        "chaque carte jouée est retirée de la liste. Votre salle : « La Tente de la Gitane ».",
        "en": 'Each night, if you wish: "tirer une carte" (draw a card): the MJ draws a New '
        "Moon event card, announced at daybreak and applied that day; each card played leaves "
        "the list. Your room: « La Tente de la Gitane ».",
    },
)
