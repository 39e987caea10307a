"""Rule set `cinquieme-element`, seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt, « LG LE
CINQUIÈME ÉLÉMENT »): the power Autopsie (UNIVERSEL, FEU): « Si vous mourrez durant la nuit en
cours ou la prochaine journée, toutes vos informations sont révélées (donc tous vos pouvoirs et
votre vulnérabilité). Au moment de votre mort, choisissez un joueur vivant discrètement par MP au
MJ : ce joueur perd 1 cœur, et les deux joueurs vivants adjacents à lui sur la liste perdent aussi
chacun 1 cœur. Tout joueur qui devrait mourir à cause de ce pouvoir se retrouve à 1 cœur à la
place. Ce pouvoir ne peut être utilisé que durant les numéros de nuit impairs. (Donc nuit 1, nuit
3, etc.) » « La liste » is the players' list (Alice, Bruno, Chloe, David, Emma, Farid, Gina,
Hugo, Ines, Jules). Each test cites the sentence of 000 it plays."""

from __future__ import annotations

from pathlib import Path

from tests.cinquieme.drive import day, hearts, starter, told_hearts
from tests.cinquieme.drive import new_public as public
from tests.cinquieme.drive import reacting_night as night

#: Farid (vulnerable to FEU) has Autopsie; Alice's Chaude haleine kills him alone
POWERS = {
    "Farid": "observation et autopsie",
    "Alice": "truffe-de-lynx et chaude haleine",
    "Bruno": "ignifugé et traçage",
}
REVEALED = "Autopsie de Farid : ses pouvoirs, Observation et Autopsie ; sa vulnérabilité, FEU."
#: a dead owner's « ascension NOM » / « autopsie NOM » names nobody: power._read reads no player
#: for a power that aims at nobody (`NOTHING`), and Cinquieme.react refuses the empty target
AT_DEATH_BUG = (
    "power._read drops the name after « {0} » (the power aims at NOTHING): the dead owner's "
    "« {0} NOM » is refused « nommez un joueur vivant », the choice never acts"
)


start = starter(POWERS)


def test_only_on_odd_nights(tmp_path: Path) -> None:
    """000, Autopsie: « Ce pouvoir ne peut être utilisé que durant les numéros de nuit impairs.
    (Donc nuit 1, nuit 3, etc.) »"""
    sc = start(tmp_path)
    sc.ok("Farid", "autopsie")
    night(sc, {"Farid": "autopsie"}, "Hugo", "David")
    day(sc, {})
    sc.refused("Farid", "autopsie", "not_allowed")
    night(sc, {}, "Gina", "Ines")
    day(sc, {})
    assert sc.phase() == ("night", 3)
    sc.ok("Farid", "autopsie")


def test_dying_that_night_reveals_his_powers_and_vulnerability(tmp_path: Path) -> None:
    """000, Autopsie: « Si vous mourrez durant la nuit en cours [...], toutes vos informations
    sont révélées (donc tous vos pouvoirs et votre vulnérabilité) »; without it, « n'indique pas
    sa vulnérabilité ni son pouvoir pro-villageois »: Jules, dead the same night, keeps them."""
    sc = start(tmp_path)
    night(sc, {"Farid": "autopsie", "Alice": "chaude haleine"}, "Farid", "Jules")
    assert not sc.alive("Farid") and not sc.alive("Jules")
    [revealed] = sc.events("Revealed")
    assert revealed["record"] == {"powers": ["observation", "autopsie"], "vulnerability": "feu"}
    text = public(sc)
    assert REVEALED in text
    assert "Autopsie de Jules" not in text
    seen = {p["name"]: p for p in sc.view("Chloe")["players"]}
    assert seen["Farid"]["vulnerability"] == "feu"
    assert seen["Farid"]["powers"] == ["observation", "autopsie"]
    assert seen["Jules"]["vulnerability"] is None
    assert len(seen["Jules"]["powers"]) == 1  # his universal power only
    assert [(r.player, r.kind) for r in sc.state.reactions] == [("Farid", "autopsie")]
    [asked] = [m for m in sc.new_mails("Farid") if m.subject.endswith("Votre dernier pouvoir")]
    assert "« autopsie NOM »" in asked.content


def test_dying_the_next_day_reveals_them_too(tmp_path: Path) -> None:
    """000, Autopsie: « Si vous mourrez durant la nuit en cours ou la prochaine journée »: Farid,
    burned on day 1, is revealed and his choice awaited."""
    sc = start(tmp_path)
    night(sc, {"Farid": "autopsie"}, "Hugo", "David")
    assert sc.alive("Farid")
    public(sc)
    day(sc, {"Chloe": "Farid", "Emma": "Farid"})
    assert not sc.alive("Farid")
    text = public(sc)
    assert "Farid passe au bûcher, un bûcher de type FEU : Farid en meurt." in text
    assert REVEALED in text
    assert [(r.player, r.kind) for r in sc.state.reactions] == [("Farid", "autopsie")]


def test_dying_later_reveals_nothing(tmp_path: Path) -> None:
    """000, Autopsie: « durant la nuit en cours ou la prochaine journée », not later: Farid,
    killed on night 2, is not revealed."""
    sc = start(tmp_path)
    night(sc, {"Farid": "autopsie"}, "Hugo", "David")
    day(sc, {})
    night(sc, {"Alice": "chaude haleine"}, "Farid", "Ines")
    assert not sc.alive("Farid")
    assert not sc.events("Revealed")
    assert not sc.state.reactions
    assert "Autopsie de Farid" not in public(sc)
    assert sc.view("Chloe")["players"][5]["vulnerability"] is None


def test_the_chosen_and_his_two_living_neighbours_lose_a_heart(tmp_path: Path) -> None:
    """000, Autopsie: « choisissez un joueur vivant discrètement par MP au MJ : ce joueur perd 1
    cœur, et les deux joueurs vivants adjacents à lui sur la liste perdent aussi chacun 1
    cœur »: Chloe, and Bruno and David beside her."""
    sc = start(tmp_path)
    night(sc, {"Farid": "autopsie", "Alice": "chaude haleine"}, "Farid", "Hugo")
    before = {n: hearts(sc, n) for n in sc.state.living_names()}
    sc.ok("Farid", "autopsie Chloe")
    after = {n: hearts(sc, n) for n in sc.state.living_names()}
    assert {n for n in after if after[n] != before[n]} == {"Bruno", "Chloe", "David"}
    assert (after["Bruno"], after["Chloe"], after["David"]) == (1, 1, 1)
    for name in ("Bruno", "Chloe", "David"):
        assert any("Il vous reste 1 cœur." in t for t in told_hearts(sc, name))
    assert not sc.state.reactions


def test_the_dead_are_skipped_and_nobody_falls_below_one(tmp_path: Path) -> None:
    """000, Autopsie: « les deux joueurs vivants adjacents à lui sur la liste »; « Tout joueur
    qui devrait mourir à cause de ce pouvoir se retrouve à 1 cœur à la place »: Emma's living
    neighbours are David (at 1: he stays at 1) and Gina (Farid, dead, is skipped)."""
    sc = start(tmp_path)
    night(sc, {"Farid": "autopsie", "Alice": "chaude haleine"}, "Farid", "David")
    assert hearts(sc, "David") == 1
    sc.ok("Farid", "autopsie Emma")
    assert (hearts(sc, "David"), hearts(sc, "Emma"), hearts(sc, "Gina")) == (1, 1, 1)
    assert (hearts(sc, "Chloe"), hearts(sc, "Hugo")) == (2, 2)
    assert sc.alive("David")
    assert [e["name"] for e in sc.events("Died")] == ["Farid"]
