"""Each step's opening to those who can act in it, and reminders before a deadline to the
living players who can act and have not, one per step and player (issue #4 §3, §4)."""

from __future__ import annotations

from pathlib import Path

from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Chloe": "voyante",
    "David": "villageois",
    "Emma": "villageois",
}


def test_each_actor_of_a_night_step_is_told_what_and_until_when(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    for name, order in (("Alice", "tuer NOM"), ("Bruno", "tuer NOM"), ("Chloe", "sonder NOM")):
        (step,) = [m for m in game.mails(name) if "À vous d'agir" in m.subject]
        assert order in step.body and "lundi 30 novembre" in step.body
    assert not any("À vous d'agir" in m.subject for n in ("David", "Emma") for m in game.mails(n))


def test_the_late_are_reminded_once_before_the_deadline(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES, options={"reminder_minutes": 120, "night_minutes": 12 * 60})
    game.ok("Alice", "tuer David")
    game.later(hours=9)  # 3 h before the end: no reminder yet
    assert game.events("RemindersSent") == []
    game.later(hours=1, minutes=30)  # 1 h 30 before the end
    (sent,) = game.events("RemindersSent")
    assert sent["step"] == "loups" and sorted(sent["players"]) == ["Bruno", "Chloe"]
    for name in ("Bruno", "Chloe"):
        (reminder,) = [m for m in game.mails(name) if "Rappel" in m.subject]
        assert "Vous n'avez pas encore agi" in reminder.body
    assert not any("Rappel" in m.subject for m in game.mails("Alice"))
    game.later(minutes=30)
    assert len(game.events("RemindersSent")) == 1  # never two for one step


def test_a_player_silent_a_day_and_the_following_night_is_noted_absent(tmp_path: Path) -> None:
    """Issue #4 §4: "A player with no order during a day and the following night is absent";
    003 has no policy of its own: the MJ is told, and may replace or strike (test_mj)."""
    game = Scenario(tmp_path, ROLES)
    game.ok("Alice", "tuer Emma")
    game.ok("Bruno", "tuer Emma")
    game.ok("Chloe", "sonder Alice")
    assert game.phase() == ("day", 1)
    for voter in ("Alice", "Bruno", "Chloe"):  # David does not vote
        game.ok(voter, "vote Bruno")
    game.end()
    assert game.phase() == ("night", 2)
    game.ok("Alice", "tuer Chloe")  # Chloe, silent tonight, voted yesterday
    game.end()
    (noted,) = game.events("AbsenceNoted")
    assert noted == {"type": "AbsenceNoted", "day": 1, "night": 2, "players": ["David"]}
    mail = game.mails("mj@example.org")
    assert any("Aucun ordre du jour 1 ni de la nuit 2 de : David." in m.body for m in mail)


def test_a_night_step_is_mailed_even_when_every_living_player_acts_in_it(
    tmp_path: Path,
) -> None:
    game = Scenario(tmp_path, {"Alice": "loup-garou", "Chloe": "voyante"})
    for name in ("Alice", "Chloe"):
        assert any("À vous d'agir" in m.subject for m in game.mails(name))
