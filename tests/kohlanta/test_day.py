"""Rule set `kohlanta`, seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt, « LG KOH-LANTA »):
the day of the tribe phase (« JOUR (PHASE EN TRIBUS) »: the secret challenge, the guesses and
scores, the tie played again, the totem, the vote of the losing tribe and its verdict) and
« LES RÉCOMPENSES DE CONFORT » (Feu, Kit de pêche, Repas, Indice de collier), played through
players' mails. Each test cites the sentence of 000 it plays.

The deal (`tests.kohlanta.play.deal`): « rouges » Alice, Bruno, Chloe, David, Emma, Farid;
« jaunes » Gina, Hugo, Ines, Jules, Karim, Lea; stratèges Alice, Bruno, Gina, Hugo; Sportifs
Alice, Chloe, Emma, Gina, Ines, Karim (the others Survivalistes). Alice and Gina are elected
chiefs on day 0.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from pathlib import Path

from lgmail.rules.kohlanta.cards import members, tribe_of
from lgmail.rules.kohlanta.challenge import CANON, LINES
from tests.kohlanta.play import game
from tests.scenario import Scenario

ROUGES = ["Alice", "Bruno", "Chloe", "David", "Emma", "Farid"]
JAUNES = ["Gina", "Hugo", "Ines", "Jules", "Karim", "Lea"]
TRIBES = {"rouges": ROUGES, "jaunes": JAUNES}
SPORTIFS = {"Alice", "Chloe", "Emma", "Gina", "Ines", "Karim"}
CHIEFS = {"rouges": "Alice", "jaunes": "Gina"}


# --- playing a day -----------------------------------------------------------------------------


def elected(folder: Path, seed: int = 1) -> Scenario:
    """A game of 12 (every draw from `seed`) whose day 0 elected Alice and Gina: night 1."""
    sc = game(folder, seed=seed)
    for tribe, names in TRIBES.items():
        for name in names:
            sc.ok(name, f"vote {CHIEFS[tribe]}")
    sc.end()
    assert sc.phase() == ("night", 1)
    return sc


def day_one(folder: Path, seed: int = 1) -> Scenario:
    """Day 1 of a game whose night 1 was quiet."""
    sc = elected(folder, seed)
    sc.end()
    assert sc.phase() == ("day", 1) and sc.step() == "epreuve"
    return sc


def challenge(sc: Scenario) -> list[str]:
    """The day's secret challenge (slugs)."""
    return list(sc.state.extra["epreuve"]["challenge"])


def guess(sc: Scenario, right: int, alt: int = 0, sep: str = " / ") -> str:
    """A guess whose first `right` lines are the challenge's and the others a wrong attribute
    (the `alt`-th wrong one of the line)."""
    out = []
    for i, (attr, line) in enumerate(zip(challenge(sc), LINES, strict=True)):
        wrong = [a for a in line if a != attr]
        out.append(CANON[attr] if i < right else CANON[wrong[alt % len(wrong)]])
    return sep.join(out)


def living(sc: Scenario, tribe: str) -> list[str]:
    return members(sc.state, tribe)


def other(tribe: str) -> str:
    return "jaunes" if tribe == "rouges" else "rouges"


def win(sc: Scenario, tribe: str) -> None:
    """`tribe` guesses the challenge, the other tribe nothing right: `tribe` wins."""
    for name in living(sc, tribe):
        sc.ok(name, guess(sc, 4))
    for name in living(sc, other(tribe)):
        sc.ok(name, guess(sc, 0))
    assert sc.step() == "vote"
    assert sc.state.extra["epreuve"]["winner"] == tribe


def vote_out(sc: Scenario, name: str) -> None:
    """Every voter of the day votes against `name` (he, against a tribe-mate), the vote closes;
    a chief eliminated names the next of his tribe."""
    voters = living(sc, tribe_of(sc.state, name))
    for voter in voters:
        target = name if voter != name else next(v for v in voters if v != name)
        sc.ok(voter, f"vote {target}")
    sc.end()
    assert not sc.alive(name)
    for reaction in sc.state.reactions:
        if reaction.kind == "successeur":
            sc.ok(name, f"successeur {next(v for v in voters if v != name)}")
    assert sc.phase() == ("night", sc.state.number)


def next_day(sc: Scenario, winner: str, out: str) -> None:
    """`winner` wins the challenge, `out` is voted out, a quiet night: the next day."""
    day = sc.state.number
    win(sc, winner)
    vote_out(sc, out)
    sc.end()
    assert sc.phase() == ("day", day + 1)


