"""Who plays for whom in 004: camps change (the infected, the Enfant Sauvage), the den has
members beyond the Loups-Garous, and the colour code shows the camp at death.

004: « Bleu : pour matérialiser l'appartenance au camp Villageois. Rouge : [...] au camp
Loup-Garou. Orange : [...] les éventuels Loups qui débutent la partie en dehors de l'antre. Rose :
[...] les Amoureux traitres, ennemis de tous. Vert : [...] les éventuels camps Indépendants, comme
le Joueur de Flûte ou le Loup-Garou Blanc. Violet : [...] les rôles "multiclassables" ».
"""

from __future__ import annotations

from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import (
    catalogue as roles,  # the catalogue, read when called: role modules import this one
)
from lgmail.rules.thiercelieux.roles import (
    comedien,
    enfant_sauvage,
    fantome,
    infect_pere_des_loups,
    joueur_de_flute,
    maitre_vampire,
    metronome,
    multiclasse,
)

VILLAGE, LOUPS, INDEPENDANT = "village", "loups", "independant"

#: the colour code of the camps (004)
COLOUR: dict[str, str] = {
    VILLAGE: "bleu",
    LOUPS: "rouge",
    "loups-hors-antre": "orange",
    "amoureux-traitres": "rose",
    INDEPENDANT: "vert",
    "multiclasse": "violet",
}

#: roles coloured otherwise than by their camp: wolves starting outside the den, the
#: multi-class roles (004)
ROLE_COLOUR: dict[str, str] = {
    "loup-egare": COLOUR["loups-hors-antre"],
    "passager": COLOUR["loups-hors-antre"],
    "assommeur": COLOUR["multiclasse"],
    "protecteur": COLOUR["multiclasse"],
    "redirecteur": COLOUR["multiclasse"],
    "telepathe": COLOUR["multiclasse"],
}

#: roles that start the game in the den ("La clairière des Loups")
DEN_AT_START = frozenset(
    {
        "loup-garou",
        "loup-garou-blanc",
        "grand-mechant-loup",
        "infect-pere-des-loups",
        # 004: « peut à la fois effectuer son action de manipulation et effectuer le meurtre des
        # Loups-Garous »
        "loup-garou-manipulateur",
    }
)
#: wolves outside the den, still wolves to the Renard (004, Renard)
WOLVES_OUTSIDE = frozenset({"loup-egare"})

DEN = "antre"


def camp(player: Player) -> str:
    """The camp `player` plays for now (his role's, unless a status changed it)."""
    return player.links.get("camp") or roles.CAMP_OF[player.role]


def in_den(player: Player) -> bool:
    return player.role in DEN_AT_START or DEN in player.status


def borrowed(state: GameState, player: Player) -> str | None:
    """The role `player` plays now in place of his own, if any: the Métronome's role of the
    night (« Le Métronome devient, pour la durée de la Nuit, le rôle ainsi tiré au sort »), the
    Comédien's role of the night and the next stake (« devenir l'un de ces trois rôles, jusqu'au
    début de la Nuit suivante »)."""
    return metronome.stolen(state, player) or comedien.playing(state, player)


def acting(state: GameState, player: Player) -> str:
    """The role whose power `player` has now (004, Métronome: his role of the night; who sleeps
    through it « est considéré comme celui d'un Simple Villageois [...] ou d'un Simple
    Loup-Garou »; the Comédien's role)."""
    if metronome.asleep(state, player.name):
        return "loup-garou" if in_den(player) else "villageois"
    return borrowed(state, player) or player.role


def village_power(player: Player) -> bool:
    """A power the village loses with the Ancien (004): the village's roles', and a multi-class
    role's when it plays for the village."""
    if multiclasse.is_multiclass(player):
        return camp(player) == VILLAGE
    return roles.ROLES[player.role].village_power


def den(state: GameState) -> list[Player]:
    """The living members of the den."""
    return [p for p in state.living() if in_den(p)]


def is_wolf(player: Player) -> bool:
    """A Loup-Garou as the Renard counts them (004: the den's members, the Manipulateur and the
    wolf-aligned multi-class roles among them, and the Loup Égaré; not one infected tonight, who
    joins at dawn)."""
    return in_den(player) or player.role in WOLVES_OUTSIDE


def traitors(state: GameState) -> set[str]:
    """The lovers when they play for different camps (004: « si les deux amoureux
    n'appartenaient pas au même camp [...] ils deviendraient Amoureux traitres »). Ruling: camps
    as they are now, so an infection turns a couple (004, IPL: « le couple verra simplement sa
    condition de victoire changer »)."""
    if len(state.lovers) != 2:
        return set()
    a, b = (state.players[n] for n in state.lovers)
    if joueur_de_flute.is_piper(a) or joueur_de_flute.is_piper(b):
        # 004: « Si le Joueur de Flûte est amoureux d'un autre joueur, la condition de victoire
        # du couple revient à celle du Joueur de Flûte. »
        return set()
    if fantome.is_ghost(a) or fantome.is_ghost(b):
        # 004: « La condition de victoire de l'Amoureux du Fantôme devient celle du Fantôme. »
        return set()
    return set(state.lovers) if camp(a) != camp(b) else set()


def colour(state: GameState, player: Player) -> str:
    """The colour announced at `player`'s death."""
    if player.name in traitors(state):
        return COLOUR["amoureux-traitres"]
    if player.role == enfant_sauvage.ROLE.slug and enfant_sauvage.TURNED in player.status:
        if DEN not in player.status:
            return COLOUR[VILLAGE]
        # 004: « bleu-rouge s'il meurt en même temps qu'il était en train d'intégrer l'antre »
        if player.links.get(DEN) == f"{state.phase} {state.number}":
            return f"{COLOUR[VILLAGE]}-{COLOUR[LOUPS]}"
        return COLOUR[LOUPS]
    if infect_pere_des_loups.STATUS in player.status:
        return COLOUR[LOUPS]
    if maitre_vampire.STATUS in player.status:
        # ruling: an acolyte plays for the Maître Vampire, an independent (« Vert : [...] les
        # éventuels camps Indépendants »)
        return COLOUR[INDEPENDANT]
    if player.role in ROLE_COLOUR:
        return ROLE_COLOUR[player.role]
    return COLOUR[roles.CAMP_OF[player.role]]


def statuses(state: GameState, player: Player) -> list[str]:
    """The statuses 004 says to announce at death: infecté, amoureux, acolyte (« le MJ annonce
    toujours le statut d'acolyte à la mort de ces derniers »)."""
    out = []
    if infect_pere_des_loups.STATUS in player.status:
        out.append("infecte")
    if maitre_vampire.STATUS in player.status:
        out.append(maitre_vampire.STATUS)
    if player.name in state.lovers:
        out.append("amoureux")
    return out
