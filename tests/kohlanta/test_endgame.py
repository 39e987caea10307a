"""Rule set `kohlanta` (seed 000, ../shared/seeds/000_34f6f2cfe008970d.txt, lines 1-116,
« LG KOH-LANTA »): the game's second half, played through players' mails. « TRANSITION :
AMBASSADEURS + RÉUNIFICATION », « JOUR (PHASE EN INDIVIDUEL) », « NUIT (PHASE EN
INDIVIDUEL) », « PHASE FINALE » (the orientation, the last vote, the jury), the jurors who learn
nothing, and the wins « à tout moment de la partie ». Each test cites the sentences of 000 it
plays.

The deal (`play.deal(12)`): « rouges » Alice, Bruno, Chloe, David, Emma, Farid; « jaunes » Gina,
Hugo, Ines, Jules, Karim, Lea; the stratèges Alice, Bruno, Gina, Hugo; Sportifs Alice, Chloe,
Emma, Gina, Ines, Karim, the others Survivalistes. A deterministic driver plays the days: the
tribe (or player) meant to win the challenge sends the exact challenge, everyone else a wrong
one; every voter votes for the player meant to go. The wins « à tout moment » are played at 14,
where the MJ deals the camps as he wishes (000's « 4 stratèges » are for 12).
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

import pytest

from lgmail.rules.kohlanta import council
from lgmail.rules.kohlanta.alliance import ally_of
from lgmail.rules.kohlanta.cards import tribe_of
from lgmail.rules.kohlanta.challenge import CANON, LINES
from tests.kohlanta.play import Watched, deal, game
from tests.scenario import Scenario

ROUGES = ["Alice", "Bruno", "Chloe", "David", "Emma", "Farid"]
JAUNES = ["Gina", "Hugo", "Ines", "Jules", "Karim", "Lea"]
STRATEGES = ["Alice", "Bruno", "Gina", "Hugo"]
BISOUNOURS = [n for n in ROUGES + JAUNES if n not in STRATEGES]
#: the chiefs elected on day 0
CHIEFS = {"rouges": "Farid", "jaunes": "Jules"}

JUROR_NOTICE, JURY_CALL = "Vous êtes membre du jury", "Le vote final"


# --- the driver -------------------------------------------------------------------------------


def start(folder: Path, cls: type[Scenario] = Scenario, **kw: Any) -> Scenario:
    """Day 0: each tribe elects its chief (`CHIEFS`) unanimously; night 1 begins."""
    sc = game(folder, 12, seed=1, cls=cls, **kw)
    for name in ROUGES + JAUNES:
        sc.ok(name, f"vote {CHIEFS['rouges' if name in ROUGES else 'jaunes']}")
    sc.end()
    assert sc.phase() == ("night", 1)
    return sc


def night(sc: Scenario, orders: dict[str, str] | None = None) -> None:
    """The given players' night mails, then the MJ ends the night if it is still on."""
    at = sc.phase()
    for name, text in (orders or {}).items():
        sc.ok(name, text)
    if sc.phase() == at and sc.state.status == "running":
        sc.end()
    assert sc.phase() != at


def answers(sc: Scenario) -> tuple[str, str]:
    """Today's exact challenge, and a guess with every line wrong."""
    challenge = sc.state.extra["epreuve"]["challenge"]
    right = " / ".join(CANON[a] for a in challenge)
    wrong = " / ".join(
        CANON[next(x for x in line if x != a)] for line, a in zip(LINES, challenge, strict=True)
    )
    return right, wrong


def challenge(sc: Scenario, winner: str, extra: dict[str, str] | None = None) -> None:
    """The day's challenge: `winner` (a tribe, or a player after the merge) sends the exact
    challenge, everyone else a wrong one; `extra`: more lines in a player's mail."""
    assert sc.step() == "epreuve"
    right, wrong = answers(sc)
    s = sc.state
    for name in s.living_names():
        mine = winner in (name, tribe_of(s, name))
        text = right if mine else wrong
        if extra and name in extra:
            text += "\n" + extra[name]
        sc.ok(name, text)
    assert sc.step() == "vote", "the challenge is won at once"
    assert sc.state.extra["epreuve"]["winner"] == winner


