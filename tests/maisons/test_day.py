"""Rule set `maisons`, seed 001 (../shared/seeds/001_f67e2344efefe72c.txt): the roles of the day
and of the vote: Châtelain, Fanatique, Baron, Entêté. Each test cites the sentence of 001 it
plays."""

from __future__ import annotations

from pathlib import Path

from tests.maisons.conftest import game, night
from tests.scenario import Scenario

DEAL = {
    "Alice": "loup-garou:assassin+chanoine+joueur-de-tarot+salbatar+planque",
    "Bruno": "villageois:chatelain+voyante+salvateur+salbatar+institutrice",
    "Chloe": "villageois:fanatique+planque+voyante+meneur+chanoine",
    "David": "villageois:baron+entete+salvateur+salbatar+joueur-de-tarot",
    "Emma": "villageois:fanatique+baron+espion+voyante+planque",
    "Fanny": "villageois:chanoine+voyante+salvateur+assassin+planque",
    "Gaston": "villageois:entete+chanoine+voyante+salvateur+planque",
}
PLAYERS = list(DEAL)


def deaths(g: Scenario) -> list[str]:
    return [e["name"] for e in g.events("PlayerDied")]


def elect(g: Scenario, votes: dict[str, str]) -> None:
    """Day 0: `votes` (voter -> candidate), then the close of the election."""
    for voter, candidate in votes.items():
        g.ok(voter, f"vote {candidate}")
    g.later(hours=24)
    assert g.phase() == ("night", 1)


def to_day(g: Scenario, mayor: str = "Fanny") -> None:
    """Everyone elects `mayor` (no Baron gets a vote), a quiet night 1, then day 1."""
    elect(g, {name: mayor for name in PLAYERS})
    g.later(hours=24)
    assert g.phase() == ("day", 1)


def stake(g: Scenario, votes: dict[str, str]) -> None:
    """The day's `votes` (voter -> target), then the close of the vote (the MJ ends it: the
    mayor's and the dead mayor's answers are then awaited within the reaction delay)."""
    for voter, target in votes.items():
        g.ok(voter, f"vote {target}")
    g.end()


def until(g: Scenario, day: int) -> None:
    """Let the clock run to day `day`."""
    while g.phase() != ("day", day):
        g.later(hours=12)


def closed(g: Scenario) -> dict[str, object]:
    return g.events("BallotClosed")[-1]


# --- Châtelain ---------------------------------------------------------------------------------


def test_chatelain_pardons_the_stake_once(tmp_path: Path) -> None:
    """001, Châtelain: « Une fois par partie, pendant la journée, peut décider de gracier toute
    personne au bûcher ce jour-ci. [...] Action unique. »"""
    g = game(tmp_path, DEAL, election=True)
    to_day(g)
    g.ok("Bruno", "gracier")
    stake(g, {"Alice": "Gaston", "Bruno": "Gaston", "Chloe": "Gaston", "David": "Chloe"})
    assert closed(g)["burned"] == ["Gaston"]
    assert deaths(g) == []
    (pardon,) = g.events("Pardoned")
    assert pardon["spared"] == ["Gaston"]
    assert g.state.players["Bruno"].counters == {"chatelain": 1}
    told = [m for m in g.mails("Chloe") if "Le Châtelain fait grâce" in m.body]
    assert told and "Gaston échappe au bûcher" in told[0].body
    assert "Bruno" not in told[0].content.split("Le Châtelain fait grâce")[1].split("\n")[0]
    until(g, 2)
    g.refused("Bruno", "gracier", "already_used")


def test_chatelain_pardons_everyone_burned_that_day(tmp_path: Path) -> None:
    """001, Châtelain: « Si plusieurs personnes passent au bûcher le même jour, le châtelain les
    gracie tous. »"""
    g = game(tmp_path, DEAL, election=True)
    to_day(g)
    g.ok("Bruno", "gracier")
    g.ok("Chloe", "fanatiser")
    stake(g, {"Alice": "Gaston", "Bruno": "Gaston", "Chloe": "Gaston", "David": "Emma"})
    assert closed(g)["burned"] == ["Gaston", "Emma"]
    assert deaths(g) == []
    assert g.events("Pardoned")[0]["spared"] == ["Gaston", "Emma"]


