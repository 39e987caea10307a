"""The night's resolution order of seed 004 (004_c21bac90ae6ca834.txt), written once, as data.

`NIGHT` lists the night actions in the order they are resolved; `at` is the step at whose close
an action is resolved ("aube": at dawn, with the deaths). `BEFORE` lists the constraints 004
writes down, each with the sentence it comes from; a test checks that `NIGHT` honours them all.
Actions of roles this rule set does not deal yet are listed with their place, so that a role
slots in by giving its resolver (`hooks.resolves`, in its module).
"""

from __future__ import annotations

from dataclasses import dataclass

SEED = "004_c21bac90ae6ca834.txt"


@dataclass(frozen=True)
class Action:
    key: str
    roles: tuple[str, ...]
    #: the step at whose close it is resolved ("aube": at dawn)
    at: str


NIGHT: tuple[Action, ...] = (
    # the Métronome's role of the night is drawn at nightfall (`Thiercelieux.opened`), before
    # any action: « Le Métronome devient, pour la durée de la Nuit, le rôle ainsi tiré au sort »;
    # he then acts in the place of that role (sonder, proteger)
    Action("metronome", ("metronome",), "cupidon"),
    # 004, Voleur: « L'action du Voleur se fait au moment de la distribution des rôles et ne
    # peut donc pas être contrecarrée. »: his choice comes before every power of the night
    Action("voler", ("voleur",), "cupidon"),
    # 004, Comédien: « devenir l'un de ces trois rôles »: like the Métronome, he is that role
    # before its power acts (his choice takes effect as he gives it)
    Action("devenir", ("comedien",), "cupidon"),
    # Cupidon and the Enfant Sauvage act « dès la réception de son rôle », before the night's
    # actions (the first night's first step)
    Action("unir", ("cupidon",), "cupidon"),
    Action("modele", ("enfant-sauvage",), "cupidon"),
    # 004, Abominable Sectaire: « Lors de la distribution des rôles [...] ce dernier lui dira
    # laquelle des deux il choisit »; no protection stands against it (Protecteur)
    Action("liste", ("abominable-sectaire",), "cupidon"),
    Action("assommer", ("assommeur",), "loups"),
    Action("proteger-tout", ("protecteur",), "loups"),
    Action("rediriger", ("redirecteur",), "loups"),
    Action("manipuler", ("loup-garou-manipulateur",), "loups"),
    # 004, Marquise: « elle retire son pouvoir nocturne et/ou diurne à un joueur pour la Nuit en
    # cours »: before the powers it takes away; then what she learns of the night's powers
    Action("sentence", ("marquise",), "loups"),
    Action("jeux", ("marquise",), "loups"),
    # 004, Avocat: « Pendant la première Nuit, l'Avocat choisit le nom de deux joueurs »; no
    # protection stands against it (Protecteur: « sauf contre l'Avocat choisissant ses clients »)
    Action("clients", ("avocat",), "loups"),
    Action("sonder", ("voyante", "metronome"), "loups"),
    Action("pretre", ("pretre", "metronome"), "loups"),
    Action("flairer", ("renard",), "loups"),
    Action("renifler", ("loup-egare",), "loups"),
    Action("proteger", ("salvateur", "metronome"), "loups"),
    Action("recruter", ("maitre-vampire",), "loups"),
    Action("devorer", ("loup-garou",), "loups"),
    # 004, Petite Fille: found on a Petite Fille square, « La victime initiale des Loups-Garous
    # est annulée »: after the pack chose, before what the victim feeds (infection, Sorcière)
    Action("espionner", ("petite-fille",), "loups"),
    Action("infecter", ("infect-pere-des-loups",), "loups"),
    Action("eliminer-blanc", ("loup-garou-blanc",), "loups"),
    Action("eliminer-gml", ("grand-mechant-loup",), "loups"),
    Action("allumer", ("pyromane",), "loups"),
    Action("charmer", ("joueur-de-flute",), "loups"),
    # 004, Fantôme: « une fois dans la partie et uniquement la Nuit, transformer un des joueurs
    # éliminés en son Allié »; « Le Loup-Garou Manipulateur ne peut pas agir sur le choix d'un
    # Allié du Fantôme »
    Action("allie", ("fantome",), "loups"),
    # 004, Gitane: « Chaque Nuit, elle peut agir en demandant au MJ de tirer au sort une carte
    # "événement" »; the card is announced « Au lever du Jour »
    Action("carte", ("gitane",), "loups"),
    Action("sorciere", ("sorciere",), "sorciere"),
    Action("marquer", ("corbeau",), "aube"),
    Action("favoriser", ("princesse",), "aube"),
    # 004: « Chaque Nuit, l'Abominable Sectaire aura la possibilité d'agir en déplaçant un
    # joueur »; the MJ announces it « lorsqu'il lève le Jour »
    Action("deplacer", ("abominable-sectaire",), "aube"),
    # 004, Passager: « Le message sera transmis à la fin de la Nuit s'il est validé par le MJ »
    Action("message", ("passager",), "aube"),
    # 004, Marquise: « qui sera publié en début de journée par le meneur »
    Action("lettre", ("marquise",), "aube"),
    # 004, Télépathe: « transmettre anonymement le message vers le joueur choisi, à la fin de la
    # Nuit »
    Action("telepathie", ("telepathe", "metronome"), "aube"),
    # 004, Fantôme: « Le pouvoir supprimé par le Fantôme ne l'est qu'au lever du Jour. »
    Action("supprimer", ("fantome",), "aube"),
    # 004: « le MJ écrira au lever du Jour suivant un message signé "La voix des morts" »
    Action("voix", ("fantome",), "aube"),
    Action("servante", ("servante-devouee",), "servante"),
)