def vote(sc: Scenario, out: str) -> None:
    """Every voter votes for `out` (himself and his ally for somebody else); the MJ ends the
    vote."""
    s = sc.state
    eligible = council.eligible(s)
    for voter in council.voters(s):
        if voter != out and ally_of(s, voter) != out:
            sc.ok(voter, f"vote {out}")
        else:
            other = [n for n in eligible if n not in (voter, out, ally_of(s, voter))]
            sc.ok(voter, f"vote {other[0]}")
    sc.end()
    assert not sc.alive(out), f"{out} is out"
    assert not sc.state.reactions, "no chief goes, no tie"


def day(sc: Scenario, winner: str, out: str, extra: dict[str, str] | None = None) -> None:
    """The challenge won by `winner`, then `out` voted out."""
    challenge(sc, winner, extra)
    vote(sc, out)


def to_merge(sc: Scenario, night_one: dict[str, str] | None = None) -> None:
    """Days 1-3, the tribe phase, 12 -> 9: Chloe, Ines, David out; night 4 begins."""
    night(sc, night_one)
    day(sc, "jaunes", "Chloe")
    night(sc)
    day(sc, "rouges", "Ines")
    night(sc)
    day(sc, "jaunes", "David")
    assert sc.phase() == ("night", 4)
    assert len(sc.state.living()) == 9


def merge(sc: Scenario, first: str = "Farid", second: str = "Farid") -> None:
    """Night 4, the ambassadors: each chief names `first`, `second`."""
    night(sc, {CHIEFS["rouges"]: f"ambassadeur {first}", CHIEFS["jaunes"]: f"ambassadeur {second}"})
    assert sc.phase() == ("day", 4)


def guess(sc: Scenario, right: tuple[int, ...]) -> str:
    """A guess with the lines numbered in `right` (0 to 3) exact, the others wrong."""
    challenge = sc.state.extra["epreuve"]["challenge"]
    return " / ".join(
        CANON[a if i in right else next(x for x in line if x != a)]
        for i, (line, a) in enumerate(zip(LINES, challenge, strict=True))
    )


def score_of(sc: Scenario, name: str) -> str:
    """The last private score mail `name` got: « Votre score à l'épreuve du jour : N point(s) »."""
    mails = [m for m in sc.new_mails(name) if "Votre score" in m.subject]
    assert mails, name
    mail = mails[-1]
    found = re.search(r"Votre score à l'épreuve du jour : (\d+ points?)\.", mail.content)
    assert found, mail.content
    return found.group(1)


def latest(sc: Scenario, name: str, subject: str) -> str:
    """The content of the last mail to `name` whose subject holds `subject`."""
    mails = [m for m in sc.mails(name) if subject in m.subject]
    assert mails, (name, subject)
    return mails[-1].content


def drawn(sc: Scenario, purpose: str) -> list[dict[str, Any]]:
    return [e for e in sc.events("RandomDrawn") if e["purpose"] == purpose]


def ended(sc: Scenario) -> tuple[str, list[str]]:
    (end,) = sc.events("GameEnded")
    return end["winner"], sorted(end["winners"])


def to_final(sc: Scenario) -> None:
    """The individual phase, 9 -> 5: merged chief Farid; Farid and Jules ally on night 5; Lea
    finds a necklace on night 6 and keeps it; Emma, Karim, Alice, Gina out. Night 8, the final
    phase's first, begins with Bruno, Hugo (stratèges), Farid, Jules, Lea (bisounours)."""
    to_merge(sc)
    merge(sc)
    day(sc, "Farid", "Emma")
    night(sc, {"Farid": "alliance Jules", "Jules": "alliance Farid"})
    day(sc, "Hugo", "Karim")
    number = sc.state.extra["colliers"]["number"]
    night(sc, {"Lea": f"collier {number}"})
    assert any("Vous avez trouvé un collier" in m.subject for m in sc.mails("Lea"))
    day(sc, "Bruno", "Alice")
    night(sc)
    day(sc, "Hugo", "Gina")
    assert sc.phase() == ("night", 8)
    assert sorted(sc.state.living_names()) == ["Bruno", "Farid", "Hugo", "Jules", "Lea"]


