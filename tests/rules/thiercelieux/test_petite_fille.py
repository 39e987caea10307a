"""Petite Fille in the `thiercelieux` rule set: seed 004_c21bac90ae6ca834.txt."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lgmail.orders.parse import parse_line
from lgmail.rules.orders import Order
from lgmail.rules.thiercelieux.roles import petite_fille, voyante
from tests.rules.thiercelieux.common import died, digest, thiercelieux
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Chloe": "petite-fille",
    "David": "villageois",
    "Emma": "sorciere",
    "Farid": "salvateur",
    "Gina": "villageois",
    "Hugo": "villageois",
}
#: the MJ's grid: two squares per wolf, as many Petite Fille squares as wolves
GRID = {"loups": {"Alice": ["A1", "A2"], "Bruno": ["B1", "B2"]}, "petite_fille": ["C1", "C2"]}


def game_with(tmp_path: Path, roles: dict[str, str] = ROLES, **kw: Any) -> Scenario:
    options = {"grille_petite_fille": GRID, **kw.pop("options", {})}
    return thiercelieux(tmp_path, roles, options=options, **kw)


def night(game: Scenario, victim: str, **orders: str) -> None:
    """The orders given, the living wolves devour `victim`, the MJ closes the night."""
    for player, text in orders.items():
        game.ok(player, text)
    for wolf in ("Alice", "Bruno"):
        if game.alive(wolf):
            game.ok(wolf, f"tuer {victim}")
    while game.phase()[0] == "night" and game.state.status == "running":
        game.end()


def watched(game: Scenario) -> list[dict[str, Any]]:
    return game.events("SquareWatched")


def test_the_mj_places_the_grid_secretly_before_the_game(tmp_path: Path) -> None:
    """004: « Le MJ prévoie secrètement, avant le début de la partie, deux cases par Loup-Garou
    (Passager et Égaré compris) et autant de case Petite Fille qu'il y a de Loup-Garou. »: the
    MJ's grid (option `grille_petite_fille`) is recorded as the game starts, and no player is
    told of it."""
    game = game_with(tmp_path, election=True)
    assert game.phase() == ("election", 0)
    assert game.events("GridPlaced") == [
        {"type": "GridPlaced", "loups": GRID["loups"], "petite_fille": ["C1", "C2"], "drawn": False}
    ]
    for name in ROLES:
        assert not any("A2" in m.body or "C1" in m.body for m in game.mails(name))


def test_with_no_grid_from_the_mj_it_is_drawn_and_recorded(tmp_path: Path) -> None:
    """004: « Exemple : s'il y a 4 Loups-Garous, il faut 8 cases occupées par les Loups-Garous
    (deux chacun) et 4 cases occupées par la Petite Fille, et donc 37 cases vides. » (« Passager
    et Égaré compris »). Ruling: the MJ gave no grid, so it is drawn (RandomDrawn), for the
    wolves of the deal."""
    roles = {**ROLES, "David": "loup-egare", "Gina": "grand-mechant-loup"}
    game = thiercelieux(tmp_path, roles)
    (grid,) = game.events("GridPlaced")
    assert grid["drawn"] and set(grid["loups"]) == {"Alice", "Bruno", "David", "Gina"}
    wolves = [s for pair in grid["loups"].values() for s in pair]
    assert len(wolves) == 8 and len(grid["petite_fille"]) == 4
    taken = set(wolves) | set(grid["petite_fille"])
    assert len(taken) == 12 and 49 - len(taken) == 37
    (draw,) = [e for e in game.events("RandomDrawn") if e["purpose"] == "grille"]
    assert draw["chosen"] == wolves + grid["petite_fille"]


def test_a_grid_that_does_not_hold_is_drawn(tmp_path: Path) -> None:
    """Ruling: a grid that does not give each wolf two squares of A1..G7, or not as many Petite
    Fille squares as wolves, is replaced by a drawn one, and the MJ is mailed the map in force
    and why."""
    wrong = {"loups": {"Alice": ["A1", "H9"], "Bruno": ["B1", "B2"]}, "petite_fille": ["C1"]}
    game = game_with(tmp_path, options={"grille_petite_fille": wrong})
    (grid,) = game.events("GridPlaced")
    assert grid["drawn"] and len(grid["petite_fille"]) == 2
    # the MJ is told, with the map in force
    (told,) = [m for m in game.mails("mj@example.org") if "carte de la Petite Fille" in m.subject]
    assert "ne convient pas" in told.body
    assert f"Petite Fille : {', '.join(grid['petite_fille'])}" in told.body


def test_pairs_given_without_names_are_dealt_to_the_wolves_by_a_draw(tmp_path: Path) -> None:
    """Ruling: the MJ may give the wolves' pairs of squares without names (roles dealt at
    random); each pair is then dealt to a wolf by a recorded draw."""
    pairs = {"loups": [["D4", "D5"], ["E4", "E5"]], "petite_fille": ["F1", "F2"]}
    game = game_with(tmp_path, options={"grille_petite_fille": pairs})
    (grid,) = game.events("GridPlaced")
    (draw,) = [e for e in game.events("RandomDrawn") if e["purpose"] == "grille:loups"]
    assert not grid["drawn"]
    assert grid["loups"] == dict(zip(draw["chosen"], [["D4", "D5"], ["E4", "E5"]], strict=True))


def test_a_wolf_square_gives_her_his_name(tmp_path: Path) -> None:
    """004: « Chaque Nuit, elle peut tenter sa chance, en indiquant au Maître du Jeu, une case
    qu'elle veut observer sur la carte du Village » « La case cache un Loup-Garou. Le nom du
    Loup-Garou en question est donné à la Petite Fille. »"""
    game = game_with(tmp_path)
    night(game, "David", Chloe="espionner B2")
    assert watched(game) == [
        {
            "type": "SquareWatched",
            "petite_fille": "Chloe",
            "square": "B2",
            "found": "loup",
            "wolf": "Bruno",
        }
    ]
    assert any("La case B2 cache un Loup-Garou : Bruno." in m.body for m in game.mails("Chloe"))
    assert game.view("Chloe")["players"][1]["role"] == "loup-garou"
    assert ("David", "wolves") in died(game)


def test_an_empty_square_nothing_happens(tmp_path: Path) -> None:
    """004: « La case est vide; il ne se passe donc rien. »"""
    game = game_with(tmp_path)
    night(game, "David", Chloe="observer G7")
    assert watched(game)[0]["found"] == "vide"
    assert died(game) == [("David", "wolves")]
    assert any("La case G7 est vide" in m.body for m in game.mails("Chloe"))


def test_found_on_her_square_she_is_devoured_and_the_victim_spared(tmp_path: Path) -> None:
    """004: « La case cache une Petite Fille. La Petite Fille est découverte et elle est dévorée
    sur le champ. La victime initiale des Loups-Garous est annulée. »"""
    game = game_with(tmp_path)
    game.new_mails("Hugo")
    night(game, "David", Chloe="espionner C2")
    assert died(game) == [("Chloe", "petite-fille")]
    assert game.alive("David")
    public = digest(game, "Hugo")
    assert "Chloe est mort·e (surprise à espionner, dévorée par les loups)" in public
    assert "Son rôle : Petite Fille." in public


def test_nothing_saves_her_once_discovered(tmp_path: Path) -> None:
    """004: « Rien ne peut empêcher la Petite Fille d'être dévorée lorsqu'elle est découverte
    suite à son action de Nuit. »: the Salvateur's protection does not; the Sorcière is told no
    victim (the pack's is annulled) and her potion cannot save her."""
    game = game_with(tmp_path)
    game.ok("Farid", "proteger Chloe")
    game.ok("Chloe", "espionner C1")
    game.ok("Alice", "tuer David")
    game.ok("Bruno", "tuer David")
    game.end()
    assert game.events("WitchToldVictim") == []
    if game.phase()[0] == "night":
        game.refused("Emma", "sauver", "not_yet_told")
        game.end()
    assert died(game) == [("Chloe", "petite-fille")]
    assert game.alive("David")


def test_the_infection_finds_no_victim_that_night(tmp_path: Path) -> None:
    """004, IPL: « de recruter la victime de la nuit en remplacement de l'action nocturne de
    dévorer ». Ruling: the victim annulled by the Petite Fille's discovery, there is nobody to
    infect; the Infect Père des Loups keeps his power for another night."""
    roles = {**ROLES, "Bruno": "infect-pere-des-loups"}
    game = game_with(tmp_path, roles)
    night(game, "David", Chloe="espionner C1", Bruno="infecter")
    assert died(game) == [("Chloe", "petite-fille")]
    assert game.events("CampChanged") == []
    assert "infection" not in game.state.players["Bruno"].spent


def test_orders_refused_out_of_her_role_and_her_night(tmp_path: Path) -> None:
    """004: « Chaque Nuit, elle peut tenter sa chance »: at night, hers only, a square of the
    map (« notées de A à G et de 1 à 7 »)."""
    game = game_with(tmp_path, election=True)
    game.refused("Chloe", "espionner C1", "not_now")
    game.ok("Chloe", "vote David")
    game.end()
    game.refused("David", "espionner C1", "not_your_role")
    game.refused("Chloe", "espionner H9", "unreadable")


def test_the_orders_read_in_french_and_english() -> None:
    """The Petite Fille's order: « espionner C3 » / « observer C3 » / "spy C3" / "watch C3";
    « espionner NOM » still reads as a probe (the Voyante's « sonder »)."""
    players = ["Alice", "Bruno"]
    for text in ("espionner C3", "J'observe la case c 3", "spy C3", "watch c-3"):
        assert parse_line(text, players) == Order(petite_fille.ESPIONNER.kind, args=("C3",)), text
    assert parse_line("espionner Bruno", players) == Order(voyante.SONDER.kind, ("Bruno",))
