"""Time to rebuild the full state of a long game from its events, and `lgmail state --json` of
one (#37).

Usage: ``python bench/rebuild.py [--repeat R] [--runs N] [--phases P]``

Two games of 20 players, played through the rules (no store) so that they last:

* **classic** (003), 40 phases: by day the votes split into a tie (nobody dies) except every
  fifth day; by night the Salvateur protects the wolves' victim except every fifth night.
* **maisons** (001), up to 60 phases (day 0's election, then nights and days): each player's
  mail is read by the orders' parser, as the mail path reads it. 4 Loups Garous, 16
  Villageois, five roles each: two Salvateurs, two Voyantes, two Détectives, a Salbatar, a
  Joueur de tarot, a Guérisseuse, a Baron (elected mayor on day 0), Espions, Paranoïaques,
  Jardiniers, Croque-morts, Chanoines, Meneurs, Institutrices. By night the pack's order
  names a victim and the wolves going out; a Salvateur protects the victim's house except every
  fifth night (the Guérisseuse then saves the victim once), the other the mayor's or the
  Guérisseuse's; Voyantes probe (a Chanoine is immune: the probe fails), Détectives
  investigate, the Salbatar hinders a house, the Joueur de tarot counts the wolves thrice. By
  day the votes split into a tie the mayor lets pass (nobody burns), or all go blank, except
  every fifth day when a Villageois burns (the Meneurs doubling their votes).

Then each game's events are written to a SQLite store, and we time:

* **fold**: `project(events)` over already decoded events (the rules alone);
* **decode + fold**: from the stored rows' payloads (JSON already parsed by the store) to state;
* **read + decode + fold**: `EventStore.read(game)` then the above: what a command pays to load a
  game (target for the maisons game: <= 20 ms).

Each is the best of R runs (default 50), in milliseconds. Then the maisons game's data directory
is read by `python -m lgmail --data DIR state GAME --json` (what an MJ's scripts call), N times
(default 15), each a new process timed from its start to its exit: the median, the best and the
worst, the median CPU time, and the interpreter's own start (`python -c pass`); target: median
<= 0.4 s. Timed with the modules' bytecode cached (in a temporary PYTHONPYCACHEPREFIX, as an
installed package has it) and, when the environment sets PYTHONDONTWRITEBYTECODE, without
(every module compiled at every run). Over the target, `-X importtime`'s heaviest imports are
printed. On a loaded machine the wall times grow with the load (printed): the CPU time less so.

``--phases P`` plays the maisons game up to P phases (default 60); a game that ends sooner says so.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from lgmail.orders.kernel_verbs import verbs_of
from lgmail.orders.parse import parse
from lgmail.rules import events as ev
from lgmail.rules.commands import CreateGame, EndStep, GiveOrder, Seat, StartGame, Tick
from lgmail.rules.decide import decide
from lgmail.rules.evolve import apply, project
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Refusal
from lgmail.rules.state import GameState
from lgmail.rules.thiercelieux.roles import cupidon, loup_garou, salvateur, voyante
from lgmail.rules.variants import variant_of
from lgmail.service.codec import decode_all, to_new
from lgmail.store.eventstore import EventStore

PHASES = 40
ROLES = ["loup-garou"] * 3 + ["voyante", "sorciere", "salvateur", "chasseur", "cupidon"]
ROLES += ["villageois"] * (20 - len(ROLES))

#: the maisons game: how many phases at most, and its targets (ms, s)
MAISONS_PHASES = 60
REBUILD_TARGET_MS = 20.0
STATE_TARGET_S = 0.4
NAMES = [f"Joueur{i:02d}" for i in range(20)]
PASSIVE = "espion+paranoiaque+jardinier+croque-mort+chanoine"
#: the players' natures and roles (001's deal given by the MJ); the others are PASSIVE villagers
DEAL = {
    0: "loup-garou:" + PASSIVE,
    1: "loup-garou:meneur+institutrice+espion+paranoiaque+chanoine",
    2: "loup-garou:jardinier+croque-mort+exclu+meneur+chanoine",
    3: "loup-garou:" + PASSIVE,
    4: "villageois:salvateur+espion+paranoiaque+jardinier+chanoine",
    5: "villageois:salvateur+croque-mort+meneur+institutrice+exclu",
    6: "villageois:voyante+espion+jardinier+meneur+chanoine",
    7: "villageois:voyante+paranoiaque+croque-mort+institutrice+exclu",
    8: "villageois:detective+espion+jardinier+meneur+chanoine",
    9: "villageois:detective+paranoiaque+croque-mort+institutrice+exclu",
    10: "villageois:salbatar+espion+jardinier+meneur+chanoine",
    11: "villageois:joueur-de-tarot+paranoiaque+croque-mort+institutrice+exclu",
    12: "villageois:guerisseuse+espion+jardinier+meneur+chanoine",
    13: "villageois:baron+paranoiaque+croque-mort+institutrice+exclu",
}
SALVATEUR, GUARD, HEALER, MAYOR = NAMES[4], NAMES[5], NAMES[12], NAMES[13]


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


class Maisons:
    """A 20-player `maisons` game played mail by mail through the parser and the rules."""

    def __init__(self) -> None:
        self.state = GameState(name="maisons")
        self.log: list[ev.Event] = []
        self.now = datetime(2026, 11, 29, 21, 0, tzinfo=UTC)
        self.verbs = verbs_of("maisons")
        #: the lines the rules refused, by text (none: the play keeps to the rules)
        self.refused: dict[str, int] = {}
        #: the house the Salbatar hindered last night
        self.hindered = ""

    def push(self, decision: list[ev.Event] | Refusal) -> bool:
        if isinstance(decision, Refusal):
            return False
        for event in decision:
            apply(self.state, event)
            self.log.append(event)
        return True

    def mail(self, name: str, text: str) -> None:
        """`name`'s mail: its orders given one by one, then the game moves on (as
        ``Games.act``)."""
        s = self.state
        for line in parse(text, list(s.players), name, self.verbs):
            given = line.result
            if isinstance(given, Order):
                command = GiveOrder(name, given, len(self.log), False, mail=f"{name}:{s.version}")
                if self.push(decide(s, command, self.now)):
                    continue
            self.refused[line.text] = self.refused.get(line.text, 0) + 1
        self.push(decide(s, Tick(len(self.log)), self.now))

    def phases(self) -> int:
        return sum(1 for e in self.log if isinstance(e, ev.PhaseOpened))

    def play(self, limit: int) -> list[ev.Event]:
        seats = tuple(Seat(n, f"{n.lower()}@x.org") for n in NAMES)
        roles = {n: DEAL.get(i, "villageois:" + PASSIVE) for i, n in enumerate(NAMES)}
        self.push(decide(self.state, CreateGame("maisons", seats, roles=roles), self.now))
        self.push(decide(self.state, StartGame(1), self.now))
        while self.state.status == "running" and self.phases() < limit:
            self.now += timedelta(minutes=10)
            if self.state.phase == "night":
                self.night()
            else:
                self.day()
        return self.log

    def day(self) -> None:
        s = self.state
        number, living = s.number, s.living_names()
        if s.phase == "election":
            for i, voter in enumerate(living):  # the Baron is elected, whatever the votes
                self.mail(voter, f"vote {MAYOR if i % 3 else NAMES[14]}")
        else:
            pool = [n for n in living if s.players[n].nature != "loup-garou" and n != MAYOR]
            a, b = pool[-1], pool[-2]
            for i, voter in enumerate(living):
                if number % 5 == 0:  # a Villageois burns, the Meneurs doubling their votes
                    extra = "\ndoubler" if "meneur" in s.players[voter].powers else ""
                    self.mail(voter, f"Je vote contre {a}.{extra}")
                elif number % 5 == 3:
                    self.mail(voter, "vote blanc")
                elif i == len(living) - 1 and i % 2 == 0:
                    self.mail(voter, "vote blanc")  # an odd voter out: the tie holds
                else:
                    self.mail(voter, f"vote {a if i % 2 else b}")
        self.push(decide(s, EndStep(0), self.now))
        while s.phase in ("election", "day") and s.number == number and s.status == "running":
            self.now += timedelta(minutes=61)  # the mayor lets the tie pass: nobody burns
            self.push(decide(s, Tick(len(self.log)), self.now))

    def night(self) -> None:
        s = self.state
        number, living = s.number, s.living_names()
        wolves = [n for n in living if s.players[n].nature == "loup-garou"]
        prey = [
            n for n in living if s.players[n].nature != "loup-garou" and n not in (MAYOR, HEALER)
        ]
        victim = prey[number % len(prey)]
        lethal = number % 5 == 0
        hindered = self.hindered
        # the houses the Salbatar hinders: the wolves' behind the first out, the villagers'
        # who act at no night
        quiet = wolves[1:] + [n for n in living if n >= NAMES[14]]
        for name in living:
            powers = s.players[name].powers
            if name == wolves[0]:
                self.mail(name, f"tuer {victim} : " + " ==> ".join(wolves))
            elif name == SALVATEUR and not lethal:
                self.mail(name, f"protéger la maison de {victim}")
            elif name == GUARD:
                self.mail(name, f"protéger la maison de {MAYOR if number % 2 else HEALER}")
            elif "voyante" in powers:
                self.mail(name, f"sonder {living[(number * 3 + int(name[-2:])) % len(living)]}")
            elif "detective" in powers:
                self.mail(name, f"enquêter sur la maison de {living[number * 7 % len(living)]}")
            elif "salbatar" in powers and (houses := [n for n in quiet if n != hindered]):
                hindered = houses[number % len(houses)]  # never the same two nights running
                self.mail(name, f"entraver la maison de {hindered}")
            elif "joueur-de-tarot" in powers and number in (1, 5, 9):
                self.mail(name, "tarot")
        self.hindered = hindered
        variant = variant_of(s)
        step = s.step.name if s.step is not None else ""
        for name in variant.actors(s, step) if s.phase == "night" else []:
            if s.phase != "night" or s.number != number:
                break  # the last « rien » closed the night early
            if not variant.done(s, s.players[name], step):
                self.mail(name, "rien")
        while s.phase == "night" and s.number == number and s.status == "running":
            if s.step is not None and s.step.name == "guerisseuse" and number == 10:
                self.mail(HEALER, f"guérir {victim}")
            else:
                self.push(decide(s, EndStep(0), self.now))


def best(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def rebuild(store: EventStore, game: str, log: list[ev.Event], repeat: int) -> list[float]:
    """fold, decode + fold, read + decode + fold of `game`'s `log`, in ms."""
    store.append(game, 0, [to_new(e, game) for e in log], datetime.now(UTC))
    rows = store.read(game)
    fold = best(lambda: project(log, game), repeat)
    decode = best(lambda: project(decode_all(rows), game), repeat)
    full = best(lambda: project(decode_all(store.read(game)), game), repeat)
    return [fold, decode, full]