#: the orientation's votes: by day Hugo 4, Jules 2, Bruno 2, Farid 1, Lea 1; the two stratèges'
#: secret votes of night 8 on Lea make her second (3): Hugo and Lea go
ORIENTATION = {
    "Bruno": "vote Hugo et Jules",
    "Hugo": "vote Jules et Farid",
    "Farid": "vote Hugo et Lea",
    "Jules": "vote Hugo et Bruno",
    "Lea": "vote Hugo et Bruno",
}


def to_duel(sc: Scenario) -> None:
    """Night 8 (Bruno and Hugo put their secret votes on Lea), the orientation day 8 (Hugo and
    Lea out): day 9 begins with Bruno, Farid, Jules."""
    to_final(sc)
    night(sc, {"Bruno": "vote Lea", "Hugo": "vote Lea"})
    assert sc.phase() == ("day", 8) and sc.step() == "vote"
    for voter, text in ORIENTATION.items():
        sc.ok(voter, text)
    sc.end()
    assert sc.phase() == ("day", 9)


def to_jury(sc: Scenario) -> None:
    """Day 9: Jules out (Bruno and Farid against him), Bruno (stratège) and Farid (bisounours)
    the finalists; the jury: Emma, Karim, Alice, Gina, Hugo, Lea, Jules."""
    to_duel(sc)
    for voter, target in (("Bruno", "Jules"), ("Farid", "Jules"), ("Jules", "Bruno")):
        sc.ok(voter, f"vote {target}")
    sc.end()
    assert sc.phase() == ("day", 9) and sc.step() == "jury"


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


def test_necklaces_not_found_are_open_to_every_survivaliste(tmp_path: Path) -> None:
    """000: « À la réunification, tout collier qui n'a pas été trouvé est encore disponible,
    mais pour tous les survivalistes et pas seulement ceux de la tribu correspondante »: the
    rouges' necklace found (Bruno, night 1) and spent, Farid (rouges) with the right number finds
    nothing on night 2; after the merge the same number finds him the jaunes' necklace."""
    sc = start(tmp_path)
    number = sc.state.extra["colliers"]["number"]
    night(sc, {"Bruno": f"collier {number}"})
    assert any("trouvé un collier" in m.subject for m in sc.mails("Bruno"))
    challenge(sc, "jaunes", extra={"Bruno": "utiliser collier"})
    vote(sc, "Chloe")
    assert not sc.state.extra["colliers"]["held"] and not sc.state.extra["colliers"]["played"]
    sc.new_mails("Farid")
    night(sc, {"Farid": f"collier {number}"})
    assert [m.subject for m in sc.new_mails("Farid") if "collier" in m.subject.lower()] == [
        "[village] Pas de collier"
    ]
    day(sc, "rouges", "Ines")
    night(sc)
    day(sc, "jaunes", "David")
    merge(sc)
    day(sc, "Hugo", "Emma")
    sc.new_mails("Farid")
    night(sc, {"Farid": f"collier {number}"})
    assert any("Vous avez trouvé un collier" in m.subject for m in sc.new_mails("Farid"))


def test_after_the_merge_a_bisounours_allies_with_anyone(tmp_path: Path) -> None:
    """000: « les bisounours sans alliance peuvent tenter de s'allier avec qui ils veulent »
    (before: « un nom d'un joueur de sa tribu »): Emma (rouges) and Karim (jaunes), refused
    until the merge, allied the first night after it."""
    sc = start(tmp_path)
    sc.refused("Emma", "alliance Karim", "not_allowed")
    night(sc)
    day(sc, "jaunes", "Chloe")
    night(sc)
    day(sc, "rouges", "Ines")
    night(sc)
    day(sc, "jaunes", "David")
    sc.refused("Emma", "alliance Karim", "not_allowed")  # the ambassadors' night: not yet
    merge(sc)
    day(sc, "Farid", "Lea")
    night(sc, {"Emma": "alliance Karim", "Karim": "alliance Emma"})
    assert "avec Karim" in latest(sc, "Emma", "Nouvelle alliance")
    assert "avec Emma" in latest(sc, "Karim", "Nouvelle alliance")


