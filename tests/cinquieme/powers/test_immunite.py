"""Rule set `cinquieme-element`, seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt, « LG LE
CINQUIÈME ÉLÉMENT »): the power Immunité diplomatique (PRO-VILLAGEOIS, EAU): « Quand vous activez
ce pouvoir, votre vulnérabilité n'est plus effective pendant la nuit en cours et la prochaine
journée. De plus, votre vote durant la prochaine journée compte double (mais ce n'est révélé par
le MJ qu'à la fin de la journée et de manière anonyme). » Each test cites the sentence of 000 it
plays."""

from __future__ import annotations

from pathlib import Path

from tests.cinquieme.drive import MJ, day, hearts, starter
from tests.cinquieme.drive import closing_night as night

#: Emma and Jules are vulnerable to VIE (the wolves' attack), Farid to FEU (the stake)
POWERS = {
    "Emma": "immunité diplomatique et truffe-de-lynx",
    "Jules": "observation et truffe-de-lynx",
    "Farid": "immunité diplomatique et truffe-de-lynx",
    "David": "justice et truffe-de-lynx",
    "Alice": "truffe-de-lynx et soin",
    "Bruno": "ignifugé et traçage",
}


start = starter(POWERS)


def test_the_vulnerability_does_not_count_tonight(tmp_path: Path) -> None:
    """000, Immunité diplomatique: « votre vulnérabilité n'est plus effective pendant la nuit en
    cours »: Emma (vulnerable to VIE) loses one heart to an attack, Jules (the same, without it)
    two."""
    sc = start(tmp_path)
    night(sc, {"Emma": "immunité diplomatique"}, "Emma", "Jules")
    assert hearts(sc, "Emma") == 1
    assert sc.alive("Emma")
    assert not sc.alive("Jules")
    [told] = [m.content for m in sc.new_mails("Emma") if m.subject.endswith("Vos cœurs")]
    assert "Il vous reste 1 cœur." in told


def test_the_vulnerability_does_not_count_the_next_day(tmp_path: Path) -> None:
    """000, Immunité diplomatique: « votre vulnérabilité n'est plus effective pendant la nuit en
    cours et la prochaine journée »: Farid (vulnerable to FEU, 3 hearts) loses NC = 2 at the FEU
    stake, not 3."""
    sc = start(tmp_path)
    night(sc, {"Farid": "immunité diplomatique", "Alice": "soin Farid"}, "Hugo", "Ines")
    assert hearts(sc, "Farid") == 3
    sc.new_mails(MJ)
    day(sc, {"Chloe": "Farid", "David": "Farid"})
    assert sc.alive("Farid") and hearts(sc, "Farid") == 1
    [burned] = sc.events("StakeBurned")
    assert (burned["name"], burned["element"], burned["died"]) == ("Farid", "feu", False)
    public = "\n".join(m.content for m in sc.new_mails(MJ))
    assert "Farid passe au bûcher, un bûcher de type FEU : Farid y survit." in public


def test_the_vulnerability_counts_again_the_night_after(tmp_path: Path) -> None:
    """000, Immunité diplomatique: « pendant la nuit en cours et la prochaine journée », no
    longer: Emma, immune on night 1, is attacked on night 2 and loses two hearts."""
    sc = start(tmp_path)
    night(sc, {"Emma": "immunité diplomatique"}, "Hugo", "Ines")
    day(sc, {})
    night(sc, {}, "Emma", "David")
    assert not sc.alive("Emma")
    assert [e["name"] for e in sc.events("Died")] == ["Emma"]


def test_the_vote_counts_double_told_anonymously_at_the_days_end(tmp_path: Path) -> None:
    """000, Immunité diplomatique: « votre vote durant la prochaine journée compte double (mais
    ce n'est révélé par le MJ qu'à la fin de la journée et de manière anonyme) »; « s'il y a eu
    des modificateurs de vote activés, indiquer les nouveaux scores totaux »."""
    sc = start(tmp_path)
    night(sc, {"Emma": "immunité diplomatique"}, "Gina", "Farid")
    sc.new_mails()
    answer = sc.ok("Emma", "vote Hugo")
    sc.ok("David", "vote Ines")
    assert "double" not in answer.text
    assert not [m for m in sc.new_mails() if "double" in m.content]  # not before the day's end
    sc.end()
    [counted] = sc.events("StakeCounted")
    assert counted["totals"] == {"Hugo": 2, "Ines": 1}
    assert (counted["doubled"], counted["condemned"]) == (1, "Hugo")
    public = "\n".join(m.content for m in sc.new_mails(MJ))
    [line] = [x for x in public.splitlines() if "double" in x]
    assert line == "1 vote comptait double (Immunité diplomatique). Totaux : Hugo 2, Ines 1."
    assert "Emma" not in line  # anonymous
    assert "Hugo passe au bûcher, un bûcher de type FEU : Hugo en meurt." in public


def test_the_vote_counts_double_only_the_next_day(tmp_path: Path) -> None:
    """000, Immunité diplomatique: « votre vote durant la prochaine journée compte double »:
    not the day after; Emma's vote on day 2 counts once, and the tie goes to the mayor."""
    sc = start(tmp_path)
    night(sc, {"Emma": "immunité diplomatique"}, "Gina", "Farid")
    day(sc, {})
    night(sc, {}, "Gina", "Farid")
    day(sc, {"Emma": "Hugo", "David": "Ines"})
    [counted] = sc.events("StakeCounted")[1:]
    assert counted["totals"] == {"Hugo": 1, "Ines": 1}
    assert counted["doubled"] == 0
    assert counted["tied"] == ["Hugo", "Ines"]
