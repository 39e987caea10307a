"""Rule set `maisons`, seed 001 (../shared/seeds/001_f67e2344efefe72c.txt): the public square and
the roles on messages — Theris, Star, Museleur, Chamane. Each test cites the sentence of 001 it
plays."""

from __future__ import annotations

from pathlib import Path

from tests.maisons.conftest import day, game, night, told
from tests.scenario import Scenario

DEAL = {
    "Alice": "loup-garou:theris+voyante+espion+meneur+planque",
    "Bruno": "villageois:star+salvateur+meneur+chanoine+jardinier",
    "Chloe": "villageois:museleur+planque+detective+baron+entete",
    "David": "villageois:chamane+assassin+salbatar+institutrice+jardinier",
    "Emma": "villageois:joueur-de-tarot+chanoine+espion+institutrice+paranoiaque",
    "Fanny": "loup-garou:salvateur+detective+jardinier+baron+croque-mort",
}


def to_day(g: Scenario) -> None:
    night(g, {})
    assert g.phase() == ("day", 1)


def post(g: Scenario, player: str, text: str) -> bool:
    answer, _, _ = g.games.post(g.name, g.email(player), "place", text)
    return answer.ok


def test_no_post_at_night(tmp_path: Path) -> None:
    """001, « Gestion de la nuit »: « Aucun post sur le topic de LG n'est autorisé pendant la
    nuit. »"""
    g = game(tmp_path, DEAL)
    assert not post(g, "Emma", "Il fait nuit, mais je parle.")
    to_day(g)
    assert post(g, "Emma", "Bonjour à tous.")


def test_theris_posts_three_times_a_day(tmp_path: Path) -> None:
    """001, Theris: « Ne peut pas poster plus de trois messages publics par jour. »"""
    g = game(tmp_path, DEAL)
    to_day(g)
    for n in range(3):
        assert post(g, "Alice", f"Message {n + 1}.")
    answer, _, _ = g.games.post(g.name, g.email("Alice"), "place", "Un quatrième.")
    assert not answer.ok and "vous avez déjà posté vos 3 messages publics du jour" in answer.text
    assert post(g, "Emma", "Moi, je peux encore.")
    day(g, {})
    night(g, {})
    assert post(g, "Alice", "Un nouveau jour.")


def test_star_concert_silences_the_square(tmp_path: Path) -> None:
    """001, Star: « Une fois par partie, pendant la journée, la star peut organiser un concert.
    Tous les joueurs ne peuvent plus poster de message sur le topic pendant le reste de la
    journée. Action unique. »"""
    g = game(tmp_path, DEAL)
    to_day(g)
    assert post(g, "Emma", "Avant le concert.")
    g.ok("Bruno", "concert")
    assert told(g, "Emma", "Un concert éclate sur la place")
    assert not told(g, "Emma", "Bruno organise")
    assert not post(g, "Emma", "Pendant le concert.")
    assert not post(g, "Bruno", "Moi non plus.")
    day(g, {})
    night(g, {})
    assert post(g, "Emma", "Le lendemain.")
    g.refused("Bruno", "concert", "already_used")


def test_museleur_gags_from_his_mail_on(tmp_path: Path) -> None:
    """001, Museleur: « Jusqu'à la fin de la journée, ce joueur ne peut plus envoyer de MP
    autorisé par un quelconque rôle »; Gestion du Jour: « si un Lâche envoie un MP pour un
    joueur mais qu'avant un Museleur l'a muselé, son action échoue » (the mails in arrival
    order: the MP before the gag is relayed, the one after is refused)."""
    g = game(tmp_path, DEAL)
    to_day(g)
    g.ok("David", "chamaniser")
    g.ok("Alice", "écrire à Emma\nAvant.")
    g.ok("Chloe", "museler Alice")
    answer = g.refused("Alice", "écrire à Emma\nAprès.", "not_allowed")
    assert "vous êtes muselé·e" in answer.text
    assert [m for m in g.mails("Emma") if "Avant." in m.body]
    answer = g.refused("Chloe", "museler Emma", "not_allowed")  # « Une fois par journée »
    assert "vous avez déjà donné cette action de Museleur aujourd'hui" in answer.text


def test_chamane_frees_every_mp_for_the_day(tmp_path: Path) -> None:
    """001, Chamane: « Une fois par partie, pendant la journée, peut activer son pouvoir. Pendant
    toute la journée, tous les joueurs peuvent discuter entre eux par MP direct, autant de fois
    qu'ils veulent. »"""
    g = game(tmp_path, DEAL)
    to_day(g)
    g.refused("Emma", "écrire à Fanny\nSalut.", "not_allowed")
    g.ok("David", "chamaniser")
    assert told(g, "Fanny", "Une transe chamanique saisit le village")
    for n in range(5):
        g.ok("Emma", f"écrire à Fanny\nMessage {n}.")
    mails = [m for m in g.mails("Fanny") if "Emma vous écrit" in m.body]
    assert len(mails) == 5 and all("Emma" not in m.sender for m in mails)
    g.post("Fanny", "mp:chamane:Emma", "Réponse.")
    assert any("Réponse." in m.body for m in g.mails("Emma"))


def test_the_trance_ends_with_its_day_answers_included(tmp_path: Path) -> None:
    """001, Chamane: « Pendant toute la journée »: the next night and the next day, an answer
    to an MP of the trance is refused and relayed to nobody."""
    g = game(tmp_path, DEAL)
    to_day(g)
    g.ok("David", "chamaniser")
    g.ok("Emma", "écrire à Fanny\nSalut.")
    day(g, {})
    assert not g.post("Fanny", "mp:chamane:Emma", "De nuit.").ok
    night(g, {})
    assert not g.post("Fanny", "mp:chamane:Emma", "Le lendemain.").ok
    assert not any("De nuit." in m.body or "Le lendemain." in m.body for m in g.mails("Emma"))


# --- Exclu ----------------------------------------------------------------------------------


def test_exclu_is_left_out_of_the_powers_for_all_players(tmp_path: Path) -> None:
    """001, Exclu: « Ne compte pas dans les pouvoirs qui incluent « tous les joueurs » »: the
    Star's concert (« Tous les joueurs ne peuvent plus poster ») does not silence him; the
    Chamane's day (« tous les joueurs peuvent discuter entre eux par MP ») does not free him."""
    deal = {**DEAL, "Emma": "villageois:exclu+chanoine+espion+institutrice+paranoiaque"}
    g = game(tmp_path, deal)
    to_day(g)
    g.ok("Bruno", "concert")
    assert not post(g, "Alice", "Pendant le concert.")
    assert post(g, "Emma", "Moi, je ne compte pas.")
    g.ok("David", "chamaniser")
    g.ok("Alice", "écrire à Emma\nSalut.")
    g.refused("Emma", "écrire à Alice\nSalut.", "not_allowed")
