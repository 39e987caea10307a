"""Les Nombres, Règle 3 (002_9504e6e276dc5f60.txt): absences, substitutes, thunderbolts."""

from __future__ import annotations

from pathlib import Path

from tests.nombres import elect, game, rise
from tests.scenario import Scenario


def quiet_day(g: Scenario, absent: tuple[str, ...] = ()) -> None:
    """A day where everyone but `absent` votes blank, then a night where nobody acts."""
    s = g.state
    for name, p in s.players.items():
        if p.alive and name not in absent:
            g.ok(name, "vote blanc")
    rise(g)
    rise(g)


def test_before_day_4_a_substitute_takes_the_seat_else_the_absent_is_struck(
    tmp_path: Path,
) -> None:
    """002_9504e6e276dc5f60.txt: « Jusqu'au début du jour 4, les absences non-justifiées pendant
    une journée de débat (dans le jeu) et une nuit causeront un remplacement. Si aucun remplaçant
    n'est disponible, le joueur absent sera foudroyé. » and « Les rôles des foudroyés seront
    révélés. »"""
    g = game(tmp_path, substitutes=["Zoé <zoe@example.org>"])
    elect(g, None)
    rise(g)  # night 1: nobody acts
    assert g.phase() == ("day", 1)
    g.new_mails()
    quiet_day(g, absent=("Emma", "Farid"))
    assert g.phase() == ("day", 2)
    (noted,) = g.events("AbsenceNoted")
    assert (noted["day"], noted["night"], noted["players"]) == (1, 2, ["Emma", "Farid"])
    # the first absent takes the one substitute; the second is struck down, role revealed
    assert g.events("PlayerReplaced") == [
        {"type": "PlayerReplaced", "name": "Emma", "email": "zoe@example.org", "by": "Zoé"}
    ]
    assert g.alive("Emma") and g.state.players["Emma"].email == "zoe@example.org"
    (struck,) = g.events("PlayerDied")
    assert (struck["name"], struck["cause"], struck["role"]) == ("Farid", "struck", "villageois")
    assert g.view("Gina")["players"][5] == {
        "name": "Farid",
        "email": "farid@example.org",
        "alive": False,
        "role": "villageois",
        "camp": "village",
    }
    assert any("Simple Villageois" in m.body for m in g.new_mails("zoe@example.org"))


def test_from_day_4_the_absent_are_struck_down(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « A partir du jour 4, les remplacements feront place à des
    foudroiements. »"""
    g = game(tmp_path, substitutes=["Zoé <zoe@example.org>"])
    elect(g, None)
    rise(g)
    quiet_day(g)
    quiet_day(g)
    assert g.phase() == ("day", 3)
    quiet_day(g, absent=("Gina",))
    assert g.phase() == ("day", 4)
    assert g.events("PlayerReplaced") == []
    assert [(e["name"], e["cause"]) for e in g.events("PlayerDied")] == [("Gina", "struck")]


def test_an_absence_excused_in_advance_is_spared(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « les absences non-justifiées pendant une journée de débat
    (dans le jeu) et une nuit causeront un remplacement »: a justified one does not."""
    g = game(tmp_path)
    elect(g, None)
    assert "Absence excusée" in g.ok("Emma", "absente jour 1").text
    rise(g)
    quiet_day(g, absent=("Emma",))
    assert g.phase() == ("day", 2)
    # the MJ is told of the absence, but the excused seat is neither replaced nor struck
    assert g.events("AbsenceNoted")[0]["players"] == ["Emma"]
    assert g.alive("Emma") and g.events("PlayerReplaced") == []


def test_an_excuse_names_the_debate_day_it_covers(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « les absences non-justifiées pendant une journée de débat
    (dans le jeu) et une nuit causeront un remplacement »: "excuse 2" covers day 2 and the
    night after it, not day 3."""
    g = game(tmp_path)
    elect(g, None)
    rise(g)
    g.ok("Emma", "excuse 2")
    quiet_day(g)
    quiet_day(g, absent=("Emma",))
    assert g.phase() == ("day", 3) and g.alive("Emma")
    quiet_day(g, absent=("Emma",))
    assert not g.alive("Emma")
    assert [(e["name"], e["cause"]) for e in g.events("PlayerDied")] == [("Emma", "struck")]


def test_the_substitute_is_told_whose_seat_and_the_mj_is_offered_only_the_others(
    tmp_path: Path,
) -> None:
    """#21 item 7, 002_9504e6e276dc5f60.txt: « les absences [...] causeront un remplacement »:
    the substitute is told whose seat he takes, in which phase, and what it may do now (not
    « La partie commence »); the MJ is told who was replaced and struck, and offered his hand
    on nobody else."""
    g = game(tmp_path, substitutes=["Zoé <zoe@example.org>"])
    elect(g, None)
    rise(g)
    g.new_mails()
    quiet_day(g, absent=("Emma", "Farid"))
    (welcome,) = [m for m in g.new_mails("zoe@example.org") if "rôle" in m.subject]
    assert "Bonjour Zoé" in welcome.body and "Vous remplacez Emma" in welcome.body
    assert "commence" not in welcome.body
    assert "Nous sommes dans le jour 2" in welcome.body
    assert "Vous pouvez maintenant : vote NOM" in welcome.body
    mj = [m for m in g.mails("mj@example.org") if "Absences" in m.subject][-1]
    assert "Zoé remplace Emma" in mj.body and "Farid" in mj.body.split("Foudroyé")[1]
    assert "remplacer NOM" not in mj.content  # the footer lists every MJ order


def test_a_refused_order_still_shows_presence(tmp_path: Path) -> None:
    """#21 item 7, 002_9504e6e276dc5f60.txt: « les absences non-justifiées pendant une journée
    de débat (dans le jeu) et une nuit »: an absence is sending nothing; a player whose every
    line was refused, or who only debated on the square, sent something."""
    g = game(tmp_path, substitutes=["Zoé <zoe@example.org>"])
    elect(g, None)
    rise(g)
    assert g.phase() == ("day", 1)
    assert not g.act("Emma", "vote Personne-Inconnu").ok
    assert g.post("Farid", "place", "Je me méfie de Gina.").ok
    quiet_day(g, absent=("Emma", "Farid"))
    assert g.events("AbsenceNoted") == []
    assert g.events("PlayerReplaced") == []
    assert [e["player"] for e in g.events("PlayerPresent")] == ["Emma", "Farid"]