# --- JOUR (PHASE EN INDIVIDUEL) --------------------------------------------------------------


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


# --- NUIT (PHASE EN INDIVIDUEL) --------------------------------------------------------------


def test_a_former_finder_cannot_collect_the_first_night_after_the_merge(tmp_path: Path) -> None:
    """000, « NUIT (PHASE EN INDIVIDUEL) »: « la première nuit après la réunification, tout
    joueur ayant trouvé un collier d'immunité pendant la phase en tribus (et qui connait donc le
    nombre collier) ne peut pas collecter le collier »: Bruno, who found and spent the rouges'
    necklace, alone with the right number on night 5 finds nothing; alone again on night 6, he
    finds it."""
    sc = start(tmp_path)
    number = sc.state.extra["colliers"]["number"]
    night(sc, {"Bruno": f"collier {number}"})
    challenge(sc, "jaunes", extra={"Bruno": "utiliser collier"})
    vote(sc, "Chloe")
    night(sc)
    day(sc, "rouges", "Ines")
    night(sc)
    day(sc, "jaunes", "David")
    merge(sc)
    assert sc.state.extra["colliers"]["free"] == {"blanche": 1}
    day(sc, "Hugo", "Emma")
    sc.new_mails("Bruno")
    night(sc, {"Bruno": f"collier {number}"})
    assert [m.subject for m in sc.new_mails("Bruno") if "collier" in m.subject.lower()] == [
        "[village] Pas de collier"
    ]
    day(sc, "Hugo", "Karim")
    night(sc, {"Bruno": f"collier {number}"})
    assert any("Vous avez trouvé un collier" in m.subject for m in sc.new_mails("Bruno"))


# --- PHASE FINALE ----------------------------------------------------------------------------


def test_the_final_phase_begins_at_five(tmp_path: Path) -> None:
    """000, « PHASE FINALE »: « Dès qu'on est à 5 joueurs restants, les colliers d'immunités
    non-utilisés ou non-trouvés sont éliminés, il n'y a plus d'épreuve de jour, il n'est plus
    possible de former des alliances, et les alliances en cours sont révélées par le MJ puis
    annulées. La phase finale commence par une nuit »; the necklace number revealed with its
    salt matches the commitment published at the start."""
    sc = start(tmp_path)
    opening = sc.mails("Chloe")[0].content
    committed = re.search(r"son empreinte SHA-256 : ([0-9a-f]{64})", opening)
    assert committed, opening
    to_final(sc)
    assert sc.view("Chloe")["phase_of_play"] == "finale"
    news = latest(sc, "Chloe", "Nuit 8")
    assert "Les alliances en cours, maintenant annulées : Farid et Jules." in news
    revealed = re.search(r"Le nombre collier était (\d) \(sel ([0-9a-f]+) ;", news)
    assert revealed, news
    number, salt = revealed.groups()
    assert int(number) == sc.state.extra["colliers"]["number"]
    assert hashlib.sha256(f"{number}|{salt}".encode()).hexdigest() == committed.group(1)
    # the necklaces gone (Lea's, found on night 6 and kept), no alliance any more
    sc.refused("Lea", "utiliser collier", "not_allowed")
    sc.refused("Lea", "collier 3", "not_allowed")
    sc.refused("Farid", "alliance Lea", "not_allowed")
    assert ally_of(sc.state, "Farid") is None
    night(sc)
    # no challenge: the day is its vote
    assert sc.phase() == ("day", 8) and sc.step() == "vote"
    assert not [e for e in sc.events("ChallengeSet") if e["day"] == 8]


