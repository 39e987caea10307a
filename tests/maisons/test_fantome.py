"""Rule set `maisons`, seed 001 (../shared/seeds/001_f67e2344efefe72c.txt): the Fantôme, who
haunts a house once dead and talks with the living as « une voix de l'au-delà », and the
Exorciste. Each test cites the sentence of 001 it plays."""

from __future__ import annotations

from pathlib import Path

from lgmail.rules.commands import StrikeDown
from tests.maisons.conftest import day, game, night, told
from tests.scenario import Scenario

DEAL = {
    "Alice": "loup-garou:voyante+espion+meneur+planque+jardinier",
    "Bruno": "villageois:salvateur+meneur+chanoine+jardinier+baron",
    "Chloe": "villageois:exorciste+planque+detective+baron+entete",
    "David": "villageois:assassin+salbatar+institutrice+espion+croque-mort",
    "Emma": "villageois:fantome+chanoine+espion+institutrice+paranoiaque",
    "Fanny": "loup-garou:salvateur+detective+jardinier+baron+croque-mort",
    "Gaby": "villageois:voyante+chanoine+espion+meneur+planque",
}
BEYOND = "Une voix de l'au-delà s'adresse à vous"


def haunting(g: Scenario, house: str) -> None:
    """Emma dies on day 1; night 2 she haunts `house`; day 2 rises."""
    night(g, {})
    g.mj(StrikeDown("Emma"))
    day(g, {})
    g.ok("Emma", f"hanter la maison de {house}")
    night(g, {})
    assert g.phase() == ("day", 2)


def voices(g: Scenario, to: str) -> list[str]:
    return [m.body for m in g.mails(to) if BEYOND in m.body]


def test_the_living_fantome_haunts_nothing(tmp_path: Path) -> None:
    """001, Fantôme: « S'il meurt, peut choisir de hanter une maison habitée »."""
    g = game(tmp_path, DEAL)
    g.refused("Emma", "hanter la maison de Bruno", "not_allowed")


def test_dead_he_talks_with_the_owner_two_mps_each_a_day(tmp_path: Path) -> None:
    """001, Fantôme: « Pendant chaque journée, il pourra échanger 2 MP chacun avec la personne
    habitant la maison hantée. La personne avec qui il parle ne saura pas qui est son
    interlocuteur sinon "une voix de l'au-delà s'adresse à vous" »."""
    g = game(tmp_path, DEAL)
    haunting(g, "Bruno")
    g.ok("Emma", "fantôme : à Bruno\nJe suis là.")
    (mail,) = [m for m in g.mails("Bruno") if "Je suis là." in m.body]
    assert BEYOND in mail.body and "Emma" not in mail.content and "Emma" not in mail.reply_to
    g.ok("Emma", "écrire à Bruno\nToujours là.")
    g.refused("Emma", "écrire à Bruno\nUne troisième ?", "not_allowed")
    g.refused("Emma", "écrire à David\nEt toi ?", "not_allowed")
    assert g.post("Bruno", "mp:fantome:Emma", "Qui êtes-vous ?").ok
    assert told(g, "Emma", "Bruno vous écrit")
    assert g.post("Bruno", "mp:fantome:Emma", "Répondez.").ok
    assert not g.post("Bruno", "mp:fantome:Emma", "Encore ?").ok


def test_at_night_he_talks_with_who_acts_directly_on_the_house(tmp_path: Path) -> None:
    """001, Fantôme: « Pendant chaque nuit, il pourra échanger 2 MP chacun avec chaque autre
    personne effectuant une action directe sur la maison, au moment ou cette personne effectue
    l'action directe »: Fanny protects Bruno's house (direct); David acts elsewhere."""
    g = game(tmp_path, DEAL)
    haunting(g, "Bruno")
    day(g, {})
    g.refused("Emma", "écrire à Fanny\nTu viens ?", "not_allowed")
    g.ok("Fanny", "protéger la maison de Bruno")
    g.ok("Emma", "écrire à Fanny\nBienvenue.")
    assert voices(g, "Fanny")
    g.refused("Emma", "écrire à David\nEt toi ?", "not_allowed")


def test_the_fantome_goes_when_the_owner_dies(tmp_path: Path) -> None:
    """001, Fantôme: « Si le propriétaire meurt, le fantôme disparaît. »"""
    g = game(tmp_path, DEAL)
    haunting(g, "Bruno")
    g.mj(StrikeDown("Bruno"))
    g.refused("Emma", "écrire à Bruno\nBruno ?", "not_allowed")
    g.refused("Emma", "écrire à Gaby\nQuelqu'un ?", "not_allowed")


def test_the_exorciste_drives_the_fantome_out(tmp_path: Path) -> None:
    """001, Exorciste: « Au début de chaque nuit, peut visiter une maison et exorciser un
    fantôme se trouvant à l'intérieur. Action quotidienne directe. »"""
    g = game(tmp_path, DEAL)
    haunting(g, "Bruno")
    day(g, {})
    night(g, {"Chloe": "exorciser la maison de Bruno"})
    assert told(g, "Chloe", "Un Fantôme hantait la maison de Bruno")
    assert told(g, "Emma", "Exorcisé")
    g.refused("Emma", "écrire à Bruno\nJe reviens.", "not_allowed")


def test_haunting_the_exorcistes_house_is_exorcised_at_once(tmp_path: Path) -> None:
    """001, Exorciste: « Si un fantôme tente de visiter sa maison, il est immédiatement
    exorcisé. »"""
    g = game(tmp_path, DEAL)
    haunting(g, "Chloe")
    assert told(g, "Emma", "Exorcisé")
    g.refused("Emma", "écrire à Chloe\nBouh.", "not_allowed")
    assert not voices(g, "Chloe")


def test_the_exorciste_wins_only_with_no_haunting_fantome(tmp_path: Path) -> None:
    """001, Exorciste: « ne peut gagner la partie que s'il n'existe plus de Voldemort ou de
    Fantôme hantant une maison à la fin de la partie »: the village wins, the Fantôme still
    haunts Bruno's house; Chloe loses with her side's win."""
    g = game(tmp_path, DEAL)
    haunting(g, "Bruno")
    day(g, {n: "Alice" for n in ("Bruno", "Chloe", "David", "Gaby")})
    night(g, {})
    day(g, {n: "Fanny" for n in ("Bruno", "Chloe", "David", "Gaby")})
    (end,) = g.events("GameEnded")
    assert end["winner"] == "village" and "Chloe" not in end["winners"]
    assert "Bruno" in end["winners"]


def test_once_he_has_haunted_hanter_is_no_longer_offered(tmp_path: Path) -> None:
    """001 (001_f67e2344efefe72c.txt), Fantôme: « S'il meurt, peut choisir de hanter une maison
    habitée. Action unique directe. »; « Une action unique ne peut être effectuée qu'une fois
    par partie »: once he has haunted, neither `aide` nor the answers offer it, and it is
    refused as spent, by day as by night (issue #38)."""
    g = game(tmp_path, DEAL)
    alive = g.ok("Emma", "aide").text
    assert "hanter" not in alive.split("Maintenant")[1]  # « S'il meurt »
    haunting(g, "Bruno")
    told = g.ok("Emma", "aide").text
    assert "hanter la maison" not in told.split("Maintenant")[1]
    assert "« fantôme : " not in told.split("Maintenant")[1]
    assert "« écrire à NOM » (droit : Fantôme)" in told
    g.refused("Emma", "hanter la maison de David", "already_used")
    day(g, {})
    assert g.phase() == ("night", 3)
    g.refused("Emma", "hanter la maison de David", "already_used")
