"""Entêté (001): « Tant que le dernier joueur ayant reçu un vote de bûcher de l'Entêté est en vie,
l'Entêté est forcé de voter contre lui. »

The vote an Entêté cast at a stake (the one counted when the day's vote closes) binds him
(`Bound`, which he is told); while that player lives, a vote of his against anyone else, or a
blank vote, is refused with the name he must vote against.

Rulings:
- « vote de bûcher »: the day's vote, not the election of the mayor; the vote that binds is the
  one counted at the close (votes may be changed until then, as everyone's);
- an Entêté bound who sends no vote is counted as voting against that player (he is « forcé de
  voter contre lui »: his vote is not his to withhold), with his day's weight (Meneur,
  Institutrice);
- once that player is dead, he votes as he likes, and his next stake vote binds him anew.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.maisons.acting import refused
from lgmail.rules.maisons.role import MaisonRole, holds, role
from lgmail.rules.orders import Kind, Order
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

ROLE = role(
    MaisonRole(
        slug="entete",
        names={"fr": "Entêté", "en": "Stubborn"},
        family="votes",
        help={
            "fr": "Tant que le dernier joueur contre qui vous avez voté au bûcher est en vie, "
            "vous devez voter contre lui (sans vote de votre part, votre vote compte contre lui).",
            "en": "While the last player you voted against at the stake lives, you must vote "
            "against them (with no vote of yours, your vote counts against them).",
        },
    )
)

#: `GameState.extra` key: Entêté -> the last player his stake vote went to
BOUND = "entete"


@event
@dataclass(frozen=True)
class Bound(Event):
    """The Entêté's counted stake vote went to `target`: he must vote against him while he lives."""

    player: str
    target: str


@folds(Bound)
def _bound(s: GameState, e: Bound) -> None:
    s.extra.setdefault(BOUND, {})[e.player] = e.target


@tells(Bound)
def _tell(s: GameState, e: Bound, later: Sequence[Event]) -> list[Notice]:
    return [Notice(e.player, "maisons:entete:bound", {"target": e.target})]


def bound_to(s: GameState, player: Player) -> str | None:
    """Whom living Entêté `player` must vote against now (None: he is free)."""
    target = s.extra.get(BOUND, {}).get(player.name)
    if not (holds(s, player, ROLE.slug) and target):
        return None
    return str(target) if s.players[target].alive else None


def check_vote(s: GameState, player: Player, order: Order) -> None:
    """Refuse a stake vote of a bound Entêté against anyone but his target."""
    if order.kind is not Kind.VOTE or s.phase != "day":
        return
    target = bound_to(s, player)
    if target is not None and (order.blank or order.target != target):
        raise refused("entete", target=target)


def forced(s: GameState, votes: dict[str, str | None]) -> dict[str, str | None]:
    """`votes` with the vote of each bound Entêté who cast none, against his target."""
    out = dict(votes)
    for player in s.living():
        target = bound_to(s, player)
        if target is not None and out.get(player.name) is None:
            out[player.name] = target
    return out


def record(tx: Tx, votes: dict[str, str | None]) -> None:
    """The stake's votes are counted: each Entêté is bound by his."""
    s = tx.state
    for player in s.living():
        target = votes.get(player.name)
        held = s.extra.get(BOUND, {}).get(player.name)
        if holds(s, player, ROLE.slug) and target and held != target:
            tx.emit(Bound(player.name, target))
