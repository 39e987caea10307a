"""Rule set `cinquieme-element`, seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt, « LG LE
CINQUIÈME ÉLÉMENT »): the power Observation (PRO-VILLAGEOIS, TERRE): « Ciblez un autre joueur.
Vous obtenez le nom de son pouvoir universel et le nom de sa vulnérabilité. Si vous ciblez le même
joueur plusieurs fois dans la partie avec ce pouvoir (sur des nuits différentes), vous obtenez
l'élément de son deuxième pouvoir pendant la deuxième fois, et son camp durant la troisième fois.
Vous ne pouvez pas cibler un même joueur avec ce pouvoir plus de 3 fois. » Answered in « 4>
Résultats des sondes OBSERVATION » at the night's end. Each test cites the sentence of 000 it
plays."""

from __future__ import annotations

from pathlib import Path

from tests.cinquieme.drive import closing_night as night
from tests.cinquieme.drive import starter
from tests.scenario import Scenario

#: Chloe observes; Bruno (a wolf, vulnerable to TERRE) has Impitoyable (VIE) and Traçage (TERRE)
POWERS = {
    "Chloe": "observation et ignifugé",
    "Alice": "truffe-de-lynx et soin",
    "Bruno": "impitoyable et traçage",
    "Gina": "justice et autopsie",
}


start = starter(POWERS)


def quiet_day(sc: Scenario) -> None:
    """A day without a vote: nobody goes to the stake."""
    number = sc.state.number
    sc.end()
    assert sc.phase() == ("night", number + 1)


def observations(sc: Scenario, name: str) -> list[str]:
    return [m.content for m in sc.new_mails(name) if m.subject.endswith("Observation")]


def test_first_look_tells_the_universal_power_and_the_vulnerability_at_the_nights_end(
    tmp_path: Path,
) -> None:
    """000, Observation: « Ciblez un autre joueur. Vous obtenez le nom de son pouvoir universel
    et le nom de sa vulnérabilité »; « 4> Résultats des sondes OBSERVATION » (at the night's
    end)."""
    sc = start(tmp_path)
    sc.ok("Chloe", "observation Bruno")
    assert observations(sc, "Chloe") == []  # not before the night's end
    night(sc, {"Chloe": "observation Bruno"}, "Hugo", "Ines")
    [told] = observations(sc, "Chloe")
    assert "Bruno : pouvoir universel Impitoyable, vulnérabilité TERRE." in told
    answers = sc.events("PowerAnswered")
    assert [(e["player"], e["power"]) for e in answers] == [("Chloe", "observation")]
    assert answers[0]["told"] == {
        "target": "Bruno",
        "time": 1,
        "universal": "impitoyable",
        "vulnerability": "terre",
    }
    # the observed player is not told
    assert not [m for m in sc.new_mails("Bruno") if "Observation" in m.subject]


def test_second_look_tells_the_other_powers_element_and_the_third_the_camp(
    tmp_path: Path,
) -> None:
    """000, Observation: « Si vous ciblez le même joueur plusieurs fois dans la partie avec ce
    pouvoir (sur des nuits différentes), vous obtenez l'élément de son deuxième pouvoir pendant
    la deuxième fois, et son camp durant la troisième fois. »"""
    sc = start(tmp_path)
    night(sc, {"Chloe": "observation Bruno"}, "Hugo", "Ines")
    assert "vulnérabilité TERRE" in observations(sc, "Chloe")[0]
    quiet_day(sc)
    night(sc, {"Chloe": "observation Bruno"}, "David", "Farid")
    [second] = observations(sc, "Chloe")
    assert "Bruno : son autre pouvoir est de l'élément TERRE." in second  # Traçage
    assert "Impitoyable" not in second and "Leeloo" not in second
    quiet_day(sc)
    night(sc, {"Chloe": "observation Bruno"}, "Gina", "Hugo")
    [third] = observations(sc, "Chloe")
    assert "Bruno est du camp Leeloo (loup)." in third
    told = [e["told"] for e in sc.events("PowerAnswered") if e["player"] == "Chloe"]
    assert [t["time"] for t in told] == [1, 2, 3]
    assert told[1]["element"] == "terre" and told[2]["camp"] == "loup"


def test_a_fourth_look_at_the_same_player_is_refused(tmp_path: Path) -> None:
    """000, Observation: « Vous ne pouvez pas cibler un même joueur avec ce pouvoir plus de 3
    fois. »"""
    sc = start(tmp_path)
    victims = [("Hugo", "Ines"), ("David", "Farid"), ("Gina", "Hugo")]
    for first, second in victims:
        night(sc, {"Chloe": "observation Bruno"}, first, second)
        quiet_day(sc)
    assert sc.phase() == ("night", 4)
    sc.refused("Chloe", "observation Bruno", "not_allowed")
    sc.ok("Chloe", "observation Gina")  # another player still may be looked at
    assert sc.state.extra["observations"]["Chloe"] == {"Bruno": 3}


def test_the_target_is_another_player(tmp_path: Path) -> None:
    """000, Observation: « Ciblez un autre joueur. »"""
    sc = start(tmp_path)
    sc.refused("Chloe", "observation Chloe", "not_allowed")
    sc.refused("Chloe", "observation", "not_allowed")
    sc.ok("Chloe", "observation Gina")


def test_one_look_a_night_the_same_player_named_twice_counts_once(tmp_path: Path) -> None:
    """000, Observation: « plusieurs fois dans la partie avec ce pouvoir (sur des nuits
    différentes) »; « chacun ne peut se servir que d'un de ses deux pouvoirs chaque nuit »: a
    second mail replaces the first, and Bruno is looked at once."""
    sc = start(tmp_path)
    sc.ok("Chloe", "observation Bruno")
    night(sc, {"Chloe": "observation Bruno"}, "Hugo", "Ines")
    [first] = observations(sc, "Chloe")
    assert "pouvoir universel Impitoyable" in first
    quiet_day(sc)
    night(sc, {"Chloe": "observation Bruno"}, "David", "Farid")
    [second] = observations(sc, "Chloe")
    assert "son autre pouvoir est de l'élément TERRE" in second


def test_rien_takes_the_look_back(tmp_path: Path) -> None:
    """000, « Les pouvoirs »: « Chaque nuit, les joueurs vivants peuvent soit activer l'un de
    leurs deux pouvoirs, soit n'en activer aucun »: « rien » after « observation Bruno », no
    look, and the next one is still the first."""
    sc = start(tmp_path)
    sc.ok("Chloe", "observation Bruno")
    night(sc, {"Chloe": "rien"}, "Hugo", "Ines")
    assert observations(sc, "Chloe") == []
    assert not sc.events("PowerAnswered")
    quiet_day(sc)
    night(sc, {"Chloe": "observation Bruno"}, "David", "Farid")
    [first] = observations(sc, "Chloe")
    assert "Bruno : pouvoir universel Impitoyable, vulnérabilité TERRE." in first
