"""Rule set `cinquieme-element`, seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt, « LG LE
CINQUIÈME ÉLÉMENT »): the power Impitoyable (UNIVERSEL, VIE): « Si vous activez cette capacité,
vous devez aussi choisir un élément sauf VIE. Lors du bûcher de la prochaine journée, si la
personne qui passe au bûcher a été votée par (au moins) une personne ayant utilisé la capacité
Impitoyable, son bûcher sera du type choisi par la personne au lieu du type FEU. Si plusieurs
personnes ont utilisé impitoyable en même temps sur le même joueur, l'élément le plus ressorti
parmi eux gagne. En cas d'égalité, le bûcher sera de type FEU. » « Si le type diffère, le MJ doit
l'indiquer dans le message de bûcher ». Each test cites the sentence of 000 it plays."""

from __future__ import annotations

from pathlib import Path

from tests.cinquieme.drive import day, hearts, starter
from tests.cinquieme.drive import new_public as public
from tests.cinquieme.drive import reacting_night as night
from tests.scenario import Scenario

POWERS = {
    "Chloe": "observation et impitoyable",
    "Farid": "observation et impitoyable",
    "Gina": "justice et impitoyable",
    "Alice": "impitoyable et soin",
    "Bruno": "ignifugé et traçage",
}


start = starter(POWERS)


def burned(sc: Scenario) -> tuple[str, str, bool]:
    got = sc.events("StakeBurned")[-1]
    return got["name"], got["element"], got["died"]


def test_an_element_other_than_vie_is_chosen(tmp_path: Path) -> None:
    """000, Impitoyable: « vous devez aussi choisir un élément sauf VIE »."""
    sc = start(tmp_path)
    sc.refused("Farid", "impitoyable vie", "not_allowed")
    sc.refused("Farid", "impitoyable", "not_allowed")
    sc.ok("Farid", "impitoyable eau")


def test_the_condemned_he_voted_for_burns_of_his_element(tmp_path: Path) -> None:
    """000, Impitoyable: « si la personne qui passe au bûcher a été votée par (au moins) une
    personne ayant utilisé la capacité Impitoyable, son bûcher sera du type choisi par la
    personne au lieu du type FEU »; the message says the type: Ines (vulnerable to AIR, 3
    hearts) burns by AIR, NC + 1 = 3 wounds, and dies (by FEU she would have kept one)."""
    sc = start(tmp_path)
    night(sc, {"Farid": "impitoyable air", "Alice": "soin Ines"}, "Hugo", "David")
    assert hearts(sc, "Ines") == 3
    public(sc)
    day(sc, {"Farid": "Ines", "Emma": "Ines", "Jules": "Hugo"})
    assert burned(sc) == ("Ines", "air", True)
    assert "Ines passe au bûcher, un bûcher de type AIR : Ines en meurt." in public(sc)


def test_a_condemned_he_did_not_vote_for_burns_by_fire(tmp_path: Path) -> None:
    """000, Impitoyable: « si la personne qui passe au bûcher a été votée par (au moins) une
    personne ayant utilisé la capacité Impitoyable », only: Farid voted Hugo, Ines burns by
    FEU."""
    sc = start(tmp_path)
    night(sc, {"Farid": "impitoyable eau"}, "Gina", "David")
    public(sc)
    day(sc, {"Farid": "Hugo", "Emma": "Ines", "Jules": "Ines"})
    assert burned(sc) == ("Ines", "feu", True)
    assert "Ines passe au bûcher, un bûcher de type FEU : Ines en meurt." in public(sc)


def test_several_the_most_chosen_element_wins(tmp_path: Path) -> None:
    """000, Impitoyable: « Si plusieurs personnes ont utilisé impitoyable en même temps sur le
    même joueur, l'élément le plus ressorti parmi eux gagne »: Chloe AIR, Farid and Gina TERRE
    voted Ines (Alice's EAU went to Hugo): TERRE."""
    sc = start(tmp_path)
    orders = {
        "Chloe": "impitoyable air",
        "Farid": "impitoyable terre",
        "Gina": "impitoyable terre",
        "Alice": "impitoyable eau",
    }
    night(sc, orders, "David", "Emma")
    public(sc)
    day(sc, {"Chloe": "Ines", "Farid": "Ines", "Gina": "Ines", "Alice": "Hugo"})
    assert burned(sc) == ("Ines", "terre", True)
    assert "Ines passe au bûcher, un bûcher de type TERRE : Ines en meurt." in public(sc)


def test_a_tie_between_elements_burns_by_fire(tmp_path: Path) -> None:
    """000, Impitoyable: « En cas d'égalité, le bûcher sera de type FEU »: Farid TERRE and Gina
    AIR both voted Ines."""
    sc = start(tmp_path)
    night(sc, {"Farid": "impitoyable terre", "Gina": "impitoyable air"}, "David", "Emma")
    public(sc)
    day(sc, {"Farid": "Ines", "Gina": "Ines"})
    assert burned(sc) == ("Ines", "feu", True)
    assert "Ines passe au bûcher, un bûcher de type FEU : Ines en meurt." in public(sc)


def test_only_the_next_days_stake(tmp_path: Path) -> None:
    """000, Impitoyable: « Lors du bûcher de la prochaine journée »: Farid's TERRE of night 1
    does not reach the stake of day 2."""
    sc = start(tmp_path)
    night(sc, {"Farid": "impitoyable terre"}, "David", "Emma")
    day(sc, {})
    night(sc, {}, "Hugo", "Jules")
    day(sc, {"Farid": "Ines", "Gina": "Ines"})
    assert burned(sc) == ("Ines", "feu", True)
