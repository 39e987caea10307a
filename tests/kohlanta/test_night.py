"""Rule set `kohlanta` (seed 000, ../shared/seeds/000_34f6f2cfe008970d.txt, lines 1-116,
« LG KOH-LANTA »): « NUIT (PHASE EN TRIBUS) », played through players' mails. The necklaces
(« Chaque survivaliste envoie au MJ un chiffre entre 1 et 6 », its three conditions, the generic
failure, using it, getting it back, its return into play), the alliances of two and what they
do to votes, the stratèges' den, and the night that closes once everyone has acted. Each test
quotes the sentence of 000 it plays.

The deal (`play.deal(12)`): « rouges » Alice, Bruno, Chloe, David, Emma, Farid; « jaunes » Gina,
Hugo, Ines, Jules, Karim, Lea; the stratèges Alice, Bruno, Gina, Hugo; Sportifs Alice, Chloe,
Emma, Gina, Ines, Karim, the Survivalistes Bruno, David, Farid, Hugo, Jules, Lea. Day 0 elects
Farid and Jules chiefs. A day is played by a tribe sending the exact challenge (it wins), the
other a wrong one; then the losing tribe votes as each test says.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lgmail.rules.kohlanta.challenge import CANON, LINES
from tests.kohlanta.play import game
from tests.scenario import Scenario, Sent

ROUGES = ["Alice", "Bruno", "Chloe", "David", "Emma", "Farid"]
JAUNES = ["Gina", "Hugo", "Ines", "Jules", "Karim", "Lea"]
EVERYONE = ROUGES + JAUNES
STRATEGES = ["Alice", "Bruno", "Gina", "Hugo"]
CHIEFS = {"rouges": "Farid", "jaunes": "Jules"}

FOUND, MISSED = "Vous avez trouvé un collier d'immunité", "Pas de collier"
RETURNED, ALLIED, HINT = "Votre collier vous revient", "Nouvelle alliance", "Indice de collier"
VERDICT = "Le vote est clos."


# --- the driver -------------------------------------------------------------------------------


def start(folder: Path) -> Scenario:
    """Day 0: each tribe elects its chief unanimously; night 1 begins."""
    sc = game(folder, 12, seed=1)
    for name in EVERYONE:
        sc.ok(name, f"vote {CHIEFS['rouges' if name in ROUGES else 'jaunes']}")
    sc.end()
    assert sc.phase() == ("night", 1)
    return sc


def number(sc: Scenario) -> int:
    """The secret « nombre collier »."""
    return int(sc.state.extra["colliers"]["number"])


def wrong(sc: Scenario) -> int:
    """A number that is not the « nombre collier »."""
    return number(sc) % 6 + 1


def night(sc: Scenario, orders: dict[str, str] | None = None) -> None:
    """The given players' night mails, then the MJ ends the night if it is still on."""
    at = sc.phase()
    for name, text in (orders or {}).items():
        sc.ok(name, text)
    if sc.phase() == at:
        sc.end()
    assert sc.phase() == ("day", at[1])


def challenge(sc: Scenario, winner: str, extra: dict[str, str] | None = None) -> None:
    """The day's challenge: the tribe `winner` sends the exact challenge, the other a wrong one;
    `extra`: more lines in a player's mail."""
    assert sc.step() == "epreuve"
    today = sc.state.extra["epreuve"]["challenge"]
    right = " / ".join(CANON[a] for a in today)
    bad = " / ".join(
        CANON[next(x for x in line if x != a)] for line, a in zip(LINES, today, strict=True)
    )
    for name in sc.state.living_names():
        text = right if name in (ROUGES if winner == "rouges" else JAUNES) else bad
        if extra and name in extra:
            text += "\n" + extra[name]
        sc.ok(name, text)
    assert sc.step() == "vote", "the challenge is won at once"
    assert sc.state.extra["epreuve"]["winner"] == winner


def vote(sc: Scenario, votes: dict[str, str]) -> None:
    """The losing tribe's votes (`voter -> target`), then the MJ ends the vote: night follows."""
    day = sc.phase()[1]
    for voter, target in votes.items():
        sc.ok(voter, f"vote {target}")
    sc.end()
    assert sc.phase() == ("night", day + 1)


def everyone_votes(sc: Scenario, tribe: list[str], out: str, instead: str) -> dict[str, str]:
    """Every living member of `tribe` votes for `out`, `out` himself for `instead`."""
    return {n: (instead if n == out else out) for n in tribe if sc.alive(n)}


def subjects_to(sc: Scenario, subject: str) -> list[str]:
    """Who received a mail with `subject` (in order)."""
    return [m.to.split("@")[0].capitalize() for m in sc.mails() if subject in m.subject]


def last(sc: Scenario, reader: str, subject: str) -> Sent:
    """The last mail to `reader` with `subject`."""
    return [m for m in sc.mails(reader) if subject in m.subject][-1]


def verdict(sc: Scenario, reader: str = "Gina") -> str:
    """The last verdict as `reader` read it (the public news of the vote)."""
    mail = [m for m in sc.mails(reader) if VERDICT in m.content][-1]
    return mail.content.split(VERDICT, 1)[1]


def verdicts(sc: Scenario) -> list[dict[str, Any]]:
    return sc.events("VerdictGiven")


# --- the necklaces --------------------------------------------------------------------------


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


# --- the holders --------------------------------------------------------------------------


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


# --- the alliances --------------------------------------------------------------------------


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


# --- the stratèges' den ---------------------------------------------------------------------


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


# --- the night's end ------------------------------------------------------------------------


def test_the_night_ends_once_everyone_who_can_act_has_acted(tmp_path: Path) -> None:
    """000, « Ordre de résolution »: « Réception pendant la nuit des messages des stratèges, et
    de ceux qui veulent utiliser leur collier d'immunité », then the results. Ruling: the night
    closes as soon as every player has done each thing he may (or said « fini »)."""
    sc = start(tmp_path)
    orders = {
        "Alice": "vote Chloe",
        "Bruno": "vote Emma\ncollier 1",
        "Chloe": "alliance David",
        "David": "alliance Chloe\ncollier 2",
        "Emma": "alliance Farid",
        "Farid": "alliance Emma\ncollier 3",
        "Gina": "alliance Hugo",
        "Hugo": "alliance Gina\ncollier 4",
        "Ines": "alliance Jules",
        "Jules": "alliance Ines\ncollier 5",
        "Karim": "alliance Lea",
    }
    for name, text in orders.items():
        sc.ok(name, text)
    assert sc.phase() == ("night", 1)
    sc.ok("Lea", "collier 6")
    assert sc.phase() == ("night", 1), "Lea may still name an ally"
    sc.ok("Lea", "alliance Karim")
    assert sc.phase() == ("day", 1), "nobody left to act: the night closes"
    assert len(sc.events("Allied")) == 5


def test_fini_ends_a_players_night(tmp_path: Path) -> None:
    """A player who says « fini » has done what he meant to: the night does not wait for him;
    one with nothing left to do (an allied Sportif bisounours) is not waited for."""
    sc = start(tmp_path)
    night(sc, {"Ines": "alliance Karim", "Karim": "alliance Ines"})
    challenge(sc, "rouges")  # the jaunes get no comfort (a Feu would give them probes)
    vote(sc, everyone_votes(sc, JAUNES, "Gina", "Lea"))
    for name in sc.state.living_names():
        if name not in ("Ines", "Karim", "Lea"):
            sc.ok(name, "fini")
    assert sc.phase() == ("night", 2)
    sc.ok("Lea", "fini")
    assert sc.phase() == ("day", 2), "Ines and Karim, allied Sportifs, have nothing to do"