def text_of(sc: Scenario, player: str, words: str) -> str:
    """The last mail to `player` that says `words`."""
    found = [m.content for m in sc.mails(player) if words in m.content]
    assert found, f"no mail to {player} says {words!r}"
    return found[-1]


def answer(sc: Scenario, day: int, player: str = "Chloe") -> str:
    return text_of(sc, player, f"Résultat de l'épreuve du jour {day}")


def scores(text: str) -> dict[str, int]:
    return {n: int(p) for n, p in re.findall(r"^  (\w+) : (\d+)$", text, re.M)}


def tribe_scores(text: str) -> dict[str, int]:
    return {t: int(p) for t, p in re.findall(r"^Tribu (\w+) : (\d+) points\.$", text, re.M)}


def line_of(text: str, start: str) -> str:
    found = [line for line in text.splitlines() if line.startswith(start)]
    assert found, f"no line starts with {start!r} in:\n{text}"
    return found[-1]


def offer(sc: Scenario) -> list[str]:
    return list(sc.state.extra["conforts"]["offer"]["choices"])


def with_offer(folder: Path, wanted: str) -> Scenario:
    """Day 1 won by the rouges, in the first game (seeds 1, 2, ...) where their offer holds
    `wanted`."""
    for seed in range(1, 60):
        sc = day_one(folder / f"seed{seed}", seed)
        win(sc, "rouges")
        if wanted in offer(sc):
            return sc
    raise AssertionError(f"no seed offers {wanted}")


def taking(folder: Path, comfort: str) -> Scenario:
    """The rouges win day 1 and take `comfort`; Lea is voted out: night 2."""
    sc = with_offer(folder, comfort)
    sc.ok("Alice", f"confort {comfort}")
    vote_out(sc, "Lea")
    assert sc.events("ComfortTaken")[-1]["comfort"] == comfort
    return sc


# --- the challenge ---------------------------------------------------------------------------


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


# --- the vote and its verdict ----------------------------------------------------------------


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


def test_an_unused_necklace_of_the_eliminated_is_back_in_play(tmp_path: Path) -> None:
    """000: « Si l'éliminé avait un collier d'immunité qu'il n'a pas utilisé, ce collier est
    remis en jeu pour le reste de sa tribu (le MJ annonce lors du verdict qu'il avait un
    collier). »"""
    sc = elected(tmp_path)
    number = int(sc.state.extra["colliers"]["number"])
    sc.ok("Lea", f"collier {number}")
    sc.end()
    win(sc, "rouges")
    vote_out(sc, "Lea")
    text = text_of(sc, "Jules", "Lea est éliminé")
    back = "Il avait un collier d'immunité qu'il n'a pas utilisé : le collier est remis en jeu."
    assert back in text
    sc.ok("Jules", f"collier {number}")
    sc.end()
    assert "Vous avez trouvé le collier d'immunité" in text_of(sc, "Jules", "collier d'immunité")


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


# --- the comforts ----------------------------------------------------------------------------


def test_the_winning_chief_is_offered_two_comforts_and_picks_one(tmp_path: Path) -> None:
    """000: « et qui a le droit à un confort (voir liste des conforts) : le MJ leur propose deux
    conforts, et le chef de tribu en choisit un des deux »."""
    sc = day_one(tmp_path)
    win(sc, "rouges")
    choices = offer(sc)
    assert len(choices) == 2 and len(set(choices)) == 2
    mail = [m for m in sc.mails("Alice") if "Choisissez votre confort" in m.subject]
    assert len(mail) == 1
    assert f"« confort {choices[0]} » ou « confort {choices[1]} »" in mail[0].content
    assert not any("Choisissez votre confort" in m.subject for n in JAUNES for m in sc.mails(n))
    assert not any("Choisissez votre confort" in m.subject for m in sc.mails("Bruno"))
    sc.ok("Alice", f"confort {choices[1]}")
    vote_out(sc, "Lea")
    (taken,) = sc.events("ComfortTaken")
    assert taken["tribe"] == "rouges" and taken["comfort"] == choices[1] and not taken["drawn"]
    assert "La tribu rouges prend " in text_of(sc, "Lea", "La tribu rouges prend")