def test_secret_votes_on_the_first_final_night_count_at_the_orientation(tmp_path: Path) -> None:
    """000, « NUIT (PHASE FINALE) »: « La première nuit de la phase finale est la dernière nuit
    où les stratèges peuvent faire des votes secrets »; « JOUR (PHASE FINALE) »: « Le premier
    jour de la phase finale, c'est l'orientation : chacun vote pour deux joueurs au lieu d'un
    (chacun des deux reçoit un vote, on ne peut pas cumuler sur le même joueur) et les deux
    premiers joueurs qui arrivent en tête du vote sont éliminés (ne pas oublier de comptabiliser
    les votes de nuit des stratèges) »; « Le jour suivant [...] on passe de 3 joueurs à 2 avec
    le vote » (no night between: no secret vote any more)."""
    sc = start(tmp_path)
    to_final(sc)
    night(sc, {"Bruno": "vote Lea", "Hugo": "vote Lea"})
    assert sc.phase() == ("day", 8)
    sc.refused("Bruno", "vote Hugo et Hugo", "not_allowed")
    for voter, text in ORIENTATION.items():
        sc.ok(voter, text)
    sc.end()
    (verdict,) = [v for v in sc.events("VerdictGiven") if v["day"] == 8]
    assert verdict["votes"] == {"Hugo": 4, "Jules": 2, "Bruno": 2, "Farid": 1, "Lea": 1}
    assert verdict["secret"] == {"Lea": 2}
    assert sorted(verdict["out"]) == ["Hugo", "Lea"]
    assert "Votes secrets des stratèges : Lea (2)." in latest(sc, "Chloe", "Jour 9")
    assert sorted(sc.state.living_names()) == ["Bruno", "Farid", "Jules"]
    assert sc.phase() == ("day", 9) and sc.step() == "vote", "the next day, no night"
    sc.refused("Bruno", "vote Jules et Farid", "not_allowed")
    sc.ok("Bruno", "vote Jules")
    sc.ok("Farid", "vote Jules")
    sc.ok("Jules", "vote Bruno")
    sc.end()
    (last,) = [v for v in sc.events("VerdictGiven") if v["day"] == 9]
    assert last["secret"] == {} and last["out"] == ["Jules"]
    # the alliance Farid-Jules is cancelled: Farid's vote against Jules is not turned on him
    assert last["votes"] == {"Jules": 2, "Bruno": 1}


def test_two_finalists_of_one_camp_make_it_win(tmp_path: Path) -> None:
    """000: « Il n'y a alors plus de jour ni de nuit : si les deux derniers joueurs sont du
    même camp, ce camp gagne »: Bruno out, Farid and Jules (bisounours) win, no jury."""
    sc = start(tmp_path)
    to_duel(sc)
    for voter, target in (("Bruno", "Jules"), ("Farid", "Bruno"), ("Jules", "Bruno")):
        sc.ok(voter, f"vote {target}")
    sc.end()
    assert ended(sc) == ("bisounours", sorted(BISOUNOURS))
    assert not sc.events("JuryCalled")


@pytest.mark.parametrize(("for_bruno", "winner"), [((), "bisounours"), (("Emma",), "stratege")])
def test_the_jury_decides_between_two_camps(
    tmp_path: Path, for_bruno: tuple[str, ...], winner: str
) -> None:
    """000: « Sinon il y a un vote final. Pour faire le vote final, tous les joueurs éliminés
    depuis la réunification vote pour un des deux finalistes (soit 7 joueurs, donc il ne peut
    pas y avoir d'égalité) : parmi ces joueurs, les bisounours votent en premier, puis quand
    c'est fait on ajoute automatiquement au stratège finaliste 1 vote par stratège présent dans
    les votants. Le camp de celui arrivé premier aux votes gagne »: Emma, Karim, Lea, Jules vote
    (their mails accepted though they are out), then 3 for Bruno (Alice, Gina, Hugo)."""
    sc = start(tmp_path)
    to_jury(sc)
    (called,) = sc.events("JuryCalled")
    assert called["finalists"] == ["Bruno", "Farid"]
    assert called["jurors"] == ["Emma", "Karim", "Alice", "Gina", "Hugo", "Lea", "Jules"]
    sc.refused("Alice", "vote Bruno", "dead")  # a stratège juror: his vote is added for him
    sc.refused("Chloe", "vote Farid", "dead")  # out before the merge
    sc.refused("Emma", "vote Jules", "not_allowed")  # a finalist only
    for juror in ("Emma", "Karim", "Lea", "Jules"):
        sc.ok(juror, f"vote {'Bruno' if juror in for_bruno else 'Farid'}")
    if sc.state.status == "running":
        sc.end()
    (verdict,) = sc.events("JuryVoted")
    bruno = len(for_bruno)
    assert verdict["bisounours"] == {"Bruno": bruno, "Farid": 4 - bruno}
    assert verdict["strateges"] == {"Bruno": 3, "Farid": 0}
    assert verdict["winner"] == ("Farid" if winner == "bisounours" else "Bruno")
    assert ended(sc) == (winner, sorted(BISOUNOURS if winner == "bisounours" else STRATEGES))


