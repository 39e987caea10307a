"""Games with a history, for the benches that need a community's store: games of the six rule
sets, 8 to 20 players, played through the rules alone (no store, no mail) for 5 to 40 phases,
then brought to a step whose deadline falls at a given moment (21:30 for the storm).

`played(spec, deadline)` plays one game twice: first to find where its history stops (a phase
count drawn from the spec's seed, at a step whose deadline is the next thing due), then again,
the same commands at the same times shifted so that the stopping step's deadline is
`deadline`: the log is what lgmail would have recorded had the game been played so. Every game
carries ``close_at = "21:30"`` (its phases close at 21:30, local time), so the shift is a whole
number of days and every deadline of the history stays at 21:30.

The players: the demo's bots (`lgmail.service.bots.orders_for`, from each player's view) for
003, 002, 004 and 001; Koh-Lanta's and Cinquième Élément's own test players
(`tests/kohlanta/play.py`, `tests/cinquieme/play.py`), given a `Table` for a `Scenario`. A round
is every player's mail; a step nobody acts in runs to its deadline (the clock moves there and
the game ticks, as the scheduler would)."""

from __future__ import annotations

import random
import sys
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from lgmail.orders.kernel_verbs import verbs_of
from lgmail.orders.parse import parse
from lgmail.rules import events as ev
from lgmail.rules.commands import (
    Command,
    CreateGame,
    EndStep,
    GiveOrder,
    NotePresence,
    Seat,
    StartGame,
    Tick,
)
from lgmail.rules.decide import decide
from lgmail.rules.evolve import apply
from lgmail.rules.flow import next_deadline
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Refusal, Spoiled
from lgmail.rules.state import GameState
from lgmail.service.bots import orders_for

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # Koh-Lanta's and Cinquième's players are the tests'
    sys.path.insert(0, str(ROOT))
#: the game's options every history has (with its rule set's own)
CLOCK = {"close_at": "21:30", "tz": "Europe/Paris"}
#: when the first pass starts (far enough before any deadline of the benches: 40 phases of
#: two days fit, and no change of summer time lies between)
FIRST = datetime(2025, 11, 3, 21, 0, tzinfo=UTC)
#: the rule sets, in the order the mix deals them
RULE_SETS = ("classic", "nombres", "thiercelieux", "maisons", "kohlanta", "cinquieme-element")
NAMES = [
    "Alice", "Bruno", "Chloe", "David", "Emma", "Farid", "Gina", "Hugo", "Ines", "Jules",
    "Karim", "Lea", "Marc", "Nina", "Oscar", "Paula", "Quentin", "Rose", "Sam", "Tina",
]  # fmt: skip


@dataclass(frozen=True)
class Spec:
    """One game of the mix: its name, rule set, players, phases of history and seed."""

    name: str
    variant: str
    players: int
    phases: int
    seed: int


@dataclass
class History:
    """A game's log, ready to store: its events, final state and the moment of its last
    command."""

    spec: Spec
    events: list[ev.Event]
    state: GameState
    last: datetime
    phases: int


def mix(count: int, seed: int) -> list[Spec]:
    """`count` games of the six rule sets in turn, 8 to 20 players (Koh-Lanta: two tribes of
    6 to 8; Cinquième Élément: 10 at least), 5 to 40 phases of history."""
    rng = random.Random(seed)
    specs = []
    for i in range(count):
        variant = RULE_SETS[i % len(RULE_SETS)]
        players = rng.randint(8, 20)
        if variant == "kohlanta":  # two tribes of 6 to 8
            players = rng.choice((12, 14, 16))
        elif variant == "cinquieme-element":  # its deal takes 10 to 20 players
            players = max(10, players)
        specs.append(
            Spec(f"game-{i:05d}", variant, players, rng.randint(5, 40), rng.getrandbits(32))
        )
    return specs


