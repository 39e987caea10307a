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
