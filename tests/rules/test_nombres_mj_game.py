"""A whole game of Les Nombres (002_9504e6e276dc5f60.txt) driven by the MJ on 002's clock: he
ends every step with `phase end`, at any hour, and raises each waiting phase himself, in the
21:30-22:00 gap too; the players' orders are taken in every phase so raised (#21)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.nombres import ROLES, game, wall
from tests.scenario import Scenario

#: Sunday 29 November 2026 in Paris (UTC+1): the game starts at 22:00
SUN, MON, TUE, WED, THU = range(5)


def paris(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 11, 29, tzinfo=UTC) + timedelta(days=day, hours=hour - 1, minutes=minute)


def all_vote(g: Scenario, votes: dict[str, str]) -> None:
    for name, target in votes.items():
        answer = g.ok(name, f"vote {target}")
        assert "enregistré" in answer.text, answer.text


def end_at(g: Scenario, moment: datetime) -> None:
    """At `moment`, the MJ's `phase end`."""
    g.clock = moment
    g.end()


def closed_and_waiting(g: Scenario, phase: tuple[str, int]) -> None:
    """The phase is resolved and nothing of the next one has risen (it waits for 22:00)."""
    s = g.state
    assert (s.phase, s.number) == phase and s.resolved and s.step is None, (s.phase, s.number)


def risen(g: Scenario, phase: tuple[str, int], step: str) -> None:
    """The MJ's `phase end` in the wait raised `phase` now, its first step open, none closed."""
    closed = len(g.events("StepClosed"))
    g.end()
    s = g.state
    assert (s.phase, s.number, g.step()) == (*phase, step)
    assert len(g.events("StepClosed")) == closed, "the rising closed a step"
    assert s.phase_at == g.clock


def test_the_mj_ends_every_step_and_raises_every_phase_and_the_village_wins(
    tmp_path: Path,
) -> None:
    """002_9504e6e276dc5f60.txt: « Les journées se lèvent à 22h00 pour finir le surlendemain à
    21h30. Les nuits se lèvent à 22h00 pour finir le lendemain à 21h30. La partie commence par
    une journée d'élection qui ne dure que 23h30. » and « Nombres Numériques : éliminer les
    Nombres Maudits »: every step is ended by the MJ, every waiting phase raised by him (twice
    between 21:30 and 22:00), and the village wins."""
    g = game(tmp_path, dict(ROLES))
    assert g.phase() == ("election", 0) and wall(g.state.phase_at) == "Sun 22:00"
    # the election: Chloe is the Nombre Fétiche
    all_vote(g, {n: "Chloe" for n in ROLES if n != "Chloe"} | {"Chloe": "Emma"})
    g.ok("Chloe", "nombres " + " ".join(str(n) for n in range(1, 21)))
    end_at(g, paris(MON, 14))
    closed_and_waiting(g, ("election", 0))
    assert g.state.captain == "Chloe"
    assert not g.act("Alice", "tuer Hugo").ok  # the night has not risen
    g.clock = paris(MON, 14, 5)
    risen(g, ("night", 1), "loups")
    # night 1: the testament, a right PAD on the Chasseur, the pack's victim
    g.ok("Chloe", "testament Emma, Farid")
    g.ok("Alice", "pad David chasseur")
    g.ok("Alice", "tuer Hugo")
    g.ok("Bruno", "tuer Hugo")
    end_at(g, paris(TUE, 9))
    closed_and_waiting(g, ("night", 1))
    assert not g.alive("David") and not g.alive("Hugo")
    assert g.events("HunterShot") == []  # the PAD sets nothing off
    # in the gap: 21:30 passed, the MJ raises day 1 at 21:45
    g.clock = paris(TUE, 21, 45)
    risen(g, ("day", 1), "vote")
    all_vote(g, {"Chloe": "Alice", "Emma": "Alice", "Alice": "Farid", "Bruno": "Farid"})
    all_vote(g, {"Farid": "blanc", "Gina": "blanc"})
    end_at(g, paris(WED, 12))
    closed_and_waiting(g, ("day", 1))
    assert not g.alive("Alice")  # 2.5 votes (the Nombre Fétiche's 1.5) against 2
    g.clock = paris(WED, 12, 5)
    risen(g, ("night", 2), "loups")
    g.ok("Bruno", "tuer Gina")
    end_at(g, paris(THU, 21, 20))
    closed_and_waiting(g, ("night", 2))
    assert not g.alive("Gina")
    # in the gap again: night 2 closed by the MJ before 21:30, day 2 raised at 21:50
    g.clock = paris(THU, 21, 50)
    assert not g.act("Emma", "vote Bruno").ok  # the day has not risen
    risen(g, ("day", 2), "vote")
    all_vote(g, {"Chloe": "Bruno", "Emma": "Bruno", "Farid": "Bruno", "Bruno": "Chloe"})
    end_at(g, paris(THU, 23))
    s = g.state
    assert s.status == "ended" and s.winner == "village"
    assert sorted(s.winners) == ["Chloe", "David", "Emma", "Farid", "Gina", "Hugo"]
    assert [e["reason"] for e in g.events("StepClosed")] == ["mj"] * 5
    same, _ = g.games.replay(g.name)
    assert same
