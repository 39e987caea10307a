"""Rule set `kohlanta`, seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt, lines 75 and
109-115, « LG KOH-LANTA »): « LES RÉCOMPENSES DE CONFORT » (the offer to the winning tribe's
chief, Feu, Kit de pêche, Repas, Indice de collier), played through players' mails. Each test
cites the sentence of 000 it plays.

The deal (`tests.kohlanta.play.deal`): « rouges » Alice, Bruno, Chloe, David, Emma, Farid;
« jaunes » Gina, Hugo, Ines, Jules, Karim, Lea; stratèges Alice, Bruno, Gina, Hugo; Sportifs
Alice, Chloe, Emma, Gina, Ines, Karim (the others Survivalistes). Alice and Gina are elected
chiefs on day 0 (`drive.elected`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from tests.kohlanta.drive import (
    JAUNES,
    ROUGES,
    SPORTIFS,
    answer,
    day_one,
    elected,
    guess,
    living,
    offer,
    scores,
    taking,
    text_of,
    tribe_scores,
    vote_out,
    win,
)

# --- the offer --------------------------------------------------------------------------------


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


# --- each comfort -----------------------------------------------------------------------------


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
