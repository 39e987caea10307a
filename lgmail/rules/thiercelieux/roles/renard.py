"""Renard (004): from the first night he sniffs a player and his two neighbours in the
alphabetical list of the living; told whether a wolf is among them. No wolf: he never wakes again.

« Le joueur ciblé et ses deux voisins (celui d'avant et celui d'après) dans la liste par ordre
alphabétique des joueurs font alors partie d'un groupe. Les joueurs éliminés ne sont pas pris en
compte. » Ruling: the list wraps around, as players sit around a table.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, may_give, resolves, tells
from lgmail.rules.orders import Kind
from lgmail.rules.role import RoleSpec, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import camps, tonight
from lgmail.rules.tx import Tx

#: 004: the Renard's scent
FLAIRER: Verb = Verb(
    Kind.declare("flairer"),
    ("flairer", "flaire", "renifler", "renifle", "sniff", "smell"),
    1,
    {"fr": "flairer NOM", "en": "flairer NAME (sniff)"},
)


ROLE = RoleSpec(
    slug="renard",
    camp="village",
    names={"fr": "Renard", "en": "Fox"},
    orders=frozenset({FLAIRER.kind}),
    verbs=(FLAIRER,),
    step="loups",
    village_power=True,
    help={
        "fr": "Chaque nuit : « flairer NOM » : y a-t-il un loup parmi lui et ses deux voisins "
        "(ordre alphabétique) ? Si non, vous perdez votre flair.",
        "en": 'Each night: "flairer NAME" (sniff): is there a wolf among them and their two '
        "neighbours (alphabetical order)? If not, you lose your power.",
    },
)

SPENT = "flair"


def can_sniff(player: Player) -> bool:
    return SPENT not in player.spent


def _key(name: str) -> tuple[str, str]:
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return plain.casefold(), name


def group(state: GameState, target: str) -> list[str]:
    """The target and the living players just before and after it, alphabetically."""
    ring = sorted(state.living_names(), key=_key)
    at = ring.index(target)
    picked = [ring[(at - 1) % len(ring)], target, ring[(at + 1) % len(ring)]]
    return list(dict.fromkeys(picked))


@event
@dataclass(frozen=True)
class FoxSniffed(Event):
    """The Renard's answer (004): is there a wolf among `group`? No wolf: his power is lost."""

    fox: str
    target: str
    group: list[str]
    found: bool


@folds(FoxSniffed)
def _fox(s: GameState, e: FoxSniffed) -> None:
    if not e.found:
        s.players[e.fox].spent.add("flair")


@tells(FoxSniffed)
def _tell_sniffed(s: GameState, e: FoxSniffed, later: Sequence[Event]) -> list[Notice]:
    return [Notice(e.fox, "roles:renard:flair", e.payload())]


# --- in 004 (thiercelieux): its night ---


@resolves("thiercelieux", "flairer")
def _flairer(tx: Tx) -> None:
    s = tx.state
    for player, targets in tonight.given(s, ROLE.slug, FLAIRER.kind):
        if not can_sniff(player) or not s.players[targets[0]].alive:
            continue
        sniffed = group(s, targets[0])
        found = any(camps.is_wolf(s.players[n]) for n in sniffed)
        tx.emit(FoxSniffed(player.name, targets[0], sniffed, found))


# --- in 004 (thiercelieux): its orders ---


@may_give(ROLE.slug, FLAIRER.kind)
def _may_sniff(state: GameState, player: Player) -> bool:
    return can_sniff(player)
