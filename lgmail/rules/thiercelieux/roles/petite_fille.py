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
from dataclasses import dataclass
from typing import Any

from lgmail.rules import events as ev
from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, accepts, folds, resolves, tells
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refusal, Refused
from lgmail.rules.role import RoleSpec, Said, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import acting, camps, tonight
from lgmail.rules.thiercelieux.roles import voyante
from lgmail.rules.tx import Tx

_WRITTEN_SQUARE = re.compile(r"(?<![a-z0-9])([a-g])\s*-?\s*([1-7])(?![a-z0-9])")


def _read_square(said: Said) -> Order | Refusal:
    """004's Petite Fille: « espionner C3 » (a square from A1 to G7); a name instead of a
    square probes that player (« espionner NOM », the Voyante's)."""
    found = _WRITTEN_SQUARE.search(" ".join(said.fold(w) for w in said.rest))
    if found:
        return Order(ESPIONNER.kind, args=(f"{found.group(1).upper()}{found.group(2)}",))
    got = said.name(said.rest)
    if isinstance(got, str):
        return Order(voyante.SONDER.kind, (got,))
    return Refusal(Cause.UNREADABLE, {"missing": "square"})


#: 004: the Petite Fille's square (« espionner les Loups-Garous », « une case qu'elle veut
#: observer »); "espionner NOM" still probes (Voyante)
ESPIONNER = Verb(
    Kind.declare("espionner"),
    ("espionner", "espionne", "observer", "observe", "spy", "watch"),
    hint={"fr": "espionner CASE (de A1 à G7)", "en": "espionner SQUARE (spy: A1 to G7)"},
    read=_read_square,
    short_args=True,
)


ROLE = RoleSpec(
    slug="petite-fille",
    camp="village",
    names={"fr": "Petite Fille", "en": "Little Girl"},
    orders=frozenset({ESPIONNER.kind}),
    verbs=(ESPIONNER,),
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


@event
@dataclass(frozen=True)
class GridPlaced(Event):
    """The Petite Fille's map (004): « Le MJ prévoie secrètement, avant le début de la partie,
    deux cases par Loup-Garou (Passager et Égaré compris) et autant de case Petite Fille qu'il
    y a de Loup-Garou. » `loups`: wolf -> his two squares; `drawn` when the MJ gave none that
    holds. Secret: the MJ's only."""

    loups: dict[str, list[str]]
    petite_fille: list[str]
    drawn: bool = False


@event
@dataclass(frozen=True)
class SquareChosen(Event):
    """The square the Petite Fille watches tonight (her `espionner` order)."""

    petite_fille: str
    square: str


@event
@dataclass(frozen=True)
class SquareWatched(Event):
    """What the square hid (004): `found` "loup" (`wolf` named to her), "petite-fille" (« La
    Petite Fille est découverte et elle est dévorée sur le champ. La victime initiale des
    Loups-Garous est annulée. ») or "vide"."""

    petite_fille: str
    square: str
    found: str
    wolf: str | None = None


@folds(GridPlaced)
def _grid(s: GameState, e: GridPlaced) -> None:
    s.extra["grille"] = {"loups": dict(e.loups), "petite_fille": list(e.petite_fille)}


@folds(SquareChosen)
def _square(s: GameState, e: SquareChosen) -> None:
    s.extra.setdefault(f"espionner:{s.number}", {})[e.petite_fille] = e.square


@folds(SquareWatched)
def _watched(s: GameState, e: SquareWatched) -> None:
    if e.found == "loup" and e.wolf and e.wolf != e.petite_fille:
        # « Le nom du Loup-Garou en question est donné à la Petite Fille. »
        s.players[e.petite_fille].learned.setdefault(e.wolf, "loup-garou")
    elif e.found == "petite-fille":
        # « La victime initiale des Loups-Garous est annulée. »
        s.extra[f"decouverte:{s.number}"] = e.petite_fille
        s.night.victim = None


@tells(SquareWatched)
def _tell_watched(s: GameState, e: SquareWatched, later: Sequence[Event]) -> list[Notice]:
    return [Notice(e.petite_fille, "roles:petite_fille:buisson", e.payload())]


@tells(GridPlaced)
def _tell_grid(s: GameState, e: GridPlaced, later: Sequence[Event]) -> list[Notice]:
    """The map is the MJ's secret; he is told it, and why when it is not the one he gave."""
    given = bool(s.options.get("grille_petite_fille"))
    return [Notice(None, "mj:grille", {"given": given, **e.payload()})]


# --- in 004 (thiercelieux): its night ---


@resolves("thiercelieux", "espionner")
def _espionner(tx: Tx) -> None:
    """004, Petite Fille: what the square she watches hides: a wolf's name, her discovery (the
    pack's victim spared), or nothing."""
    s = tx.state
    for player, _ in tonight.given(s, ROLE.slug, ESPIONNER.kind):
        where = watched(s, player.name)
        if where is None:
            continue
        found, wolf = hides(s, where)
        if found == GIRL and (caught(s) or not camps.den(s)):
            # ruling: no wolf left in the den to devour her (or one already caught): nothing
            found = EMPTY
        tx.emit(SquareWatched(player.name, where, found, wolf))


# --- in 004 (thiercelieux): its orders ---


def place_grid(tx: Tx) -> None:
    """004, Petite Fille: « Le MJ prévoie secrètement, avant le début de la partie, deux
    cases par Loup-Garou (Passager et Égaré compris) et autant de case Petite Fille qu'il y
    a de Loup-Garou. »: the MJ's grid (option `grille_petite_fille`), else a drawn one."""
    s = tx.state
    wolves = [p.name for p in s.players.values() if camps.is_wolf(p) or p.role in ALSO_WOLVES]
    given = placement(s.options.get(OPTION), wolves)
    if given is None:
        squares = tx.draw("grille", list(SQUARES), 3 * len(wolves))
        pairs = [squares[2 * i : 2 * i + 2] for i in range(len(wolves))]
        placed = dict(zip(wolves, pairs, strict=True))
        tx.emit(GridPlaced(placed, squares[2 * len(wolves) :], drawn=True))
        return
    pairs, girl, named = given
    if not named and len(wolves) > 1:
        # the MJ's pairs are dealt to the wolves by a recorded draw
        wolves = tx.draw("grille:loups", wolves, len(wolves))
    tx.emit(GridPlaced(dict(zip(wolves, pairs, strict=True)), girl))


@accepts(ESPIONNER.kind)
def _accept_spy(tx: Tx, player: Player, order: Order) -> None:
    """004, Petite Fille: « une case qu'elle veut observer sur la carte du Village »."""
    s = tx.state
    where = square(order.args[0]) if order.args else None
    if where is None:
        raise Refused(Cause.UNREADABLE, missing="square")
    step = acting.power_step(s, player, order)
    if not grid(s):
        # she came into the game after it started (the Voleur's card): the grid now
        place_grid(tx)
    tx.emit(ev.OrderAccepted(player.name, step, order.kind.value, []))
    tx.emit(SquareChosen(player.name, where))
