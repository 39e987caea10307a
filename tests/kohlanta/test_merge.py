"""Rule set `kohlanta` (seed 000, ../shared/seeds/000_34f6f2cfe008970d.txt, lines 80-94,
« LG KOH-LANTA »): « TRANSITION : AMBASSADEURS + RÉUNIFICATION » and « JOUR (PHASE EN
INDIVIDUEL) », played through players' mails. Each test cites the sentences of 000 it plays.

The deal (`play.deal(12)`): « rouges » Alice, Bruno, Chloe, David, Emma, Farid; « jaunes » Gina,
Hugo, Ines, Jules, Karim, Lea; the stratèges Alice, Bruno, Gina, Hugo; Sportifs Alice, Chloe,
Emma, Gina, Ines, Karim, the others Survivalistes; Farid and Jules elected chiefs on day 0
(`drive.start`). A deterministic driver plays the days: the tribe (or player) meant to win the
challenge sends the exact challenge, everyone else a wrong one; every voter votes for the player
meant to go.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.kohlanta.drive import (
    challenge,
    day,
    drawn,
    guess,
    latest,
    merge,
    night,
    score_of,
    start,
    to_merge,
    vote,
)

# --- TRANSITION : AMBASSADEURS + RÉUNIFICATION ------------------------------------------------


def test_the_chiefs_are_ambassadors_the_night_after_nine_left(tmp_path: Path) -> None:
    """000, « TRANSITION »: « Dès qu'on est à 9 joueurs restants, pendant la nuit se déroule
    les ambassadeurs : les deux chefs d'équipe doivent nommer un joueur qui deviendra le chef
    d'équipe de la nouvelle tribu (ça peut être l'un d'entre eux) »: at 10 nobody is asked;
    at 9 the two chiefs, and they only; both naming Emma, she is the chief, no draw."""
    sc = start(tmp_path)
    night(sc)
    day(sc, "jaunes", "Chloe")
    night(sc)
    day(sc, "rouges", "Ines")
    assert sc.phase() == ("night", 3) and len(sc.state.living()) == 10
    assert not any("Ambassadeur" in m.subject for m in sc.mails())
    sc.refused("Farid", "ambassadeur Emma", "not_allowed")
    night(sc)
    day(sc, "jaunes", "David")
    assert sc.phase() == ("night", 4) and len(sc.state.living()) == 9
    asked = sorted(m.to for m in sc.mails() if m.subject.endswith("Ambassadeur"))
    assert asked == [sc.email("Farid"), sc.email("Jules")]
    assert "Farid et Jules désignent le chef" in latest(sc, "Chloe", "Nuit 4")
    sc.refused("Emma", "ambassadeur Emma", "not_allowed")
    merge(sc, "Emma", "Emma")
    assert sc.view()["chiefs"] == {"blanche": "Emma"}
    assert not drawn(sc, "ambassadeurs")
    assert "Son chef : Emma." in latest(sc, "Chloe", "Jour 4")


def test_ambassadors_who_disagree_leave_it_to_a_draw(tmp_path: Path) -> None:
    """000: « S'ils ne sont pas d'accord sur un nom, le MJ désigne l'un des deux au hasard
    pour ce rôle »: Farid names Jules, Jules names Farid: a recorded draw between the two."""
    sc = start(tmp_path)
    to_merge(sc)
    merge(sc, "Jules", "Farid")
    (draw,) = drawn(sc, "ambassadeurs")
    assert sorted(draw["among"]) == ["Farid", "Jules"]
    assert sc.view()["chiefs"] == {"blanche": draw["chosen"][0]}
    assert "(les ambassadeurs n'étant pas d'accord, tiré au sort)" in latest(sc, "Emma", "Jour 4")


@pytest.mark.parametrize("name", [None, "violette"])
def test_at_dawn_the_tribes_merge(tmp_path: Path, name: str | None) -> None:
    """000: « Au matin quand la nuit est finie, c'est la réunification : les deux tribus
    fusionnent en une tribu blanche » (option tribu_fusion names it); « PHASE EN INDIVIDUEL
    (9 - 6 joueurs) »."""
    options = {"tribu_fusion": name} if name else {}
    sc = start(tmp_path, options=options)
    to_merge(sc)
    assert sc.view("Emma")["phase_of_play"] == "tribus"
    merge(sc)
    merged = name or "blanche"
    assert sc.view("Emma")["phase_of_play"] == "individuel"
    tribes = {p["name"]: p["tribe"] for p in sc.view("Emma")["players"]}
    assert {tribes[n] for n in sc.state.living_names()} == {merged}
    assert sc.view()["chiefs"] == {merged: "Farid"}
    assert f"les deux tribus fusionnent en une tribu {merged}." in latest(sc, "Lea", "Jour 4")


# --- JOUR (PHASE EN INDIVIDUEL) ---------------------------------------------------------------


def test_individual_scores_are_told_to_each_alone(tmp_path: Path) -> None:
    """000, « JOUR (PHASE EN INDIVIDUEL) »: « le décompte des scores devient individuel, chaque
    joueur qui est dans une alliance gagne +1 point bonus, et les scores ne sont plus annoncés
    publiquement par le MJ (il annonce juste qui gagne : et celui-ci gagne le totem
    d'immunité) »: each player's own score by private mail, the public mail names the winner
    only; Farid and Jules, allied, score 1 with every line wrong, Lea 0."""
    sc = start(tmp_path)
    to_merge(sc)
    merge(sc)
    sc.new_mails()
    challenge(sc, "Farid")
    assert score_of(sc, "Farid") == "4 points"  # survivaliste, exact
    assert score_of(sc, "Alice") == "1 point"  # sportif, all wrong
    assert score_of(sc, "Bruno") == "0 point"  # survivaliste, all wrong
    news = latest(sc, "Chloe", "Nouvelles du village")
    assert "Farid gagne l'épreuve et le totem d'immunité" in news
    assert "Scores" not in news and "Tribu" not in news and "points" not in news
    vote(sc, "Emma")
    night(sc, {"Farid": "alliance Jules", "Jules": "alliance Farid"})
    sc.new_mails()
    challenge(sc, "Hugo")
    assert score_of(sc, "Farid") == "1 point"
    assert score_of(sc, "Jules") == "1 point"
    assert score_of(sc, "Lea") == "0 point"
    assert score_of(sc, "Hugo") == "4 points"
    assert "Hugo gagne l'épreuve" in latest(sc, "Ines", "Nouvelles du village")


def test_the_winner_cannot_be_voted_against_but_votes(tmp_path: Path) -> None:
    """000: « Personne ne peut voter contre celui qui gagne l'épreuve du jour, et donc il est
    possible de voter contre n'importe qui d'autre. Par contre contrairement à la phase en
    tribus, celui qui a le totem d'immunité peut voter »."""
    sc = start(tmp_path)
    to_merge(sc)
    merge(sc)
    challenge(sc, "Farid")
    sc.refused("Alice", "vote Farid", "not_allowed")
    sc.ok("Farid", "vote Lea")  # a player of the other former tribe: anyone
    sc.ok("Alice", "vote Lea")
    sc.ok("Bruno", "vote Gina")
    sc.end()
    (verdict,) = [v for v in sc.events("VerdictGiven") if v["day"] == 4]
    assert verdict["votes"] == {"Lea": 2, "Gina": 1}
    assert not sc.alive("Lea")


@pytest.mark.parametrize("second", ["both-first", "none-first"])
def test_a_tie_after_the_replay_is_drawn(tmp_path: Path, second: str) -> None:
    """000: « S'il y a des égalités pendant l'épreuve même après une première relance, le MJ
    choisit au hasard parmi ceux qui sont arrivés en première place sur les deux propositions
    (ou s'il n'y en n'a pas, parmi ceux qui sont arrivés premiers sur la première
    proposition) »: Alice and Emma exact (5 each); replayed, Alice and Emma tied first again, or
    Gina and Karim first: a recorded draw between Alice and Emma."""
    sc = start(tmp_path)
    to_merge(sc)
    merge(sc)
    exact = guess(sc, (0, 1, 2, 3))
    for name in sc.state.living_names():
        sc.ok(name, exact if name in ("Alice", "Emma") else guess(sc, ()))
    assert sc.step() == "relance"
    news = latest(sc, "Chloe", "Nouvelles du village")
    assert "Égalité à l'épreuve : l'épreuve se rejoue." in news
    if second == "both-first":
        sc.ok("Alice", guess(sc, (0, 1, 2)))
        sc.ok("Emma", guess(sc, (1, 2, 3)))
    else:
        sc.ok("Gina", guess(sc, (0, 1, 2)))
        sc.ok("Karim", guess(sc, (1, 2, 3)))
        sc.ok("Alice", guess(sc, ()))
        sc.ok("Emma", guess(sc, ()))
    sc.end()
    assert sc.step() == "vote"
    (draw,) = drawn(sc, "epreuve-egalite")
    assert sorted(draw["among"]) == ["Alice", "Emma"]
    winner = draw["chosen"][0]
    assert sc.state.extra["epreuve"]["winner"] == winner
    assert f"{winner} gagne l'épreuve (égalité, tirage au sort)" in latest(
        sc, "Chloe", "Nouvelles du village"
    )
