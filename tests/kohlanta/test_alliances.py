"""Rule set `kohlanta` (seed 000, ../shared/seeds/000_34f6f2cfe008970d.txt, lines 17, 40-41,
49-52, 58 and 83, « LG KOH-LANTA »): « NUIT (PHASE EN TRIBUS) », played through players' mails:
the alliances of two and what they do to votes (« même pour le vote secret des stratèges »), the
stratèges' den and the silent square at night, and the alliances after the merge (« les
bisounours sans alliance peuvent tenter de s'allier avec qui ils veulent »). Each test quotes the
sentence of 000 it plays.

The deal (`play.deal(12)`): « rouges » Alice, Bruno, Chloe, David, Emma, Farid; « jaunes » Gina,
Hugo, Ines, Jules, Karim, Lea; the stratèges Alice, Bruno, Gina, Hugo; Sportifs Alice, Chloe,
Emma, Gina, Ines, Karim, the Survivalistes Bruno, David, Farid, Hugo, Jules, Lea. Day 0 elects
Farid and Jules chiefs (`drive.start`). A day is played by a tribe (or, after the merge, a
player) sending the exact challenge (it wins), the others a wrong one; then the losing tribe
votes as each test says.
"""

from __future__ import annotations

from pathlib import Path

from tests.kohlanta.drive import (
    ALLIED,
    JAUNES,
    ROUGES,
    challenge,
    day,
    everyone_votes,
    last,
    latest,
    merge,
    night,
    start,
    subjects_to,
    verdict,
    verdicts,
    vote,
)

# --- the alliances ----------------------------------------------------------------------------


def test_two_bisounours_naming_each_other_ally(tmp_path: Path) -> None:
    """000: « Chaque joueur bisounours qui n'est pas en alliance peut donner un nom d'un joueur
    de sa tribu. Si le joueur correspondant est [...] un bisounours qui a donné son nom, alors
    l'alliance entre les deux joueurs a lieu »; « Annonce par MP aux joueurs qui viennent de
    s'allier pendant la nuit »."""
    sc = start(tmp_path)
    sc.ok("Chloe", "alliance David")
    sc.ok("David", "alliance Chloe")
    sc.ok("Emma", "alliance Farid")  # Farid names nobody: no alliance
    night(sc)
    assert [(e["first"], e["second"]) for e in sc.events("Allied")] == [("Chloe", "David")]
    assert sorted(subjects_to(sc, ALLIED)) == ["Chloe", "David"]
    mail = last(sc, "Chloe", ALLIED).content
    assert "avec David" in mail and "vote secret" not in mail
    assert "avec Chloe" in last(sc, "David", ALLIED).content


def test_a_bisounours_and_the_stratege_whose_secret_vote_is_on_him_ally(tmp_path: Path) -> None:
    """000: « Si le joueur correspondant est un stratège qui a mis un vote secret sur lui [...]
    alors l'alliance entre les deux joueurs a lieu »; « Annonce par MP aux joueurs qui viennent
    de s'allier pendant la nuit, en annonçant également aux éventuels stratèges que leur vote
    secret sera contre eux »."""
    sc = start(tmp_path)
    sc.ok("Chloe", "alliance Alice")
    sc.ok("Alice", "vote Chloe")
    sc.ok("David", "alliance Bruno")  # Bruno's secret vote is not on him: no alliance
    sc.ok("Bruno", "vote Emma")
    night(sc)
    assert [(e["first"], e["second"], e["turned"]) for e in sc.events("Allied")] == [
        ("Chloe", "Alice", "Alice")
    ]
    assert sorted(subjects_to(sc, ALLIED)) == ["Alice", "Chloe"]
    told = last(sc, "Alice", ALLIED).content
    assert "avec Chloe" in told
    assert "votre vote secret de cette nuit, mis sur Chloe, sera donc contre vous" in told
    assert "vote secret de cette nuit" not in last(sc, "Chloe", ALLIED).content


def test_two_strateges_ally_instead_of_a_secret_vote(tmp_path: Path) -> None:
    """000: « Deux stratèges qui ne sont pas dans une alliance peuvent choisir de s'allier :
    dans ce cas ils envoient chacun le nom de l'autre au MJ à la place de faire un vote secret
    (ils ne font alors pas de vote secret cette nuit-là) »."""
    sc = start(tmp_path)
    sc.ok("Alice", "vote Chloe")
    sc.ok("Alice", "alliance Bruno")  # in place of her secret vote
    sc.ok("Bruno", "alliance Alice")
    sc.ok("Gina", "vote Ines")
    night(sc)
    assert [(e["first"], e["second"]) for e in sc.events("Allied")] == [("Alice", "Bruno")]
    assert sorted(subjects_to(sc, ALLIED)) == ["Alice", "Bruno"]
    (cast,) = sc.events("SecretVotesCast")
    assert cast["votes"] == {"Gina": "Ines"}, "no secret vote from the new allies"
    challenge(sc, "jaunes")
    vote(sc, everyone_votes(sc, ROUGES, "Emma", "Farid"))
    (given,) = verdicts(sc)
    assert given["secret"] == {}, "Alice's vote on Chloe is gone"