def test_chatelain_pardons_the_mayors_choice(tmp_path: Path) -> None:
    """001, Châtelain: « gracier toute personne au bûcher ce jour-ci »: the one the mayor sends
    after a tie too (« le maire [...] répond par MP pour indiquer la personne envoyée au
    bûcher »)."""
    g = game(tmp_path, DEAL, election=True)
    to_day(g)
    g.ok("Bruno", "gracier")
    stake(g, {"Alice": "Gaston", "Bruno": "Emma"})
    assert closed(g)["tied"] == ["Emma", "Gaston"]
    g.ok("Fanny", "trancher Emma")
    assert deaths(g) == []
    assert g.events("Pardoned")[0]["spared"] == ["Emma"]


def test_a_pardon_is_given_before_the_vote_closes(tmp_path: Path) -> None:
    """001, Châtelain: « pendant la journée »: once the totals are out, the day's orders are
    closed (ruling)."""
    g = game(tmp_path, DEAL, election=True)
    to_day(g)
    stake(g, {"Alice": "Gaston", "Bruno": "Emma"})
    g.refused("Bruno", "gracier", "not_now")
    g.ok("Fanny", "trancher Emma")
    assert deaths(g) == ["Emma"]


# --- Fanatique ---------------------------------------------------------------------------------


def test_fanatique_burns_the_next_on_the_vote_list_once(tmp_path: Path) -> None:
    """001, Fanatique: « Une fois par partie, pendant la journée, peut décider que la personne
    suivante sur la liste de votes sera brûlée aussi. [...] Action unique. »"""
    g = game(tmp_path, DEAL, election=True)
    to_day(g)
    g.ok("Chloe", "fanatiser")
    votes = {"Alice": "Gaston", "Bruno": "Gaston", "Chloe": "Gaston", "David": "Emma"}
    stake(g, {**votes, "Emma": "Emma", "Fanny": "David"})
    # the list: Gaston 3, Emma 2, David 1: the first two burn
    assert closed(g)["burned"] == ["Gaston", "Emma"]
    assert closed(g)["zeal"] == 1
    assert sorted(deaths(g)) == ["Emma", "Gaston"]
    assert g.state.players["Chloe"].counters == {"fanatique": 1}
    digest = next(m for m in g.mails("Bruno") if "Gaston, Emma sont envoyés" in m.body)
    assert "fanatisme" in digest.body
    until(g, 2)
    g.refused("Chloe", "fanatiser", "already_used")


def test_two_fanatiques_cumulate(tmp_path: Path) -> None:
    """001, Fanatique: « Si plusieurs fanatiques utilisent cette action pendant la même journée,
    les actions se cumulent (deux brûlées pour un fanatique, trois pour deux etc.) »"""
    g = game(tmp_path, DEAL, election=True)
    to_day(g)
    g.ok("Chloe", "fanatiser")
    g.ok("Emma", "fanatiser")
    votes = {"Alice": "Gaston", "Bruno": "Gaston", "Chloe": "Gaston", "David": "Emma"}
    stake(g, {**votes, "Emma": "Emma", "Fanny": "David", "Gaston": "Fanny"})
    # Gaston 3, Emma 2, David 1, Fanny 1: three places, the third tied
    assert closed(g)["burned"] == ["Gaston", "Emma"]
    assert closed(g)["tied"] == ["David", "Fanny"]
    g.ok("Fanny", "trancher David")
    assert sorted(deaths(g)) == ["David", "Emma", "Gaston"]


