"""The stake (000, « 3- Les bûchers »): « Chaque jour, les joueurs votent publiquement pour l'un
d'entre eux à envoyer au bûcher. Les bûchers, de base, ne tuent pas instantanément la cible comme
d'habitude, mais font perdre NC cœurs à la place. Les blessures infligées par le bûcher sont de
base de type FEU. Si le type diffère, le MJ doit l'indiquer dans le message de bûcher »; the mayor
« tranche les éventuelles égalités lors des bûchers »; the day ends with « le message annonçant
le type et le résultat du bûcher journalier (s'il y a eu des modificateurs de vote activés,
indiquer les nouveaux scores totaux). Ne pas indiquer le nombre de cœur des joueurs qui ne meurent
pas ». Immunité diplomatique doubles a vote, « révélé par le MJ qu'à la fin de la journée et de
manière anonyme ».

Rulings: a blank vote counts for nobody; with no vote, nobody goes to the stake; a mayor who does
not break the tie in time leaves the stake empty.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta
from typing import ClassVar

from lgmail.rules import events as ev
from lgmail.rules.cinquieme import hearts, night
from lgmail.rules.cinquieme.cards import nc
from lgmail.rules.cinquieme.powers import immunite, impitoyable, tracage
from lgmail.rules.cinquieme.rulings import refused
from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds
from lgmail.rules.orders import Order
from lgmail.rules.phase_orders import Ordered, givers
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx, iso

VOTE = "vote"
#: `GameState.extra` key: the tie the mayor breaks
TIE = "egalite-bucher"


def accept(tx: Tx, player: Player, order: Order) -> None:
    s = tx.state
    if s.phase != "day" or s.step is None or s.step.name != VOTE:
        raise refused("vote-when")
    if len(order.targets) > 1:
        raise refused("vote-one")
    tx.emit(Ordered(player.name, VOTE, list(order.targets), tx.mail))


@event
@dataclass(frozen=True)
class StakeCounted(Event):
    """The day's votes (public), the totals with the doubled votes (anonymous: `doubled` is how
    many), the condemned (or the tie the mayor breaks) and the stake's element."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "cinquieme/facts/stake.txt"

    votes: dict[str, str] = field(default_factory=dict)
    totals: dict[str, int] = field(default_factory=dict)
    doubled: int = 0
    condemned: str = ""
    tied: list[str] = field(default_factory=list)


@folds(StakeCounted)
def _counted(s: GameState, e: StakeCounted) -> None:
    s.extra[tracage.LAST_VOTES] = dict(e.votes)
    if e.tied:
        s.extra[TIE] = list(e.tied)


@event
@dataclass(frozen=True)
class StakeBurned(Event):
    """The condemned loses NC hearts of `element` (one more if vulnerable, one less if
    fireproof): `died` or not (his hearts untold)."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "cinquieme/facts/burned.txt"

    name: str
    element: str
    died: bool
    by_mayor: bool = False


@folds(StakeBurned)
def _burned(s: GameState, e: StakeBurned) -> None:
    s.extra.pop(TIE, None)
    s.reactions = [r for r in s.reactions if r.kind != "trancher"]


def close(tx: Tx) -> None:
    s = tx.state
    votes = {v: t[0] for v, t in givers(s, VOTE).items() if t and s.players[v].alive}
    totals: dict[str, int] = {}
    doubled = 0
    for voter, target in votes.items():
        weight = immunite.weight(s, voter)
        doubled += weight > 1
        totals[target] = totals.get(target, 0) + weight
    if not totals:
        tx.emit(StakeCounted(votes, {}, 0))
        return
    best = max(totals.values())
    top = [n for n, c in totals.items() if c == best]
    if len(top) == 1:
        tx.emit(StakeCounted(votes, totals, doubled, top[0]))
        burn(tx, top[0], by_mayor=False)
        return
    tx.emit(StakeCounted(votes, totals, doubled, "", top))
    mayor = s.captain
    if mayor and s.players[mayor].alive:
        delay = timedelta(minutes=int(s.options.get("reaction_minutes", 60)))
        tx.emit(ev.ReactionAwaited(mayor, "trancher", iso(tx.at + delay)))


def break_tie(tx: Tx, player: Player, order: Order) -> None:
    s = tx.state
    tied = s.extra.get(TIE, [])
    if not order.targets or order.target not in tied:
        raise refused("tie-among", names=", ".join(tied))
    burn(tx, order.target, by_mayor=True)


def burn(tx: Tx, name: str, by_mayor: bool) -> None:
    s = tx.state
    votes = s.extra.get(tracage.LAST_VOTES, {})
    element = impitoyable.stake_element(s, name, votes)
    hearts.wound(tx, name, element, nc(s), "bucher")
    died = hearts.declare(tx, "bucher")
    tx.emit(StakeBurned(name, element, name in died, by_mayor))
    night.after_deaths(tx, died)