def test_a_stratege_may_not_name_a_bisounours(tmp_path: Path) -> None:
    """000: « Deux stratèges [...] peuvent choisir de s'allier »; a bisounours allies with a
    stratège « qui a mis un vote secret sur lui », not by the stratège's naming him."""
    sc = start(tmp_path)
    answer = sc.refused("Alice", "alliance Chloe", "not_allowed")
    assert "mettez votre vote secret sur lui (« vote Chloe »)" in answer.text


def test_before_the_merge_a_bisounours_names_one_of_his_tribe(tmp_path: Path) -> None:
    """000: « Chaque joueur bisounours qui n'est pas en alliance peut donner un nom d'un joueur
    de sa tribu »."""
    sc = start(tmp_path)
    answer = sc.refused("Chloe", "alliance Ines", "not_allowed")
    assert "Ines n'est pas de votre tribu (rouges)" in answer.text
    sc.refused("Chloe", "alliance Gina", "not_allowed")
    sc.ok("Chloe", "alliance Emma")


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


def test_naming_an_allied_player_is_taken_and_fails(tmp_path: Path) -> None:
    """000: « alors l'alliance entre les deux joueurs a lieu (si l'autre joueur n'était pas déjà
    dans une alliance) »; « Il ne peut donc pas y avoir d'alliance de plus de deux joueurs ».
    Ruling: not refused, which would tell Emma that Chloe is allied."""
    sc = start(tmp_path)
    night(sc, {"Chloe": "alliance David", "David": "alliance Chloe"})
    challenge(sc, "rouges")
    vote(sc, everyone_votes(sc, JAUNES, "Ines", "Karim"))
    answer = sc.ok("Emma", "alliance Chloe")
    assert "déjà" not in answer.text
    night(sc)
    assert len(sc.events("Allied")) == 1
    assert sorted(subjects_to(sc, ALLIED)) == ["Chloe", "David"]


def test_an_allied_player_may_not_try_again(tmp_path: Path) -> None:
    """000: « Chaque joueur bisounours qui n'est pas en alliance peut donner un nom »;
    « L'alliance ne peut se rompre que quand un des deux joueurs est éliminé »."""
    sc = start(tmp_path)
    night(sc, {"Chloe": "alliance David", "David": "alliance Chloe"})
    challenge(sc, "rouges")
    vote(sc, everyone_votes(sc, JAUNES, "Ines", "Karim"))
    answer = sc.refused("Chloe", "alliance Emma", "not_allowed")
    assert "vous êtes déjà en alliance" in answer.text
    sc.refused("David", "alliance Farid", "not_allowed")


# --- the votes against one's ally -------------------------------------------------------------


def test_a_vote_against_ones_ally_counts_against_oneself(tmp_path: Path) -> None:
    """000: « Quand un membre d'une alliance vote contre son allié [...] ça se transforme en un
    vote contre soi »."""
    sc = start(tmp_path)
    night(sc, {"Chloe": "alliance David", "David": "alliance Chloe"})
    challenge(sc, "jaunes")
    vote(
        sc,
        {"Alice": "Emma", "Bruno": "Emma", "Chloe": "David", "David": "Farid"}
        | {"Emma": "Farid", "Farid": "Emma"},
    )
    (given,) = verdicts(sc)
    assert given["votes"] == {"Emma": 3, "Chloe": 1, "Farid": 2}
    assert "David" not in verdict(sc).split("Votes :", 1)[1].split("\n", 1)[0]
    assert not sc.alive("Emma")


def test_a_secret_vote_against_ones_ally_counts_against_oneself(tmp_path: Path) -> None:
    """000: « Quand un membre d'une alliance vote contre son allié, même pour le vote secret des
    stratèges, ça se transforme en un vote contre soi »: Alice's secret vote on Chloe, who
    allies with her that night, counts against Alice."""
    sc = start(tmp_path)
    night(sc, {"Chloe": "alliance Alice", "Alice": "vote Chloe", "Bruno": "vote Emma"})
    challenge(sc, "jaunes")
    vote(sc, {"Alice": "David", "Bruno": "David", "Chloe": "David", "Emma": "David"})
    (given,) = verdicts(sc)
    assert given["secret"] == {"Alice": 1, "Emma": 1}


# --- the stratèges' den -----------------------------------------------------------------------


def test_at_night_the_strateges_consult_in_their_den(tmp_path: Path) -> None:
    """000: « Pendant les nuits, les stratèges peuvent se consulter en privé »."""
    sc = start(tmp_path)
    answer = sc.post("Alice", "strateges", "On vise Chloe ?")
    assert answer.ok, answer.text
    got = sorted(subjects_to(sc, "Alice (strateges)"))
    assert got == ["Bruno", "Gina", "Hugo"]
    assert "On vise Chloe ?" in last(sc, "Gina", "Alice (strateges)").content
    refused = sc.post("Chloe", "strateges", "Je peux venir ?")
    assert not refused.ok
    assert sorted(subjects_to(sc, "(strateges)")) == ["Bruno", "Gina", "Hugo"]


def test_at_night_nobody_speaks_on_the_square(tmp_path: Path) -> None:
    """000: « Pendant les nuits, [...] plus personne ne peut parler sur le forum »."""
    sc = start(tmp_path)
    before = len(sc.mails())
    for name in ("Alice", "Chloe"):
        answer = sc.post(name, "place", "Bonsoir l'île")
        assert not answer.ok and "pas été publié" in answer.text
    assert len(sc.mails()) == before
    night(sc)
    assert sc.post("Chloe", "place", "Bonjour l'île").ok, "the day, the square speaks again"
