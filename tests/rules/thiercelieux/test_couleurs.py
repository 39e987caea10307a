"""The colour code of seed 004_c21bac90ae6ca834.txt: each death is announced with the colour
of the dead player's camp and the statuses 004 says to announce."""

from pathlib import Path

from lgmail.rules.thiercelieux.colours import COLOUR
from tests.rules.thiercelieux.common import colours, digest, thiercelieux, votes


def test_the_colour_of_each_camp_is_data() -> None:
    """004: « Bleu : [...] camp Villageois. Rouge : [...] camp Loup-Garou. Orange : [...] Loups
    qui débutent la partie en dehors de l'antre. Rose : [...] Amoureux traitres [...]. Vert :
    [...] camps Indépendants [...]. Violet : [...] rôles "multiclassables" »."""
    assert COLOUR == {
        "village": "bleu",
        "loups": "rouge",
        "loups-hors-antre": "orange",
        "amoureux-traitres": "rose",
        "independant": "vert",
        "multiclasse": "violet",
    }


def test_blue_for_a_villager_red_for_a_wolf_green_for_an_independent(tmp_path: Path) -> None:
    """004: « Bleu : pour matérialiser l'appartenance au camp Villageois. Rouge : [...] au camp
    Loup-Garou. [...] Vert : [...] comme le Joueur de Flûte ou le Loup-Garou Blanc. »"""
    roles = {
        "Alice": "loup-garou",
        "Bruno": "loup-garou-blanc",
        "Chloe": "voyante",
        "David": "villageois",
        "Emma": "villageois",
    }
    game = thiercelieux(tmp_path, roles)
    game.ok("Chloe", "sonder Emma")
    game.ok("Alice", "tuer David")
    game.ok("Bruno", "tuer David")
    assert colours(game)["David"] == ("bleu", [])
    text = digest(game, "Emma")
    assert "David est mort·e (dévoré·e par les loups). Son rôle : Simple Villageois." in text
    assert "  Couleur : bleu (Villageois)." in text
    votes(game, {"Chloe": "Alice", "Emma": "Alice", "Alice": "Emma", "Bruno": "Alice"})
    assert colours(game)["Alice"] == ("rouge", [])
    assert "  Couleur : rouge (Loups-Garous)." in digest(game, "Emma")
    game.ok("Chloe", "sonder Bruno")
    game.ok("Bruno", "tuer Emma")
    votes(game, {"Chloe": "Bruno"})
    assert colours(game)["Bruno"] == ("vert", [])
    assert "  Couleur : vert (Indépendant)." in digest(game, "Chloe")
    assert game.state.winner == "village"


def test_lovers_are_announced_and_traitors_are_pink(tmp_path: Path) -> None:
    """004: « Rose : pour matérialiser les Amoureux traitres, ennemis de tous. » and the MJ
    announces the lover (« sera annoncé "Servante Dévouée, amoureuse" par le MJ »)."""
    roles = {
        "Alice": "loup-garou",
        "Bruno": "loup-garou",
        "Chloe": "cupidon",
        "David": "villageois",
        "Emma": "villageois",
        "Farid": "villageois",
    }
    game = thiercelieux(tmp_path, roles)
    game.ok("Chloe", "unir Alice et David")
    game.ok("Alice", "tuer Emma")
    game.ok("Bruno", "tuer Emma")
    votes(game, {n: "David" for n in ("Bruno", "Chloe", "Farid")})
    assert colours(game)["David"] == ("rose", ["amoureux"])
    assert colours(game)["Alice"] == ("rose", ["amoureux"])
    text = digest(game, "Farid")
    assert "  Couleur : rose (Amoureux traîtres), amoureux·se." in text


def test_same_camp_lovers_keep_their_colour(tmp_path: Path) -> None:
    """004: « Si les deux amoureux appartiennent au même camp [...] alors leur condition de
    victoire reste la même. »"""
    roles = {
        "Alice": "loup-garou",
        "Chloe": "cupidon",
        "David": "villageois",
        "Emma": "villageois",
        "Farid": "villageois",
    }
    game = thiercelieux(tmp_path, roles)
    game.ok("Chloe", "unir Emma et David")
    game.ok("Alice", "tuer Emma")
    assert colours(game) == {"Emma": ("bleu", ["amoureux"]), "David": ("bleu", ["amoureux"])}
