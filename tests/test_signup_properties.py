"""Properties of the sign-ups (issue #34), with hypothesis: any interleaving of requests (some
for substitutes, some under names already taken, some from an address written otherwise),
confirmations, withdrawals (by the player or the MJ) and changes of the maximum on a proposed
game leaves the list as a model of the log, written apart from the rules, says it must be:
- each command is accepted or refused as the model says, and a refused one changes nothing;
- the list is in the order of confirmation (pending requests where they were asked);
- seated = the first `max_players` confirmed players who are not substitutes, waiting = the
  confirmed players after them, substitutes apart; a seated player's withdrawal promotes the
  first waiting ones (SignupPromoted);
- replaying the emitted events (through their JSON form) gives the same state;
- the game then started (by the MJ, or at the closing date with auto_start) has exactly the
  seated players when their count fits the rule set, and is refused, unchanged, when not.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from lgmail.rules import events as ev
from lgmail.rules.commands import (
    AmendProposal,
    Command,
    ConfirmSignup,
    ProposeGame,
    RequestSignup,
    StartGame,
    Tick,
    WithdrawSignup,
)
from lgmail.rules.decide import decide
from lgmail.rules.dump import dump
from lgmail.rules.evolve import apply, project
from lgmail.rules.refusal import Cause, Refusal
from lgmail.rules.signup_list import seated, substitutes, waiting
from lgmail.rules.state import GameState, Signup
from lgmail.rules.thiercelieux.base.composition import MIN_PLAYERS
from lgmail.rules.view import view

NOW = datetime(2026, 11, 29, 21, 0, tzinfo=UTC)
PEOPLE = 10
#: names that come again: "Chloé", "chloe" and "CHLOE" are one name (case and accents aside)
NAMES = ["Alice", "Bruno", "Chloé", "chloe", "CHLOE", "David", "Emma", "Fañch", "Gwen", "Hugo"]


def email_of(person: int, shout: bool) -> str:
    email = f"joueur{person}@example.org"
    return email.upper() if shout else email


def key(name: str) -> str:
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return plain.lower()


@dataclass
class Entry:
    name: str
    email: str
    substitute: bool
    #: the moment of the request, then of the confirmation (the list's order)
    stamp: int
    confirmed: bool = False


class Model:
    """What the log says the list is, kept apart from `lgmail.rules.signup_list`."""

    def __init__(self, most: int | None) -> None:
        self.most = most
        self.entries: dict[str, Entry] = {}
        self.clock = 0

    def tick(self) -> int:
        self.clock += 1
        return self.clock

    def order(self) -> list[Entry]:
        return sorted(self.entries.values(), key=lambda e: e.stamp)

    def players(self) -> list[Entry]:
        return [e for e in self.order() if e.confirmed and not e.substitute]

    def seated(self) -> list[Entry]:
        players = self.players()
        return players if self.most is None else players[: self.most]

    def waiting(self) -> list[Entry]:
        return self.players()[len(self.seated()) :]

    def substitutes(self) -> list[Entry]:
        return [e for e in self.order() if e.confirmed and e.substitute]

    # each returns the events expected, or the refusal's (cause, why)

    def request(self, name: str, email: str, substitute: bool) -> list[ev.Event] | tuple[str, str]:
        mine = self.entries.get(email.lower())
        if mine is not None and mine.confirmed:
            return (Cause.NOT_ALLOWED, "signed-up")
        if any(k != email.lower() and key(e.name) == key(name) for k, e in self.entries.items()):
            return (Cause.NOT_ALLOWED, "name-taken")
        self.entries[email.lower()] = Entry(name, email, substitute, self.tick())
        return [ev.SignupRequested(name, email, "fr", substitute)]

    def confirm(self, email: str) -> list[ev.Event] | tuple[str, str]:
        mine = self.entries.get(email.lower())
        if mine is None:
            return (Cause.NOT_A_PLAYER, "")
        if mine.confirmed:
            return (Cause.NOT_ALLOWED, "confirmed")
        mine.confirmed, mine.stamp = True, self.tick()
        return [ev.SignupConfirmed(mine.email)]

    def withdraw(self, email: str, by: str) -> list[ev.Event] | tuple[str, str]:
        mine = self.entries.get(email.lower())
        if mine is None:
            return (Cause.NOT_A_PLAYER, "")
        before = {e.email for e in self.seated()}
        del self.entries[email.lower()]
        moved = [e.email for e in self.seated() if e.email not in before]
        return [ev.SignupWithdrawn(mine.email, by)] + [ev.SignupPromoted(m) for m in moved]

    def amend(self, most: int) -> list[ev.Event] | tuple[str, str]:
        before = {e.email for e in self.seated()}
        self.most = most
        moved = [e.email for e in self.seated() if e.email not in before]
        return [ev.ProposalAmended(max_players=most)] + [ev.SignupPromoted(m) for m in moved]


requests = st.tuples(
    st.sampled_from(["request", "join"]),  # join: a request, then its confirmation
    st.integers(0, PEOPLE - 1),
    st.sampled_from(NAMES),
    st.sampled_from([False, False, True]),  # a substitute
    st.booleans(),  # the address in capitals
)
#: a join by the first address not on the list (hypothesis favours small numbers: this brings
#: enough players to start)
newcomers = st.tuples(
    st.just("newcomer"),
    st.none() | st.sampled_from(NAMES),  # None: a name of his own
    st.sampled_from([False, False, False, True]),
)
confirmations = st.tuples(st.just("confirm"), st.integers(0, PEOPLE - 1), st.booleans())
withdrawals = st.tuples(
    st.just("withdraw"), st.integers(0, PEOPLE - 1), st.sampled_from(["player", "mj"])
)
maxima = st.tuples(st.just("max"), st.integers(1, PEOPLE))
steps = st.lists(
    st.one_of(requests, newcomers, newcomers, confirmations, withdrawals, maxima),
    min_size=10,
    max_size=40,
)


Expected = list[ev.Event] | tuple[str, str]


def commands(plan: list[tuple[object, ...]], model: Model) -> Iterator[tuple[Command, Expected]]:
    """Each step's commands, with what the model expects of each (asked as it comes)."""
    for step in plan:
        if step[0] in ("request", "join"):
            _, person, name, substitute, shout = step
            assert isinstance(person, int) and isinstance(name, str)
            email = email_of(person, bool(shout))
            request = RequestSignup(name, email, substitute=bool(substitute))
            yield request, model.request(name, email, bool(substitute))
            if step[0] == "join":
                yield ConfirmSignup(email), model.confirm(email)
        elif step[0] == "newcomer":
            _, given_name, substitute = step
            taken = {e.email.lower() for e in model.entries.values()}
            free = [p for p in range(PEOPLE) if email_of(p, False) not in taken]
            if free:
                email = email_of(free[0], False)
                name = given_name if isinstance(given_name, str) else f"Joueur {free[0]}"
                yield (
                    RequestSignup(name, email, substitute=bool(substitute)),
                    model.request(name, email, bool(substitute)),
                )
                yield ConfirmSignup(email), model.confirm(email)
        elif step[0] == "confirm":
            _, person, shout = step
            assert isinstance(person, int)
            email = email_of(person, bool(shout))
            yield ConfirmSignup(email), model.confirm(email)
        elif step[0] == "withdraw":
            _, person, by = step
            assert isinstance(person, int) and isinstance(by, str)
            email = email_of(person, False)
            yield WithdrawSignup(email, by=by), model.withdraw(email, by)
        else:
            _, high = step
            assert isinstance(high, int)
            yield AmendProposal(max_players=high), model.amend(high)


