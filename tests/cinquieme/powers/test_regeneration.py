"""Rule set `cinquieme-element`, seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt, « LG LE
CINQUIÈME ÉLÉMENT »): the power Régénération (PRO-VILLAGEOIS, VIE): « Vous gagnez 1 cœur. Vous ne
pouvez pas cibler un autre joueur sauf si vous êtes au maximum de cœurs possibles au début de la
nuit. » At the night's end (« 1> SOIN + RÉGÉNÉRATION : Note : si un même joueur devrait recevoir
plusieurs cœurs durant la nuit, il n'en gagne qu'un (les autres sont perdus) »). Each test cites
the sentence of 000 it plays."""

from __future__ import annotations

from pathlib import Path

from tests.cinquieme.drive import closing_night as night
from tests.cinquieme.drive import hearts, starter, told_hearts

POWERS = {
    "Ines": "régénération et truffe-de-lynx",
    "Alice": "truffe-de-lynx et soin",
    "Bruno": "ignifugé et traçage",
}


start = starter(POWERS)


def test_the_owner_gains_a_heart(tmp_path: Path) -> None:
    """000, Régénération: « Vous gagnez 1 cœur. »"""
    sc = start(tmp_path)
    night(sc, {"Ines": "régénération"}, "Hugo", "David")
    assert hearts(sc, "Ines") == 3
    changes = [e for e in sc.events("HeartsChanged") if e["player"] == "Ines"]
    assert [(e["hearts"], e["why"]) for e in changes] == [(3, "regeneration")]
    [told] = told_hearts(sc, "Ines")
    assert "Il vous reste 3 cœurs." in told


def test_never_above_nc_plus_one(tmp_path: Path) -> None:
    """000, « 1- Les cœurs »: « Si à tout moment dans la partie, le nombre de cœurs d'un joueur
    devrait dépasser NC+1, il ne conserve que NC+1 cœurs »: Ines at 3 regenerates and stays at
    3, her total unchanged and untold."""
    sc = start(tmp_path)
    night(sc, {"Ines": "régénération"}, "Hugo", "David")
    told_hearts(sc, "Ines")
    sc.end()  # a day without a vote
    night(sc, {"Ines": "régénération"}, "Gina", "Farid")
    assert hearts(sc, "Ines") == 3
    assert told_hearts(sc, "Ines") == []


def test_another_player_only_when_at_the_maximum_as_the_night_began(tmp_path: Path) -> None:
    """000, Régénération: « Vous ne pouvez pas cibler un autre joueur sauf si vous êtes au
    maximum de cœurs possibles au début de la nuit »: refused on night 1 (Ines at 2), taken on
    night 2 (Ines at NC+1 = 3 as it began): Hugo gains the heart, not Ines."""
    sc = start(tmp_path)
    sc.refused("Ines", "régénération Hugo", "not_allowed")
    night(sc, {"Ines": "régénération"}, "Hugo", "David")
    assert (hearts(sc, "Ines"), hearts(sc, "Hugo")) == (3, 1)
    sc.end()  # a day without a vote
    assert sc.state.extra["coeurs-au-soir"]["Ines"] == 3
    told_hearts(sc, "Hugo")
    night(sc, {"Ines": "régénération Hugo"}, "Gina", "Farid")
    assert (hearts(sc, "Ines"), hearts(sc, "Hugo")) == (3, 2)
    [told] = told_hearts(sc, "Hugo")
    assert "Il vous reste 2 cœurs." in told


def test_one_heart_a_night_even_with_a_soin(tmp_path: Path) -> None:
    """000, « 1> SOIN + RÉGÉNÉRATION : Note : si un même joueur devrait recevoir plusieurs cœurs
    durant la nuit, il n'en gagne qu'un (les autres sont perdus) »; « Un joueur ne peut pas
    gagner plus d'un cœur chaque nuit »: Ines at 1 regenerates and is cared for: 2."""
    sc = start(tmp_path)
    night(sc, {}, "Hugo", "Ines")
    assert hearts(sc, "Ines") == 1
    sc.end()  # a day without a vote
    night(sc, {"Ines": "régénération", "Alice": "soin Ines"}, "Gina", "David")
    assert hearts(sc, "Ines") == 2
    night_two = [e for e in sc.events("HeartsChanged") if e["player"] == "Ines"][1:]
    assert [e["hearts"] for e in night_two] == [2]
