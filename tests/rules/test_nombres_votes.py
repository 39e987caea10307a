"""Les Nombres, Règles 2 and 4 (002_9504e6e276dc5f60.txt): votes, violet marks, the Nombre
Fétiche's 1.5 vote and his testament."""

from __future__ import annotations

from pathlib import Path

from tests.nombres import blank_rest, digests, elect, game, rise
from tests.scenario import Scenario


def night_kills(g: Scenario, victim: str) -> None:
    g.ok("Alice", f"tuer {victim}")
    g.ok("Bruno", f"tuer {victim}")
    rise(g)
    assert g.phase()[0] == "day"


def test_blank_vote_is_allowed(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « Les votes se font en MP, à part pour les loups. Le vote blanc
    est autorisé. »"""
    g = game(tmp_path)
    elect(g, "Chloe")
    night_kills(g, "Hugo")
    answer = g.ok("Emma", "vote blanc")
    assert "Vote blanc enregistré" in answer.text
    for name in ("Alice", "Bruno", "Chloe"):
        g.ok(name, "vote Farid")
    rise(g)
    stake = g.events("VotesCounted")[-1]
    assert stake["votes"]["Emma"] is None and stake["chosen"] == "Farid"
    assert not g.alive("Farid")


def test_a_tie_kills_nobody_and_the_tied_write_in_violet_until_one_dies(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « En cas d'égalité, il n'y aura pas de morts. Cependant, les
    personnes en cas d'égalité seront condamnées à écrire en violet jusqu'à que ce que l'un
    d'entre eux ne meurt. »"""
    g = game(tmp_path)
    elect(g, None)
    night_kills(g, "Hugo")
    for voter, target in [("Alice", "Emma"), ("Bruno", "Emma"), ("Chloe", "Farid")]:
        g.ok(voter, f"vote {target}")
    g.ok("David", "vote Farid")
    blank_rest(g)
    g.new_mails()
    rise(g)
    stake = g.events("VotesCounted")[-1]
    assert stake["chosen"] is None and stake["tied"] == ["Emma", "Farid"]
    assert g.alive("Emma") and g.alive("Farid")
    assert g.events("PlayersMarked") == [{"type": "PlayersMarked", "names": ["Emma", "Farid"]}]
    assert g.view()["marked"] == ["Emma", "Farid"]
    # the mark is in every digest from then on
    for body in digests(g, "Gina"):
        assert "En violet : Emma, Farid." in body
    g.ok("Alice", "tuer Gina")
    g.ok("Bruno", "tuer Gina")
    rise(g)
    (dawn, *_) = [b for b in digests(g, "Gina") if "est close." in b]
    assert "En violet : Emma, Farid." in dawn
    # one of them dies: the mark is lifted for both
    for name in ("Chloe", "David", "Farid"):
        g.ok(name, "vote Alice")
    blank_rest(g)
    rise(g)
    assert g.phase() == ("night", 3) and not g.alive("Alice")
    g.ok("Bruno", "tuer Emma")
    rise(g)
    assert not g.alive("Emma") and g.view()["marked"] == []
    assert all("En violet" not in b for b in digests(g, "Farid")[-1:])


def test_a_tied_election_elects_nobody_and_marks_the_tied(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « En cas d'égalité, il n'y aura pas de morts. Cependant, les
    personnes en cas d'égalité seront condamnées à écrire en violet [...] »"""
    g = game(tmp_path)
    for voter in ("Alice", "Bruno", "Chloe"):
        g.ok(voter, "vote Emma")
    for voter in ("David", "Emma", "Farid"):
        g.ok(voter, "vote Gina")
    rise(g)
    assert g.view()["captain"] is None
    assert g.view()["marked"] == ["Emma", "Gina"]


def test_the_nombre_fetiche_votes_one_and_a_half(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « Lors du premier jour, des élections de 23h30 auront lieu pour
    élire le Nombre Fétiche (capitaine). Celui-ci sera tellement adoré des autres Nombres que son
    vote est équivalent à 1,5 votes. »"""
    g = game(tmp_path)
    elect(g, "Chloe")
    assert g.view()["captain"] == "Chloe"
    night_kills(g, "Hugo")
    # the captain and one more against two: 2.5 against 2
    g.ok("Chloe", "vote Alice")
    g.ok("Emma", "vote Alice")
    g.ok("Alice", "vote Farid")
    g.ok("Bruno", "vote Farid")
    blank_rest(g)
    rise(g)
    stake = g.events("VotesCounted")[-1]
    assert stake["tally"] == {"Alice": 2.5, "Farid": 2}
    assert stake["chosen"] == "Alice" and not g.alive("Alice")
    # 1.5 is not 2: the captain and one more against three is no tie
    g.ok("Bruno", "tuer Gina")
    rise(g)
    for voter, target in [("Chloe", "Bruno"), ("Emma", "Bruno")]:
        g.ok(voter, f"vote {target}")
    for voter in ("Bruno", "David", "Farid"):
        g.ok(voter, "vote Emma")
    rise(g)
    stake = g.events("VotesCounted")[-1]
    assert stake["tally"] == {"Bruno": 2.5, "Emma": 3} and stake["chosen"] == "Emma"


def test_the_testament_passes_the_title_to_the_first_living_heir(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « Il doit m'écrire un testament avec quatre personnes au
    maximum dont il souhaite voir prendre sa place s'il meurt. Les noms doivent être donnés
    dans l'ordre d'importance. »"""
    g = game(tmp_path)
    elect(g, "Chloe")
    g.refused("Emma", "testament Farid", "not_your_role")
    g.refused("Chloe", "testament Emma, Farid, Gina, Hugo, David", "not_allowed")
    answer = g.ok("Chloe", "testament Emma, Farid, Gina")
    assert "Testament : Emma, Farid, Gina" in answer.text
    # the first heir dies first: the title goes to the second
    g.ok("Alice", "tuer Emma")
    g.ok("Bruno", "tuer Emma")
    rise(g)
    for name in ("Alice", "Bruno", "David", "Farid"):
        g.ok(name, "vote Chloe")
    blank_rest(g)
    rise(g)
    assert g.events("CaptainPassed") == [
        {"type": "CaptainPassed", "frm": "Chloe", "to": "Farid", "how": "testament"}
    ]
    assert g.view()["captain"] == "Farid"
    assert g.state.reactions == []


def test_without_testament_the_title_disappears(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « Si aucun testament n'est donné, le rôle de maire
    disparaît. »"""
    g = game(tmp_path)
    elect(g, "Emma")
    g.ok("Alice", "tuer Emma")
    g.ok("Bruno", "tuer Emma")
    rise(g)
    assert g.events("CaptainPassed") == [
        {"type": "CaptainPassed", "frm": "Emma", "to": None, "how": "none"}
    ]
    assert g.view()["captain"] is None and g.state.reactions == []
    assert g.phase() == ("day", 1)
