"""Rule set `cinquieme-element`, seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt, « LG LE
CINQUIÈME ÉLÉMENT », lines 117-222): the wins (« Principes généraux »): « Les villageois gagnent
s'ils éliminent tout les loups. Les loups gagnent si en début ou en fin de jour, leur nombre de
membres encore en vie égale ou dépasse le nombre de villageois encore en vie. Si tous les
derniers joueurs meurent en même temps, ce sont les loups qui gagnent. »

`TEN`: Alice (FEU) and Bruno (TERRE) are the wolves; Chloe (EAU), David (AIR), Emma (VIE), Farid
(FEU), Gina (TERRE), Hugo (EAU), Ines (AIR), Jules (VIE) the villagers; NC = 2.
"""

from __future__ import annotations

from pathlib import Path

from tests.cinquieme.drive import all_hearts as hearts
from tests.cinquieme.drive import attacks_night as night
from tests.cinquieme.drive import day
from tests.cinquieme.play import TEN, game, to_night_one
from tests.scenario import Scenario

WOLVES = ["Alice", "Bruno"]
VILLAGERS = [n for n in TEN if n not in WOLVES]
#: a deal the MJ gives (`--roles`): one wolf, Alice; nobody vulnerable to VIE; NC = 1
LONE_WOLF = {
    "Alice": "loup:feu",
    "Bruno": "villageois:terre",
    "Chloe": "villageois:eau",
    "David": "villageois:air",
    "Emma": "villageois:feu",
    "Farid": "villageois:terre",
    "Gina": "villageois:eau",
    "Hugo": "villageois:air",
    "Ines": "villageois:feu",
    "Jules": "villageois:terre",
}


def running(sc: Scenario) -> bool:
    return sc.state.status == "running"


def three_villagers_left(sc: Scenario) -> None:
    """Nights 1 and 2, days 1 and 2: Emma, Jules, Farid, Gina and Hugo die; Chloe (the mayor),
    David and Ines are left against the two wolves, each at 2 hearts."""
    to_night_one(sc, {})
    night(sc, {"Alice": "Emma", "Bruno": "Jules"})
    day(sc, dict.fromkeys(("Alice", "Bruno", "Chloe"), "Farid"))
    night(sc, {"Alice": "Gina", "Bruno": "Gina"})
    day(sc, dict.fromkeys(("Alice", "Bruno", "Chloe"), "Hugo"))
    assert sc.state.living_names() == ["Alice", "Bruno", "Chloe", "David", "Ines"]
    assert running(sc) and sc.phase() == ("night", 3)


def test_the_village_wins_when_no_wolf_is_left(tmp_path: Path) -> None:
    """« Les villageois gagnent s'ils éliminent tout les loups »: Alice burned on day 1, the
    game goes on; Bruno burned on day 2, the villagers (the dead with them) win."""
    sc = game(tmp_path)
    to_night_one(sc, {})
    night(sc, {"Alice": "David", "Bruno": "Hugo"})
    day(sc, dict.fromkeys(("Chloe", "Emma", "Farid"), "Alice"))
    assert not sc.alive("Alice") and running(sc)
    night(sc, {"Bruno": "Emma"})
    assert running(sc)
    day(sc, dict.fromkeys(("Chloe", "David", "Farid"), "Bruno"))
    s = sc.state
    assert s.status == "ended" and s.winner == "villageois"
    assert sorted(s.winners) == sorted(VILLAGERS)


def test_the_village_wins_when_the_last_wolf_dies_at_night(tmp_path: Path) -> None:
    """« Les villageois gagnent s'ils éliminent tout les loups »: Bruno burned on day 1; on
    night 2 two Justices find Alice's FEU: she dies, and the village wins as the night ends."""
    sc = game(tmp_path)
    to_night_one(sc, {"Chloe": "justice et ignifugé", "Hugo": "justice et ignifugé"})
    night(sc, {"Alice": "David", "Bruno": "Ines"})
    day(sc, dict.fromkeys(("Chloe", "Emma", "Farid"), "Bruno"))
    assert running(sc)
    night(sc, {"Alice": "Emma"}, {"Chloe": "justice Alice feu", "Hugo": "justice Alice feu"})
    s = sc.state
    assert not sc.alive("Alice")
    assert s.status == "ended" and s.winner == "villageois"


def test_the_wolves_win_when_they_equal_the_villagers_as_a_day_begins(tmp_path: Path) -> None:
    """« Les loups gagnent si en début [...] de jour, leur nombre de membres encore en vie égale
    [...] le nombre de villageois encore en vie »: 2 wolves against 3 villagers, Ines dies on
    night 3: 2 against 2 as day 3 begins, the wolves win."""
    sc = game(tmp_path)
    three_villagers_left(sc)
    night(sc, {"Alice": "Ines", "Bruno": "Ines"})
    s = sc.state
    assert s.status == "ended" and s.winner == "loup"
    assert sorted(s.winners) == WOLVES


def test_the_wolves_win_when_they_equal_the_villagers_as_a_day_ends(tmp_path: Path) -> None:
    """« Les loups gagnent si en début ou en fin de jour, leur nombre de membres encore en vie
    égale ou dépasse le nombre de villageois encore en vie »: 2 wolves against 3 villagers, none
    dies on night 3 and day 3 begins; Ines burned, 2 against 2 as it ends: the wolves win."""
    sc = game(tmp_path)
    three_villagers_left(sc)
    night(sc, {"Alice": "Ines", "Bruno": "David"})
    assert running(sc) and sc.phase() == ("day", 3)
    assert hearts(sc)["Ines"] == hearts(sc)["David"] == 1
    day(sc, dict.fromkeys(("Alice", "Bruno", "Chloe"), "Ines"))
    s = sc.state
    assert s.status == "ended" and s.winner == "loup"
    assert sorted(s.winners) == WOLVES


def test_the_wolves_win_when_all_the_last_players_die_together(tmp_path: Path) -> None:
    """« Si tous les derniers joueurs meurent en même temps, ce sont les loups qui gagnent »: a
    lone wolf (NC = 1) attacks Bruno while nine Justices, each on a vulnerability, wound every
    other player: everyone dies on night 1, and the wolves win."""
    sc = game(tmp_path, roles=LONE_WOLF)
    assert sc.state.extra["nc"] == 1
    villagers = [n for n in LONE_WOLF if n != "Alice"]
    to_night_one(sc, {n: "justice et ignifugé" for n in villagers})
    # Bruno's Justice on Alice; each other villager's on the next one (Jules's on Chloe)
    aims = {"Bruno": "Alice", **dict(zip(villagers[1:], [*villagers[2:], "Chloe"], strict=True))}
    acts = {n: f"justice {t} {LONE_WOLF[t].split(':')[1]}" for n, t in aims.items()}
    night(sc, {"Alice": "Bruno"}, acts)
    s = sc.state
    assert not s.living_names()
    assert s.status == "ended" and s.winner == "loup" and s.winners == ["Alice"]
