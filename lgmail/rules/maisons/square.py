"""The public square in 001 (« Gestion de la nuit »: « Aucun post sur le topic de LG n'est
autorisé pendant la nuit »; « Chaque jour, les joueurs peuvent parler librement (sauf
exception) sur le topic de LG »): the kernel's channel `place`, with the exceptions the roles
register (`POSTING`: the Theris' three posts a day, the Star's concert). Every post relayed is
counted (`SquarePosted`): « le premier message de la journée » is the first post relayed after
dawn."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds
from lgmail.rules.maisons.events import phase_key
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

#: `GameState.extra` key: this day's posts: {"at", "by": {player: count}, "first": player}
POSTS = "posts-du-jour"
#: what refuses a post on the square beyond the kernel's rules (raise Refused)
POSTING: list[Callable[[GameState, Player], None]] = []


@event
@dataclass(frozen=True)
class SquarePosted(Event):
    """`player` posted on the square (counted for the day's rules; the post itself is the
    kernel's `MessagePosted`)."""

    player: str


@folds(SquarePosted)
def _posted(s: GameState, e: SquarePosted) -> None:
    held = s.extra.get(POSTS, {})
    if held.get("at") != phase_key(s):
        held = {"at": phase_key(s), "by": {}, "first": e.player}
    held["by"][e.player] = int(held["by"].get(e.player, 0)) + 1
    s.extra[POSTS] = held


def posts_today(s: GameState, name: str) -> int:
    held = s.extra.get(POSTS, {})
    return int(held["by"].get(name, 0)) if held.get("at") == phase_key(s) else 0


def first_posted(s: GameState) -> bool:
    """Whether the day's first post is in."""
    return bool(s.extra.get(POSTS, {}).get("at") == phase_key(s))


def post(tx: Tx, player: Player) -> None:
    """A post on the square: the roles' rules, then counted."""
    for rule in POSTING:
        rule(tx.state, player)
    tx.emit(SquarePosted(player.name))
