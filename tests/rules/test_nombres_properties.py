"""Properties of Les Nombres (002_9504e6e276dc5f60.txt), with hypothesis: random legal play of
random compositions (tickets, PADs, murmurs, testaments, excuses, absences included) always
ends, unattended, with a winner consistent with 002's Règle 6; a right PAD sets nothing off; a
murmur appears only while its author lives; every event survives its JSON round trip."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lgmail.orders.parse import parse_line
from lgmail.rules import events as ev
from lgmail.rules.commands import CreateGame, EndStep, GiveOrder, Seat, StartGame
from lgmail.rules.decide import decide
from lgmail.rules.dump import dump
from lgmail.rules.evolve import apply, project
from lgmail.rules.nombres import memory
from lgmail.rules.nombres.events import MurmurPublished, PadResolved
from lgmail.rules.orders import Order
from lgmail.rules.refusal import Refusal
from lgmail.rules.state import GameState
from lgmail.rules.thiercelieux.catalogue import CAMP_OF
from lgmail.rules.thiercelieux.roles.chasseur import HunterShot
from lgmail.service.bots import orders_for

SPECIALS = ["voyante", "sorciere", "chasseur", "cupidon", "salvateur", "ancien", "idiot-du-village"]
START = datetime(2026, 10, 21, 20, 0, tzinfo=UTC)
MAX_ROUNDS = 400


@st.composite
def compositions(draw: st.DrawFn) -> list[str]:
    count = draw(st.integers(min_value=4, max_value=14))
    wolves = draw(st.integers(min_value=1, max_value=max(1, count // 3)))
    specials = draw(
        st.lists(
            st.sampled_from(SPECIALS), unique=True, max_size=min(len(SPECIALS), count - wolves)
        )
    )
    return ["loup-garou"] * wolves + specials + ["villageois"] * (count - wolves - len(specials))


def extras(state: GameState, name: str, rng: random.Random) -> list[str]:
    """002's own orders, chosen at random from what the player may know."""
    me = state.players[name]
    others = [p.name for p in state.living() if p.name != name]
    out = []
    if state.phase == "election" and rng.random() < 0.7:
        out.append("nombres " + " ".join(map(str, rng.sample(range(1, 201), 20))))
    if state.captain == name and others and rng.random() < 0.3:
        out.append("testament " + ", ".join(rng.sample(others, min(len(others), 4))))
    if state.phase == "night":
        if CAMP_OF[me.role] == "loups" and rng.random() < 0.15:
            prey = [n for n in others if CAMP_OF[state.players[n].role] != "loups"]
            if prey:
                out.append(f"pad {rng.choice(prey)} {rng.choice(sorted(set(SPECIALS)))}")
        if memory.murmurs_left(state, name) != 0 and rng.random() < 0.5:
            out.append("murmure " + " ".join(rng.choice(["loup", "nuit", "vote"]) for _ in "..."))
    if rng.random() < 0.05:
        out.append(f"excuse {state.number + 1}")
    return out


def play(roles: list[str], rng: random.Random) -> list[ev.Event]:
    names = [f"P{i}" for i in range(len(roles))]
    seats = tuple(Seat(n, f"{n.lower()}@example.org") for n in names)
    state, log, now = GameState(name="prop"), [], START

    def push(decision: list[ev.Event] | Refusal) -> None:
        assert not isinstance(decision, Refusal), decision
        for event in decision:
            if isinstance(event, MurmurPublished):
                assert state.players[event.player].alive
            if isinstance(event, ev.PlayerDied) and event.cause == "pad":
                assert state.players[event.name].role == next(
                    e.role for e in reversed(log) if isinstance(e, PadResolved)
                )
            apply(state, event)
            log.append(event)

    roles_of = dict(zip(names, roles, strict=True))
    push(
        decide(
            state, CreateGame("nombres", seats, roles=roles_of, entropy=rng.getrandbits(32)), now
        )
    )
    push(decide(state, StartGame(rng.getrandbits(32)), now))
    for _ in range(MAX_ROUNDS):
        if state.status == "ended":
            break
        now += timedelta(hours=3)  # the clock, as the scheduler moves it
        acted = False
        for name in rng.sample(names, len(names)):
            if rng.random() < 0.15:
                continue  # away this round: absences happen
            lines = (
                orders_for(state, name, rng) if state.players[name].alive or state.reactions else []
            )
            if state.players[name].alive:
                lines += extras(state, name, rng)
            for text in lines:
                result = parse_line(text, names, name)
                assert isinstance(result, Order), (text, result)
                decision = decide(state, GiveOrder(name, result, rng.getrandbits(32)), now)
                if isinstance(decision, Refusal):
                    continue
                push(decision)
                acted = True
                if state.status == "ended":
                    break
            if state.status == "ended":
                break
        if state.status == "running" and not acted:
            push(decide(state, EndStep(rng.getrandbits(32)), now))
    assert state.status == "ended", f"no end after {MAX_ROUNDS} rounds: {state.phase}"
    _check_winner(state)
    for event in log:
        if isinstance(event, PadResolved) and event.right:
            assert not any(isinstance(e, HunterShot) and e.hunter == event.target for e in log)
    return log


def _check_winner(state: GameState) -> None:
    living = state.living()
    wolves = [p for p in living if CAMP_OF[p.role] == "loups"]
    village = [p for p in living if CAMP_OF[p.role] != "loups"]
    lovers = set(state.lovers)
    if state.winner == "amoureux":
        assert {p.name for p in living} == lovers
    elif state.winner == "village":
        assert not wolves or (len(wolves) == 1 and [p.role for p in village] == ["chasseur"])
    elif state.winner == "loups":
        assert not village or (len(wolves) == 1 and len(village) == 1)
    else:
        assert not living and state.winners == []


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(roles=compositions(), seed=st.integers(0, 2**32))
def test_random_legal_play_of_les_nombres_always_ends_consistently(
    roles: list[str], seed: int
) -> None:
    log = play(roles, random.Random(seed))
    for event in log:
        text = json.dumps(event.payload())
        assert ev.decode(event.TYPE, event.VERSION, json.loads(text)) == event
    assert dump(project(log, "prop")) == dump(project(list(log), "prop"))
