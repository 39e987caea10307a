"""A whole game of Les Nombres (002_9504e6e276dc5f60.txt) on its real clock, fast-forwarded as
the scheduler would, from the election to the victory, across the end of summer time."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from lgmail.rules.calendar import local
from lgmail.rules.flow import next_deadline
from lgmail.rules.nombres import memory
from tests.nombres import PARIS, ROLES, game
from tests.scenario import Scenario

#: Wednesday 21 October 2026, 22:00 in Paris (summer time); clocks go back on Sunday the 25th
START = datetime(2026, 10, 21, 20, 0, tzinfo=UTC)


def wait_for(g: Scenario, kind: str, number: int) -> None:
    """Let the clock run (deadline after deadline, as the scheduler does) until the phase."""
    for _ in range(10):
        if g.phase() == (kind, number):
            return
        due = next_deadline(g.state)
        assert due is not None, g.phase()
        g.clock = max(g.clock, due)
        g.games.tick(g.name)
    raise AssertionError(f"{kind} {number} never rose: {g.phase()}")


def test_a_whole_game_on_the_clock_across_the_change_of_time(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « Les phases de jour et de nuit qui s'alternent durent
    respectivement 47h30 et 23h30. » then every other rule of the seed, from « La partie
    commence par une journée d'élection » to « Nombres Numériques : éliminer les Nombres
    Maudits »."""
    g = game(tmp_path, at=START, substitutes=["Zoé <zoe@example.org>"])
    assert g.phase() == ("election", 0)
    for i, name in enumerate(ROLES):
        g.ok(name, "nombres " + " ".join(str(20 * i + n) for n in range(1, 21)))
    for name in ROLES:
        g.ok(name, "vote Chloe" if name != "Chloe" else "vote Emma")

    wait_for(g, "night", 1)
    assert g.view()["captain"] == "Chloe"
    g.ok("Chloe", "testament Emma, Farid")
    g.ok("Chloe", "sonder Alice")
    g.ok("Alice", "pad David chasseur")
    g.ok("Alice", "tuer Hugo")
    g.ok("Bruno", "tuer Hugo")
    g.clock += timedelta(hours=3)
    assert g.post("Bruno", "meute", "Bien joué").ok

    wait_for(g, "day", 1)
    assert sorted(e["name"] for e in g.events("PlayerDied")) == ["David", "Hugo"]
    assert g.events("HunterShot") == []
    assert g.state.players["Chloe"].learned == {"Alice": "loup-garou"}
    assert len(memory.draws(g.state)) == 1
    g.ok("Alice", "vote Farid")
    g.ok("Bruno", "vote Farid")
    g.ok("Chloe", "vote Alice")
    g.ok("Emma", "vote Alice")
    g.ok("Farid", "vote blanc")
    g.ok("Gina", "vote blanc")

    wait_for(g, "night", 2)
    stake = g.events("VotesCounted")[-1]
    assert stake["tally"] == {"Farid": 2, "Alice": 2.5} and not g.alive("Alice")
    g.ok("Bruno", "tuer Gina")

    wait_for(g, "day", 2)
    assert not g.alive("Gina")
    for name in ("Chloe", "Emma", "Farid"):
        g.ok(name, "vote Bruno")
    g.ok("Bruno", "vote Chloe")

    for _ in range(3):
        if g.state.status == "ended":
            break
        due = next_deadline(g.state)
        assert due is not None
        g.clock = due
        g.games.tick(g.name)
    view = g.view()
    assert view["winner"] == "village"
    assert view["winners"] == ["Chloe", "David", "Emma", "Farid", "Gina", "Hugo"]

    # every phase rose at 22:00 and closed at 21:30 in Paris, summer time or not
    phases = g.events("PhaseOpened")
    assert [(p["kind"], p["number"]) for p in phases] == [
        ("election", 0),
        ("night", 1),
        ("day", 1),
        ("night", 2),
        ("day", 2),
    ]
    for p in phases:
        rose, closes = (local(datetime.fromisoformat(p[k]), PARIS) for k in ("at", "deadline"))
        assert rose.strftime("%H:%M") == "22:00" and closes.strftime("%H:%M") == "21:30"
    utc_rises = {datetime.fromisoformat(p["at"]).astimezone(UTC).hour for p in phases}
    assert utc_rises == {20, 21}  # the change of time happened in between
    day1 = next(p for p in phases if (p["kind"], p["number"]) == ("day", 1))
    lasted = datetime.fromisoformat(day1["deadline"]) - datetime.fromisoformat(day1["at"])
    assert lasted == timedelta(hours=48, minutes=30)  # 47h30 of wall time, plus the extra hour
    same, _ = g.games.replay(g.name)
    assert same
