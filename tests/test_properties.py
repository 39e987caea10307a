"""Properties of the classic game (003), with hypothesis:
- random legal play of random compositions always ends, with a winner consistent with 003;
- the dead never act (a dead player's order is refused unless the game waits for his reaction);
- every event survives its JSON round trip, and replay(import(export(game))) equals the game.
"""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lgmail.config import settings as lgmail_settings
from lgmail.orders.parse import parse_line
from lgmail.rules import events as ev
from lgmail.rules.commands import CreateGame, EndStep, GiveOrder, Seat, StartGame
from lgmail.rules.decide import decide
from lgmail.rules.dump import dump
from lgmail.rules.evolve import apply, project
from lgmail.rules.orders import Order
from lgmail.rules.refusal import Cause, Refusal
from lgmail.rules.state import GameState
from lgmail.rules.thiercelieux.catalogue import CAMP_OF
from lgmail.rules.thiercelieux.roles.chasseur import HunterShot
from lgmail.service.bots import orders_for
from lgmail.service.games import Games

SPECIALS = ["voyante", "sorciere", "chasseur", "cupidon", "salvateur", "ancien"]
START = datetime(2026, 11, 29, 21, 0, tzinfo=UTC)
MAX_STEPS = 400


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


def play(roles: list[str], rng: random.Random, election: bool) -> list[ev.Event]:
    """Play a game to its end with random legal orders, checking invariants on the way."""
    names = [f"P{i}" for i in range(len(roles))]
    seats = tuple(Seat(n, f"{n.lower()}@example.org") for n in names)
    log: list[ev.Event] = []
    state = GameState(name="prop")
    now = START

    def push(decision: list[ev.Event] | Refusal) -> list[ev.Event]:
        assert not isinstance(decision, Refusal), decision
        for event in decision:
            _check_not_dead_actor(state, event)
            apply(state, event)
            log.append(event)
        return decision

    push(
        decide(
            state,
            CreateGame(
                "classic",
                seats,
                roles=dict(zip(names, roles, strict=True)),
                options={"election": election},
                entropy=rng.getrandbits(32),
            ),
            now,
        )
    )
    push(decide(state, StartGame(rng.getrandbits(32)), now))
    for _ in range(MAX_STEPS):
        if state.status == "ended":
            break
        now += timedelta(minutes=5)
        acted = False
        for name in rng.sample(names, len(names)):
            player = state.players[name]
            if not player.alive and not any(r.player == name for r in state.reactions):
                order = Order(parse_line("vote " + names[0], names).kind, (names[0],))  # type: ignore[union-attr]
                refused = decide(state, GiveOrder(name, order, 0), now)
                assert isinstance(refused, Refusal) and refused.cause in (
                    Cause.DEAD,
                    Cause.GAME_OVER,
                ), refused
                continue
            for text in orders_for(state, name, rng):
                result = parse_line(text, names, name)
                assert isinstance(result, Order), (text, result)
                decision = decide(state, GiveOrder(name, result, rng.getrandbits(32)), now)
                if isinstance(decision, Refusal):
                    continue
                push(decision)
                acted = True
                if state.status == "ended":
                    break
        if state.status != "ended" and not acted:
            push(decide(state, EndStep(rng.getrandbits(32)), now))
    assert state.status == "ended", f"no end after {MAX_STEPS} rounds: {state.phase} {state.number}"
    _check_winner(state)
    return log


def _check_not_dead_actor(state: GameState, event: ev.Event) -> None:
    if isinstance(event, ev.OrderAccepted):
        assert state.players[event.player].alive, f"dead {event.player} acted"
    if isinstance(event, HunterShot):
        assert (
            any(r.player == event.hunter for r in state.reactions)
            or state.players[event.hunter].standing.get("tirer") == event.target
        )


def _check_winner(state: GameState) -> None:
    living = [p for p in state.players.values() if p.alive]
    wolves = [p for p in living if CAMP_OF[p.role] == "loups"]
    if state.winner == "village":
        assert not wolves
        assert set(state.winners) == {
            p.name
            for p in state.players.values()
            if CAMP_OF[p.role] == "village" and p.name not in _traitors(state)
        }
    elif state.winner == "loups":
        assert living and len(wolves) == len(living)
        assert all(CAMP_OF[state.players[n].role] == "loups" for n in state.winners)
    elif state.winner == "amoureux":
        assert {p.name for p in living} == set(state.lovers)
        assert set(state.winners) == set(state.lovers)
    else:
        assert not living and state.winners == []


def _traitors(state: GameState) -> set[str]:
    if len(state.lovers) == 2:
        a, b = (state.players[n].role for n in state.lovers)
        if CAMP_OF[a] != CAMP_OF[b]:
            return set(state.lovers)
    return set()


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(roles=compositions(), seed=st.integers(0, 2**32), election=st.booleans())
def test_random_legal_play_always_ends_with_a_consistent_winner(
    roles: list[str], seed: int, election: bool
) -> None:
    log = play(roles, random.Random(seed), election)
    for event in log:
        text = json.dumps(event.payload())
        assert ev.decode(event.TYPE, event.VERSION, json.loads(text)) == event
    assert dump(project(log, "prop")) == dump(project(list(log), "prop"))


@settings(
    max_examples=5,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(roles=compositions(), seed=st.integers(0, 2**32))
def test_replay_of_import_of_export_equals_the_game(
    roles: list[str], seed: int, tmp_path_factory: object
) -> None:
    folder = Path(str(tmp_path_factory.mktemp("prop")))  # type: ignore[attr-defined]
    games = Games(lgmail_settings.load(folder / "data"), now=lambda: START)
    names = [f"P{i}" for i in range(len(roles))]
    seats = [Seat(n, f"{n.lower()}@example.org") for n in names]
    games.create("g", "classic", seats, roles=dict(zip(names, roles, strict=True)), seed=seed)
    games.start("g")
    rng = random.Random(seed)
    for _ in range(60):
        state = games.load("g")
        if state.status == "ended":
            break
        acted = False
        for name in names:
            lines = orders_for(games.load("g"), name, rng)
            if lines:
                acted = games.act("g", f"{name.lower()}@example.org", "\n".join(lines)).ok or acted
        if not acted and games.load("g").status == "running":
            games.end_step("g")
    original = games.load("g")
    copy = games.import_(list(games.export("g")), "copy")
    same, replayed = games.replay(copy)
    assert same
    assert dump(replayed).replace('"name":"copy"', "") == dump(original).replace('"name":"g"', "")