def test_a_tie_inside_the_places_burns_whole(tmp_path: Path) -> None:
    """001, Fanatique: « la personne suivante sur la liste de votes sera brûlée aussi »: tied at
    the top, the first and the next both burn; the mayor has nothing to break (ruling)."""
    g = game(tmp_path, DEAL, election=True)
    to_day(g)
    g.ok("Chloe", "fanatiser")
    stake(g, {"Alice": "Gaston", "Bruno": "Gaston", "Chloe": "Emma", "David": "Emma"})
    assert closed(g)["burned"] == ["Emma", "Gaston"]
    assert closed(g)["tied"] == []
    assert not g.events("ReactionAwaited")
    assert sorted(deaths(g)) == ["Emma", "Gaston"]


def test_a_tie_on_the_fanatiques_place_is_the_mayors(tmp_path: Path) -> None:
    """001: « Le maire a pour pouvoir de trancher en cas d'égalité de votes »: a tie for the
    Fanatique's place goes to him; the first burns with his choice (ruling)."""
    g = game(tmp_path, DEAL, election=True)
    to_day(g)
    g.ok("Chloe", "fanatiser")
    stake(g, {"Alice": "Gaston", "Bruno": "Gaston", "Chloe": "Emma", "David": "David"})
    assert closed(g)["burned"] == ["Gaston"] and closed(g)["tied"] == ["David", "Emma"]
    assert deaths(g) == []
    g.refused("Fanny", "trancher Gaston", "illegal_target")
    g.ok("Fanny", "trancher Emma")
    assert sorted(deaths(g)) == ["Emma", "Gaston"]


def test_the_mayor_chooses_one_name_per_place(tmp_path: Path) -> None:
    """001: « le maire est informé par MP de la liste des joueurs à égalité, et il répond par MP
    pour indiquer la personne envoyée au bûcher »: two places in a tie of three, two answers."""
    g = game(tmp_path, DEAL, election=True)
    to_day(g)
    g.ok("Chloe", "fanatiser")
    stake(g, {"Alice": "Gaston", "Bruno": "Emma", "Chloe": "David"})
    assert closed(g)["tied"] == ["David", "Emma", "Gaston"] and closed(g)["left"] == 2
    g.ok("Fanny", "trancher Emma")
    assert deaths(g) == []
    g.refused("Fanny", "trancher Emma", "illegal_target")
    g.ok("Fanny", "trancher David")
    assert sorted(deaths(g)) == ["David", "Emma"]


def test_a_short_vote_list_burns_no_one_else(tmp_path: Path) -> None:
    """001, Fanatique: « la personne suivante sur la liste de votes »: with nobody next on the
    list, nobody else burns; the action is spent (« Action unique »; ruling)."""
    g = game(tmp_path, DEAL, election=True)
    to_day(g)
    g.ok("Chloe", "fanatiser")
    stake(g, {"Alice": "Gaston", "Bruno": "Gaston"})
    assert deaths(g) == ["Gaston"]
    assert g.state.players["Chloe"].counters == {"fanatique": 1}


# --- Baron -------------------------------------------------------------------------------------


def test_a_candidate_baron_is_chosen_first(tmp_path: Path) -> None:
    """001, Baron: « Si candidat à la mairie, est choisi en priorité par rapport à tout autre
    joueur non baron. » (candidate: a vote received on day 0, ruling)"""
    g = game(tmp_path, DEAL, election=True)
    votes = {name: "Fanny" for name in PLAYERS if name != "David"}
    elect(g, {**votes, "David": "David"})
    assert closed(g)["tally"] == {"Fanny": 6, "David": 1}
    assert g.state.captain == "David"


def test_between_barons_the_vote_decides(tmp_path: Path) -> None:
    """001, Baron: « Si plusieurs barons candidatent, le choix se fait par ordre de vote entre
    les barons. »"""
    g = game(tmp_path, DEAL, election=True)
    votes = {"Alice": "Fanny", "Bruno": "Fanny", "Chloe": "Fanny", "Fanny": "Fanny"}
    elect(g, {**votes, "David": "David", "Emma": "Emma", "Gaston": "Emma"})
    assert g.state.captain == "Emma"


