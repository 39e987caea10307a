"""The day's vote in 001 (« Gestion du Jour »): votes by private mail; the total published, not
who voted for whom (the Espion alone learns that); the Meneur's double vote and the
Institutrice's minus two; a tie is broken by the mayor, who is sent the tied (« le maire est
informé par MP de la liste des joueurs à égalité »: `TieSubmitted`, his mail names them) and
answers (« trancher NOM ») within the reaction delay. Day 0 elects the mayor (`close`: a
candidate Baron first); each later day closes with `stake`: the Entêté's forced vote, the
Fanatiques' further places on the list, the mayor's tie-break, then the Châtelain's pardon
(`burn`).

Rulings: a tie at the election of the mayor is broken by a recorded draw among the tied (001
gives the mayor the tie-break, and there is none yet); the mayor who does not answer in time
burns none of the tied (a tie with no one to break it), and so does a tie in a game with no
living mayor (no election, or none left): it is announced so (`BallotClosed.unbroken`); a
blank vote counts for nobody; the stake's
dead die together once every place is decided (a mayor among them breaks the tie first).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import ClassVar

from lgmail.rules.events import Event, event
from lgmail.rules.evolve import when
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.maisons.events import plans
from lgmail.rules.maisons.role import BOUND_VOTES, holds
from lgmail.rules.maisons.roles import (
    baron,
    chatelain,
    entete,
    espion,
    fanatique,
    institutrice,
    meneur,
)
from lgmail.rules.orders import Kind
from lgmail.rules.state import GameState, Reaction
from lgmail.rules.tx import Tx, iso

Kill = Callable[[Tx, list[tuple[str, str]]], None]

#: `GameState.extra` key: the players tied at the last vote, whom the mayor chooses among
TIED = "egalite"
#: `GameState.extra` key: today's stake while the mayor decides: who burns so far, how many of
#: the tied he still chooses
STAKE = "bucher"


@event
@dataclass(frozen=True)
class BallotClosed(Event):
    """A vote closed: the totals and who burns (or is elected); never who voted for whom.
    `burned`: who the list sends to the stake for sure; `left`: how many of `tied` the mayor
    sends besides; `zeal`: how many Fanatiques added a place."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "maisons/ballot.txt"

    step: str
    tally: dict[str, float] = field(default_factory=dict)
    chosen: str | None = None
    tied: list[str] = field(default_factory=list)
    burned: list[str] = field(default_factory=list)
    left: int = 1
    zeal: int = 0
    #: a tie with no living mayor to break it: none of the tied burns (ruling)
    unbroken: bool = False


@folds(BallotClosed)
def _closed(s: GameState, e: BallotClosed) -> None:
    s.extra[TIED] = list(e.tied)
    s.extra[STAKE] = {"burned": list(e.burned), "left": e.left if e.tied else 0}
    s.resolved, s.plan = True, []


@event
@dataclass(frozen=True)
class TieNarrowed(Event):
    """The mayor chose one of the tied; `left` of `tied` are still his to choose."""

    burned: list[str] = field(default_factory=list)
    tied: list[str] = field(default_factory=list)
    left: int = 0


@folds(TieNarrowed)
def _narrowed(s: GameState, e: TieNarrowed) -> None:
    s.extra[TIED] = list(e.tied)
    s.extra[STAKE] = {"burned": list(e.burned), "left": e.left}


