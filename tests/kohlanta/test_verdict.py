"""Rule set `kohlanta`, seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt, lines 20, 27 and
76-77, « LG KOH-LANTA »): the vote of the losing tribe and its verdict (« JOUR (PHASE EN
TRIBUS) »), the tie its chief breaks, the successor an eliminated chief names (« JOUR 0 »),
played through players' mails. Each test cites the sentence of 000 it plays.

The deal (`tests.kohlanta.play.deal`): « rouges » Alice, Bruno, Chloe, David, Emma, Farid;
« jaunes » Gina, Hugo, Ines, Jules, Karim, Lea; stratèges Alice, Bruno, Gina, Hugo; Sportifs
Alice, Chloe, Emma, Gina, Ines, Karim (the others Survivalistes). Alice and Gina are elected
chiefs on day 0 (`drive.elected`).
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.kohlanta.drive import JAUNES, ROUGES, day_one, elected, line_of, text_of, win

# --- the vote and its verdict -----------------------------------------------------------------


def test_only_the_losing_tribe_votes(tmp_path: Path) -> None:
    """000: « La tribu perdante ira au vote, et devra éliminer l'un d'entre eux. Seules les
    membres de cette tribu voteront, les autres pourront juste discuter. »"""
    sc = day_one(tmp_path)
    win(sc, "rouges")
    sc.refused("Chloe", "vote Jules", "not_allowed")
    for name in JAUNES:
        sc.ok(name, "vote Jules" if name != "Jules" else "vote Karim")
    sc.end()
    (verdict,) = sc.events("VerdictGiven")
    assert verdict["votes"] == {"Jules": 5, "Karim": 1}
    assert verdict["out"] == ["Jules"]
    assert all(sc.alive(n) for n in ROUGES)


def test_the_verdict_tells_necklace_secret_votes_and_who_is_out(tmp_path: Path) -> None:
    """000: « Quand le vote est fini, si un membre de la tribu a joué son collier d'immunité, le
    MJ l'annonce, il annonce également les votes des stratèges qui auraient affecté la tribu,
    puis annonce qui est éliminé »; « Note : il n'indique pas les modificateurs de vote des
    votes secrets des stratèges »; « Quand un joueur est éliminé, le MJ indique son camp et son
    rôle. »"""
    sc = elected(tmp_path)
    number = int(sc.state.extra["colliers"]["number"])
    sc.ok("Lea", f"collier {number}")
    sc.ok("Jules", f"collier {number % 6 + 1}")
    sc.ok("Alice", "vote Jules")  # a rouge stratège's secret vote on a jaune
    sc.ok("Hugo", "vote Jules")
    sc.ok("Bruno", "vote Chloe")  # on a rouge: the rouges will not vote
    sc.end()
    assert "Vous avez trouvé le collier d'immunité" in text_of(sc, "Lea", "collier d'immunité")
    sc.ok("Lea", "utiliser collier")
    win(sc, "rouges")
    votes = {"Gina": "Lea", "Hugo": "Lea", "Karim": "Lea", "Ines": "Jules"}
    for voter, target in {**votes, "Jules": "Ines", "Lea": "Ines"}.items():
        sc.ok(voter, f"vote {target}")
    sc.end()
    text = text_of(sc, "Chloe", "Le vote est clos.")
    assert "Lea a joué son collier d'immunité : les votes contre Lea ne comptent pas." in text
    secret = line_of(text, "Votes secrets des stratèges : ")
    assert secret == "Votes secrets des stratèges : Jules (2)."
    counts = line_of(text, "Votes : ")
    assert "Jules (1)" in counts and "Ines (2)" in counts and "Lea" not in counts
    assert "Jules est éliminé·e : bisounours, survivaliste, de la tribu jaunes." in text
    assert not sc.alive("Jules") and sc.alive("Lea")


# --- the chief: tie-break and successor -------------------------------------------------------


def test_a_tie_is_broken_by_the_losing_tribes_chief(tmp_path: Path) -> None:
    """000: « puis annonce qui est éliminé (avec au préalable une demande au chef de tribu de
    départager, s'il y a une égalité) »; « un chef de tribu qui sert à départager les
    éventuelles égalités »."""
    sc = day_one(tmp_path)
    win(sc, "rouges")
    for voter in ("Gina", "Hugo", "Ines"):
        sc.ok(voter, "vote Jules")
    for voter in ("Jules", "Karim", "Lea"):
        sc.ok(voter, "vote Ines")
    sc.end()
    text = text_of(sc, "Chloe", "Le vote est clos.")
    tie = line_of(text, "Égalité entre ")
    assert tie.endswith(" : le chef de tribu départage.")
    assert sorted(tie[len("Égalité entre ") :].split(" : ")[0].split(", ")) == ["Ines", "Jules"]
    asked = [m for m in sc.mails("Gina") if "Tranchez l'égalité" in m.subject]
    assert asked and "trancher NOM" in asked[0].content
    sc.refused("Hugo", "trancher Ines", "not_allowed")
    among = sc.refused("Gina", "trancher Karim", "not_allowed")
    assert re.search(r"départagez entre : (Jules, Ines|Ines, Jules)", among.text)
    sc.ok("Gina", "trancher Ines")
    told = text_of(sc, "Chloe", "départage : ")
    assert "Le chef de tribu Gina départage : Ines est désigné·e." in told
    assert "Ines est éliminé·e : bisounours, sportif, de la tribu jaunes." in told
    assert not sc.alive("Ines") and sc.alive("Jules")
    assert sc.phase() == ("night", 2)


def test_a_tie_the_chief_does_not_break_in_time_is_drawn(tmp_path: Path) -> None:
    """000: « une demande au chef de tribu de départager »; ruling: without his answer in time,
    a recorded draw among the tied."""
    sc = day_one(tmp_path)
    win(sc, "rouges")
    for voter in ("Gina", "Hugo", "Ines"):
        sc.ok(voter, "vote Jules")
    for voter in ("Jules", "Karim", "Lea"):
        sc.ok(voter, "vote Ines")
    sc.end()
    sc.later(hours=2)
    (settled,) = sc.events("TieSettled")
    assert settled["by"] == "" and settled["name"] in ("Jules", "Ines")
    told = text_of(sc, "Chloe", "L'égalité est tranchée")
    assert f"L'égalité est tranchée par tirage au sort : {settled['name']}." in told
    assert [sc.alive(n) for n in ("Jules", "Ines")].count(False) == 1
    assert sc.phase() == ("night", 2)


def test_an_eliminated_chief_names_his_successor_in_his_tribe(tmp_path: Path) -> None:
    """000, « JOUR 0 »: « S'il meure, il nomme un successeur parmi sa tribu »."""
    sc = day_one(tmp_path)
    win(sc, "rouges")
    for voter in JAUNES:
        sc.ok(voter, "vote Gina" if voter != "Gina" else "vote Lea")
    sc.end()
    assert not sc.alive("Gina")
    assert any("Votre successeur" in m.subject for m in sc.mails("Gina"))
    pool = sc.refused("Gina", "successeur Alice", "not_allowed")
    assert "nommez votre successeur parmi : Hugo, Ines, Jules, Karim, Lea" in pool.text
    sc.ok("Gina", "successeur Karim")
    assert sc.state.extra["chefs"]["jaunes"] == "Karim"
    told = text_of(sc, "Chloe", "devient chef")
    assert "Karim devient chef de la tribu jaunes, désigné·e par son prédécesseur." in told


def test_a_successor_not_named_in_time_is_drawn_in_the_tribe(tmp_path: Path) -> None:
    """000, « JOUR 0 »: « il nomme un successeur parmi sa tribu »; ruling: without his answer in
    time, a recorded draw among those he could name."""
    sc = day_one(tmp_path)
    win(sc, "rouges")
    for voter in JAUNES:
        sc.ok(voter, "vote Gina" if voter != "Gina" else "vote Lea")
    sc.end()
    sc.later(hours=2)
    head = sc.state.extra["chefs"]["jaunes"]
    assert head in JAUNES and head != "Gina"
    assert f"{head} devient chef de la tribu jaunes (tiré·e au sort)." in text_of(
        sc, "Chloe", "devient chef"
    )
