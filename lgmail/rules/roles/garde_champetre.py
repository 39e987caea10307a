"""Garde Champêtre (004): a title of a game played with the « Nouvelle Lune » extension (option
`garde_champetre`), given by the Capitaine; at the end of each night he chooses which of two
drawn events is applied at the rising of the day.

« C'est un rôle qui ne peut être joué que dans une partie avec l'extension "Nouvelle Lune". »
« Le Garde Champêtre est un titre désigné par le Capitaine lorsque celui-ci vient d'être élu. »
« A la fin de chaque Nuit, le MJ tire au sort deux événements parmi la liste des événements
Nouvelle Lune joués sur RPG et les annonce en privé au Garde Champêtre. Celui-ci lui indique le
choix de l'événement qui sera appliqué au lever du Jour. » « Chaque événement ainsi joué est
ensuite retiré de la liste et ne pourra plus être tiré au sort jusqu'à la fin de la partie. »
« Lorsque le Garde Champêtre est éliminé, le Capitaine désigne immédiatement son remplaçant. »

Rulings: the title is public, like the Capitaine's; the Capitaine names him within the reaction
delay (`reaction_minutes`), any living player, himself included, else the title is drawn among
the living; with no Capitaine (no election, a tied one, a title lost) it is drawn; the event not
chosen goes back to the list; a Garde who does not choose in time gets one of the two drawn.
"""

OPTION = "garde_champetre"
#: reactions awaited: the Capitaine names the Garde; the Garde chooses an event
NAME, CHOOSE = "garde", "evenement"
#: GameState.extra: the Garde now; the events offered to him
KEY, OFFER = "garde", "nl:offre"
NAMES = {"fr": "Garde Champêtre", "en": "Village Warden"}