def listed(entries: Sequence[Entry] | Sequence[Signup]) -> list[tuple[str, str, bool, bool]]:
    return [(e.name, e.email, e.substitute, e.confirmed) for e in entries]


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(
    most=st.none() | st.integers(1, PEOPLE // 2),
    plan=steps,
    at_closing=st.booleans(),
    entropy=st.integers(0, 2**32),
)
def test_the_list_is_what_the_log_says_and_the_game_starts_with_the_seated(
    most: int | None,
    plan: list[tuple[object, ...]],
    at_closing: bool,
    entropy: int,
) -> None:
    state = GameState(name="prop")
    log: list[ev.Event] = []
    model = Model(most)

    def run(command: Command, at: datetime = NOW) -> list[ev.Event] | Refusal:
        before = dump(state)
        decision = decide(state, command, at)
        if isinstance(decision, Refusal):
            assert dump(state) == before  # a refused command changes nothing
            return decision
        for happened in decision:
            apply(state, happened)
            log.append(happened)
        return decision

    assert not isinstance(run(ProposeGame("classic", max_players=most)), Refusal)
    for command, expected in commands(plan, model):
        got = run(command)
        if isinstance(expected, tuple):
            assert isinstance(got, Refusal), (command, got)
            cause, why = expected
            assert got.cause == cause and got.detail.get("why", "") == why, (command, got)
        else:
            assert got == expected, command
        # the list, in its order, and where each one stands
        assert listed(model.order()) == [
            (s.name, s.email, s.substitute, s.confirmed) for s in state.signups
        ]
        assert listed(model.seated()) == listed(seated(state))
        assert listed(model.waiting()) == listed(waiting(state))
        assert listed(model.substitutes() + model.waiting()) == listed(substitutes(state))
        standing = {s["email"]: s["standing"] for s in view(state)["signups"]}
        assert {e.email for e in model.seated()} == {
            e for e, where in standing.items() if where == "seated"
        }

    # the log alone, through the JSON the store keeps, gives the same state
    stored = [ev.decode(e.TYPE, e.VERSION, json.loads(json.dumps(e.payload()))) for e in log]
    assert dump(project(stored, "prop")) == dump(state)

    # the start: by the MJ, or at the closing date with auto_start
    chosen = model.seated()
    fits = len(chosen) >= MIN_PLAYERS  # 003's default deal
    event("started" if fits else "too few to start")
    event(
        "some promoted" if any(isinstance(e, ev.SignupPromoted) for e in log) else "none promoted"
    )
    if at_closing:
        closes = NOW + timedelta(days=2)
        assert not isinstance(run(AmendProposal(closes_at=closes, auto_start=True)), Refusal)
        got = run(Tick(entropy=entropy), closes)
        assert not isinstance(got, Refusal)
        assert got[0] == ev.SignupsClosed(len(chosen))
        assert (ev.GameStarted() in got) == fits
    else:
        got = run(StartGame(entropy=entropy))
        if fits:
            assert not isinstance(got, Refusal) and ev.GameStarted() in got
        else:
            assert isinstance(got, Refusal)
            assert got.detail["why"] == ("too-few" if not chosen else "players")
    if fits:
        assert state.status == "running"
        assert {n: p.email for n, p in state.players.items()} == {e.name: e.email for e in chosen}
        assert [p.name for p in state.players.values()] == [e.name for e in chosen]
        assert all(p.role for p in state.players.values())
        # the ones left may take a seat: the substitutes, then the waiting list
        assert listed(substitutes(state)) == listed(model.substitutes() + model.waiting())
    else:
        assert state.status == "signup" and state.players == {}
    assert dump(project(log, "prop")) == dump(state)
