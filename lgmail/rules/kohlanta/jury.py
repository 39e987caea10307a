"""The final vote (000, « JOUR (PHASE FINALE) »): with two players left, « si les deux derniers
joueurs sont du même camp, ce camp gagne. Sinon il y a un vote final. Pour faire le vote final,
tous les joueurs éliminés depuis la réunification vote pour un des deux finalistes [...] : parmi
ces joueurs, les bisounours votent en premier, puis quand c'est fait on ajoute automatiquement au
stratège finaliste 1 vote par stratège présent dans les votants. Le camp de celui arrivé premier
aux votes gagne ».

Jurors learn nothing: « Un joueur éliminé après la réunification a le vote final à faire, on ne
doit donc rien lui révéler de la partie s'il est bisounours » (`silent`: from his elimination to
the end, no mail of the game reaches him but his juror's notice and the jury's call). Rulings:
the jury votes in the last day's second step; a bisounours juror who does not vote gives no
vote; a tie (when some did not vote) is drawn between the finalists.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import UNTOLD, Notice, folds, nothing, tells
from lgmail.rules.kohlanta.cards import BISOUNOURS, NAME, STRATEGE, camp, final, is_juror, jurors
from lgmail.rules.kohlanta.rulings import refused
from lgmail.rules.orders import Order
from lgmail.rules.phase_orders import Ordered, givers
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

JURY = "jury"
#: `GameState.extra` key: the camp the jury made win
KEY = "jury"


def finalists(s: GameState) -> list[str]:
    """The two players left, when they are of different camps."""
    left = s.living()
    if not final(s) or len(left) != 2 or camp(left[0]) == camp(left[1]):
        return []
    return [p.name for p in left]


def voting(s: GameState) -> list[str]:
    """The bisounours jurors (the stratèges' votes are added for them)."""
    if not finalists(s) or KEY in s.extra:
        return []
    return [n for n in jurors(s) if camp(s.players[n]) == BISOUNOURS]


def accept(tx: Tx, player: Player, order: Order) -> None:
    s = tx.state
    if player.name not in voting(s) or s.step is None or s.step.name != JURY:
        raise refused("jury-not-yours")
    if not order.targets or order.target not in finalists(s):
        raise refused("jury-finalists", names=" ou ".join(finalists(s)))
    tx.emit(Ordered(player.name, JURY, [order.target], tx.mail))


@event
@dataclass(frozen=True)
class JuryCalled(Event):
    """The two finalists are of different camps: the jurors are called."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "kohlanta/facts/jury_called.txt"

    finalists: list[str] = field(default_factory=list)
    jurors: list[str] = field(default_factory=list)


folds(JuryCalled)(nothing)


@tells(JuryCalled)
def _tell_called(s: GameState, e: JuryCalled, later: Sequence[Event]) -> list[Notice]:
    return [
        Notice(
            n,
            "kohlanta:jury",
            {"finalists": list(e.finalists), "votes": camp(s.players[n]) == BISOUNOURS},
        )
        for n in e.jurors
    ]


@event
@dataclass(frozen=True)
class JuryVoted(Event):
    """The final vote: each finalist's votes, the bisounours' first, then the stratèges'."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "kohlanta/facts/jury_voted.txt"

    bisounours: dict[str, int] = field(default_factory=dict)
    strateges: dict[str, int] = field(default_factory=dict)
    winner: str = ""
    camp: str = ""
    drawn: bool = False


@folds(JuryVoted)
def _voted(s: GameState, e: JuryVoted) -> None:
    s.extra[KEY] = e.camp


def call(tx: Tx) -> None:
    s = tx.state
    if finalists(s) and KEY not in s.extra:
        tx.emit(JuryCalled(finalists(s), jurors(s)))


def count(tx: Tx) -> None:
    """The day ends with two finalists of different camps: the jury's verdict."""
    s = tx.state
    two = finalists(s)
    if not two or KEY in s.extra:
        return
    voted = {n: v[0] for n, v in givers(s, JURY).items() if n in voting(s)}
    first = {n: sum(1 for t in voted.values() if t == n) for n in two}
    strategist = next(n for n in two if camp(s.players[n]) == STRATEGE)
    added = sum(1 for n in jurors(s) if camp(s.players[n]) == STRATEGE)
    second = {n: (added if n == strategist else 0) for n in two}
    total = {n: first[n] + second[n] for n in two}
    best = max(total.values())
    top = [n for n in two if total[n] == best]
    drawn = len(top) > 1
    winner = tx.draw("jury", top)[0] if drawn else top[0]
    tx.emit(JuryVoted(first, second, winner, camp(s.players[winner]), drawn))


def result(s: GameState) -> str | None:
    got = s.extra.get(KEY)
    return str(got) if got else None


def silent(s: GameState, name: str) -> bool:
    """000: a juror is told nothing of the game until it ends."""
    return s.variant == NAME and not s.ended and is_juror(s, name)


UNTOLD.append(silent)
