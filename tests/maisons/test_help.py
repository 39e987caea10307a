"""Rule set `maisons`, seed 001 (../shared/seeds/001_f67e2344efefe72c.txt): what `aide` tells a
player and what his role mail says of winning come from 001 and his own nature and roles, not
from the classic game (issue #38). Each test cites the sentence of 001 it checks."""

from __future__ import annotations

from pathlib import Path

from tests.maisons.conftest import game, night
from tests.scenario import Scenario

DEAL = {
    "Alice": "loup-garou:assassin+chanoine+espion+meneur+planque",
    "Bruno": "villageois:voyante+salvateur+salbatar+institutrice+joueur-de-tarot",
    "Chloe": "villageois:faux-cul+planque+espion+meneur+chanoine",
    "David": "loup-garou:chamane+salvateur+salbatar+institutrice+joueur-de-tarot",
    "Emma": "villageois:voyante+chanoine+espion+meneur+celui-qui-a-decide-de-faire-chier-son-camp",
}


def role_mail(g: Scenario, name: str) -> str:
    (mail,) = [m for m in g.mails(name) if "Votre rôle" in m.subject or "Your role" in m.subject]
    return mail.content


def test_a_wolf_is_told_the_first_pack_order_counts(tmp_path: Path) -> None:
    """001 (001_f67e2344efefe72c.txt), « Gestion de la nuit »: « Si le MJ reçoit plusieurs MPs
    indiquant les actions des Loups Garous, le premier MP envoyé sera pris en compte
    seulement »; « l'ordre dans lequel les Loups Garous sortent »."""
    g = game(tmp_path, DEAL)
    told = g.ok("Alice", "aide").text
    assert "le dernier ordre d'un loup compte" not in told
    assert "« le premier MP envoyé sera pris en compte seulement »" in told
    assert "« tuer NOM : LOUP ==> LOUP »" in told
    # what he may send now: the pack's order while none is in, then no more
    assert (
        "Maintenant, vous pouvez envoyer : " in told
        and "« tuer NOM : LOUP" in told.split("Maintenant")[1]
    )
    g.ok("David", "tuer Bruno : David")
    after = g.ok("Alice", "aide").text.split("Maintenant")[1]
    assert "tuer" not in after
    assert "« planqué : planquer la maison de NOM »" in after


def test_a_villager_is_told_each_of_his_five_roles(tmp_path: Path) -> None:
    """001 (001_f67e2344efefe72c.txt): « Chaque joueur se voit décerner au début de la partie 5
    rôles différents, et une nature »: a villager with Voyante and Salvateur is told each of
    his five roles, and what he may send now as his roles write it (« protéger la maison de
    NOM »: « Le joueur sélectionne une maison »)."""
    g = game(tmp_path, DEAL)
    told = g.ok("Bruno", "aide").text
    assert "Vous n'avez pas de pouvoir" not in told
    for name in ("Voyante", "Salvateur", "Salbatar", "Institutrice", "Joueur de tarot"):
        assert f"- {name} : " in told
    assert "Vous habitez la maison de Bruno." in told
    assert "un seul message au MJ" in told and "Une seule action directe par nuit" in told
    now = told.split("Maintenant")[1]
    assert "« salvateur : protéger la maison de NOM »" in now
    assert "« voyante : sonder NOM »" in now
    assert "« joueur de tarot : tarot »" in now
    assert "institutrice" not in now  # a day's action, not tonight's


def test_help_names_the_mp_rights_he_holds_now(tmp_path: Path) -> None:
    """001 (001_f67e2344efefe72c.txt), Chamane: « Pendant toute la journée, tous les joueurs
    peuvent discuter entre eux par MP direct »; « Envoi de MP »: players write only by a
    role's right."""
    g = game(tmp_path, DEAL)
    night(g, {})
    assert "écrire à NOM" not in g.ok("Bruno", "aide").text.split("Maintenant")[1]
    g.ok("David", "chamaniser")
    now = g.ok("Bruno", "aide").text.split("Maintenant")[1]
    assert "« écrire à NOM » (droit : Chamane)" in now
    assert "« vote NOM » (ou vote blanc)" in now


def test_the_role_mail_states_001s_win_conditions(tmp_path: Path) -> None:
    """001 (001_f67e2344efefe72c.txt), « Conditions de victoire »: « Les Loups Garous gagnent
    quand tous les joueurs sont soit Loup Garou non Celui-qui-a-décidé-de-faire-chier-son-camp,
    soit Faux Cul, soit des Villageois Celui-qui-a-décidé-de-faire-chier-son-camp »; « Les
    Villageois gagnent la partie quand il n'y a plus aucun Loup Garou ou
    Celui-qui-a-décidé-de-faire-chier-son-camp villageois »; the replacing conditions « dans
    et ordre : Faux Cul, Suiveur, Celui-qui-a-décidé-de-faire-chier-son-camp »."""
    g = game(tmp_path, DEAL)
    wolf = role_mail(g, "Alice")
    assert "soit Faux Cul, soit Villageois Celui-qui-a-décidé-de-faire-chier-son-camp" in wolf
    assert "Loup Garou non Celui-qui-a-décidé-de-faire-chier-son-camp" in wolf
    assert "le premier MP envoyé sera pris en compte seulement" in wolf
    village = role_mail(g, "Bruno")
    assert "aucun Loup Garou ni aucun Villageois Celui-qui-a-décidé" in village
    assert "Votre rôle Faux cul remplace cette condition" in role_mail(g, "Chloe")
    chieur = role_mail(g, "Emma")
    assert "Votre rôle Celui-qui-a-décidé-de-faire-chier-son-camp remplace" in chieur
    # and `aide` says the same
    assert "soit Faux Cul" in g.ok("Alice", "aide").text


def test_help_in_english(tmp_path: Path) -> None:
    """001 (001_f67e2344efefe72c.txt), in the player's language: his nature, his roles, the
    pack's first order."""
    g = Scenario(tmp_path, DEAL, variant="maisons", langs={"Alice": "en"})
    told = g.ok("Alice", "aide").text
    assert "Your nature: Werewolf." in told and "a Two-faced" in told
    assert "- Assassin : " in told and "Only the night's first order counts." in told


def test_the_night_prompt_writes_the_salvateurs_order_as_001_does(tmp_path: Path) -> None:
    """001 (001_f67e2344efefe72c.txt), Salvateur: « Une fois par nuit, peut choisir une maison »:
    the night's « Vous pouvez » line says « protéger la maison de NOM », not the classic
    game's « proteger NOM »."""
    g = game(tmp_path, DEAL)
    (prompt,) = [m.content for m in g.mails("Bruno") if "À vous d'agir" in m.subject]
    assert "protéger la maison de NOM" in prompt
    assert "proteger NOM" not in prompt
