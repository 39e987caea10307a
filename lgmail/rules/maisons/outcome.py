"""Who wins in 001 (« Conditions de victoire »).

Main conditions, by nature: « Les Villageois gagnent quand il n'y a plus aucun Loup Garou [...].
Les Loups Garous gagnent quand tous les joueurs sont soit Loup Garou [...], soit Faux Cul [...].
Ce sont les conditions de victoire dites principales : la partie s'arrête quand au moins une
d'entre elles est résolue. À ce moment, quiconque a rempli toutes ses conditions de victoire
l'emporte. »

A role may replace a player's main condition (`REPLACING`, in 001's precedence: « Une seule
condition de victoire remplaçante pouvant avoir lieu à la fois, elles remplacent dans et ordre :
Faux Cul, Suiveur, Celui-qui-a-décidé-de-faire-chier-son-camp »: the last he holds counts) or add
one (`SUPPLEMENTARY`, which never ends the game). « Une condition de victoire se calcule à tout
moment » : a role cancelled (Avare, Saint Insert Name Here) gives no condition (`role.usable`).
A living player counted on the wolves' side by a role (`WOLVES_SIDE`: the Faux Cul) does not stop
the wolves' win."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from lgmail.rules.hooks import SEAT_AT_END
from lgmail.rules.maisons.role import usable
from lgmail.rules.state import GameState, Player

VILLAGE, LOUPS = "village", "loups"
WOLF = "loup-garou"


@dataclass(frozen=True)
class Condition:
    """A role's condition: `met(s, player, winner)` (winner: the main condition reached);
    `applies(s, player)`, for a condition no role gives (the lovers'), whom it binds."""

    slug: str
    met: Callable[[GameState, Player, str | None], bool]
    applies: Callable[[GameState, Player], bool] | None = None


#: 001, « Ordre des conditions de victoires remplaçantes », as written: of those a player
#: holds, the last counts
PRECEDENCE = ("faux-cul", "suiveur", "celui-qui-a-decide-de-faire-chier-son-camp")
#: the replacing conditions (read in `PRECEDENCE`)
REPLACING: list[Condition] = []
#: the supplementary conditions (each held adds to the main one)
SUPPLEMENTARY: list[Condition] = []
#: who counts with the wolves for their main condition besides the Loups Garous
WOLVES_SIDE: list[Callable[[GameState, Player], bool]] = []
#: a Loup Garou who does not count with them (« Loup Garou non Celui-qui-a-décidé-[...] »)
NOT_WOLVES_SIDE: list[Callable[[GameState, Player], bool]] = []
#: who stops the village's win besides the Loups Garous (« ou Celui-qui-a-décidé-[...]
#: villageois »)
AGAINST_VILLAGE: list[Callable[[GameState, Player], bool]] = []
#: conditions a player meets or not whatever his roles (the Âme soeule's lover), for whom each
#: `applies`
PERSONAL: list[Condition] = []
#: replacing conditions that stop the game when they hold (the Suiveurs'): each returns the
#: main condition reached, or None; read before the natures'
ENDINGS: list[Callable[[GameState], str | None]] = []


def replacing(c: Condition) -> Condition:
    REPLACING.append(c)
    return c


def supplementary(c: Condition) -> Condition:
    SUPPLEMENTARY.append(c)
    return c


def main(s: GameState) -> str | None:
    """The main condition reached now, if any."""
    for ending in ENDINGS:
        if (reached := ending(s)) is not None:
            return reached
    living = s.living()
    if not any(p.nature == WOLF or any(a(s, p) for a in AGAINST_VILLAGE) for p in living):
        return VILLAGE
    if all(_with_wolves(s, p) for p in living):
        return LOUPS
    return None


def _with_wolves(s: GameState, p: Player) -> bool:
    if p.nature == WOLF and not any(rule(s, p) for rule in NOT_WOLVES_SIDE):
        return True
    return any(side(s, p) for side in WOLVES_SIDE)


def conditions(s: GameState, player: Player, winner: str | None) -> list[tuple[str, bool]]:
    """`player`'s conditions when the game stops with `winner`, each met or not: the main one
    (his nature's, or the replacing one that counts), then the supplementary and personal ones."""
    mine = set(usable(s, player))
    replaced = sorted(
        (c for c in REPLACING if c.slug in mine), key=lambda c: PRECEDENCE.index(c.slug)
    )
    if replaced:
        out = [(replaced[-1].slug, replaced[-1].met(s, player, winner))]
    else:
        out = [(player.nature, winner == (LOUPS if player.nature == WOLF else VILLAGE))]
    out += [(c.slug, c.met(s, player, winner)) for c in SUPPLEMENTARY if c.slug in mine]
    for c in PERSONAL:
        if c.applies is None or c.applies(s, player):
            out.append((c.slug, c.met(s, player, winner)))
    return out


def meets(s: GameState, player: Player, winner: str | None) -> bool:
    """Whether `player` met all his conditions when the game stops with `winner`."""
    return all(met for _, met in conditions(s, player, winner))


def outcome(s: GameState) -> tuple[str | None, list[str]] | None:
    """None while the game goes on; else the main condition reached and who won."""
    if not s.living():
        return None, []
    winner = main(s)
    if winner is None:
        return None
    return winner, [p.name for p in s.players.values() if meets(s, p, winner)]


def _seat(s: GameState, name: str) -> dict[str, Any]:
    """The end mail lists each player's conditions, met or not, so the table can check them."""
    if s.variant != "maisons":
        return {}
    met = conditions(s, s.players[name], s.winner)
    return {"conditions": [[slug, ok] for slug, ok in met]}


SEAT_AT_END.append(_seat)
