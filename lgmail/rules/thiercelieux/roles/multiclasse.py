"""The multi-class roles of 004 (Assommeur, Protecteur, Redirecteur, Télépathe): each is a
Loup-Garou or a Villageois, as the MJ deals it.

« Violet : pour matérialiser les rôles "multiclassables", c'est-à-dire, pouvant être soit
Loup-Garou, soit Villageois, en fonction du choix du MJ. » « Il peut être Loup-Garou ou
Villageois. » The MJ gives each one's alignment with the game option `alignements` (player ->
"loup" | "village"); one not given is drawn at the start (a recorded draw). A wolf-aligned one
is a member of the den (004, Renard: « un Loup-Garou avec l'une de ces classes : Protecteur,
Assommeur, Redirecteur, Télépathe »). No power tells the alignment (004, Voyante: « ni
l’alignement d'un rôle multi-classable »).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import (
    ROLE_MAIL,
    folds,
)
from lgmail.rules.state import GameState, Player

SLUGS = frozenset({"assommeur", "protecteur", "redirecteur", "telepathe"})
#: the game option: player -> "loup" | "village"
OPTION = "alignements"
LOUP, VILLAGE = "loup", "village"
ALIGNMENTS = (LOUP, VILLAGE)
#: the status a dealt alignment gives (`links["camp"]` holds the camp)
STATUS = "multiclasse"


def is_multiclass(player: Player) -> bool:
    return player.role in SLUGS


def given(state: GameState, name: str) -> str | None:
    """The alignment the MJ gave `name` in the options, if a valid one."""
    chosen = (state.options.get(OPTION) or {}).get(name)
    return str(chosen) if chosen in ALIGNMENTS else None


def dealt(player: Player) -> bool:
    return STATUS in player.status


@event
@dataclass(frozen=True)
class AlignmentDealt(Event):
    """A multi-class role's alignment (004: « Il peut être Loup-Garou ou Villageois », « en
    fonction du choix du MJ »): "loup" (a member of the den) or "village"; `drawn` when the MJ
    gave none."""

    name: str
    alignment: str
    drawn: bool = False


@folds(AlignmentDealt)
def _aligned(s: GameState, e: AlignmentDealt) -> None:
    player = s.players[e.name]
    player.links["camp"] = "loups" if e.alignment == "loup" else "village"
    player.status.add("multiclasse")
    if e.alignment == "loup":
        # 004, Renard: « un Loup-Garou avec l'une de ces classes » is one of the pack
        player.status.add("antre")


def _alignment(s: GameState, name: str) -> dict[str, Any]:
    """A multi-class role's alignment, told to its owner (004: « en fonction du choix du MJ »)."""
    me = s.players[name]
    if me.role not in SLUGS:
        return {"alignment": None}
    return {"alignment": LOUP if me.links.get("camp") == "loups" else VILLAGE}


ROLE_MAIL.append(_alignment)