#: (earlier, later, the clause of 004 that orders them); "*" stands for every other action
BEFORE: tuple[tuple[str, str, str], ...] = (
    (
        "metronome",
        "*",
        "Métronome : « Le Métronome devient, pour la durée de la Nuit, le rôle ainsi tiré au "
        "sort. »",
    ),
    ("assommer", "*", "Assommeur : « Cette action a la priorité sur toutes les autres. »"),
    (
        "proteger-tout",
        "*",
        "Protecteur : « le Protecteur peut protéger le joueur de son choix de toute action "
        "nocturne, sauf contre l'assommage qui garde la priorité »",
    ),
    (
        "rediriger",
        "*",
        "Redirecteur : « Toute action qui cible ce joueur, à ce moment-là, est alors redirigée "
        "vers un autre joueur de son choix également. »",
    ),
    (
        "manipuler",
        "*",
        "Loup-Garou Manipulateur : « Le Loup-Garou Manipulateur peut alors changer le "
        "destinataire de l'action »",
    ),
    (
        "sentence",
        "devorer",
        'Ancien : « Si la Marquise obtient "Sentence de la Marquise" (voir Marquise) et agit '
        "sur l'Ancien, alors l'Ancien ne dispose pas de son éventuelle vie 'bonus' pour la "
        "Nuit. »",
    ),
    (
        "sentence",
        "sorciere",
        "Marquise : « elle retire son pouvoir nocturne et/ou diurne à un joueur pour la Nuit en "
        "cours et le bûcher suivant »",
    ),
    (
        "proteger",
        "devorer",
        "Salvateur : « Si les Loups-Garous désignent eux aussi ce joueur, alors il n'y a pas de "
        "mort et la Sorcière (s'il y en a une) ne reçoit aucun nom de victime »",
    ),
    (
        "recruter",
        "infecter",
        "Infect Père des Loups : « Si un joueur est, la même Nuit, recruté par le MV et infecté "
        "par l'IPL, alors le MV a la priorité. »",
    ),
    (
        "devorer",
        "infecter",
        "Infect Père des Loups : « de recruter la victime de la nuit en remplacement de l'action "
        "nocturne de dévorer »",
    ),
    (
        "devorer",
        "allumer",
        "Pyromane : « Si le Pyromane désigne le même joueur que la victime du meurtre des "
        "Loups-Garous cette Nuit-là, alors c'est le Loup-Garou qui effectue le meurtre qui est "
        "éliminé. »",
    ),
    (
        "devorer",
        "espionner",
        "Petite Fille : « La Petite Fille est découverte et elle est dévorée sur le champ. La "
        "victime initiale des Loups-Garous est annulée. »",
    ),
    (
        "espionner",
        "infecter",
        "Infect Père des Loups : « de recruter la victime de la nuit en remplacement de l'action "
        "nocturne de dévorer »; Petite Fille : « Rien ne peut empêcher la Petite Fille d'être "
        "dévorée lorsqu'elle est découverte suite à son action de Nuit. »",
    ),
    (
        "espionner",
        "sorciere",
        "Petite Fille : « La victime initiale des Loups-Garous est annulée. »; Sorcière : « le "
        "Maître du Jeu lui annonce le nom de la victime des Loups-garous »",
    ),
    (
        "devorer",
        "sorciere",
        "Sorcière : « chaque Nuit, le Maître du Jeu lui annonce le nom de la victime des "
        "Loups-garous »",
    ),
    (
        "infecter",
        "sorciere",
        "Infect Père des Loups : « lors d'une nuit où l'IPL agit, elle recevra \"Aucune victime\" "
        "de la part du MJ »",
    ),
    (
        "*",
        "servante",
        "Servante Dévouée : « après que toutes les actions de Nuit aient été effectuées et "
        "résolues, et avant le lever du Jour »",
    ),
)

#: the night's steps in the order they open; "aube" resolves with the dawn
STEPS: tuple[str, ...] = ("cupidon", "loups", "sorciere", "manipulateur", "servante", "aube")


def position(key: str) -> int:
    return [a.key for a in NIGHT].index(key)


def actions_at(step: str) -> list[Action]:
    """The actions resolved at the close of `step`, in their order."""
    return [a for a in NIGHT if a.at == step]
