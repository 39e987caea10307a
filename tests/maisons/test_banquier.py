"""Rule set `maisons`, seed 001 (../shared/seeds/001_f67e2344efefe72c.txt): the Banquier and his
three Paumés: their MPs, their debts made « en commun » by two mails to the MJ, the votes a debt
binds, the state of the debts told each evening, and their conditions of victory. Each test
cites the sentence of 001 it plays."""

from __future__ import annotations

from pathlib import Path

from tests.maisons.conftest import day, game, night, told
from tests.scenario import Scenario

DEAL = {
    "Alice": "loup-garou:banquier+voyante+espion+meneur+planque",
    "Bruno": "villageois:paume+salvateur+meneur+chanoine+jardinier",
    "Chloe": "villageois:paume+planque+detective+baron+entete",
    "David": "villageois:paume+assassin+salbatar+institutrice+espion",
    "Emma": "villageois:joueur-de-tarot+chanoine+espion+institutrice+paranoiaque",
    "Fanny": "loup-garou:salvateur+detective+jardinier+baron+croque-mort",
}


def to_day(g: Scenario) -> None:
    night(g, {})
    assert g.phase() == ("day", 1)


def debts(g: Scenario) -> dict[str, int]:
    return {e["paume"]: e["debts"] for e in g.events("DebtMade")}


def test_the_banquier_knows_his_paumes_and_they_know_him(tmp_path: Path) -> None:
    """001, Banquier: « Possède une liste de 3 joueurs étant Paumés. Chacun de ces joueurs a une
    Dette. »"""
    g = game(tmp_path, DEAL)
    assert told(g, "Alice", "Vos Paumés, qui vous doivent chacun une dette : Bruno, Chloe, David")
    assert told(g, "Bruno", "Votre Banquier, à qui vous devez une dette : Alice")
    assert not told(g, "Emma", "Banquier")


def test_the_banquier_writes_to_his_paumes_and_each_mp_gets_one_answer(tmp_path: Path) -> None:
    """001: « Un Banquier peut envoyer des MP à un Paumé et en recevoir une réponse autant de
    fois qu'il veut »: to a Paumé only, signed; one answer per MP."""
    g = game(tmp_path, DEAL)
    to_day(g)
    for n in range(3):
        g.ok("Alice", f"écrire à Bruno\nRelance {n}.")
    assert len([m for m in g.mails("Bruno") if "Alice vous écrit" in m.body]) == 3
    g.refused("Alice", "écrire à Emma\nEt vous ?", "not_allowed")
    for n in range(3):
        assert g.post("Bruno", "mp:banquier:Alice", f"Réponse {n}.").ok
    answer = g.post("Bruno", "mp:banquier:Alice", "Une de trop.")
    assert not answer.ok
    assert "chaque Paumé répond une fois à chacun de ses messages" in answer.text
    assert [m for m in g.mails("Alice") if "Une de trop." in m.body] == []


def test_a_paume_sends_one_unsolicited_mp_to_the_banquier(tmp_path: Path) -> None:
    """001: « À l'inverse, le Paumé peut envoyer un unique MP au Banquier qui n'est pas une
    réponse à un de ses MPs. »"""
    g = game(tmp_path, DEAL)
    to_day(g)
    g.refused("Chloe", "paumé : à Emma\nAu secours.", "not_allowed")
    g.ok("Chloe", "paumé : à Alice\nJe veux renégocier.")
    assert told(g, "Alice", "Je veux renégocier.")
    g.refused("Chloe", "paumé : à Alice\nEncore moi.", "not_allowed")
    assert g.post("Alice", "mp:paume:Chloe", "Passez me voir.").ok
    assert told(g, "Chloe", "Passez me voir.")
    assert not g.post("Alice", "mp:paume:Chloe", "Deux réponses ?").ok


def test_a_debt_contracted_in_common_binds_both_votes(tmp_path: Path) -> None:
    """001: « envoyer en commun d'un Paumé un MP au MJ indiquant [...] la contraction d'une dette
    [...] le MP du Paumé indique la cible. La personne ciblée reçoit le vote du Banquier et du
    Paumé. Aucun autre pouvoir de ces joueurs ne peut influencer sur le vote. »: Alice (a
    Meneur who doubles) and Bruno vote Fanny, at one voice each, whatever they cast."""
    g = game(tmp_path, DEAL)
    to_day(g)
    g.ok("Alice", "contracter Bruno")
    assert debts(g) == {}
    g.ok("Bruno", "contracter Fanny")
    assert debts(g) == {"Bruno": 2}
    assert told(g, "Bruno", "Bruno doit maintenant 2 dettes")
    assert told(g, "Alice", "vont contre Fanny")
    g.ok("Alice", "meneur : doubler")
    day(g, {"Alice": "Emma", "Bruno": "Emma", "Chloe": "Emma", "Emma": "Chloe"})
    (ballot,) = g.events("BallotClosed")[-1:]
    assert ballot["tally"] == {"Fanny": 2, "Emma": 1, "Chloe": 1}
    assert not g.alive("Fanny")


def test_one_debt_contracted_a_day(tmp_path: Path) -> None:
    """001: « Le Banquier ne peut pas contracter plus d'une Dette par jour. »"""
    g = game(tmp_path, DEAL)
    to_day(g)
    g.ok("Alice", "contracter Bruno")
    g.refused("Alice", "contracter Chloe", "not_allowed")
    g.refused("Alice", "contracter Emma", "not_allowed")  # not a Paumé