def test_only_the_chief_picks_and_only_what_is_offered(tmp_path: Path) -> None:
    """000: « le MJ leur propose deux conforts, et le chef de tribu en choisit un des deux »."""
    sc = day_one(tmp_path)
    win(sc, "rouges")
    choices = offer(sc)
    for name in ("Bruno", "Gina"):
        refused = sc.refused(name, f"confort {choices[0]}", "not_allowed")
        assert "seul le chef de la tribu qui a gagné l'épreuve choisit le confort" in refused.text
    absent = next(c for c in ("feu", "kit", "repas", "indice") if c not in choices)
    refused = sc.refused("Alice", f"confort {absent}", "not_allowed")
    assert "ce confort n'est pas proposé ; choisissez entre : " + ", ".join(choices) in (
        refused.text
    )


def test_without_a_pick_the_comfort_is_drawn_at_the_vote_close(tmp_path: Path) -> None:
    """000: « le chef de tribu en choisit un des deux »; ruling: a chief who does not choose
    before the vote closes gets a recorded draw between the two."""
    sc = day_one(tmp_path)
    win(sc, "rouges")
    choices = offer(sc)
    assert not sc.events("ComfortTaken")
    vote_out(sc, "Lea")
    (taken,) = sc.events("ComfortTaken")
    assert taken["drawn"] and taken["comfort"] in choices
    assert "(tiré au sort, faute de choix du chef)" in text_of(sc, "Chloe", "La tribu rouges prend")


def rouges_win_three_days(folder: Path, pick: Callable[[list[str]], str]) -> list[list[str]]:
    """The rouges win days 1, 2 and 3 (Lea, Karim voted out between), their chief taking
    `pick(offer)` on days 1 and 2: the three offers."""
    sc = day_one(folder)
    offers = []
    for out in ("Lea", "Karim"):
        win(sc, "rouges")
        offers.append(offer(sc))
        sc.ok("Alice", f"confort {pick(offer(sc))}")
        vote_out(sc, out)
        sc.end()
    win(sc, "rouges")
    offers.append(offer(sc))
    assert sc.phase() == ("day", 3)
    return offers


def test_a_tribe_is_never_offered_again_a_comfort_it_took(tmp_path: Path) -> None:
    """000: « Remarque : quand une tribu accepte un confort, le MJ ne peut plus reproposer de la
    partie ce confort à cette tribu. »"""
    sc = day_one(tmp_path)
    took: list[str] = []
    for day, out in ((1, "Lea"), (2, "Karim"), (3, "Jules")):
        win(sc, "rouges")
        choices = offer(sc)
        assert not set(choices) & set(took), (day, choices, took)
        sent = text_of(sc, "Alice", "choisissez son confort")
        for c in took:
            assert f"« confort {c} »" not in sent
        took.append(choices[0])
        sc.ok("Alice", f"confort {choices[0]}")
        vote_out(sc, out)
        if day < 3:
            sc.end()


def test_every_comfort_is_offered_during_the_tribe_phase(tmp_path: Path) -> None:
    """000: « (Chaque type de confort doit être proposé au moins une fois durant la phase des
    tribus.) »"""
    offers = rouges_win_three_days(tmp_path, lambda o: o[0])
    assert {c for o in offers for c in o} == {"feu", "kit", "repas", "indice"}


def test_the_kit_is_offered_only_on_days_1_and_2_at_12(tmp_path: Path) -> None:
    """000, KIT DE PÊCHE: « À 12 joueurs, le kit de pêche [...] ne peut être alors proposé que
    J1 ou J2. »"""
    offers = rouges_win_three_days(tmp_path, lambda o: next(c for c in o if c != "kit"))
    assert "kit" in offers[0] + offers[1]
    taken = {next(c for c in o if c != "kit") for o in offers[:2]}
    left = {"feu", "repas", "indice"} - taken
    assert offers[2] == sorted(left)


