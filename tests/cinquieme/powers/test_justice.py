"""Rule set `cinquieme-element`, seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt, « LG LE
CINQUIÈME ÉLÉMENT »): the power Justice (PRO-VILLAGEOIS, FEU): « Ciblez un autre joueur et
choisissez un élément. Si l'élément choisi correspond à la vulnérabilité de ce joueur, alors ce
joueur perd 1 cœur, sauf si l'élément choisi était VIE auquel cas il gagne 1 cœur à la place. Vous
n'êtes pas mis au courant si le total de cœurs de la cible a changé. » At the night's end, after
the attacks (« 3> JUSTICE »). Each test cites the sentence of 000 it plays."""

from __future__ import annotations

from pathlib import Path

from tests.cinquieme.drive import closing_night as night
from tests.cinquieme.drive import hearts, starter, told_hearts

#: Emma judges; Bruno is vulnerable to TERRE, Jules to VIE, Hugo to EAU
POWERS = {
    "Emma": "justice et truffe-de-lynx",
    "Hugo": "justice et ignifugé",
    "Alice": "truffe-de-lynx et soin",
    "Bruno": "ignifugé et traçage",
}


start = starter(POWERS)


def test_the_element_of_the_vulnerability_takes_a_heart(tmp_path: Path) -> None:
    """000, Justice: « Si l'élément choisi correspond à la vulnérabilité de ce joueur, alors ce
    joueur perd 1 cœur »: Bruno, vulnerable to TERRE, judged by TERRE."""
    sc = start(tmp_path)
    night(sc, {"Emma": "justice Bruno terre"}, "Hugo", "David")
    assert hearts(sc, "Bruno") == 1
    changes = [e for e in sc.events("HeartsChanged") if e["player"] == "Bruno"]
    assert [(e["hearts"], e["why"]) for e in changes] == [(1, "justice")]
    [told] = told_hearts(sc, "Bruno")
    assert "Il vous reste 1 cœur." in told


def test_vie_on_a_vie_vulnerability_gives_a_heart(tmp_path: Path) -> None:
    """000, Justice: « sauf si l'élément choisi était VIE auquel cas il gagne 1 cœur à la
    place »: Jules, vulnerable to VIE, judged by VIE."""
    sc = start(tmp_path)
    night(sc, {"Emma": "justice Jules vie"}, "Hugo", "David")
    assert hearts(sc, "Jules") == 3
    [told] = told_hearts(sc, "Jules")
    assert "Il vous reste 3 cœurs." in told


def test_another_element_does_nothing(tmp_path: Path) -> None:
    """000, Justice: « Si l'élément choisi correspond à la vulnérabilité de ce joueur », only:
    Bruno (TERRE) judged by FEU, Chloe (EAU) judged by VIE keep their hearts."""
    sc = start(tmp_path)
    night(sc, {"Emma": "justice Bruno feu", "Hugo": "justice Chloe vie"}, "Gina", "David")
    assert (hearts(sc, "Bruno"), hearts(sc, "Chloe")) == (2, 2)
    assert not [e for e in sc.events("HeartsChanged") if e["player"] in ("Bruno", "Chloe")]
    assert told_hearts(sc, "Bruno") == [] and told_hearts(sc, "Chloe") == []


def test_the_judge_is_not_told(tmp_path: Path) -> None:
    """000, Justice: « Vous n'êtes pas mis au courant si le total de cœurs de la cible a
    changé »: Emma gets the day's digest only, which says nothing of Bruno."""
    sc = start(tmp_path)
    night(sc, {"Emma": "justice Bruno terre"}, "Hugo", "David")
    assert hearts(sc, "Bruno") == 1
    mails = sc.new_mails("Emma")
    assert [m.subject for m in mails] == ["[village] Jour 1"]
    assert "Bruno" not in mails[0].content
    assert not sc.events("PowerAnswered")


def test_another_player_and_an_element_are_named(tmp_path: Path) -> None:
    """000, Justice: « Ciblez un autre joueur et choisissez un élément. »"""
    sc = start(tmp_path)
    sc.refused("Emma", "justice Emma vie", "not_allowed")
    sc.refused("Emma", "justice Bruno", "not_allowed")
    sc.refused("Emma", "justice terre", "not_allowed")
    sc.ok("Emma", "justice Bruno terre")


def test_justice_after_the_attacks_may_take_the_last_heart(tmp_path: Path) -> None:
    """000, « Ordre de résolution »: « 2> ATTAQUES NORMALE DES LOUPS [...] 3> JUSTICE »: Hugo
    (EAU), attacked down to 1, loses his last heart to Justice by EAU and dies that night."""
    sc = start(tmp_path)
    night(sc, {"Emma": "justice Hugo eau"}, "Hugo", "David")
    assert not sc.alive("Hugo")
    changes = [(e["hearts"], e["why"]) for e in sc.events("HeartsChanged") if e["player"] == "Hugo"]
    assert changes == [(1, "attaque"), (0, "justice")]


def test_one_power_a_night_the_later_line_replaces_justice(tmp_path: Path) -> None:
    """000, « Les pouvoirs »: « chacun ne peut se servir que d'un de ses deux pouvoirs chaque
    nuit »: Hugo writes Justice, then Ignifugé: only Ignifugé acts, Bruno keeps his hearts."""
    sc = start(tmp_path)
    night(sc, {"Hugo": "justice Bruno terre\nignifugé"}, "Gina", "David")
    assert hearts(sc, "Bruno") == 2
    kept = sc.events("PowersKept")[-1]["by"]
    assert kept["Hugo"] == ["ignifuge", "", ""]