def test_a_dead_mayor_chooses_among_the_living_barons(tmp_path: Path) -> None:
    """001, Baron: « Quand un maire meurt, si au moins un Baron est en vie, le maire doit
    choisir le prochain maire parmi la liste des Barons en vie qui lui sera remise. »"""
    g = game(tmp_path, DEAL, election=True)
    to_day(g)
    stake(g, {"Alice": "Fanny", "Bruno": "Fanny"})
    assert deaths(g) == ["Fanny"]
    heirs = next(m for m in g.mails("Fanny") if "parmi les Barons" in m.subject)
    assert "- David\n- Emma" in heirs.body
    answer = g.refused("Fanny", "successeur Bruno", "not_allowed")
    assert "David, Emma" in answer.text
    g.ok("Fanny", "successeur Emma")
    assert g.state.captain == "Emma"


def test_no_answer_draws_among_the_barons(tmp_path: Path) -> None:
    """001, Baron: « parmi la liste des Barons en vie »: with no answer in time, a recorded draw
    among them (ruling)."""
    g = game(tmp_path, DEAL, election=True)
    to_day(g)
    stake(g, {"Alice": "Fanny", "Bruno": "Fanny"})
    g.later(hours=2)
    (drawn,) = [e for e in g.events("RandomDrawn") if e["purpose"] == "captain-heir"]
    assert drawn["among"] == ["David", "Emma"]
    assert g.state.captain in ("David", "Emma")


def test_a_lone_baron_is_mayor_at_once(tmp_path: Path) -> None:
    """001, Baron: « le maire doit choisir le prochain maire parmi la liste des Barons en vie »:
    one Baron alive, the choice is forced (ruling)."""
    g = game(tmp_path, DEAL, election=True)
    to_day(g)
    g.ok("Chloe", "fanatiser")
    stake(g, {"Alice": "Fanny", "Bruno": "Fanny", "Chloe": "Emma"})
    assert sorted(deaths(g)) == ["Emma", "Fanny"]
    assert g.state.captain == "David"
    assert not [e for e in g.events("ReactionAwaited") if e["kind"] == "successeur"]


# --- Entêté ------------------------------------------------------------------------------------


def test_entete_must_vote_against_his_last_target(tmp_path: Path) -> None:
    """001, Entêté: « Tant que le dernier joueur ayant reçu un vote de bûcher de l'Entêté est en
    vie, l'Entêté est forcé de voter contre lui. »"""
    g = game(tmp_path, DEAL, election=True)
    to_day(g)
    stake(g, {"Alice": "Bruno", "Bruno": "Bruno", "Gaston": "Chloe"})
    assert deaths(g) == ["Bruno"]
    assert any("entêtement" in m.subject for m in g.mails("Gaston"))
    until(g, 2)
    answer = g.refused("Gaston", "vote Alice", "not_allowed")
    assert "vous devez voter contre Chloe" in answer.text
    g.refused("Gaston", "vote blanc", "not_allowed")
    g.ok("Gaston", "vote Chloe")


def test_entete_without_a_vote_is_counted_against_him(tmp_path: Path) -> None:
    """001, Entêté: « l'Entêté est forcé de voter contre lui »: with no vote of his, his vote
    counts against that player (ruling)."""
    g = game(tmp_path, DEAL, election=True)
    to_day(g)
    stake(g, {"Alice": "Bruno", "Bruno": "Bruno", "Gaston": "Chloe"})
    until(g, 2)
    stake(g, {"Alice": "David"})
    assert closed(g)["tally"] == {"David": 1, "Chloe": 1}


def test_entete_is_free_once_his_target_is_dead(tmp_path: Path) -> None:
    """001, Entêté: « Tant que [...] est en vie »: once that player is dead, he votes as he
    likes, and his next stake vote binds him."""
    g = game(tmp_path, DEAL, election=True)
    to_day(g)
    stake(g, {"Alice": "Chloe", "Bruno": "Chloe", "Gaston": "Chloe"})
    assert deaths(g) == ["Chloe"]
    until(g, 2)
    g.ok("Gaston", "vote Emma")
    g.ok("Gaston", "vote David")
    stake(g, {"Alice": "Bruno"})
    until(g, 3)
    g.refused("Gaston", "vote Emma", "not_allowed")


