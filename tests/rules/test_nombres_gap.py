"""Les Nombres, Règle 1 and 2 (002_9504e6e276dc5f60.txt): between a phase's close at 21:30 and
the next one's rising at 22:00, as players and the MJ live it (#21 items 2 to 5)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest

from lgmail.cli.entry import main
from lgmail.rules.flow import next_deadline
from lgmail.service.games import Answer
from tests.nombres import digests, game, wall
from tests.scenario import Scenario

MJ = "mj@example.org"
#: the days of the games below: Sunday 29 November 2026 to Thursday 3 December (Paris: UTC+1)
SUN, MON, TUE, WED, THU = range(5)


def paris(day: int, hour: int, minute: int = 0) -> datetime:
    """A wall time in Paris, `day` days after Sunday 29 November 2026."""
    return datetime(2026, 11, 29, tzinfo=UTC) + timedelta(days=day, hours=hour - 1, minutes=minute)


def refused(g: Scenario, player: str, text: str) -> Answer:
    answer = g.act(player, text)
    assert not answer.ok, answer.text
    return answer


def elected_then_closed(g: Scenario) -> None:
    """Everyone votes for Emma; the clock passes the election's close (Monday 21:30)."""
    for name in g.state.players:
        g.ok(name, "vote Emma")
    g.clock = paris(MON, 21, 40)
    g.games.tick(g.name)
    s = g.state
    assert (s.phase, s.resolved, s.captain) == ("election", True, "Emma")


def mj_mail(g: Scenario, tmp_path: Path, text: str) -> None:
    """The MJ's mail to his own address (the Reply-To of his mails), ingested as the MTA would."""
    msg = EmailMessage()
    msg["From"] = MJ
    msg["To"] = g.mails(MJ)[-1].reply_to
    msg["Subject"] = "Re: [village] Nouvelles du village"
    msg["Message-ID"] = make_msgid(domain="example.org")
    msg.set_content(text)
    eml = tmp_path / "mj.eml"
    eml.write_bytes(msg.as_bytes())
    assert main(["--data", str(g.games.settings.data), "ingest", str(eml)]) == 0


