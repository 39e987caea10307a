"""Les Nombres, Règle 6 (002_9504e6e276dc5f60.txt): who wins."""

from __future__ import annotations

from pathlib import Path

from tests.nombres import game, rise
from tests.scenario import Scenario

FOUR = {"Alice": "loup-garou", "Emma": "villageois", "Farid": "villageois", "Gina": "villageois"}
DUEL = {"Alice": "loup-garou", "David": "chasseur", "Emma": "villageois", "Farid": "villageois"}


def open_night(tmp_path: Path, roles: dict[str, str], victim: str) -> Scenario:
    g = game(tmp_path, roles)
    for name in roles:
        g.ok(name, "vote blanc")
    rise(g)
    g.ok("Alice", f"tuer {victim}")
    rise(g)
    assert g.phase() == ("day", 1) and not g.alive(victim)
    return g


def test_one_villager_and_one_wolf_left_the_wolf_wins(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « Nombres Maudits : éliminer les Nombres Numériques » and
    « S'il ne reste qu'un villageois et un loup, le loup gagne. »"""
    g = open_night(tmp_path, FOUR, "Gina")
    g.ok("Alice", "vote Farid")
    g.ok("Emma", "vote Farid")
    g.ok("Farid", "vote blanc")
    rise(g)
    assert g.state.living_names() == ["Alice", "Emma"]
    assert (g.view()["winner"], g.view()["winners"]) == ("loups", ["Alice"])


def test_the_chasseur_and_a_wolf_left_the_chasseur_wins(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « S'il ne reste reste plus que le chasseur et un loup, le
    chasseur gagne. »"""
    g = open_night(tmp_path, DUEL, "Farid")
    g.ok("Emma", "vote Emma")
    g.ok("David", "vote Emma")
    rise(g)
    assert g.state.living_names() == ["Alice", "David"]
    assert (g.view()["winner"], g.view()["winners"]) == ("village", ["David", "Emma", "Farid"])


def test_both_absent_for_a_debate_day_the_wolf_wins(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « S'il ne reste plus qu'un villageois et un loup et que les deux
    sont absents pendant une journée de débat, le loup gagne. »"""
    g = open_night(tmp_path, DUEL, "Farid")
    g.ok("Emma", "vote Emma")  # the Chasseur and the wolf give no order this day
    rise(g)
    assert g.state.living_names() == ["Alice", "David"]
    assert g.view()["winner"] == "loups"


def test_two_villagers_and_a_wolf_the_absent_villager_dies_with_him(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « S'il ne reste que deux villageois et un loup, qu'un des
    villageois est absent sans justification et que le loup est censé mourir au bûcher, le
    villageois absent meurt avec le loup. » and « Nombres Numériques : éliminer les Nombres
    Maudits »"""
    g = open_night(tmp_path, FOUR, "Gina")
    g.ok("Emma", "vote Alice")  # Farid is absent without excuse
    rise(g)
    died = sorted((e["name"], e["cause"]) for e in g.events("PlayerDied"))
    assert died == [("Alice", "stake"), ("Farid", "absent"), ("Gina", "wolves")]
    assert (g.view()["winner"], g.view()["winners"]) == ("village", ["Emma", "Farid", "Gina"])


def test_an_excused_villager_does_not_die_with_the_wolf(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « [...] qu'un des villageois est absent sans justification et
    que le loup est censé mourir au bûcher, le villageois absent meurt avec le loup. »"""
    g = game(tmp_path, FOUR)
    for name in FOUR:
        g.ok(name, "vote blanc")
    g.ok("Farid", "excuse 1")
    rise(g)
    g.ok("Alice", "tuer Gina")
    rise(g)
    g.ok("Emma", "vote Alice")
    rise(g)
    assert g.alive("Farid") and not g.alive("Alice")
    assert g.view()["winner"] == "village"