def test_a_debt_repaid_the_banquier_naming_the_target(tmp_path: Path) -> None:
    """001: « dans le cas d'un remboursement, le MP du banquier indique la cible »: Chloe repays
    her one debt; she has none left to repay."""
    g = game(tmp_path, DEAL)
    to_day(g)
    g.refused("Chloe", "rembourser Emma", "not_allowed")  # the Banquier names the target
    g.ok("Chloe", "rembourser")
    g.ok("Alice", "rembourser Chloe : Emma")
    assert debts(g) == {"Chloe": 0}
    day(g, {})
    assert g.events("BallotClosed")[-1]["tally"] == {"Emma": 2}
    night(g, {})
    g.refused("Chloe", "rembourser", "not_allowed")
    g.refused("Alice", "rembourser Chloe : Bruno", "not_allowed")


def test_debts_are_made_by_day_only(tmp_path: Path) -> None:
    """001: « La personne ciblée reçoit le vote du Banquier et du Paumé »: a debt goes with the
    day's vote; by night it is refused."""
    g = game(tmp_path, DEAL)
    g.refused("Alice", "contracter Bruno", "not_now")


def test_the_state_of_the_debts_is_told_as_each_day_ends(tmp_path: Path) -> None:
    """001: « À la fin de la journée, le Banquier et les Paumés sont informés de l'état de leurs
    Dettes respectives »: the Banquier every Paumé's, each Paumé his own."""
    g = game(tmp_path, DEAL)
    to_day(g)
    g.ok("Alice", "contracter David")
    g.ok("David", "contracter Fanny")
    day(g, {})
    (bank,) = [m for m in g.mails("Alice") if "L'état des dettes" in m.subject]
    assert "- Bruno : 1 dette\n- Chloe : 1 dette\n- David : 2 dettes" in bank.body
    (mine,) = [m for m in g.mails("Chloe") if "L'état des dettes" in m.subject]
    assert "- Chloe : 1 dette" in mine.body and "Bruno" not in mine.body


def test_banquier_wins_with_a_debt_left_paume_without(tmp_path: Path) -> None:
    """001: « Le Banquier gagne la partie seulement s'il possède toujours au moins une Dette à la
    fin de la partie. Un Paumé ne gagne la partie seulement s'il ne possède plus de dettes à la
    fin de la partie. »: the village wins; Chloe, who repaid, wins with it; Bruno and David,
    still in debt, do not; the wolf Banquier loses with his camp."""
    g = game(tmp_path, DEAL)
    to_day(g)
    g.ok("Chloe", "rembourser")
    g.ok("Alice", "rembourser Chloe : Alice")
    day(g, {"Bruno": "Alice", "Chloe": "Alice", "David": "Alice", "Emma": "Alice"})
    night(g, {})
    day(g, {n: "Fanny" for n in ("Bruno", "Chloe", "David", "Emma")})
    (end,) = g.events("GameEnded")
    assert end["winner"] == "village"
    assert sorted(end["winners"]) == ["Chloe", "Emma"]


def test_the_banquier_with_a_debt_left_wins_with_his_camp(tmp_path: Path) -> None:
    """001, Banquier: « seulement s'il possède toujours au moins une Dette »: a villager
    Banquier, every Paumé still owing, wins with the village."""
    deal = {
        **DEAL,
        "Alice": "villageois:banquier+voyante+espion+meneur+planque",
        "Emma": "loup-garou:joueur-de-tarot+chanoine+espion+institutrice+paranoiaque",
    }
    g = game(tmp_path, deal)
    to_day(g)
    day(g, {n: "Fanny" for n in deal if n != "Fanny"})
    night(g, {})
    day(g, {n: "Emma" for n in deal if n not in ("Fanny", "Emma")})
    (end,) = g.events("GameEnded")
    assert end["winner"] == "village" and sorted(end["winners"]) == ["Alice"]


TRANCE = {**DEAL, "Emma": "villageois:joueur-de-tarot+chanoine+espion+institutrice+chamane"}


def test_an_mp_goes_by_the_one_right_that_reaches_the_recipient(tmp_path: Path) -> None:
    """001 (001_f67e2344efefe72c.txt), « Envoi de MP »: « Si le joueur a plusieurs moyens
    disponibles pour envoyer un MP [...], il doit préciser quelle est l'action lui autorisant à
    envoyer le MP »: a Paumé on the Chamane's day writing to Emma (not his Banquier) has one
    means, the Chamane's (« tous les joueurs peuvent discuter entre eux par MP direct »); to
    the Banquier he has two and says which (issue #38)."""
    g = game(tmp_path, TRANCE)
    to_day(g)
    g.ok("Emma", "chamaniser")
    answer = g.ok("Bruno", "écrire à Emma\nOn se parle ?")
    assert "vos choix" not in answer.text
    (relayed,) = g.events("MpRelayed")
    assert (relayed["right"], relayed["recipient"]) == ("chamane", "Emma")
    assert told(g, "Emma", "On se parle ?")
    both = g.refused("Bruno", "écrire à Alice\nBonjour.", "not_allowed")
    assert "vos choix : Chamane, Paumé" in both.text
    g.ok("Bruno", "paumé : à Alice\nBonjour.")