def test_the_meal_gives_the_survivalistes_one_point_at_the_next_challenge(tmp_path: Path) -> None:
    """000, REPAS: « Durant la prochaine épreuve de jour, tous les survivalistes de la tribu
    gagnent un bonus de +1 comme s'ils étaient sportifs, sauf que leur score total ne peut pas
    dépasser 5 »."""
    sc = taking(tmp_path, "repas")
    sc.end()
    rights = {
        "Alice": 4, "Bruno": 4, "Chloe": 1, "David": 2, "Emma": 0, "Farid": 0,
        "Gina": 0, "Hugo": 2, "Ines": 0, "Jules": 0, "Karim": 0,
    }  # fmt: skip
    for name, right in rights.items():
        sc.ok(name, guess(sc, right))
    got = scores(answer(sc, 2))
    assert got == {
        "Alice": 5, "Bruno": 5, "Chloe": 2, "David": 3, "Emma": 1, "Farid": 1,
        "Gina": 1, "Hugo": 2, "Ines": 1, "Jules": 0, "Karim": 1,
    }  # fmt: skip
    vote_out(sc, "Karim")
    sc.end()
    for name in living(sc, "rouges"):
        sc.ok(name, guess(sc, 2))
    for name in living(sc, "jaunes"):
        sc.ok(name, guess(sc, 0))
    got = scores(answer(sc, 3))
    assert got["Bruno"] == got["David"] == got["Farid"] == 2  # the meal is eaten


def test_a_meal_taken_on_the_last_tribe_day_feeds_the_next_challenge(tmp_path: Path) -> None:
    """000, REPAS: « Durant la prochaine épreuve de jour, tous les survivalistes de la tribu
    gagnent un bonus de +1 »: the next challenge, even when the merge comes between (000 ends
    the Feu « jusqu'à la réunification », not the Repas)."""
    sc = day_one(tmp_path)
    for out in ("Lea", "Karim"):
        win(sc, "rouges")
        sc.ok("Alice", f"confort {next(c for c in offer(sc) if c != 'repas')}")
        vote_out(sc, out)
        sc.end()
    win(sc, "rouges")
    assert "repas" in offer(sc)
    sc.ok("Alice", "confort repas")
    vote_out(sc, "Jules")  # 9 players: the ambassadors' night, then the merge
    sc.end()
    assert sc.phase() == ("day", 4) and sc.state.extra.get("reunifie")
    for name in sc.state.living_names():
        sc.ok(name, guess(sc, 3 if name in ("Bruno", "Hugo") else 0))
    mine = text_of(sc, "Bruno", "Votre score à l'épreuve du jour")
    assert "Votre score à l'épreuve du jour : 4 points." in mine  # 3 right + the meal
    theirs = text_of(sc, "Hugo", "Votre score à l'épreuve du jour")
    assert "Votre score à l'épreuve du jour : 3 points." in theirs  # a jaune: no meal


def test_the_fishing_kit_lets_the_chief_play_twice_when_not_outnumbering(
    tmp_path: Path,
) -> None:
    """000, KIT DE PÊCHE: « Si lors d'une épreuve de jour, votre équipe est en infériorité
    numérique par rapport à l'autre équipe, votre chef d'équipe joue deux fois lors de cette
    épreuve (il n'est pas obligé de proposer la même combinaison, et les points obtenus sur ses
    deux propositions sont cumulés). À 12 joueurs, le kit de pêche fonctionne aussi si vous êtes
    en nombre égal avec l'autre équipe »."""
    sc = taking(tmp_path, "kit")
    sc.end()
    # day 2: 6 rouges against 5 jaunes: the rouges outnumber, the kit does not play
    sc.ok("Alice", guess(sc, 4) + "\n" + guess(sc, 2))
    for name in ROUGES[1:]:
        sc.ok(name, guess(sc, 0))
    for name in living(sc, "jaunes"):
        sc.ok(name, guess(sc, 4))
    assert scores(answer(sc, 2))["Alice"] in (4 + 1, 2 + 1)  # one proposal counted
    vote_out(sc, "Farid")
    sc.end()
    # day 3: 5 against 5: the chief's two proposals, in one mail, are summed
    sc.ok("Alice", guess(sc, 4) + "\n" + guess(sc, 2))
    for name in living(sc, "rouges")[1:]:
        sc.ok(name, guess(sc, 0))
    for name in living(sc, "jaunes"):
        sc.ok(name, guess(sc, 1))
    text = answer(sc, 3)
    assert scores(text)["Alice"] == 4 + 2 + 1
    assert tribe_scores(text)["rouges"] == 7 + 1 + 1