def test_phase_end_in_the_gap_raises_the_night_and_closes_nothing_else(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """002_9504e6e276dc5f60.txt: « Les nuits se lèvent à 22h00 pour finir le lendemain à
    21h30. »: at 21:40, the MJ's `phase end` raises the waiting night now; its den's step stays
    open, and the wolves' orders are taken."""
    g = game(tmp_path)
    elected_then_closed(g)
    monkeypatch.setenv("LGMAIL_NOW", g.clock.isoformat())
    assert main(["--data", str(g.games.settings.data), "phase", "end", g.name]) == 0
    printed = capsys.readouterr().out
    assert "night 1 rises now; no step closed" in printed
    assert "Voici la nuit 1" in printed
    s = g.state
    assert (s.phase, s.number, g.step(), s.resolved) == ("night", 1, "loups", False)
    assert [e["step"] for e in g.events("StepClosed")] == ["election"]
    assert wall(s.phase_at) == "Mon 21:40" and wall(s.phase_deadline) == "Tue 21:30"
    assert "Victime désignée : Hugo" in g.ok("Alice", "tuer Hugo").text
    g.ok("Bruno", "tuer Hugo")
    g.clock = paris(TUE, 21, 31)
    g.games.tick(g.name)
    assert not g.alive("Hugo")


def test_fin_by_mail_in_the_gap_raises_the_day_and_the_answer_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """002_9504e6e276dc5f60.txt: « Les journées se lèvent à 22h00 pour finir le surlendemain à
    21h30. »: the MJ's « fin » by mail at 21:45, once night 1 closed, raises day 1 now and its
    vote is open; his answer says that the day rises and that nothing closed."""
    g = game(tmp_path)
    elected_then_closed(g)
    g.clock = paris(MON, 22)
    g.games.tick(g.name)
    assert g.phase() == ("night", 1)
    g.clock = paris(TUE, 21, 45)  # night 1 closed at 21:30
    g.games.tick(g.name)
    assert g.state.resolved and g.phase() == ("night", 1)
    monkeypatch.setenv("LGMAIL_NOW", g.clock.isoformat())
    mj_mail(g, tmp_path, "fin")
    assert (g.phase(), g.step()) == (("day", 1), "vote")
    (answer,) = [m for m in g.mails(MJ) if m.subject.endswith("Ordres du MJ")]
    assert "Fait. Le jour 1 se lève maintenant ; aucune étape n'est close." in answer.body
    assert "Vote enregistré contre Farid" in g.ok("Gina", "vote Farid").text


def test_an_order_in_the_gap_is_refused_with_the_true_reason(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « La clôture des votes se fait à 21h30. » and « Les nuits se
    lèvent à 22h00 »: between the two, an order is refused because the election is closed and
    the night rises at 22:00, and says to send it again then; at 22:00 it is taken."""
    g = game(tmp_path)
    elected_then_closed(g)
    kill = refused(g, "Alice", "tuer Hugo")
    assert (
        "ce n'est pas le moment : l'élection est close ; la nuit 1 commence le lundi 30 "
        "novembre à 22h00, renvoyez votre ordre à partir de cette heure." in kill.text
    )
    vote = refused(g, "Gina", "vote Farid")
    assert "les votes se font le jour (l'élection est close ; la nuit 1 commence" in vote.text
    assert g.events("VotesCounted")[0]["votes"]["Gina"] == "Emma"
    g.clock = paris(MON, 22)
    assert g.ok("Alice", "tuer Hugo").ok


def test_in_english_the_refusal_in_the_gap_says_when_to_send_again(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « Les nuits se lèvent à 22h00 pour finir le lendemain à
    21h30. »"""
    g = game(tmp_path, lang="en")
    elected_then_closed(g)
    kill = refused(g, "Bruno", "kill Hugo")
    assert (
        "not now: the election is closed; night 1 begins on Monday 30 November at 22:00, "
        "send your order again from then on." in kill.text
    )


def test_the_2130_mail_gives_the_result_and_the_2200_mail_opens_the_day(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « Les nuits se lèvent à 22h00 pour finir le lendemain à 21h30.
    »: the night's close tells what it left, without saying that the day rises; the day opens
    at 22:00 with its own mail."""
    g = game(tmp_path)
    elected_then_closed(g)
    g.clock = paris(MON, 22)
    g.games.tick(g.name)
    g.ok("Alice", "tuer Hugo")
    g.ok("Bruno", "tuer Hugo")
    g.new_mails()
    g.clock = paris(TUE, 21, 30)
    g.games.tick(g.name)
    (close,) = digests(g, "Gina")
    assert "La nuit 1 est close." in close and "Hugo est mort" in close
    assert "Le jour se lève" not in close and "Voici le jour 1" not in close
    g.clock = paris(TUE, 22)
    g.games.tick(g.name)
    (opening,) = digests(g, "Gina")
    assert "Voici le jour 1, jusqu'au jeudi 3 décembre à 21h30." in opening
    assert "est close" not in opening


def test_a_game_started_at_noon_waits_for_22h00(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « La partie commence par une journée d'élection qui ne dure que
    23h30. » and « Lors du premier jour, des élections de 23h30 auront lieu »: started at noon,
    the election rises at 22:00 (the start's mail says so) and closes at 21:30 the next day; a
    vote before 22:00 is refused with when to send it."""
    g = game(tmp_path, at=paris(SUN, 12))
    (started,) = [m.body for m in g.mails("Emma") if "La partie commence." in m.body]
    assert (
        "La journée d'élection du Nombre Fétiche se lève le dimanche 29 novembre à 22h00 : vos "
        "ordres comptent à partir de cette heure." in started
    )
    s = g.state
    assert wall(s.phase_at) == "Sun 22:00" and wall(s.phase_deadline) == "Mon 21:30"
    assert next_deadline(s) == paris(SUN, 22)
    g.clock = paris(SUN, 13)
    early = refused(g, "Emma", "vote Farid")
    assert (
        "l'élection commence le dimanche 29 novembre à 22h00, renvoyez votre ordre à partir de "
        "cette heure." in early.text
    )
    assert "Vous pouvez" not in early.text
    numbers = " ".join(str(n) for n in range(1, 21))
    assert "l'élection commence" in refused(g, "Emma", f"nombres {numbers}").text
    g.clock = paris(SUN, 22)
    g.games.tick(g.name)
    assert g.step() == "election"
    (opened,) = g.events("StepOpened")
    assert (opened["at"], opened["deadline"]) == (
        paris(SUN, 22).isoformat(),
        paris(MON, 21, 30).isoformat(),
    )
    g.ok("Emma", "vote Farid")
    g.ok("Emma", f"nombres {numbers}")


def test_a_game_started_just_after_22h00_rises_at_once(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « La partie commence par une journée d'élection qui ne dure que
    23h30. »: started at 22:20, the election is open at once and closes at 21:30 the next day
    (23h10)."""
    g = game(tmp_path, at=paris(SUN, 22, 20))
    assert g.step() == "election"
    assert wall(g.state.phase_deadline) == "Mon 21:30"
    g.ok("Emma", "vote Farid")


def test_phase_end_before_the_first_rising_raises_the_election_now(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « La partie commence par une journée d'élection »: the MJ who
    will not wait for 22:00 raises it with `phase end`, and everyone is told."""
    g = game(tmp_path, at=paris(SUN, 15))
    g.new_mails()
    g.end()
    assert g.step() == "election" and g.events("StepClosed") == []
    (mail,) = digests(g, "Emma")
    assert "Voici la journée d'élection du Nombre Fétiche" in mail
    g.ok("Emma", "vote Farid")