def to_three_against_two(sc: Scenario) -> None:
    """Emma, Alice, Karim, Lea out after the merge (never 4 stratèges against 2 on the way, sure
    to win sooner): Bruno, Gina, Hugo (stratèges) against Farid and Jules (bisounours) as the
    final phase would begin."""
    to_merge(sc)
    merge(sc)
    day(sc, "Farid", "Emma")
    night(sc)
    day(sc, "Farid", "Alice")
    night(sc)
    day(sc, "Farid", "Karim")
    night(sc)
    assert sc.state.status == "running"
    day(sc, "Farid", "Lea")
    assert sorted(sc.state.living_names()) == ["Bruno", "Farid", "Gina", "Hugo", "Jules"]


def test_strateges_in_a_strict_majority_in_the_final_phase_win(tmp_path: Path) -> None:
    """000: « Être en supériorité numérique ne suffit pas aux stratèges pour gagner, sauf si les
    bisounours vont se faire mathématiquement impitoyablement tous éliminer avant le duel
    final »; the module's ruling: in the final phase, with no immunity left, the stratèges in a
    strict majority win: Bruno, Gina, Hugo against Farid and Jules win with no vote held."""
    sc = start(tmp_path)
    to_three_against_two(sc)
    if sc.state.status == "running":
        night(sc)
    assert ended(sc) == ("stratege", sorted(STRATEGES))
    assert not [v for v in sc.events("VerdictGiven") if v["day"] == 8]


def test_strateges_in_a_strict_majority_win_as_the_final_phase_begins(tmp_path: Path) -> None:
    """000: « sauf si les bisounours vont se faire mathématiquement impitoyablement tous
    éliminer avant le duel final »; the module's ruling: « in the final phase [...] the
    stratèges in a strict majority win at once »: the game ends as day 7's vote leaves 3
    stratèges against 2 bisounours, before anyone plays night 8."""
    sc = start(tmp_path)
    to_three_against_two(sc)
    assert sc.state.status == "ended"
    assert ended(sc) == ("stratege", sorted(STRATEGES))


def test_strateges_certain_to_eliminate_every_bisounours_win(tmp_path: Path) -> None:
    """000: « Être en supériorité numérique ne suffit pas aux stratèges pour gagner, sauf si les
    bisounours vont se faire mathématiquement impitoyablement tous éliminer avant le duel
    final »: at 6 (individual phase), Alice, Bruno, Gina, Hugo against Farid and Jules. Whatever
    the totem and the necklaces protect on day 7, at worst a stratège goes and the final phase
    opens with 3 stratèges against 2, whose orientation the stratèges' six votes decide: the
    bisounours are certain to be all eliminated."""
    sc = start(tmp_path)
    to_merge(sc)
    merge(sc)
    day(sc, "Farid", "Emma")
    night(sc)
    day(sc, "Farid", "Karim")
    night(sc)
    day(sc, "Farid", "Lea")
    assert sorted(sc.state.living_names()) == ["Alice", "Bruno", "Farid", "Gina", "Hugo", "Jules"]
    assert sc.state.status == "ended"
    assert ended(sc) == ("stratege", sorted(STRATEGES))


# --- Jurors learn nothing --------------------------------------------------------------------


