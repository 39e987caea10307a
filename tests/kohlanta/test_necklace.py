"""Rule set `kohlanta` (seed 000, ../shared/seeds/000_34f6f2cfe008970d.txt, lines 10-14, 42-47,
55-57, 77-78, 83, 86 and 115, « LG KOH-LANTA »): the immunity necklaces, played through players'
mails. « NUIT (PHASE EN TRIBUS) »: « Chaque survivaliste envoie au MJ un chiffre entre 1 et 6 »,
its three conditions, the generic failure, the Sportifs' search after the « INDICE DE COLLIER »;
the holders: using it, getting it back, its return into play when its holder is eliminated;
after the merge, the necklaces open to every survivaliste (« TRANSITION : AMBASSADEURS +
RÉUNIFICATION ») but not, the first night, to a former finder (« NUIT (PHASE EN INDIVIDUEL) »).
Each test quotes the sentence of 000 it plays.

The deal (`play.deal(12)`): « rouges » Alice, Bruno, Chloe, David, Emma, Farid; « jaunes » Gina,
Hugo, Ines, Jules, Karim, Lea; the stratèges Alice, Bruno, Gina, Hugo; Sportifs Alice, Chloe,
Emma, Gina, Ines, Karim, the Survivalistes Bruno, David, Farid, Hugo, Jules, Lea. Day 0 elects
Farid and Jules chiefs (`drive.start`; Alice and Gina with `drive.elected`). A day is played by a
tribe (or, after the merge, a player) sending the exact challenge (it wins), the others a wrong
one; then the losing tribe votes as each test says.
"""

from __future__ import annotations

from pathlib import Path

from tests.kohlanta.drive import (
    FOUND,
    HINT,
    JAUNES,
    MISSED,
    RETURNED,
    ROUGES,
    challenge,
    day,
    elected,
    everyone_votes,
    last,
    merge,
    night,
    number,
    start,
    subjects_to,
    text_of,
    verdict,
    verdicts,
    vote,
    vote_out,
    win,
    wrong,
)

# --- the necklaces ----------------------------------------------------------------------------


def test_a_survivaliste_with_the_number_finds_his_tribes_necklace(tmp_path: Path) -> None:
    """000: « Chaque survivaliste envoie au MJ un chiffre entre 1 et 6. SI : 1) Le chiffre
    correspond au nombre collier [...] Alors le joueur gagne à la fin de la nuit le collier
    d'immunité de sa tribu »; « Un collier d'immunité est caché pour chaque tribu »."""
    sc = start(tmp_path)
    sc.ok("Bruno", f"collier {number(sc)}")
    sc.ok("Hugo", f"collier {number(sc)}")
    assert subjects_to(sc, FOUND) == [], "found at the night's end, not before"
    night(sc)
    assert sorted(subjects_to(sc, FOUND)) == ["Bruno", "Hugo"]
    found = {e["player"]: e["pool"] for e in sc.events("NecklaceFound")}
    assert found == {"Bruno": "rouges", "Hugo": "jaunes"}
    assert "utiliser collier" in last(sc, "Bruno", FOUND).content


def test_a_wrong_number_finds_nothing(tmp_path: Path) -> None:
    """000: « SI : 1) Le chiffre correspond au nombre collier [...] (sinon il a juste un message
    générique) »."""
    sc = start(tmp_path)
    night(sc, {"Bruno": f"collier {wrong(sc)}"})
    assert sc.events("NecklaceFound") == []
    assert subjects_to(sc, FOUND) == []
    assert subjects_to(sc, MISSED) == ["Bruno"]


def test_two_finders_for_one_necklace_get_nothing(tmp_path: Path) -> None:
    """000: « 3) Que le nombre de survivalistes qui ont donné le nombre collier est inférieur ou
    égal au nombre de colliers disponibles pour cette tribu »: two of the rouges give it, one
    necklace is free, neither gets it (and it is still there the next night)."""
    sc = start(tmp_path)
    night(sc, {"Bruno": f"collier {number(sc)}", "David": f"collier {number(sc)}"})
    assert sc.events("NecklaceFound") == []
    assert sorted(subjects_to(sc, MISSED)) == ["Bruno", "David"]
    challenge(sc, "rouges")
    vote(sc, everyone_votes(sc, JAUNES, "Ines", "Karim"))
    night(sc, {"Bruno": f"collier {number(sc)}"})
    assert subjects_to(sc, FOUND) == ["Bruno"], "the necklace was still to be found"


