"""The MJ's hand on a running game (issue #3 §2, #4 §1): extend a deadline, pause and resume,
strike down an absent player ("foudroyer", 002: "l'absent sera foudroyé ... son rôle
révélé"), replace a player by a substitute (002: "un remplaçant prendra sa place"), post an
announcement. Each is an event and told to everyone."""

from pathlib import Path

import pytest

from lgmail.rules.commands import (
    Announce,
    ExtendDeadline,
    Pause,
    ReplacePlayer,
    Resume,
    StrikeDown,
)
from lgmail.service.transactions import GameError
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "voyante",
    "Chloe": "villageois",
    "David": "villageois",
    "Emma": "cupidon",
}


def test_extend_moves_the_step_deadline_and_tells_everyone(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    before = game.state.step
    assert before is not None and before.name == "cupidon"
    game.mj(ExtendDeadline(120))
    after = game.state
    assert after.step is not None
    assert (after.step.deadline - before.deadline).total_seconds() == 7200
    assert all(
        (a.deadline - b).total_seconds() == 7200
        for a, b in zip(
            after.plan,
            [p.deadline for p in game.games.load(game.name, upto=len(game.events()) - 1).plan],
            strict=True,
        )
    )
    assert "Le MJ prolonge l'étape de 120 minutes" in game.mails("Chloe")[-1].body


def test_pause_stops_the_clock_and_resume_shifts_every_deadline(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    deadline = game.state.phase_deadline
    game.mj(Pause())
    game.refused("Alice", "tuer Chloe", "paused")
    game.later(hours=48)  # no deadline passes while paused
    assert game.phase() == ("night", 1) and game.step() == "cupidon"
    game.mj(Resume())
    state = game.state
    assert deadline is not None and state.phase_deadline is not None
    assert (state.phase_deadline - deadline).total_seconds() == 48 * 3600
    assert "La partie reprend" in game.mails("David")[-1].body
    game.ok("Alice", "tuer Chloe")


def test_strike_down_kills_reveals_the_role_and_may_end_the_game(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    game.ok("Emma", "unir Chloe et David")
    game.mj(StrikeDown("Chloe"))
    assert not game.alive("Chloe") and not game.alive("David")  # her lover dies of grief
    body = game.mails("Bruno")[-1].body
    assert "Chloe est mort·e (foudroyé·e par le MJ). Son rôle : Simple Villageois." in body
    assert "David est mort·e (mort·e de chagrin)" in body
    game.mj(StrikeDown("Alice"))
    assert game.state.winner == "village"
    with pytest.raises(GameError):
        game.mj(StrikeDown("Bruno"))


def test_a_substitute_takes_the_seat_gets_the_role_and_plays(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    game.mj(ReplacePlayer("Bruno", "remplacant@example.org", "Rémi"))
    role = [m for m in game.mails("remplacant@example.org") if "Votre rôle" in m.subject]
    assert len(role) == 1 and "Vous remplacez Bruno" in role[0].body
    assert "Son rôle : Voyante." in role[0].body
    assert "Rémi prend la place de Bruno." in game.mails("Chloe")[-1].body
    old = game.games.act(game.name, "bruno@example.org", "sonder Alice")
    assert not old.ok
    new = game.games.act(game.name, "remplacant@example.org", "sonder Alice")
    assert new.ok and "Vous sonderez Alice" in new.text


def test_an_announcement_reaches_every_player_and_the_mj(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    game.mj(Announce("Pensez à voter avant 21h30 !"))
    for to in [*ROLES, "mj@example.org"]:
        assert "Annonce du MJ : Pensez à voter avant 21h30 !" in game.mails(to)[-1].body
    assert game.events("Announced") == [
        {"type": "Announced", "text": "Pensez à voter avant 21h30 !"}
    ]
