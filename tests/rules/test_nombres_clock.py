"""Les Nombres, Règle 1 (002_9504e6e276dc5f60.txt): the clock."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from lgmail.rules.calendar import local
from lgmail.rules.flow import next_deadline
from tests.nombres import PARIS, ROLES, game


def test_phases_rise_at_22h_and_close_at_21h30(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « Les journées se lèvent à 22h00 pour finir le surlendemain à
    21h30. Les nuits se lèvent à 22h00 pour finir le lendemain à 21h30. La partie commence par
    une journée d'élection qui ne dure que 23h30. »"""
    g = game(tmp_path)
    opened = g.state.phase_at
    assert opened is not None and g.phase() == ("election", 0)
    seen = []
    for _ in range(3):
        s = g.state
        assert s.phase_at is not None and s.phase_deadline is not None
        start, end = local(s.phase_at, PARIS), local(s.phase_deadline, PARIS)
        seen.append((s.phase, (start.hour, start.minute), (end.hour, end.minute), end - start))
        # at the close, the phase is resolved but the next one waits for 22:00
        g.clock = s.phase_deadline + timedelta(seconds=1)
        g.games.tick(g.name)
        after = g.state
        assert (after.phase, after.number) == (s.phase, s.number) and after.resolved
        rise = next_deadline(after)
        assert rise is not None and local(rise, PARIS).strftime("%H:%M") == "22:00"
        g.clock = rise
        g.games.tick(g.name)
        assert g.state.phase != s.phase
    assert seen == [
        ("election", (22, 0), (21, 30), timedelta(hours=23, minutes=30)),
        ("night", (22, 0), (21, 30), timedelta(hours=23, minutes=30)),
        ("day", (22, 0), (21, 30), timedelta(hours=47, minutes=30)),
    ]
    # night 2 rose at 22:00 too
    s = g.state
    assert s.phase_at is not None and (s.phase, s.number) == ("night", 2)
    assert local(s.phase_at, PARIS).strftime("%H:%M") == "22:00"


def test_an_order_between_the_close_and_the_rise_is_refused(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « La clôture des votes se fait à 21h30. »"""
    g = game(tmp_path, dict(ROLES))
    s = g.state
    assert s.phase_deadline is not None
    g.ok("Emma", "vote Farid")
    g.clock = s.phase_deadline + timedelta(minutes=5)
    g.games.tick(g.name)
    g.refused("Gina", "vote Farid", "not_now")
    assert g.events("VotesCounted")[0]["votes"] == {"Emma": "Farid"}
