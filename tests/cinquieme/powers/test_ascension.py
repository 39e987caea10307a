"""Rule set `cinquieme-element`, seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt, « LG LE
CINQUIÈME ÉLÉMENT »): the power Ascension (UNIVERSEL, TERRE): « Si vous mourrez durant la nuit en
cours ou la prochaine journée, tout ce que vous avez fait durant les nuits depuis le début de la
partie est annoncé publiquement. Au moment de votre mort, choisissez un joueur vivant discrètement
par MP au MJ : ce joueur se retrouve avec NC+1 cœurs quel que soit le nombre actuel de cœurs qu'il
avait. Ce pouvoir ne peut être utilisé que durant les numéros de nuit pairs. (Donc nuit 2, nuit 4,
etc.) » Each test cites the sentence of 000 it plays."""

from __future__ import annotations

from pathlib import Path

from tests.cinquieme.drive import day, hearts, starter, told_hearts
from tests.cinquieme.drive import new_public as public
from tests.cinquieme.drive import reacting_night as night
from tests.cinquieme.play import game, to_night_one
from tests.scenario import Scenario

#: Gina (vulnerable to TERRE) has Ascension
POWERS = {
    "Gina": "observation et ascension",
    "Alice": "truffe-de-lynx et soin",
    "Bruno": "ignifugé et traçage",
}
ANNOUNCED = (
    "Ascension de Gina : ses actions de nuit depuis le début de la partie : nuit 1, Observation "
    "sur Bruno ; nuit 2, Ascension."
)
#: a dead owner's « ascension NOM » / « autopsie NOM » names nobody: power._read reads no player
#: for a power that aims at nobody (`NOTHING`), and Cinquieme.react refuses the empty target
AT_DEATH_BUG = (
    "power._read drops the name after « {0} » (the power aims at NOTHING): the dead owner's "
    "« {0} NOM » is refused « nommez un joueur vivant », the choice never acts"
)


start = starter(POWERS)


def to_night_two(sc: Scenario) -> None:
    """Night 1: Gina observes Bruno, the wolves wound Hugo and David; a day without a vote."""
    night(sc, {"Gina": "observation Bruno"}, "Hugo", "David")
    day(sc, {})
    assert sc.phase() == ("night", 2)
    sc.new_mails()


def test_only_on_even_nights(tmp_path: Path) -> None:
    """000, Ascension: « Ce pouvoir ne peut être utilisé que durant les numéros de nuit pairs.
    (Donc nuit 2, nuit 4, etc.) »"""
    sc = start(tmp_path)
    sc.refused("Gina", "ascension", "not_allowed")
    to_night_two(sc)
    sc.ok("Gina", "ascension")
    night(sc, {"Gina": "ascension"}, "Farid", "Ines")
    day(sc, {})
    assert sc.phase() == ("night", 3)
    sc.refused("Gina", "ascension", "not_allowed")


def test_dying_that_night_announces_all_her_night_actions(tmp_path: Path) -> None:
    """000, Ascension: « Si vous mourrez durant la nuit en cours [...], tout ce que vous avez
    fait durant les nuits depuis le début de la partie est annoncé publiquement. »"""
    sc = start(tmp_path)
    to_night_two(sc)
    night(sc, {"Gina": "ascension"}, "Gina", "Gina")
    assert not sc.alive("Gina")
    [revealed] = sc.events("Revealed")
    assert (revealed["name"], revealed["power"]) == ("Gina", "ascension")
    assert revealed["record"]["nights"] == [
        [1, "observation", "Bruno", ""],
        [2, "ascension", "", ""],
    ]
    assert ANNOUNCED in public(sc)
    assert any(ANNOUNCED in m.content for m in sc.new_mails("Chloe"))
    assert [(r.player, r.kind) for r in sc.state.reactions] == [("Gina", "ascension")]
    [asked] = [m for m in sc.new_mails("Gina") if m.subject.endswith("Votre dernier pouvoir")]
    assert "« ascension NOM »" in asked.content


