"""Petite Fille (004): each night she watches one square of the village's map, a 7 × 7
battleship grid (A..G, 1..7) on which the MJ placed, before the game, two squares per wolf and
as many Petite Fille squares as there are wolves (the option `grille_petite_fille`, drawn when
the MJ gives none).

« Chaque Nuit, elle peut tenter sa chance, en indiquant au Maître du Jeu, une case qu'elle veut
observer sur la carte du Village [...] La carte est l'équivalent d'un touché-coulé de 7x7 cases,
notées de A à G et de 1 à 7. » « Le MJ prévoie secrètement, avant le début de la partie, deux
cases par Loup-Garou (Passager et Égaré compris) et autant de case Petite Fille qu'il y a de
Loup-Garou. » « La case cache un Loup-Garou. Le nom du Loup-Garou en question est donné à la
Petite Fille. » « La case cache une Petite Fille. La Petite Fille est découverte et elle est
dévorée sur le champ. La victime initiale des Loups-Garous est annulée. Rien ne peut empêcher la
Petite Fille d'être dévorée lorsqu'elle est découverte suite à son action de Nuit. » « La case
est vide; il ne se passe donc rien. »

Rulings: the grid is placed as the game starts with the wolves of the deal (who becomes a wolf
later has no square); an MJ's grid that does not place exactly those wolves, two distinct squares
each, and as many Petite Fille squares, is replaced by a drawn one (recorded); a dead wolf's
squares still give his name; a Petite Fille square hides no danger once no wolf is left in the
den to devour her; she may watch a square again.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from lgmail.rules.orders import Kind
from lgmail.rules.roles.base import RoleSpec
from lgmail.rules.state import GameState

ROLE = RoleSpec(
    slug="petite-fille",
    camp="village",
    names={"fr": "Petite Fille", "en": "Little Girl"},
    orders=frozenset({Kind.ESPIONNER}),
    step="loups",
    village_power=True,
    help={
        "fr": "Chaque nuit : « espionner C3 » (une case de A1 à G7 de la carte du village, "
        "« Le buisson »). Une case de Loup-Garou : son nom vous est donné. Une case de Petite "
        "Fille : vous êtes découverte et dévorée, la victime des loups est épargnée. Une case "
        "vide : rien.",
        "en": 'Each night: "espionner C3" (spy: a square from A1 to G7 of the village map, '
        "\"Le buisson\"). A werewolf's square: you are told his name. A Little Girl's square: "
        "you are caught and devoured, the wolves' victim is spared. An empty square: nothing.",
    },
)

OPTION = "grille_petite_fille"
#: the grid placed (GridPlaced), in `GameState.extra`
GRID = "grille"
COLUMNS = "ABCDEFG"
ROWS = "1234567"
SQUARES = tuple(f"{c}{r}" for r in ROWS for c in COLUMNS)
#: wolves with squares besides the den and the wolves outside it (« Passager et Égaré compris »)
ALSO_WOLVES = frozenset({"passager", "loup-egare"})
#: what a square hides
WOLF, GIRL, EMPTY = "loup", "petite-fille", "vide"
CAUSE = "petite-fille"

_SQUARE = re.compile(r"^([a-g])\s*-?\s*([1-7])$", re.IGNORECASE)


def square(text: str) -> str | None:
    """ "c3", "C 3", "C-3" -> "C3"; None when it is not a square of the map."""
    found = _SQUARE.match(text.strip())
    return f"{found.group(1).upper()}{found.group(2)}" if found else None


def placement(given: Any, wolves: Sequence[str]) -> tuple[list[list[str]], list[str], bool] | None:
    """The MJ's grid read from the option: (the wolves' pairs of squares, the Petite Fille
    squares, whether the pairs are named) — named pairs follow the order of `wolves`, unnamed
    ones are dealt to the wolves by a draw; None when the option is missing or does not hold
    (the grid is then drawn)."""
    if not isinstance(given, Mapping):
        return None
    raw_wolves, raw_girl = given.get("loups"), given.get("petite_fille")
    if not isinstance(raw_girl, list) or len(raw_girl) != len(wolves):
        return None
    named = isinstance(raw_wolves, Mapping)
    if isinstance(raw_wolves, Mapping):
        if set(raw_wolves) != set(wolves):
            return None
        pairs = [raw_wolves[w] for w in wolves]
    elif isinstance(raw_wolves, list):
        pairs = list(raw_wolves)
    else:
        return None
    if len(pairs) != len(wolves) or any(not isinstance(p, list) or len(p) != 2 for p in pairs):
        return None
    read = [[square(str(s)) for s in p] for p in pairs]
    girl = [square(str(s)) for s in raw_girl]
    flat = [s for p in read for s in p] + girl
    if None in flat or len(set(flat)) != len(flat):
        return None
    return [[str(s) for s in p] for p in read], [str(s) for s in girl], named


def grid(state: GameState) -> dict[str, Any]:
    found: dict[str, Any] = state.extra.get(GRID) or {}
    return found


def hides(state: GameState, where: str) -> tuple[str, str | None]:
    """What `where` hides: (WOLF, his name), (GIRL, None) or (EMPTY, None)."""
    placed = grid(state)
    for wolf, squares in placed.get("loups", {}).items():
        if where in squares:
            return WOLF, wolf
    if where in placed.get("petite_fille", []):
        return GIRL, None
    return EMPTY, None


def watched(state: GameState, girl: str) -> str | None:
    """The square `girl` watches tonight."""
    got = state.extra.get(f"espionner:{state.number}", {}).get(girl)
    return str(got) if got else None


def caught(state: GameState) -> str | None:
    """The Petite Fille discovered tonight, to be devoured at dawn."""
    got = state.extra.get(f"decouverte:{state.number}")
    return str(got) if got else None
