"""Rule set `cinquieme-element`, seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt, « LG LE
CINQUIÈME ÉLÉMENT »): the power Ignifugé (UNIVERSEL, EAU): « Quand vous activez ce pouvoir, si
vous passez à un bûcher de type feu le prochain jour ou subissez des blessures de type feu durant
la nuit en cours, vous subissez 1 blessure de feu de moins. Aussi, si vous êtes vulnérable au feu,
votre vulnérabilité n'est plus effective tant que ce pouvoir agit. » The fire wounds come from
Chaude haleine (« ce joueur subit aussi une blessure de type FEU »), Élémentaliste and the stake
(« Les blessures infligées par le bûcher sont de base de type FEU »). Each test cites the sentence
of 000 it plays."""

from __future__ import annotations

from pathlib import Path

from tests.cinquieme.drive import day, hearts, starter, told_hearts, wounds
from tests.cinquieme.drive import new_public as public
from tests.cinquieme.drive import reacting_night as night

#: Hugo (EAU), Farid (FEU) and Ines (AIR) may fireproof themselves; Alice breathes fire, Bruno
#: is an Élémentaliste with Impitoyable
POWERS = {
    "Hugo": "justice et ignifugé",
    "Farid": "observation et ignifugé",
    "Ines": "régénération et ignifugé",
    "Alice": "truffe-de-lynx et chaude haleine",
    "Bruno": "impitoyable et élémentaliste",
}


start = starter(POWERS)


def test_one_fire_wound_less_tonight(tmp_path: Path) -> None:
    """000, Ignifugé: « si vous [...] subissez des blessures de type feu durant la nuit en cours,
    vous subissez 1 blessure de feu de moins »: Hugo, attacked with Chaude haleine (a VIE wound
    and a FEU wound), loses the VIE heart only."""
    sc = start(tmp_path)
    night(sc, {"Hugo": "ignifugé", "Alice": "chaude haleine"}, "Hugo", "David")
    assert hearts(sc, "Hugo") == 1
    assert wounds(sc, "Hugo") == [(1, "attaque", "vie")]
    [told] = told_hearts(sc, "Hugo")
    assert "Il vous reste 1 cœur." in told


def test_without_it_the_fire_wound_counts(tmp_path: Path) -> None:
    """000, Chaude haleine: « ce joueur subit aussi une blessure de type FEU »: the same attack
    on Hugo without Ignifugé takes both his hearts."""
    sc = start(tmp_path)
    night(sc, {"Alice": "chaude haleine"}, "Hugo", "David")
    assert not sc.alive("Hugo")
    assert wounds(sc, "Hugo") == [(1, "attaque", "vie"), (0, "chaude-haleine", "feu")]


def test_a_fire_vulnerability_is_off_tonight(tmp_path: Path) -> None:
    """000, Ignifugé: « si vous êtes vulnérable au feu, votre vulnérabilité n'est plus effective
    tant que ce pouvoir agit »: Farid (FEU), struck by Élémentaliste's fire, loses nothing (one
    wound less, and no extra wound)."""
    sc = start(tmp_path)
    night(sc, {"Farid": "ignifugé", "Bruno": "élémentaliste feu"}, "David", "Farid")
    assert hearts(sc, "Farid") == 2
    assert wounds(sc, "Farid") == []
    assert told_hearts(sc, "Farid") == []


def test_one_fire_wound_less_at_the_next_days_fire_stake(tmp_path: Path) -> None:
    """000, Ignifugé: « si vous passez à un bûcher de type feu le prochain jour [...], vous
    subissez 1 blessure de feu de moins »: Hugo loses NC - 1 = 1 heart and survives, his hearts
    untold in public."""
    sc = start(tmp_path)
    night(sc, {"Hugo": "ignifugé"}, "David", "Gina")
    public(sc)
    day(sc, {"Chloe": "Hugo", "Emma": "Hugo"})
    assert sc.alive("Hugo") and hearts(sc, "Hugo") == 1
    text = public(sc)
    assert "Hugo passe au bûcher, un bûcher de type FEU : Hugo y survit." in text
    assert "cœur" not in text


def test_a_fire_vulnerability_is_off_at_the_stake(tmp_path: Path) -> None:
    """000, Ignifugé: « Aussi, si vous êtes vulnérable au feu, votre vulnérabilité n'est plus
    effective tant que ce pouvoir agit »: Farid (FEU) at the FEU stake loses 1, not NC + 1 = 3."""
    sc = start(tmp_path)
    night(sc, {"Farid": "ignifugé"}, "David", "Gina")
    day(sc, {"Chloe": "Farid", "Emma": "Farid"})
    assert sc.alive("Farid") and hearts(sc, "Farid") == 1
    assert wounds(sc, "Farid") == [(1, "bucher", "feu")]


def test_nothing_less_at_a_stake_of_another_element(tmp_path: Path) -> None:
    """000, Ignifugé: « si vous passez à un bûcher de type feu »: Ines, fireproof, burned by
    EAU (Bruno's Impitoyable), loses NC = 2 and dies."""
    sc = start(tmp_path)
    night(sc, {"Ines": "ignifugé", "Bruno": "impitoyable eau"}, "David", "Gina")
    public(sc)
    day(sc, {"Bruno": "Ines", "Chloe": "Ines"})
    assert not sc.alive("Ines")
    assert "Ines passe au bûcher, un bûcher de type EAU : Ines en meurt." in public(sc)


def test_only_the_next_day(tmp_path: Path) -> None:
    """000, Ignifugé: « le prochain jour »: Hugo, fireproof on night 1, burned by FEU on day 2,
    loses NC = 2 and dies."""
    sc = start(tmp_path)
    night(sc, {"Hugo": "ignifugé"}, "David", "Gina")
    day(sc, {})
    night(sc, {}, "Chloe", "Emma")
    day(sc, {"Farid": "Hugo", "Ines": "Hugo"})
    assert not sc.alive("Hugo")
    assert wounds(sc, "Hugo") == [(0, "bucher", "feu")]