def test_the_necklace_hint_is_wrong_and_lets_the_sportifs_search(tmp_path: Path) -> None:
    """000, INDICE DE COLLIER: « Le MJ envoie un message à chaque joueur de la tribu indiquant un
    chiffre de collier erroné, de préférence si possible un qui n'a jamais encore été proposé
    par les membres de cette tribu [...]. De plus, durant la prochaine nuit (et seulement la
    prochaine nuit [...]), les sportifs de cette tribu pourront tenter de trouver un collier
    comme s'ils étaient survivaliste. »"""
    for seed in range(1, 60):
        sc = elected(tmp_path / f"seed{seed}", seed)
        number = int(sc.state.extra["colliers"]["number"])
        wrong = [n for n in range(1, 7) if n != number]
        sc.refused("Chloe", f"collier {wrong[0]}", "not_allowed")  # a Sportif, no hint yet
        for name, n in zip(("Bruno", "David", "Farid"), wrong, strict=False):
            sc.ok(name, f"collier {n}")
        sc.end()
        win(sc, "rouges")
        if "indice" in offer(sc):
            break
    else:
        raise AssertionError("no seed offers the hint")
    sc.ok("Alice", "confort indice")
    vote_out(sc, "Lea")
    told = {}
    for name in ROUGES:
        mail = [m for m in sc.mails(name) if "Indice de collier" in m.subject]
        assert len(mail) == 1, name
        (said,) = re.findall(r"le nombre collier n'est pas (\d)\.", mail[0].content)
        told[name] = int(said)
        search = "vous pouvez chercher un collier comme un survivaliste" in mail[0].content
        assert search == (name in SPORTIFS), name
    assert len(set(told.values())) == 1
    hint = told["Alice"]
    assert hint != number
    assert hint in wrong[3:]  # never proposed by a rouge
    assert not any("Indice de collier" in m.subject for n in JAUNES for m in sc.mails(n))
    sc.ok("Chloe", f"collier {number}")
    sc.refused("Ines", f"collier {number}", "not_allowed")  # a jaune Sportif
    sc.end()
    assert "Vous avez trouvé le collier d'immunité" in text_of(sc, "Chloe", "collier d'immunité")
    win(sc, "rouges")
    vote_out(sc, "Karim")
    sc.refused("Emma", f"collier {hint}", "not_allowed")  # the next night only


def test_the_fire_probes_a_tribe_mate(tmp_path: Path) -> None:
    """000, FEU: « Chaque nuit, chaque membre de la tribu qui a le feu peut sonder un autre
    joueur de son équipe : il sait alors si le joueur sondé est en alliance ou pas (mais pas
    avec qui), et s'il n'est pas en alliance alors il est informé s'il a tenté de nouer des
    alliances pendant les nuits précédentes et la nuit en cours, et envers qui, ou si c'est un
    stratège il obtient les noms des joueurs sur qui il a ajouté un vote supplémentaire. »"""
    for seed in range(1, 60):
        sc = elected(tmp_path / f"seed{seed}", seed)
        sc.ok("Chloe", "alliance David")
        sc.ok("David", "alliance Chloe")
        sc.ok("Emma", "alliance Farid")
        sc.ok("Alice", "vote Jules")
        sc.refused("Farid", "sonder Chloe", "not_allowed")  # no fire yet
        sc.end()
        win(sc, "rouges")
        if "feu" in offer(sc):
            break
    else:
        raise AssertionError("no seed offers the fire")
    sc.ok("Alice", "confort feu")
    vote_out(sc, "Lea")
    # night 2
    sc.ok("Emma", "alliance Bruno")
    sc.ok("Alice", "vote Hugo")
    sc.ok("Farid", "sonder Chloe")
    sc.ok("Chloe", "sonder Emma")
    sc.ok("Bruno", "sonder Alice")
    sc.ok("David", "sonder Farid")
    refused = sc.refused("Emma", "sonder Gina", "not_allowed")
    assert "sondez un autre membre de votre tribu" in refused.text
    sc.refused("Hugo", "sonder Ines", "not_allowed")  # the jaunes have no fire
    sc.end()

    def probed(by: str) -> str:
        mail = [m for m in sc.mails(by) if "Ce que le feu vous apprend" in m.subject]
        assert len(mail) == 1, by
        return mail[0].content

    assert "Chloe est en alliance." in probed("Farid")
    assert "David" not in probed("Farid")
    said = probed("Chloe")
    assert "Emma n'est pas en alliance." in said
    assert "Emma a tenté de s'allier avec : Farid, Bruno." in said
    said = probed("Bruno")
    assert "Alice n'est pas en alliance." in said
    assert "Ses votes supplémentaires se sont portés sur : Jules, Hugo." in said
    assert "Farid n'a tenté aucune alliance." in probed("David")