def test_jurors_learn_nothing_until_the_end(tmp_path: Path) -> None:
    """000: « Un joueur éliminé avant la réunification ne peut plus revenir dans la partie. Un
    joueur éliminé après la réunification a le vote final à faire, on ne doit donc rien lui
    révéler de la partie s'il est bisounours »: from his elimination to the end a juror gets his
    juror's notice and the jury's call, nothing else; one out before the merge keeps getting
    the public mails."""
    sc = start(tmp_path, cls=Watched)
    assert isinstance(sc, Watched)
    to_jury(sc)
    for juror in ("Emma", "Karim", "Lea", "Jules"):
        sc.ok(juror, "vote Farid")
    if sc.state.status == "running":
        sc.end()
    assert sc.state.status == "ended"
    for juror in ("Emma", "Karim", "Alice", "Gina", "Hugo", "Lea", "Jules"):
        got = [m.subject for m in sc.received(juror, "juror")]
        assert got == [f"[village] {JUROR_NOTICE}", f"[village] {JURY_CALL}"], (juror, got)
        assert sc.received(juror, "ended"), "the end is told to everyone"
    for out in ("Chloe", "Ines", "David"):
        told = "\n".join(m.content for m in sc.received(out, "out"))
        assert "Réunification : les deux tribus fusionnent" in told
        assert "Farid gagne l'épreuve" in told
        assert "Phase finale : les colliers d'immunité sont éliminés" in told
        assert "Le vote d'orientation est clos." in told
        assert "Les deux finalistes, Bruno et Farid" in told
    assert "Jules est éliminé" in "\n".join(m.content for m in sc.received("Farid", "alive"))


# --- Wins at any moment ---------------------------------------------------------------------


def fourteen(folder: Path, strateges: tuple[int, ...]) -> Scenario:
    """A game of 14 (« rouges » Alice to Gina, « jaunes » Hugo to Nina), where the MJ deals the
    camps as he wishes; the chiefs Farid and Karim; night 1 begins."""
    sc = game(folder, 14, seed=1, roles=deal(14, strateges))
    names = list(sc.state.players)
    for name in names:
        sc.ok(name, f"vote {'Farid' if names.index(name) < 7 else 'Karim'}")
    sc.end()
    assert sc.phase() == ("night", 1)
    return sc


def test_every_stratege_out_the_bisounours_win_at_once(tmp_path: Path) -> None:
    """000: « Si à tout moment de la partie, tous les stratèges sont éliminés, alors le camp des
    bisounours gagne »: at 14, Alice and Hugo the only stratèges; Chloe, then Alice, then Hugo
    out in the tribe phase: every bisounours wins, Chloe too."""
    sc = fourteen(tmp_path, (0, 7))
    night(sc)
    day(sc, "jaunes", "Chloe")
    night(sc)
    day(sc, "jaunes", "Alice")
    night(sc)
    assert sc.state.status == "running"
    day(sc, "rouges", "Hugo")
    strateges = ["Alice", "Hugo"]
    assert ended(sc) == ("bisounours", sorted(n for n in sc.state.players if n not in strateges))
    assert len(sc.state.living()) == 11 and sc.view("Chloe")["phase_of_play"] == "tribus"


def test_two_bisounours_left_the_strateges_win_at_once(tmp_path: Path) -> None:
    """000: « Si à tout moment de la partie, tous les bisounours sont éliminés, alors le camp
    des stratèges gagne », « sauf si les bisounours vont se faire mathématiquement
    impitoyablement tous éliminer avant le duel final »: at 14, Chloe, Jules and Marc the only
    bisounours; Alice (a stratège) out, the game goes on; Chloe out, two bisounours are left:
    even losing one of theirs at every vote, the stratèges are 3 against 2 at the final phase,
    sure to eliminate them: every stratège wins, Alice too (so no game ever reaches the last
    bisounours' elimination: it is decided before)."""
    sc = fourteen(tmp_path, tuple(i for i in range(14) if i not in (2, 9, 12)))
    night(sc)
    day(sc, "jaunes", "Alice")
    night(sc)
    assert sc.state.status == "running"
    day(sc, "jaunes", "Chloe")
    bisounours = ["Chloe", "Jules", "Marc"]
    assert ended(sc) == ("stratege", sorted(n for n in sc.state.players if n not in bisounours))
    assert len(sc.state.living()) == 12
