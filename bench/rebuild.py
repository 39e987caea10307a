"""Time to rebuild the full state of a 20-player classic game of 40 phases from its events.

Usage: ``python bench/rebuild.py [--repeat R]``

The game is played through the rules (no store) so that it lasts: by day the votes split into a
tie (nobody dies) except every fifth day; by night the Salvateur protects the wolves' victim
except every fifth night. Then its events are written to a SQLite store, and we time:

* **fold**: `project(events)` over already decoded events (the rules alone);
* **decode + fold**: from the stored rows' payloads (JSON already parsed by the store) to state;
* **read + decode + fold**: `EventStore.read(game)` then the above: what a command pays to load a
  game.

Each is the best of R runs (default 50), in milliseconds.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from lgmail.rules import events as ev
from lgmail.rules.commands import CreateGame, EndStep, GiveOrder, Seat, StartGame
from lgmail.rules.decide import decide
from lgmail.rules.evolve import apply, project
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Refusal
from lgmail.rules.state import GameState
from lgmail.rules.thiercelieux.roles import cupidon, loup_garou, salvateur, voyante
from lgmail.service.codec import decode_all, to_new
from lgmail.store.eventstore import EventStore

PHASES = 40
ROLES = ["loup-garou"] * 3 + ["voyante", "sorciere", "salvateur", "chasseur", "cupidon"]
ROLES += ["villageois"] * (20 - len(ROLES))


def long_game() -> list[ev.Event]:
    names = [f"Joueur{i:02d}" for i in range(20)]
    state = GameState(name="bench")
    log: list[ev.Event] = []
    now = datetime(2026, 11, 29, 21, 0, tzinfo=UTC)

    def push(decision: list[ev.Event] | Refusal) -> None:
        if isinstance(decision, Refusal):
            return
        for event in decision:
            apply(state, event)
            log.append(event)

    def order(name: str, kind: Kind, *targets: str) -> None:
        push(decide(state, GiveOrder(name, Order(kind, targets), len(log)), now))

    push(
        decide(
            state,
            CreateGame(
                "classic",
                tuple(Seat(n, f"{n}@x.org") for n in names),
                roles=dict(zip(names, ROLES, strict=True)),
            ),
            now,
        )
    )
    push(decide(state, StartGame(1), now))
    phases = 1
    while state.status == "running" and phases < PHASES:
        now += timedelta(minutes=10)
        living = state.living_names()
        if state.phase in ("election", "day"):
            a, b = living[-1], living[-2]
            lethal = state.number % 5 == 4
            for i, voter in enumerate(living):
                order(voter, Kind.VOTE, a if lethal or i % 2 else b)
            push(decide(state, EndStep(0), now))
            phases += 1
            continue
        wolves = [p.name for p in state.living() if p.role == "loup-garou"]
        prey = [n for n in living if state.players[n].role != "loup-garou"]
        victim = prey[state.number % len(prey)]
        for p in state.living():
            if p.role == "voyante":
                order(p.name, voyante.SONDER.kind, prey[0] if prey[0] != p.name else prey[-1])
            elif p.role == "salvateur" and state.number % 5:
                if victim != state.last_protected:
                    order(p.name, salvateur.PROTEGER.kind, victim)
            elif p.role == "cupidon" and state.number == 1:
                order(p.name, cupidon.UNIR.kind, prey[1], prey[2])
        for wolf in wolves:
            order(wolf, loup_garou.TUER.kind, victim)
        for p in state.living():
            if p.role == "sorciere":
                order(p.name, Kind.RIEN)
        while state.phase == "night" and state.status == "running":
            push(decide(state, EndStep(0), now))
        phases += 1
    return log


def best(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    log = long_game()
    final = project(log, "bench")
    phases = sum(1 for e in log if isinstance(e, ev.PhaseOpened))
    with tempfile.TemporaryDirectory() as tmp:
        store = EventStore(f"sqlite:///{tmp}/bench.sqlite3")
        now = datetime.now(UTC)
        store.append("bench", 0, [to_new(e, "bench") for e in log], now)
        rows = store.read("bench")
        fold = best(lambda: project(log, "bench"), args.repeat)
        decode = best(lambda: project(decode_all(rows), "bench"), args.repeat)
        full = best(lambda: project(decode_all(store.read("bench")), "bench"), args.repeat)
        store.close()
    print(
        f"rebuild of a {len(final.players)}-player classic game: {phases} phases, "
        f"{len(log)} events, {final.status} ({final.phase} {final.number})"
    )
    print(f"  fold (rules only)          {fold:7.2f} ms")
    print(f"  decode + fold              {decode:7.2f} ms")
    print(f"  read + decode + fold       {full:7.2f} ms   (SQLite)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
