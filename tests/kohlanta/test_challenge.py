"""Rule set `kohlanta`, seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt, lines 60-75,
« LG KOH-LANTA »): the challenge of the tribe phase (« JOUR (PHASE EN TRIBUS) »: the secret
challenge, the guesses and scores, the tie played again, the totem), played through players'
mails. Each test cites the sentence of 000 it plays.

The deal (`tests.kohlanta.play.deal`): « rouges » Alice, Bruno, Chloe, David, Emma, Farid;
« jaunes » Gina, Hugo, Ines, Jules, Karim, Lea; stratèges Alice, Bruno, Gina, Hugo; Sportifs
Alice, Chloe, Emma, Gina, Ines, Karim (the others Survivalistes). Alice and Gina are elected
chiefs on day 0 (`drive.elected`).
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from lgmail.rules.kohlanta.challenge import CANON
from tests.kohlanta.drive import (
    JAUNES,
    ROUGES,
    SPORTIFS,
    TRIBES,
    answer,
    day_one,
    guess,
    line_of,
    next_day,
    scores,
    text_of,
    tribe_scores,
    win,
)
from tests.kohlanta.drive import challenge_of as challenge  # the day's challenge (slugs)

# --- the challenge ----------------------------------------------------------------------------


def test_the_challenge_is_committed_before_the_guesses(tmp_path: Path) -> None:
    """000, « JOUR (PHASE EN TRIBUS) »: « Le MJ détermine en secret une épreuve (il la partage en
    MP avec un des joueurs éliminés pour qu'il puisse confirmer qu'il n'y a pas de triche) »: the
    day's mail shows its SHA-256, the answer reveals the challenge and the salt that give it."""
    sc = day_one(tmp_path)
    opening = next(m for m in sc.mails("Chloe") if m.subject.endswith("Jour 1"))
    (committed,) = re.findall(r"Son empreinte SHA-256 : ([0-9a-f]{64})\.", opening.content)
    salt = sc.state.extra["epreuve"]["salt"]
    assert not any(salt in m.body for m in sc.mails())  # kept secret until the answer
    win(sc, "rouges")
    text = answer(sc, 1, "Chloe")
    attrs = line_of(text, "Résultat de l'épreuve du jour 1 : ").split(" : ", 1)[1]
    revealed = attrs.rstrip(".").split(" / ")
    (shown,) = re.findall(r"Vérification : sel (\S+) ;", text)
    recomputed = hashlib.sha256("|".join([*revealed, shown]).encode()).hexdigest()
    assert recomputed == committed
    assert revealed == [CANON[a] for a in challenge(sc)]


def test_the_challenge_is_never_the_previous_days(tmp_path: Path) -> None:
    """000: « Il n'est pas possible pour le MJ de choisir la même épreuve que le jour
    précédent. »"""
    for seed in (1, 2, 3):
        sc = day_one(tmp_path / f"seed{seed}", seed)
        first = challenge(sc)
        next_day(sc, "rouges", "Lea")
        second = challenge(sc)
        assert second != first
        win(sc, "rouges")
        revealed = line_of(answer(sc, 2), "Résultat de l'épreuve du jour 2 : ")
        assert revealed.endswith(" / ".join(CANON[a] for a in second) + ".")


def test_a_guess_is_one_attribute_per_line_in_any_order(tmp_path: Path) -> None:
    """000: « Chaque joueur envoie au MJ quelles options il pense qu'a cette épreuve (donc par
    exemple : PLAGE/PUZZLE/EN RELAIS/AU SOLEIL). »"""
    sc = day_one(tmp_path)
    told = sc.ok("Chloe", "PLAGE/PUZZLE/EN RELAIS/AU SOLEIL")
    assert "Propositions pour l'épreuve : RELAIS / SOLEIL / PLAGE / PUZZLE" in told.text
    told = sc.ok("David", "au soleil hybride en groupe aquatique")
    assert "Propositions pour l'épreuve : GROUPE / SOLEIL / AQUATIQUE / HYBRIDE" in told.text
    told = sc.ok("Emma", "sous la pluie / équilibre / terrestre / en relais")
    assert "Propositions pour l'épreuve : RELAIS / PLUIE / TERRESTRE / EQUILIBRE" in told.text
    orders = sc.state.extra["ordres"]["by"]
    assert orders["Chloe"]["epreuve"]["value"] == ["relais", "soleil", "plage", "puzzle"]
    assert orders["David"]["epreuve"]["value"] == ["groupe", "soleil", "aquatique", "hybride"]


def test_a_guess_missing_a_line_or_naming_two_of_one_is_refused(tmp_path: Path) -> None:
    """000: « L'épreuve a les caractéristiques suivantes (une par ligne) »: a guess names one
    attribute of each of the four lines; otherwise a sentence says what is wrong."""
    sc = day_one(tmp_path)
    missing = sc.refused("Chloe", "PLAGE / PUZZLE / EN RELAIS", "not_allowed")
    assert "il manque : AU SOLEIL / SOUS LA PLUIE" in missing.text
    twice = sc.refused(
        "Chloe", "PLAGE / PUZZLE / EN RELAIS / AU SOLEIL / SOUS LA PLUIE", "not_allowed"
    )
    assert "un seul choix par ligne : AU SOLEIL / SOUS LA PLUIE" in twice.text
    assert "par exemple « PLAGE / PUZZLE / EN RELAIS / AU SOLEIL »" in twice.text


# --- the scores and the totem -----------------------------------------------------------------


def test_one_point_per_right_attribute_and_one_for_a_sportif(tmp_path: Path) -> None:
    """000: « Chaque joueur gagne 1 point par réponse juste + 1 point s'il est sportif. » and
    « Le MJ poste la réponse, les scores de chacun (entre 0 et 5) »."""
    sc = day_one(tmp_path)
    rights = {
        "Alice": 4, "Bruno": 4, "Chloe": 3, "David": 2, "Emma": 0, "Farid": 1,
        "Gina": 2, "Hugo": 3, "Ines": 1, "Jules": 0, "Karim": 4, "Lea": 2,
    }  # fmt: skip
    for name, right in rights.items():
        sc.ok(name, guess(sc, right))
    expected = {n: r + (1 if n in SPORTIFS else 0) for n, r in rights.items()}
    assert scores(answer(sc, 1)) == expected
    assert all(0 <= p <= 5 for p in expected.values())


def test_the_tribe_score_is_the_sum_and_the_winner_takes_the_totem(tmp_path: Path) -> None:
    """000: « Le score de chaque tribu est égal à la somme des points de la tribu. La tribu avec
    le plus de points gagne l'épreuve »; « annonce la tribu vainqueure qui gagne le totem
    d'immunité (pour dire qu'on ne peut pas voter contre eux, mais ils ne peuvent pas voter
    non plus) »."""
    sc = day_one(tmp_path)
    for name in JAUNES:
        sc.ok(name, guess(sc, 2))
    for name in ROUGES:
        sc.ok(name, guess(sc, 1))
    text = answer(sc, 1)
    points = scores(text)
    totals = tribe_scores(text)
    assert totals == {t: sum(points[n] for n in names) for t, names in TRIBES.items()}
    assert totals == {"rouges": 9, "jaunes": 15}
    assert "La tribu jaunes gagne l'épreuve et le totem d'immunité" in text
    for name in JAUNES:
        refused = sc.refused(name, "vote Alice", "not_allowed")
        assert "votre tribu a le totem d'immunité" in refused.text
    for name in JAUNES:
        refused = sc.refused("Bruno", f"vote {name}", "not_allowed")
        assert f"{name} a le totem d'immunité : personne ne peut voter contre" in refused.text
    sc.ok("Bruno", "vote Chloe")


# --- the ties ---------------------------------------------------------------------------------


def test_a_tie_is_played_again_with_changed_guesses(tmp_path: Path) -> None:
    """000: « en cas d'égalité, le MJ demande aux joueurs de réenvoyer des mails mais en
    changeant leurs propositions »."""
    sc = day_one(tmp_path)
    for name in ROUGES + JAUNES:
        sc.ok(name, guess(sc, 0))
    (tied,) = sc.events("ChallengeTied")
    assert tied["tribe_scores"] == {"rouges": 3, "jaunes": 3}
    assert sc.step() == "relance"
    assert not sc.events("ChallengeWon")
    told = text_of(sc, "Hugo", "Égalité à l'épreuve")
    assert "Égalité à l'épreuve (rouges : 3, jaunes : 3) : l'épreuve se rejoue." in told
    same = sc.refused("Alice", guess(sc, 0), "not_allowed")
    assert "changez au moins un choix de votre première proposition" in same.text
    for name in ROUGES:
        sc.ok(name, guess(sc, 4))
    for name in JAUNES:
        sc.ok(name, guess(sc, 0, alt=1))
    (won,) = sc.events("ChallengeWon")
    assert won["winner"] == "rouges"
    assert tribe_scores(answer(sc, 1)) == {"rouges": 27, "jaunes": 3}


def test_on_a_tie_the_tribe_that_fell_right_wins(tmp_path: Path) -> None:
    """000: « sauf si un joueur est tombé juste tandis qu'aucun n'est tombé juste dans l'autre
    tribu, auquel cas sa tribu gagne »."""
    sc = day_one(tmp_path)
    rights = {
        "Alice": 0, "Bruno": 0, "Chloe": 4, "David": 0, "Emma": 0, "Farid": 0,
        "Gina": 0, "Hugo": 3, "Ines": 0, "Jules": 1, "Karim": 0, "Lea": 0,
    }  # fmt: skip
    for name, right in rights.items():
        sc.ok(name, guess(sc, right))
    text = answer(sc, 1)
    assert tribe_scores(text) == {"rouges": 7, "jaunes": 7}
    assert not sc.events("ChallengeTied")
    assert sc.step() == "vote"
    assert sc.events("ChallengeWon")[0]["winner"] == "rouges"
    assert "La tribu rouges gagne l'épreuve (un de ses membres est tombé juste)" in text


def test_both_tribes_fell_right_on_a_tie_is_played_again(tmp_path: Path) -> None:
    """000: the exception holds only « tandis qu'aucun n'est tombé juste dans l'autre
    tribu »: a tie where each tribe has one who fell right is played again."""
    sc = day_one(tmp_path)
    for name in ROUGES + JAUNES:
        sc.ok(name, guess(sc, 4 if name in ("Chloe", "Karim") else 0))
    assert sc.events("ChallengeTied")[0]["tribe_scores"] == {"rouges": 7, "jaunes": 7}
    assert sc.step() == "relance"