# --- the mayor's mails (issue #38) ---------------------------------------------------------


def test_the_mayor_is_mailed_the_list_of_the_tied(tmp_path: Path) -> None:
    """001 (001_f67e2344efefe72c.txt), « Gestion du Jour »: « le maire est informé par MP de la
    liste des joueurs à égalité, et il répond par MP pour indiquer la personne envoyée au
    bûcher »: his mail names them."""
    g = game(tmp_path, DEAL, election=True)
    to_day(g)
    g.new_mails("Fanny")
    stake(g, {"Alice": "Gaston", "Bruno": "Emma"})
    asked = [m for m in g.new_mails("Fanny") if "trancher NOM" in m.content]
    assert asked, "the mayor is asked"
    for mail in asked:
        assert "Emma, Gaston" in mail.subject + mail.content
    (mail,) = asked
    assert "Les joueurs à égalité : Emma, Gaston." in mail.content
    assert "Tranchez l'égalité : Emma, Gaston" in mail.subject
    help_text = g.act("Fanny", "aide").text
    assert "« trancher NOM » (un des joueurs à égalité : Emma, Gaston)" in help_text
    g.ok("Fanny", "trancher Gaston")
    assert deaths(g) == ["Gaston"]


def test_a_tie_with_no_mayor_burns_none_and_says_so(tmp_path: Path) -> None:
    """001 (001_f67e2344efefe72c.txt): « Le maire a pour pouvoir de trancher en cas d'égalité de
    votes »: in a game with no mayor (no election), nobody breaks a tie: none of the tied
    burns (ruling), and the village is told so, not « le maire tranche »."""
    g = game(tmp_path, DEAL, election=False)
    night(g, {})
    assert g.phase() == ("day", 1) and g.state.captain is None
    g.new_mails("Bruno")
    stake(g, {"Alice": "Gaston", "Bruno": "Emma"})
    news = "\n".join(m.content for m in g.new_mails("Bruno"))
    assert "Égalité entre Emma, Gaston, et pas de maire pour trancher" in news
    assert "le maire tranche" not in news
    assert deaths(g) == [] and closed(g)["unbroken"] is True
    assert g.phase() == ("night", 2)


def test_a_dead_mayor_with_living_barons_gets_one_mail(tmp_path: Path) -> None:
    """001 (001_f67e2344efefe72c.txt), Baron: « le maire doit choisir le prochain maire parmi
    la liste des Barons en vie qui lui sera remise »: one mail, the list and the delay; never
    the classic « tiré au sort parmi les vivants »."""
    g = game(tmp_path, DEAL, election=True)
    to_day(g)
    g.new_mails("Fanny")
    stake(g, {"Alice": "Fanny", "Bruno": "Fanny"})
    mails = g.new_mails("Fanny")
    assert not [m for m in mails if "parmi les vivants" in m.content]
    (heirs,) = [m for m in mails if "successeur NOM" in m.content]
    assert "- David\n- Emma" in heirs.content and "avant le" in heirs.content
    public = "\n".join(m.content for m in g.mails("Bruno"))
    assert "Le village attend que Fanny, le maire mort, désigne son successeur" in public
    assert "David" not in public.split("le maire mort")[-1].split("\n")[0]
    g.ok("Fanny", "successeur David")
    assert g.state.captain == "David"


def test_the_mayor_names_no_successor_in_advance(tmp_path: Path) -> None:
    """001 (001_f67e2344efefe72c.txt): « En cas de mort du maire, il choisit son successeur »:
    once dead, not in advance (the classic game's standing order is not 001's)."""
    g = game(tmp_path, DEAL, election=True)
    to_day(g)
    answer = g.refused("Fanny", "successeur Bruno", "not_allowed")
    assert "le maire choisit son successeur à sa mort" in answer.text
    g.refused("Bruno", "successeur Chloe", "not_your_role")