@dataclass
class Table:
    """A game played through the rules alone, as a `tests.scenario.Scenario` plays it through
    the service: `act`, `ok`, `end`, `later`, `state`, `step`, `phase`. Each command decided is
    kept with its moment (`commands`), refused ones excepted."""

    name: str
    rng: random.Random
    clock: datetime = FIRST
    state: GameState = field(init=False)
    commands: list[tuple[Command, datetime]] = field(default_factory=list)
    events: list[ev.Event] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.state = GameState(name=self.name)

    def email(self, player: str) -> str:
        return f"{player.lower()}.{self.name}@example.org"

    def entropy(self) -> int:
        return self.rng.getrandbits(63)

    def run(self, command: Command) -> Refusal | list[ev.Event]:
        try:
            decision = decide(self.state, command, self.clock, in_place=True)
        except Spoiled as spoiled:  # the state is rebuilt from the log (`decide`)
            self.state = apply_all(GameState(name=self.name), self.events)
            return spoiled.refusal
        if not isinstance(decision, Refusal):
            self.commands.append((command, self.clock))
            self.events += decision
        return decision

    def create(
        self,
        variant: str,
        roles: dict[str, str] | None,
        players: list[str],
        options: dict[str, Any],
    ) -> None:
        seats = tuple(Seat(n, self.email(n)) for n in players)
        opts = {**options, **CLOCK}
        created = self.run(
            CreateGame(variant, seats, "fr", roles, None, opts, "mj@example.org", self.entropy())
        )
        if isinstance(created, Refusal):
            raise ValueError(f"{self.name}: {variant} refused its creation: {created}")
        started = self.run(StartGame(self.entropy()))
        if isinstance(started, Refusal):
            raise ValueError(f"{self.name}: {variant} refused its start: {started}")

    # --- what a Scenario offers its players ------------------------------------------------

    def act(self, player: str, text: str) -> bool:
        """`player`'s mail `text`, as `Games.play` decides it; whether an order was taken."""
        s = self.state
        if s.status == "running":
            self.run(Tick(self.entropy()))
        verbs = verbs_of(s.variant)
        taken = False
        for line in parse(text, list(s.players), player, verbs):
            result = line.result
            if isinstance(result, Order) and result.kind is not Kind.AIDE:
                decision = self.run(GiveOrder(player, result, self.entropy(), False))
                taken = taken or not isinstance(decision, Refusal)
        if not taken:
            self.run(NotePresence(player))
        elif s.status == "running":
            self.run(Tick(self.entropy()))
        return taken

    def ok(self, player: str, text: str) -> bool:
        return self.act(player, text)

    def end(self) -> None:
        """The step closes: at its deadline when it has one (the clock moves there), else by
        the MJ's hand."""
        s = self.state
        step = s.step
        due = next_deadline(s)
        if step is not None and due is not None and due <= step.deadline:
            before = (s.phase, s.number, step.name)
            for _ in range(8):  # reminders and digests come due first
                self.clock = max(self.clock, due)
                self.run(Tick(self.entropy()))
                now = self.state.step
                if self.state.status != "running" or (
                    (self.state.phase, self.state.number, now.name if now else None) != before
                ):
                    return
                due = next_deadline(self.state)
                if due is None:
                    break
        if self.state.status == "running":
            self.run(EndStep(self.entropy()))

    def later(self, **delta: float) -> None:
        self.clock += timedelta(**delta)
        if self.state.status == "running":
            self.run(Tick(self.entropy()))

    def step(self) -> str | None:
        return self.state.step.name if self.state.step else None

    def phase(self) -> tuple[str, int]:
        return self.state.phase, self.state.number


# --- the rule sets' tables ----------------------------------------------------------------------


#: how often a bot keeps its vote to itself (a village that hesitates lasts: forum games do)
ABSTAIN = 0.7


def _bots_round(table: Table, rng: random.Random) -> None:
    """Every player writes what the demo's bots write, most of them without their vote; a
    step nobody acts in is closed."""
    acted = False
    for name in list(table.state.players):
        if table.state.status != "running":
            return
        lines = [
            line
            for line in orders_for(table.state, name, rng)
            if not line.startswith("vote ") or rng.random() >= ABSTAIN
        ]
        if lines:
            acted = table.act(name, "\n".join(lines)) or acted
    table.clock += timedelta(minutes=20)
    if not acted and table.state.status == "running":
        table.end()