def report(label: str, log: list[ev.Event], figures: list[float], target: float | None) -> None:
    final = project(log, "bench")
    phases = sum(1 for e in log if isinstance(e, ev.PhaseOpened))
    print(
        f"rebuild of a {len(final.players)}-player {label} game: {phases} phases, "
        f"{len(log)} events, {final.status} ({final.phase} {final.number}, "
        f"{len(final.living())} alive)"
    )
    fold, decode, full = figures
    verdict = ""
    if target is not None:
        verdict = f"   target <= {target:.0f} ms: {'met' if full <= target else 'NOT met'}"
    print(f"  fold (rules only)          {fold:7.2f} ms")
    print(f"  decode + fold              {decode:7.2f} ms")
    print(f"  read + decode + fold       {full:7.2f} ms   (SQLite){verdict}")


def timed(command: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    """A process's wall time and CPU time (user + system), and what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, check=True, capture_output=True, text=True, env=env)
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return took, cpu, done.stdout


def imports(command: list[str], env: dict[str, str]) -> list[tuple[int, int, str]]:
    """`-X importtime`'s lines of `command`: (cumulative us, self us, module, indented as
    nested)."""
    done = subprocess.run(
        [command[0], "-X", "importtime", *command[1:]], capture_output=True, text=True, env=env
    )
    found = []
    for line in done.stderr.splitlines():
        m = re.match(r"import time:\s+(\d+) \|\s+(\d+) \| (.*)$", line)
        if m:
            found.append((int(m.group(2)), int(m.group(1)), m.group(3)))
    return found


def state_command(data: Path, game: str, runs: int, cache: Path) -> None:
    """Time `lgmail state GAME --json` on `data`, each run a new process: with the modules'
    bytecode cached (in `cache`, as an installed package has it) and, where the environment
    says PYTHONDONTWRITEBYTECODE, without (each module compiled at each run)."""
    base = {k: v for k, v in os.environ.items() if not k.startswith("LGMAIL_")}
    cached = {k: v for k, v in base.items() if k != "PYTHONDONTWRITEBYTECODE"}
    cached["PYTHONPYCACHEPREFIX"] = str(cache)
    envs = {"bytecode cached": cached}
    if base.get("PYTHONDONTWRITEBYTECODE"):
        envs["no bytecode cache (PYTHONDONTWRITEBYTECODE)"] = base
    command = [sys.executable, "-m", "lgmail", "--data", str(data), "state", game, "--json"]
    timed(command, cached)  # the cache written
    shown = json.loads(timed(command, cached)[2])
    print(
        f"lgmail state {game} --json ({shown['phase']['kind']} {shown['phase']['number']}, "
        f"{len(shown['players'])} players), {runs} runs, load average "
        + " ".join(f"{x:.2f}" for x in os.getloadavg())
    )
    print(f"  {' '.join([sys.executable, *command[1:]])}")
    over = False
    for label, env in envs.items():
        walls, cpus = [], []
        for _ in range(runs):
            took, cpu, _ = timed(command, env)
            walls.append(took)
            cpus.append(cpu)
        bare = statistics.median(timed([sys.executable, "-c", "pass"], env)[0] for _ in range(5))
        median = statistics.median(walls)
        over = over or median > STATE_TARGET_S
        verdict = "met" if median <= STATE_TARGET_S else "NOT met"
        print(
            f"  {label}: median {median:.3f} s, best {min(walls):.3f} s, max {max(walls):.3f} s "
            f"(CPU median {statistics.median(cpus):.3f} s; python -c pass {bare:.3f} s); "
            f"target <= {STATE_TARGET_S} s: {verdict}"
        )
    loaded = imports(command, cached)
    light = not any(name.strip().startswith("sqlalchemy") for _, _, name in loaded)
    print(
        f"  modules imported: {len(loaded)} "
        f"({'the light path: no SQLAlchemy' if light else 'SQLAlchemy imported: the full path'})"
    )
    if over:
        print("  heaviest top-level imports (python -X importtime, bytecode cached, cumulative):")
        top = sorted((c, o, n) for c, o, n in loaded if not n.startswith(" "))[::-1]
        for cum, own, name in top[:12]:
            print(f"    {cum / 1000:7.1f} ms (self {own / 1000:5.1f})  {name}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeat", type=int, default=50, help="rebuilds timed (best of)")
    parser.add_argument("--runs", type=int, default=15, help="`lgmail state` processes timed")
    parser.add_argument("--phases", type=int, default=MAISONS_PHASES, help="maisons game's")
    args = parser.parse_args()
    classic = long_game()
    game = Maisons()
    maisons = game.play(args.phases)
    with tempfile.TemporaryDirectory(prefix="lgmail-bench-") as tmp:
        data = Path(tmp) / "data"
        store = EventStore(f"sqlite:///{tmp}/bench.sqlite3")
        figures = rebuild(store, "bench", classic, args.repeat)
        store.close()
        store = EventStore.for_data_dir(data)
        maisons_figures = rebuild(store, "maisons", maisons, args.repeat)
        store.close()
        report("classic", classic, figures, None)
        report("maisons", maisons, maisons_figures, REBUILD_TARGET_MS)
        if game.phases() < args.phases:
            print(f"  stopped before {args.phases} phases: the game ended")
        causes: dict[str, int] = {}
        for e in maisons:
            if isinstance(e, ev.PlayerDied):
                causes[e.cause] = causes.get(e.cause, 0) + 1
        print("  deaths: " + ", ".join(f"{n} by {cause}" for cause, n in causes.items()))
        if game.refused:
            print("  lines refused: " + ", ".join(f"{t!r} x{n}" for t, n in game.refused.items()))
        state_command(data, "maisons", args.runs, Path(tmp) / "pycache")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
