"""The phase clock in the game's time zone (issue #4 §1; 002: "chaque phase se lève à 22h et
se termine à 21h30 ... les jours durent 47h30, les nuits 23h30, la journée d'élection 23h30"):
correct across daylight saving changes: no deadline skipped, none doubled, none moved an hour."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from lgmail.rules.calendar import phase_end
from lgmail.rules.commands import CreateGame, Seat, StartGame, Tick
from lgmail.rules.decide import decide
from lgmail.rules.evolve import apply
from lgmail.rules.state import GameState

PARIS = ZoneInfo("Europe/Paris")
NOMBRES = {
    "tz": "Europe/Paris",
    "close_at": "21:30",
    "election_minutes": 23 * 60 + 30,
    "day_minutes": 47 * 60 + 30,
    "night_minutes": 23 * 60 + 30,
}


def wall(moment: datetime) -> datetime:
    return moment.astimezone(PARIS)


def play_deadlines(start: datetime, phases: int) -> list[tuple[str, int, datetime]]:
    """Run a game on its clock alone (nobody acts, every step closes at its deadline)."""
    seats = tuple(Seat(n, f"{n}@x.org") for n in ("a", "b", "c", "d", "e", "f"))
    roles = {
        "a": "loup-garou",
        "b": "villageois",
        "c": "villageois",
        "d": "villageois",
        "e": "villageois",
        "f": "villageois",
    }
    state = GameState(name="g")
    out: list[tuple[str, int, datetime]] = []

    def run(command: object, now: datetime) -> None:
        decision = decide(state, command, now)  # type: ignore[arg-type]
        assert isinstance(decision, list), decision
        for event in decision:
            apply(state, event)

    run(CreateGame("classic", seats, roles=roles, options=NOMBRES), start)
    run(StartGame(), start)
    while len(out) < phases:
        assert state.phase_deadline is not None
        out.append((state.phase, state.number, state.phase_deadline))
        run(Tick(), state.phase_deadline + timedelta(seconds=1))
    return out


@pytest.mark.parametrize(
    ("first", "change"),
    [
        (datetime(2026, 3, 25, 21, 0, tzinfo=UTC), date(2026, 3, 29)),
        (datetime(2026, 10, 21, 20, 0, tzinfo=UTC), date(2026, 10, 25)),
    ],
    ids=["last-sunday-of-march", "last-sunday-of-october"],
)
def test_every_deadline_at_21h30_paris_across_the_change(first: datetime, change: date) -> None:
    deadlines = play_deadlines(first, 9)
    locals_ = [wall(d) for _, _, d in deadlines]
    assert all((t.hour, t.minute) == (21, 30) for t in locals_), locals_
    assert locals_[0].date() > change - timedelta(days=5) and locals_[-1].date() > change
    # an election day, then nights of one day and days of two: none skipped, none doubled
    kinds = [kind for kind, _, _ in deadlines]
    assert kinds[:3] == ["election", "night", "day"]
    for (kind, _, _), before, after in zip(deadlines[1:], locals_[:-1], locals_[1:], strict=True):
        assert (after.date() - before.date()).days == (1 if kind == "night" else 2)
    # the hour changed in between: UTC deadlines are not all at the same UTC time
    assert len({d.astimezone(UTC).hour for _, _, d in deadlines}) == 2


def test_a_game_started_in_the_afternoon_closes_its_first_phase_at_21h30() -> None:
    start = datetime(2026, 11, 29, 14, 0, tzinfo=UTC)  # 15:00 in Paris
    end = wall(phase_end(start, 23 * 60 + 30, NOMBRES))
    assert (end.date(), end.hour, end.minute) == (date(2026, 11, 30), 21, 30)


def test_durations_are_wall_time_without_close_at() -> None:
    start = datetime(2026, 3, 28, 20, 0, tzinfo=UTC)  # 21:00 in Paris, the eve of the change
    end = phase_end(start, 24 * 60, {"tz": "Europe/Paris"})
    assert wall(end).hour == 21 and end - start == timedelta(hours=23)


def test_night_steps_close_their_set_time_before_the_end() -> None:
    options = {**NOMBRES, "step_minutes": {"cupidon": 23 * 60, "loups": 180}}
    seats = tuple(Seat(n, f"{n}@x.org") for n in ("a", "b", "c", "d"))
    roles = {"a": "loup-garou", "b": "sorciere", "c": "cupidon", "d": "villageois"}
    state = GameState(name="g")
    start = datetime(2026, 11, 29, 21, 0, tzinfo=UTC)  # 22:00 in Paris
    for command in (
        CreateGame("classic", seats, roles=roles, options={**options, "election": False}),
        StartGame(),
    ):
        decision = decide(state, command, start)
        assert isinstance(decision, list)
        for event in decision:
            apply(state, event)
    plan = {p.name: wall(p.deadline) for p in state.plan}
    assert state.step is not None and wall(state.step.deadline).strftime("%H:%M") == "22:30"
    assert plan["loups"].strftime("%H:%M") == "18:30"
    assert plan["sorciere"].strftime("%d %H:%M") == "30 21:30"