def _maisons_deal(count: int, rng: random.Random) -> dict[str, str]:
    """001: the 20-player deal of tests/games/maisons-vingt-joueurs.toml, its first `count`
    players, a fifth of them Loups-Garous."""
    script = tomllib.loads(
        (ROOT / "tests" / "games" / "maisons-vingt-joueurs.toml").read_text(encoding="utf-8")
    )
    powers = [str(role).split(":", 1)[1] for role in script["roles"].values()]
    rng.shuffle(powers)
    wolves = max(1, count // 5)
    return {
        NAMES[i]: f"{'loup-garou' if i < wolves else 'villageois'}:{powers[i]}"
        for i in range(count)
    }


def _cinquieme_deal(count: int) -> dict[str, str]:
    """000 (Cinquième Élément): a wolf for five players, a vulnerability each in turn."""
    elements = ["feu", "terre", "eau", "air", "vie"]
    wolves = max(2, count // 5)
    return {
        NAMES[i]: f"{'loup' if i < wolves else 'villageois'}:{elements[i % len(elements)]}"
        for i in range(count)
    }


def _table(spec: Spec) -> tuple[Table, Callable[[Table, random.Random], None]]:
    """A started table for `spec` and how a round of it is played."""
    rng = random.Random(spec.seed)
    table = Table(spec.name, random.Random(rng.getrandbits(32)))
    names = NAMES[: spec.players]
    if spec.variant in ("classic", "nombres", "thiercelieux"):
        options: dict[str, Any] = {"election": spec.variant != "classic"}
        table.create(spec.variant, None, names, options)
        return table, _bots_round
    if spec.variant == "maisons":
        table.create("maisons", _maisons_deal(spec.players, rng), names, {"election": True})
        return table, _bots_round
    if spec.variant == "kohlanta":
        from tests.kohlanta import play as kohlanta

        table.create("kohlanta", kohlanta.deal(spec.players), names, {"election": True})
        return table, kohlanta.play_phase  # type: ignore[return-value]
    from tests.cinquieme import play as cinquieme

    table.create("cinquieme-element", _cinquieme_deal(spec.players), names, {"election": True})
    return table, cinquieme.play_phase  # type: ignore[return-value]


def _phases(state: GameState, events: list[ev.Event]) -> int:
    return sum(1 for e in events if isinstance(e, ev.PhaseOpened))


def _resting(state: GameState) -> datetime | None:
    """The deadline a game rests on between two rounds: its step's, when that is the next
    thing due (no reaction waiting, no rising hour, no reminder before it)."""
    step = state.step
    if state.status != "running" or step is None or state.reactions:
        return None
    due = next_deadline(state)
    return due if due == step.deadline else None


def played(spec: Spec, deadline: datetime, rounds: int = 400) -> History:
    """`spec`'s game, its history stopped at a step due at `deadline` (see the module)."""
    table, round_of = _table(spec)
    rng = random.Random(spec.seed ^ 0x5EED)
    stops: list[tuple[int, datetime, int]] = []  # (commands, deadline, phases) where it rests
    phases = 0
    for _ in range(rounds):
        if table.state.status != "running" or phases >= spec.phases:
            break
        round_of(table, rng)
        phases = table.state.number * 2 + (table.state.phase == "night")
        resting = _resting(table.state)
        if resting is not None:
            stops.append((len(table.commands), resting, phases))
    if not stops:
        raise ValueError(f"{spec.name}: its {spec.variant} game never rested on a deadline")
    # the last resting point within the phases asked (a game that ended: its last one), due
    # at the same time of day as `deadline` (the shift is whole days: the game's clock rules
    # read the same wall times)
    stops = [stop for stop in stops if (deadline - stop[1]) % timedelta(days=1) == timedelta(0)]
    if not stops:
        raise ValueError(f"{spec.name}: its {spec.variant} game never rested at 21:30")
    within = [stop for stop in stops if stop[2] <= spec.phases] or stops[:1]
    cut, due, _ = within[-1]
    shift = deadline - due
    state = GameState(name=spec.name)
    events: list[ev.Event] = []
    last = FIRST
    for command, moment in table.commands[:cut]:
        last = moment + shift
        decision = decide(state, command, last, in_place=True)
        if isinstance(decision, Refusal):
            raise ValueError(f"{spec.name}: {command} refused on the second pass: {decision}")
        events += decision
    if next_deadline(state) != deadline:
        raise ValueError(f"{spec.name}: due {next_deadline(state)}, not {deadline}")
    return History(spec, events, state, last, _phases(state, events))


def apply_all(state: GameState, events: list[ev.Event]) -> GameState:
    for event in events:
        apply(state, event)
    return state


if __name__ == "__main__":  # a look at a few games of the mix
    import time

    target = datetime(2026, 3, 10, 20, 30, tzinfo=UTC)
    for one in mix(int(sys.argv[1]) if len(sys.argv) > 1 else 12, 2130):
        t0 = time.perf_counter()
        history = played(one, target)
        print(
            f"{one.name} {one.variant:<18} {one.players:>2} players, "
            f"{history.phases:>2}/{one.phases:<2} phases, {len(history.events):>5} events, "
            f"{history.state.phase} {history.state.number} "
            f"{history.state.step.name if history.state.step else '-'}, "
            f"{(time.perf_counter() - t0) * 1000:.0f} ms"
        )
