"""Every vote that was counted, read from the log, as the vote pictures draw them
(`lgmail.web.vote_picture`) and the vote record lists them (`lgmail.service.vote_record`).

A ballot is found where the rule set counted one:

- `VotesCounted` (003, 002, 004, 000's Cinquième Élément: the captain's election and each
  stake): public, who voted for whom included;
- `StakeCounted` (000, Cinquième Élément): public, the doubled votes anonymous (their weight
  is shown beside the totals, on no arrow);
- `BallotClosed` (001): only the totals are public (« jamais qui a voté pour qui »): the MJ's
  desk draws the arrows from the orders standing when it was counted;
- `VerdictGiven`, `ChiefElected` and `JuryVoted` (000, Koh-Lanta): the totals are public; the
  desk draws the votes as they were given;
- the pack's vote of 002 (`WolvesChose` in `nombres`: each living wolf's last order is his
  vote, told in the den with the option `den_votes`): on the wolves' pages and the desk, never
  on a public page.

Who was alive, who held the title, who could vote: the state just before the count
(`lgmail.service.log_fold`), read by the game's rule set (`Variant.electorate`: who could vote, what
each vote weighed, what the village knows of the totals). What follows a count until the next
one tells who went after all (a tie broken by the captain, the mayor or the chief) and who was
marked (002: « en violet »).

Hidden information stays where it belongs through `shown_to` alone: a public page gets the
ballots everyone may know, with no arrow where the votes were secret.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from lgmail.rules.electorate import DEN, ELECTION, STAKE, Electorate
from lgmail.rules.orders import Kind
from lgmail.rules.phase_orders import givers
from lgmail.rules.state import GameState
from lgmail.rules.variants import variant_of
from lgmail.service.log_fold import Step, steps
from lgmail.store.model import RecordedEvent

#: the kinds of ballot: the captain's (mayor's, chief's) election, the day's stake, the pack's
#: vote at night, a Koh-Lanta tribe's chief, its council, the final jury
KINDS = ("election", "stake", "den", "chief", "council", "jury")


@dataclass(frozen=True)
class Arrow:
    """One vote: `voter` for `target` (None: a blank vote), weighing `weight`."""

    voter: str
    target: str | None
    weight: float = 1.0


@dataclass
class Ballot:
    """A vote as it was counted (the log's version of the count)."""

    version: int
    kind: str
    phase: str
    number: int
    #: who sits around the circle: those who could vote or be voted for, in seat order
    circle: list[str]
    arrows: list[Arrow]
    totals: dict[str, float]
    #: who could vote and did not
    abstained: list[str] = field(default_factory=list)
    #: who went (burned, elected, the pack's victim), once any tie was broken
    chosen: list[str] = field(default_factory=list)
    tied: list[str] = field(default_factory=list)
    #: 002: the tied, marked « en violet »
    marked: list[str] = field(default_factory=list)
    #: who voted for whom is not public (only the totals are)
    secret: bool = False
    #: the pack's vote: the wolves who read it (the MJ too); None: not the pack's
    pack: list[str] | None = None
    #: a Koh-Lanta tribe's chief election: the tribe
    group: str = ""
    captain: str | None = None
    #: the totals as the public knows them, where the count holds what it does not (004: the
    #: Princesse's favour is secret, the Corbeau's sign public); None: the totals
    public_totals: dict[str, float] | None = None

    @property
    def blank(self) -> list[str]:
        return [a.voter for a in self.arrows if a.target is None]

    def beyond(self) -> dict[str, float]:
        """What the totals hold besides the arrows (a sign, anonymous doubled votes, powers
        the MJ alone knows), by name: the total less the arrows' weights."""
        drawn: dict[str, float] = {}
        for a in self.arrows:
            if a.target is not None:
                drawn[a.target] = drawn.get(a.target, 0) + a.weight
        names = list(dict.fromkeys([*self.totals, *drawn]))
        out = {n: self.totals.get(n, 0) - drawn.get(n, 0) for n in names}
        return {n: v for n, v in out.items() if abs(v) > 1e-9}


Reader = Callable[[Step, dict[str, Any]], "Ballot | None"]
#: event type -> how its ballot is read (the state before it, its payload)
READERS: dict[str, Reader] = {}


def reads(type_name: str) -> Callable[[Reader], Reader]:
    def register(fn: Reader) -> Reader:
        READERS[type_name] = fn
        return fn

    return register


def ballots(records: Sequence[RecordedEvent]) -> list[Ballot]:
    """Every vote counted in the log `records`, in order, as the MJ knows it."""
    out: list[Ballot] = []
    last: Ballot | None = None
    for step in steps(records):
        payload = step.record.payload
        reader = READERS.get(step.record.type)
        found = reader(step, payload) if reader else None
        if found is not None:
            out.append(found)
            last = found
        elif step.record.type == "PhaseOpened":
            last = None
        elif last is not None:
            _after(last, step.record.type, payload)
    return out


def _after(ballot: Ballot, kind: str, payload: dict[str, Any]) -> None:
    """What a count leads to: a tie broken, the tied marked, the title given."""
    if kind == "PlayersMarked":
        ballot.marked = list(payload["names"])
    elif kind == "TieBroken" and payload.get("target"):
        _went(ballot, payload["target"])
    elif kind == "TieSettled" and payload.get("name"):
        _went(ballot, payload["name"])
    elif kind == "TieNarrowed":
        for name in payload.get("burned", []):
            _went(ballot, name)
    elif kind == "StakeBurned" and ballot.kind == "stake":
        _went(ballot, payload["name"])
    elif kind == "CaptainElected" and ballot.kind == "election" and payload.get("name"):
        ballot.chosen = [payload["name"]]


def _went(ballot: Ballot, name: str) -> None:
    if name not in ballot.chosen:
        ballot.chosen.append(name)


def _circle(s: GameState, *more: Any) -> list[str]:
    """The living, and whoever else the count names, in seat order."""
    named = {n for group in more for n in group if n}
    return [p.name for p in s.players.values() if p.alive or p.name in named]


def _electorate(
    s: GameState,
    kind: str,
    group: str = "",
    votes: dict[str, str | None] | None = None,
    tally: dict[str, float] | None = None,
) -> Electorate | None:
    """Who voted, and how, in the vote of `kind` counted on `s`, as its rule set says."""
    return variant_of(s).electorate(s, kind, group, votes or {}, tally or {})


@reads("VotesCounted")
def _votes_counted(step: Step, p: dict[str, Any]) -> Ballot:
    s = step.before
    kind = ELECTION if p["step"] == "election" else STAKE
    votes: dict[str, str | None] = dict(p["votes"])
    tally = {n: float(c) for n, c in p["tally"].items()}
    found = _electorate(s, kind, votes=votes, tally=tally) or Electorate(s.living_names())
    arrows = [Arrow(v, t, found.weights.get(v, 1.0)) for v, t in votes.items()]
    chosen = [p["chosen"]] if p.get("chosen") else []
    public = None if found.known is None else _known_totals(arrows, found.known)
    return Ballot(
        step.record.version,
        kind,
        s.phase,
        s.number,
        _circle(s, votes, [t for t in votes.values() if t], p["tally"]),
        arrows,
        tally,
        [n for n in found.voters if n not in votes],
        chosen,
        list(p.get("tied", [])),
        captain=s.captain if kind == "stake" else None,
        public_totals=public,
    )


def _known_totals(arrows: list[Arrow], known: Mapping[str, float]) -> dict[str, float]:
    """The totals as the village can count them: the votes with their weights, and what else
    it knows they hold (`Electorate.known`)."""
    out: dict[str, float] = {}
    for a in arrows:
        if a.target is not None:
            out[a.target] = out.get(a.target, 0) + a.weight
    for name, count in known.items():
        out[name] = out.get(name, 0) + count
    return {n: c for n, c in out.items() if c}


@reads("StakeCounted")
def _stake_counted(step: Step, p: dict[str, Any]) -> Ballot:
    s = step.before
    votes: dict[str, str] = dict(p["votes"])
    return Ballot(
        step.record.version,
        "stake",
        s.phase,
        s.number,
        _circle(s, votes, votes.values(), p["totals"]),
        [Arrow(v, t) for v, t in votes.items()],
        {n: float(c) for n, c in p["totals"].items()},
        [q.name for q in s.living() if q.name not in votes],
        [p["condemned"]] if p.get("condemned") else [],
        list(p.get("tied", [])),
        captain=s.captain,
    )


def _given_votes(s: GameState) -> dict[str, str | None]:
    """The votes standing (the MJ's knowledge): each living player's vote order."""
    return {
        q.name: (None if g.order.blank else g.order.target)
        for q in s.living()
        if (g := s.order_of(q.name, Kind.VOTE)) is not None
    }


@reads("BallotClosed")
def _ballot_closed(step: Step, p: dict[str, Any]) -> Ballot:
    s = step.before
    kind = "election" if p["step"] == "election" else "stake"
    votes = _given_votes(s)
    went = list(p.get("burned") or ([p["chosen"]] if p.get("chosen") else []))
    return Ballot(
        step.record.version,
        kind,
        s.phase,
        s.number,
        _circle(s, p["tally"]),
        [Arrow(v, t) for v, t in votes.items()],
        {n: float(c) for n, c in p["tally"].items()},
        [q.name for q in s.living() if q.name not in votes],
        went,
        list(p.get("tied", [])),
        secret=True,
        captain=s.captain,
    )


def _phase_votes(s: GameState, key: str, voters: list[str]) -> list[Arrow]:
    """The votes given this phase under `key` (000's orders), of `voters`."""
    given = givers(s, key)
    return [Arrow(v, t) for v in voters for t in given.get(v, [])]


def _totals(p: dict[str, Any]) -> dict[str, float]:
    """The totals of a count that holds its votes in several parts (000: the council's votes
    and secret votes, the jury's by camp): every part's, by name, summed."""
    totals: dict[str, float] = {}
    for counts in (v for v in p.values() if isinstance(v, dict)):
        for n, c in counts.items():
            totals[n] = totals.get(n, 0) + float(c)
    return totals


@reads("VerdictGiven")
def _verdict(step: Step, p: dict[str, Any]) -> Ballot | None:
    s = step.before
    found = _electorate(s, "council")
    if found is None:
        return None
    voters = found.voters
    totals = _totals(p)
    given = givers(s, found.given_as)
    return Ballot(
        step.record.version,
        "council",
        s.phase,
        s.number,
        _circle(s, totals),
        _phase_votes(s, found.given_as, voters),
        totals,
        [v for v in voters if v not in given],
        list(p.get("out", [])),
        list(p.get("tied", [])),
        secret=True,
    )


@reads("ChiefElected")
def _chief(step: Step, p: dict[str, Any]) -> Ballot | None:
    if p.get("how", "elected") != "elected":
        return None
    s = step.before
    found = _electorate(s, "chief", p["tribe"])
    if found is None:
        return None
    tribe = found.voters
    given = givers(s, found.given_as)
    return Ballot(
        step.record.version,
        "chief",
        s.phase,
        s.number,
        _circle(s, tribe, [p["name"]]) if not tribe else [n for n in s.players if n in tribe],
        _phase_votes(s, found.given_as, tribe),
        {n: float(c) for n, c in p.get("votes", {}).items()},
        [v for v in tribe if v not in given],
        [p["name"]],
        [],
        secret=True,
        group=p["tribe"],
    )


@reads("JuryVoted")
def _jury(step: Step, p: dict[str, Any]) -> Ballot | None:
    s = step.before
    found = _electorate(s, "jury")
    if found is None:
        return None
    jurors = found.seated
    totals = _totals(p)
    voting = found.voters
    given = givers(s, found.given_as)
    circle = [n for n in s.players if n in jurors or n in totals or s.players[n].alive]
    return Ballot(
        step.record.version,
        "jury",
        s.phase,
        s.number,
        circle,
        _phase_votes(s, found.given_as, voting),
        totals,
        [v for v in voting if v not in given],
        [p["winner"]] if p.get("winner") else [],
        [],
        secret=True,
    )


@reads("WolvesChose")
def _den(step: Step, p: dict[str, Any]) -> Ballot | None:
    """002, Règle 5: each living wolf's last order is his vote; the most votes is the victim,
    a tie kills nobody. Only a rule set that says so counts the pack's orders as votes (002's,
    `Variant.electorate`)."""
    s = step.before
    found = _electorate(s, DEN)
    if found is None:
        return None
    living = set(s.living_names())
    votes = {w: t for w, t in s.night.kills if w in living and t in living}
    counts: dict[str, float] = {}
    for target in votes.values():
        counts[target] = counts.get(target, 0) + 1
    top = max(counts.values(), default=0)
    leaders = sorted(n for n, c in counts.items() if c == top) if counts else []
    pack = found.voters
    return Ballot(
        step.record.version,
        "den",
        s.phase,
        s.number,
        _circle(s),
        [Arrow(w, t) for w, t in votes.items()],
        counts,
        [w for w in pack if w not in votes and w in living],
        [p["victim"]] if p.get("victim") else [],
        leaders if len(leaders) > 1 else [],
        pack=list(pack) if s.options.get("den_votes") else [],
    )


def shown_to(found: list[Ballot], reader: str | None, *, mj: bool = False) -> list[Ballot]:
    """The ballots a page may show: the MJ's desk every one as counted; a player's page (his
    name) and a public page (`reader` None) the public ones, with no arrow nor abstention where
    the votes were secret; a wolf's page the pack's votes he read in the den."""
    if mj:
        return list(found)
    out: list[Ballot] = []
    for b in found:
        if b.pack is not None:
            if reader is not None and reader in b.pack:
                out.append(b)
            continue
        if b.public_totals is not None:
            b = dataclasses.replace(b, totals=b.public_totals, public_totals=None)
        if b.secret:
            out.append(dataclasses.replace(b, arrows=[], abstained=[]))
        else:
            out.append(b)
    return out
