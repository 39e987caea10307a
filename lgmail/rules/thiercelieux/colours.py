"""The colour code of 004: the camp shown at a player's death, with the statuses announced.

004: « Bleu : pour matérialiser l'appartenance au camp Villageois. Rouge : [...] au camp
Loup-Garou. Orange : [...] les éventuels Loups qui débutent la partie en dehors de l'antre. Rose :
[...] les Amoureux traitres, ennemis de tous. Vert : [...] les éventuels camps Indépendants, comme
le Joueur de Flûte ou le Loup-Garou Blanc. Violet : [...] les rôles "multiclassables" ».
"""

from __future__ import annotations

from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import camps
from lgmail.rules.thiercelieux.camps import DEN, INDEPENDANT, LOUPS, VILLAGE
from lgmail.rules.thiercelieux.roles import (
    cupidon,
    enfant_sauvage,
    infect_pere_des_loups,
    maitre_vampire,
)

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


def colour(state: GameState, player: Player) -> str:
    """The colour announced at `player`'s death."""
    if player.name in cupidon.traitors(state):
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
    return COLOUR[camps.role_camp(state, player.role)]


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