@event
@dataclass(frozen=True)
class TieSubmitted(Event):
    """001: « le maire est informé par MP de la liste des joueurs à égalité, et il répond par
    MP pour indiquer la personne envoyée au bûcher »: `mayor` is sent `tied` and answers
    « trancher NOM » before `deadline` (`left` of them burn, one name an answer). The game
    awaits his answer as a reaction."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "maisons/tie.txt"

    mayor: str
    deadline: str
    tied: list[str] = field(default_factory=list)
    left: int = 1


@folds(TieSubmitted)
def _submitted(s: GameState, e: TieSubmitted) -> None:
    s.reactions.append(Reaction(e.mayor, "trancher", when(e.deadline)))


@tells(TieSubmitted)
def _tell_tied(s: GameState, e: TieSubmitted, later: Sequence[Event]) -> list[Notice]:
    ctx = {"tied": list(e.tied), "left": e.left, "deadline": e.deadline}
    return [Notice(e.mayor, "maisons:ballot:tied", ctx)]


def ballot_of(s: GameState) -> dict[str, str | None]:
    return {
        p.name: (None if g.order.blank else g.order.target)
        for p in s.living()
        if (g := s.order_of(p.name, Kind.VOTE)) is not None
    }


def bound(s: GameState) -> dict[str, str]:
    """The votes roles bind today (`role.BOUND_VOTES`), of living voters on living targets."""
    out: dict[str, str] = {}
    for rule in BOUND_VOTES:
        for voter, target in rule(s).items():
            if s.players[voter].alive and s.players[target].alive:
                out.setdefault(voter, target)
    return out


def weights(s: GameState) -> dict[str, int]:
    """Each voter's weight today: 2 for a Meneur who said « doubler », -2 for an Institutrice
    who said « soustraire » (« enlève deux voix [...] plutôt que d'en rajouter une »); one for
    a bound vote."""
    out: dict[str, int] = {}
    held = bound(s)
    for player, given in plans(s).items():
        if player in held:
            continue
        voter = s.players[player]
        kinds = [(p["role"], p["kind"]) for p in given if holds(s, voter, str(p["role"]))]
        # a role boosted by the Sympathique applies its action twice (`sympathique`)
        if minus := kinds.count(("institutrice", institutrice.SOUSTRAIRE.kind.value)):
            out[player] = -2 * minus
        elif double := kinds.count(("meneur", meneur.DOUBLER.kind.value)):
            out[player] = 2**double
    return out


def count(s: GameState, votes: dict[str, str | None]) -> tuple[dict[str, float], list[str]]:
    """The totals and the leaders."""
    weight = weights(s)
    tally: dict[str, float] = {}
    for voter, target in votes.items():
        if target is not None:
            tally[target] = tally.get(target, 0) + weight.get(voter, 1)
    if not tally:
        return tally, []
    top = max(tally.values())
    return tally, sorted(n for n, c in tally.items() if c == top)


def _spy(tx: Tx, votes: dict[str, str | None], tally: dict[str, float]) -> None:
    for spy in tx.state.living():
        if holds(tx.state, spy, espion.ROLE.slug):
            tx.emit(espion.BallotSpied(spy.name, dict(votes), dict(tally)))


def close(tx: Tx, step: str) -> str | None:
    """Count the vote of `step` (the election; the day's is `stake`), tell the Espions, publish
    the totals; who is chosen (None on a tie, when the mayor is asked)."""
    s = tx.state
    votes = {**ballot_of(s), **bound(s)}
    tally, leaders = count(s, votes)
    _spy(tx, votes, tally)
    chosen = leaders[0] if len(leaders) == 1 else None
    if step == "election":
        # 001, Baron: « Si candidat à la mairie, est choisi en priorité »
        chosen = baron.elect(tx, votes, tally) or chosen
    tied = leaders if len(leaders) > 1 else []
    if step == "election" and tied and chosen is None:
        chosen = tx.draw("mayor-tie", tied)[0]
    tx.emit(BallotClosed(step, tally, chosen, tied if chosen is None else []))
    if chosen is None and tied and _mayor(s) is not None:
        _ask(tx)
    return chosen


def reaction_delay(s: GameState) -> timedelta:
    return timedelta(minutes=int(s.options.get("reaction_minutes", 60)))


def stake(tx: Tx, kill: Kill) -> None:
    """Close the day's vote: count it (the Entêtés' forced votes in), tell the Espions, bind the
    Entêtés, spend the day's unique actions, publish the totals and who burns: the first
    1 + Fanatiques places of the list, the mayor asked where a tie straddles the last one."""
    s = tx.state
    votes = {**entete.forced(s, ballot_of(s)), **bound(s)}
    tally, _ = count(s, votes)
    _spy(tx, votes, tally)
    entete.record(tx, votes)
    chatelain.spend(tx)
    zeal = len(fanatique.spend(tx))
    burned, tied, left = fanatique.places(tally, 1 + zeal)
    chosen = burned[0] if burned else None
    mayor = _mayor(s)
    unbroken = bool(tied) and mayor is None
    tx.emit(BallotClosed("vote", tally, chosen, tied, burned, left, zeal, unbroken))
    if tied and mayor is not None:
        _ask(tx)
    else:
        burn(tx, burned, kill)


def _mayor(s: GameState) -> str | None:
    return s.captain if s.captain and s.players[s.captain].alive else None


def _ask(tx: Tx) -> None:
    """The living mayor is sent the tied he chooses among (`TieSubmitted`)."""
    s = tx.state
    mayor = _mayor(s)
    assert mayor is not None
    held = s.extra.get(STAKE, {})
    left = max(1, int(held.get("left", 1)))
    deadline = iso(tx.at + reaction_delay(s))
    tx.emit(TieSubmitted(mayor, deadline, list(s.extra.get(TIED, [])), left))


def tie_broken(tx: Tx, target: str | None, kill: Kill) -> None:
    """The mayor chose `target` among the tied (None: he let the delay pass): ask for the next
    place, or burn the day's stake."""
    s = tx.state
    held = s.extra.get(STAKE, {})
    burned, left = list(held.get("burned", [])), int(held.get("left", 0))
    tied = [n for n in s.extra.get(TIED, []) if n != target]
    if target is not None:
        burned.append(target)
        left -= 1
    if target is not None and left > 0 and _mayor(s) is not None:
        tx.emit(TieNarrowed(burned, tied, left))
        _ask(tx)
        return
    tx.emit(TieNarrowed(burned, [], 0))
    burn(tx, burned, kill)


def burn(tx: Tx, names: list[str], kill: Kill) -> None:
    """The day's stake: `names` burn together, unless a Châtelain pardons them all."""
    if not names:
        return
    pardoners = chatelain.pardoners(tx.state)
    if pardoners:
        # 001: « Si plusieurs personnes passent au bûcher le même jour, le châtelain les
        # gracie tous »
        tx.emit(chatelain.Pardoned(pardoners, list(names)))
        return
    kill(tx, [(name, "stake") for name in names])