def test_a_necklace_found_is_not_found_again(tmp_path: Path) -> None:
    """000: « 2) Il y a encore au moins un collier d'immunité à trouver (si tous les colliers de
    la tribu ont été trouvés durant les nuits précédentes et qu'aucun n'a été remis en jeu,
    c'est mort) »."""
    sc = start(tmp_path)
    night(sc, {"Bruno": f"collier {number(sc)}"})
    challenge(sc, "rouges")
    vote(sc, everyone_votes(sc, JAUNES, "Ines", "Karim"))
    night(sc, {"David": f"collier {number(sc)}", "Farid": f"collier {number(sc)}"})
    assert [e["player"] for e in sc.events("NecklaceFound")] == ["Bruno"]
    assert subjects_to(sc, FOUND) == ["Bruno"]
    assert sorted(subjects_to(sc, MISSED)) == ["David", "Farid"]


def test_the_failure_mail_never_tells_the_cause(tmp_path: Path) -> None:
    """000: « (sinon il a juste un message générique qui ne lui indique pas la cause de
    l'échec) »: a wrong number (Farid), two finders for one necklace (Bruno, David), a necklace
    already found (Jules, night 2) get the same mail."""
    sc = start(tmp_path)
    right = f"collier {number(sc)}"
    night(
        sc,
        {"Bruno": right, "David": right, "Farid": f"collier {wrong(sc)}", "Hugo": right},
    )
    challenge(sc, "rouges")
    vote(sc, everyone_votes(sc, JAUNES, "Ines", "Karim"))
    night(sc, {"Jules": right})
    missed = {name: last(sc, name, MISSED) for name in ("Bruno", "David", "Farid", "Jules")}
    assert {m.subject for m in missed.values()} == {"[village] Pas de collier"}
    bodies = {m.content.replace(name, "NOM") for name, m in missed.items()}
    assert len(bodies) == 1, bodies
    assert not any(str(number(sc)) in m.content for m in missed.values())


def test_a_sportif_searches_only_the_night_after_the_indice(tmp_path: Path) -> None:
    """000: « SPORTIF (bonus sur les épreuves, ne peut pas avoir de collier d'immunité) »;
    « INDICE DE COLLIER : Le MJ envoie un message à chaque joueur de la tribu indiquant un
    chiffre de collier erroné [...] De plus, durant la prochaine nuit (et seulement la prochaine
    nuit [...]), les sportifs de cette tribu pourront tenter de trouver un collier comme s'ils
    étaient survivaliste »."""
    sc = start(tmp_path)
    answer = sc.refused("Alice", f"collier {number(sc)}", "not_allowed")
    assert "vous ne pouvez pas chercher de collier cette nuit" in answer.text
    night(sc)
    # the rouges win until their chief is offered the Indice (a comfort never offered comes
    # first: the Indice is offered on day 1 or day 2)
    for out in ("Ines", "Karim"):
        challenge(sc, "rouges")
        offered = sc.events("ComfortOffered")[-1]
        assert offered["tribe"] == "rouges"
        if "indice" in offered["choices"]:
            sc.ok("Farid", "confort indice")
        vote(sc, everyone_votes(sc, JAUNES, out, "Lea"))
        if sc.events("HintGiven"):
            break
        night(sc)
    else:
        raise AssertionError("the Indice is offered on day 1 or day 2")
    hint = last(sc, "Alice", HINT).content
    assert f"n'est pas {number(sc)}." not in hint
    assert "vous pouvez chercher un collier" in hint
    assert "vous pouvez chercher" not in last(sc, "Bruno", HINT).content
    assert sorted(subjects_to(sc, HINT)) == sorted(ROUGES)
    sc.refused("Gina", f"collier {number(sc)}", "not_allowed")  # not her tribe's Indice
    night(sc, {"Alice": f"collier {number(sc)}", "Emma": f"collier {wrong(sc)}"})
    assert subjects_to(sc, FOUND) == ["Alice"], "a Sportif finds it « comme [un] survivaliste »"
    assert subjects_to(sc, MISSED) == ["Emma"]
    challenge(sc, "rouges")
    vote(sc, everyone_votes(sc, JAUNES, "Lea", "Jules"))
    sc.refused("Emma", f"collier {number(sc)}", "not_allowed")  # « seulement la prochaine nuit »


def test_a_number_outside_one_to_six_is_refused_with_a_sentence(tmp_path: Path) -> None:
    """000: « Chaque survivaliste envoie au MJ un chiffre entre 1 et 6 »."""
    sc = start(tmp_path)
    answer = sc.refused("Bruno", "collier 9", "not_allowed")
    assert "envoyez un chiffre de 1 à 6 : « collier 4 »" in answer.text
    sc.refused("Bruno", "collier 0", "not_allowed")


# --- the holders ------------------------------------------------------------------------------