def test_dying_the_next_day_announces_them_too(tmp_path: Path) -> None:
    """000, Ascension: « Si vous mourrez durant la nuit en cours ou la prochaine journée »:
    Gina, burned on day 2, has her night actions announced and her choice awaited."""
    sc = start(tmp_path)
    to_night_two(sc)
    night(sc, {"Gina": "ascension"}, "Farid", "Ines")
    assert sc.alive("Gina")
    public(sc)
    day(sc, {"Chloe": "Gina", "David": "Gina"})
    assert not sc.alive("Gina")
    text = public(sc)
    assert "Gina passe au bûcher, un bûcher de type FEU : Gina en meurt." in text
    assert ANNOUNCED in text
    assert [(r.player, r.kind) for r in sc.state.reactions] == [("Gina", "ascension")]


def test_dying_later_announces_nothing(tmp_path: Path) -> None:
    """000, Ascension: « durant la nuit en cours ou la prochaine journée », not later: Gina,
    ascended on night 2, killed on night 3, has nothing announced and nothing to choose."""
    sc = start(tmp_path)
    to_night_two(sc)
    night(sc, {"Gina": "ascension"}, "Farid", "Ines")
    day(sc, {})
    night(sc, {}, "Gina", "Gina")
    assert not sc.alive("Gina")
    assert not sc.events("Revealed")
    assert not sc.state.reactions
    assert "Ascension de Gina" not in public(sc)


def test_the_chosen_living_player_goes_to_nc_plus_one_told_privately(tmp_path: Path) -> None:
    """000, Ascension: « Au moment de votre mort, choisissez un joueur vivant discrètement par MP
    au MJ : ce joueur se retrouve avec NC+1 cœurs quel que soit le nombre actuel de cœurs qu'il
    avait »: Hugo, at 1, goes to 3; only he is told."""
    sc = start(tmp_path)
    to_night_two(sc)
    assert hearts(sc, "Hugo") == 1
    night(sc, {"Gina": "ascension"}, "Gina", "Gina")
    public(sc)
    told_hearts(sc, "Hugo")
    sc.ok("Gina", "ascension Hugo")
    assert hearts(sc, "Hugo") == sc.state.extra["nc"] + 1 == 3
    [told] = told_hearts(sc, "Hugo")
    assert "Il vous reste 3 cœurs." in told
    assert not sc.state.reactions
    assert "Hugo" not in public(sc)  # discreetly


def test_the_chosen_player_is_living(tmp_path: Path) -> None:
    """000, Ascension: « choisissez un joueur vivant »: Jules, dead, is refused; Ines is
    taken."""
    sc = start(tmp_path)
    night(sc, {"Gina": "observation Bruno"}, "Jules", "David")  # Jules, vulnerable to VIE, dies
    day(sc, {})
    assert not sc.alive("Jules")
    night(sc, {"Gina": "ascension"}, "Gina", "Gina")
    sc.refused("Gina", "ascension Jules", "not_allowed")
    sc.ok("Gina", "ascension Ines")
    assert hearts(sc, "Ines") == 3


def test_a_wolfs_announcement_tells_his_attacks_too(tmp_path: Path) -> None:
    """000, Ascension: « tout ce que vous avez fait durant les nuits depuis le début de la
    partie est annoncé publiquement »; « Chaque loup est obligé d'attaquer chaque nuit »: Alice,
    a wolf burned on day 2 after her Ascension, has her attacks on Hugo and David announced."""
    sc = game(tmp_path)
    to_night_one(sc, {"Alice": "ascension et soin", "Bruno": "ignifugé et traçage"})
    sc.new_mails()
    night(sc, {}, "Hugo", "Ines")
    day(sc, {})
    night(sc, {"Alice": "ascension"}, "David", "Farid")
    public(sc)
    day(sc, {"Chloe": "Alice", "Emma": "Alice", "Gina": "Alice"})
    assert not sc.alive("Alice")
    [line] = [x for x in public(sc).splitlines() if x.startswith("Ascension de Alice")]
    assert "Hugo" in line and "David" in line
