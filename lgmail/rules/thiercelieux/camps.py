"""Who plays for whom in 004: camps change (the infected, the Enfant Sauvage, a multi-class
role's alignment, a recruit), and the den has members beyond the Loups-Garous. A role's camp is
its card's in the game's rule set (`lgmail.rules.variants`). The colour code that shows the camp
at death is `colours`."""

from __future__ import annotations

from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux.roles import multiclasse
from lgmail.rules.variants import variant_of

VILLAGE, LOUPS, INDEPENDANT = "village", "loups", "independant"

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


def role_camp(state: GameState, role: str) -> str:
    """The camp of the card `role` as the game's rule set deals it, whatever befell its player
    since."""
    return variant_of(state).roles[role].camp


def camp(state: GameState, player: Player) -> str:
    """The camp `player` plays for now (his role's, unless a status changed it)."""
    return player.links.get("camp") or role_camp(state, player.role)


def in_den(player: Player) -> bool:
    return player.role in DEN_AT_START or DEN in player.status


def village_power(state: GameState, player: Player) -> bool:
    """A power the village loses with the Ancien (004): the village's roles', and a multi-class
    role's when it plays for the village."""
    if multiclasse.is_multiclass(player):
        return camp(state, player) == VILLAGE
    return variant_of(state).roles[player.role].village_power


def den(state: GameState) -> list[Player]:
    """The living members of the den."""
    return [p for p in state.living() if in_den(p)]


def is_wolf(player: Player) -> bool:
    """A Loup-Garou as the Renard counts them (004: the den's members, the Manipulateur and the
    wolf-aligned multi-class roles among them, and the Loup Égaré; not one infected tonight, who
    joins at dawn)."""
    return in_den(player) or player.role in WOLVES_OUTSIDE