def test_a_necklace_used_at_night_protects_at_the_next_vote(tmp_path: Path) -> None:
    """000: « Chaque nuit, un joueur avec un collier peut choisir de s'en servir ou pas »;
    « Retrait des colliers d'immunité à ceux qui s'en servent, il seront protégés au prochain
    vote »; « Quand le vote est fini, si un membre de la tribu a joué son collier d'immunité, le
    MJ l'annonce »."""
    sc = start(tmp_path)
    night(sc, {"Bruno": f"collier {number(sc)}"})
    challenge(sc, "rouges")
    vote(sc, everyone_votes(sc, JAUNES, "Ines", "Karim"))
    night(sc, {"Bruno": "utiliser collier", "Gina": "vote Bruno", "Hugo": "vote David"})
    assert [e["player"] for e in sc.events("NecklacePlayed")] == ["Bruno"]
    challenge(sc, "jaunes")
    votes = {n: "Bruno" for n in ROUGES}
    votes["Bruno"] = "David"
    vote(sc, votes)
    assert sc.alive("Bruno"), "five votes against him do not count"
    assert not sc.alive("David")
    (_, given) = verdicts(sc)
    assert given["protected"] == ["Bruno"] and given["votes"] == {"David": 1}
    assert given["secret"] == {"David": 1}, "Gina's secret vote on Bruno does not count either"
    text = verdict(sc)
    assert "Bruno a joué son collier d'immunité : les votes contre Bruno ne comptent pas." in text
    assert "Bruno (" not in text


def test_a_finder_may_use_it_during_the_next_challenge(tmp_path: Path) -> None:
    """000: « Réception des colliers d'immunité (+ le joueur doit dire s'il s'en sert tout de
    suite ou pas s'il en reçoit un) »: found at night 1, played with his guess of day 1."""
    sc = start(tmp_path)
    sc.refused("Bruno", "utiliser collier", "not_allowed")  # he has none yet
    night(sc, {"Bruno": f"collier {number(sc)}"})
    challenge(sc, "jaunes", extra={"Bruno": "utiliser collier"})
    assert [e["player"] for e in sc.events("NecklacePlayed")] == ["Bruno"]
    votes = {n: "Bruno" for n in ROUGES}
    votes["Bruno"] = "Chloe"
    vote(sc, votes)
    assert sc.alive("Bruno") and not sc.alive("Chloe")
    assert "Bruno a joué son collier d'immunité" in verdict(sc)


def test_a_used_necklace_comes_back_when_his_tribe_wins(tmp_path: Path) -> None:
    """000: « Si la tribu d'un joueur gagne la prochaine épreuve du jour, alors ce joueur
    récupère son collier à ce moment-là, donc au milieu de la journée qui vient »."""
    sc = start(tmp_path)
    night(sc, {"Bruno": f"collier {number(sc)}"})
    challenge(sc, "jaunes")
    vote(sc, everyone_votes(sc, ROUGES, "Chloe", "David"))
    night(sc, {"Bruno": "utiliser collier"})
    assert subjects_to(sc, RETURNED) == []
    challenge(sc, "rouges")
    assert [e["player"] for e in sc.events("NecklaceReturned")] == ["Bruno"]
    assert subjects_to(sc, RETURNED) == ["Bruno"], "a private mail, to him alone"
    assert "vous récupérez votre collier" in last(sc, "Bruno", RETURNED).content
    vote(sc, everyone_votes(sc, JAUNES, "Ines", "Karim"))
    # his again: he may play it another night, and looks for no other
    sc.ok("Bruno", "utiliser collier")
    sc.refused("Bruno", f"collier {number(sc)}", "not_allowed")


def test_an_eliminated_holders_necklace_goes_back_into_play(tmp_path: Path) -> None:
    """000: « Si l'éliminé avait un collier d'immunité qu'il n'a pas utilisé, ce collier est
    remis en jeu pour le reste de sa tribu (le MJ annonce lors du verdict qu'il avait un
    collier) »."""
    sc = start(tmp_path)
    night(sc, {"Bruno": f"collier {number(sc)}"})
    challenge(sc, "jaunes", extra={"Bruno": "garder collier"})
    vote(sc, everyone_votes(sc, ROUGES, "Bruno", "David"))
    assert not sc.alive("Bruno")
    assert [(e["player"], e["pool"]) for e in sc.events("NecklaceBackInPlay")] == [
        ("Bruno", "rouges")
    ]
    assert "Il avait un collier d'immunité qu'il n'a pas utilisé" in verdict(sc)
    night(sc, {"David": f"collier {number(sc)}", "Jules": f"collier {number(sc)}"})
    assert sorted(subjects_to(sc, FOUND)) == ["Bruno", "David", "Jules"]
    found = {e["player"]: e["pool"] for e in sc.events("NecklaceFound")}
    assert found == {"Bruno": "rouges", "David": "rouges", "Jules": "jaunes"}


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


# --- after the merge --------------------------------------------------------------------------


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
