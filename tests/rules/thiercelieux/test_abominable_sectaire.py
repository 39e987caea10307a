"""Abominable Sectaire in the `thiercelieux` rule set: seed 004_c21bac90ae6ca834.txt."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.rules.thiercelieux.common import died, thiercelieux, votes
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Chloe": "abominable-sectaire",
    "David": "villageois",
    "Emma": "villageois",
    "Farid": "voyante",
    "Gina": "cupidon",
    "Hugo": "villageois",
}
#: 004: « deux listes de deux groupes chacune » (« garçons vs filles... 30 ans et plus vs 30
#: ans et moins »)
LISTS = {
    "A": {
        "Garçons": ["Bruno", "David", "Farid", "Hugo"],
        "Filles": ["Alice", "Chloe", "Emma", "Gina"],
    },
    "B": {
        "Plus de 30 ans": ["Alice", "Bruno", "Chloe", "David"],
        "Moins de 30 ans": ["Emma", "Farid", "Gina", "Hugo"],
    },
}


def game_with(tmp_path: Path, lists: dict[str, Any] = LISTS, **kw: Any) -> Scenario:
    return thiercelieux(tmp_path, ROLES, options={"sectaire_listes": lists}, **kw)


def groups(game: Scenario) -> dict[str, dict[str, list[str]]]:
    s = game.state
    found: dict[str, dict[str, list[str]]] = s.extra.get("sectaire:groupes") or LISTS
    return found


def night(game: Scenario, victim: str, **orders: str) -> None:
    """The orders given, the living wolves devour `victim`, the MJ closes the night."""
    for player, text in orders.items():
        game.ok(player, text)
    for wolf in ("Alice", "Bruno"):
        if game.alive(wolf):
            game.ok(wolf, f"tuer {victim}")
    while game.phase()[0] == "night" and game.state.status == "running":
        game.end()


def test_the_mj_announces_him_at_the_start(tmp_path: Path) -> None:
    """004: « Le MJ annonce toujours, au début de la partie (élections) ou en partageant les
    règles, qu'il a mis un Abominable Sectaire dans sa partie. Il tiendra un topic spécialement
    dédié à la répartition des joueurs en deux groupes »."""
    game = game_with(tmp_path, election=True)
    assert game.phase() == ("election", 0)
    assert game.events("SectaireAnnounced") == [{"type": "SectaireAnnounced", "lists": LISTS}]
    public = "\n".join(m.body for m in game.mails("Hugo"))
    assert "Le MJ a mis un Abominable Sectaire dans la partie." in public
    assert "Liste A : Garçons (Bruno, David, Farid, Hugo) contre Filles" in public


def test_he_chooses_one_list_at_the_deal_for_the_whole_game(tmp_path: Path) -> None:
    """004: « Lors de la distribution des rôles, le MJ transmettra à l'Abominable Sectaire ces
    deux listes et ce dernier lui dira laquelle des deux il choisit pour la partie. »
    « L'Abominable Sectaire ne peut pas non plus changer la liste de sa condition de victoire »."""
    game = game_with(tmp_path, election=True)
    game.ok("Chloe", "liste B")
    assert game.events("ListChosen") == [
        {"type": "ListChosen", "sectaire": "Chloe", "liste": "B", "drawn": False}
    ]
    game.refused("Chloe", "liste A", "already_used")
    assert any("Votre liste pour toute la partie : B" in m.body for m in game.mails("Chloe"))


def test_a_list_not_chosen_is_drawn(tmp_path: Path) -> None:
    """Ruling: no list chosen by the end of the first night's first step, it is drawn."""
    game = game_with(tmp_path)
    game.ok("Gina", "unir David et Emma")
    game.end()
    (chosen,) = game.events("ListChosen")
    (draw,) = [e for e in game.events("RandomDrawn") if e["purpose"] == "liste:Chloe"]
    assert chosen["drawn"] and [chosen["liste"]] == draw["chosen"]


def test_he_moves_one_player_a_night_himself_and_in_the_other_list(tmp_path: Path) -> None:
    """004: « Chaque Nuit, l'Abominable Sectaire aura la possibilité d'agir en déplaçant un
    joueur, d'un groupe à l'autre. Il peut se choisir lui-même comme joueur à déplacer. Il peut
    également déplacer des joueurs dans la liste qu'il n'a pas choisi pour sa condition de
    victoire. Il peut déplacer deux Nuits de suite le même joueur (y compris lui-même). » « en
    plus d'annoncer publiquement le changement de groupe lorsqu'il lève le Jour »."""
    game = game_with(tmp_path)
    game.ok("Chloe", "liste A")
    game.ok("Gina", "unir David et Emma")
    night(game, "Hugo", Chloe="deplacer moi liste B")
    assert game.events("GroupChanged") == [
        {
            "type": "GroupChanged",
            "name": "Chloe",
            "liste": "B",
            "frm": "Plus de 30 ans",
            "to": "Moins de 30 ans",
        }
    ]
    assert "Chloe" in groups(game)["B"]["Moins de 30 ans"]
    public = "\n".join(m.body for m in game.mails("Farid"))
    assert "Chloe passe du groupe Plus de 30 ans au groupe Moins de 30 ans (liste B)." in public
    votes(game, {})
    night(game, "Farid", Chloe="deplacer Chloe liste B")
    assert "Chloe" in groups(game)["B"]["Plus de 30 ans"]
    assert len(game.events("GroupChanged")) == 2


def test_never_from_one_list_to_the_other(tmp_path: Path) -> None:
    """004: « Il ne peut pas, en revanche, déplacer un joueur d'une liste à une autre (par
    exemple, déplacer un joueur présent dans le groupe des moins de 30 ans pour le placer dans le
    groupe des filles). »: a move changes the group in one list, never the other list."""
    game = game_with(tmp_path)
    game.ok("Chloe", "liste A")
    game.ok("Gina", "unir David et Emma")
    night(game, "Hugo", Chloe="deplacer Farid liste A")
    assert "Farid" in groups(game)["A"]["Filles"]
    assert groups(game)["B"] == LISTS["B"]


def test_he_wins_at_once_when_the_opposed_group_is_gone(tmp_path: Path) -> None:
    """004: « L'Abominable Sectaire est un rôle indépendant, qui cherche à gagner seul, en
    éliminant tous les joueurs d'un groupe opposé au sien, tout en restant en vie. » « Lorsque le
    dernier membre du groupe à éliminer disparait, et si l'Abominable Sectaire survit aux
    éventuelles conséquences de cette élimination, alors il gagne instantanément la partie. »"""
    lists = {
        "A": {
            "Garçons": ["Bruno", "David"],
            "Filles": ["Alice", "Chloe", "Emma", "Farid", "Gina", "Hugo"],
        },
        "B": LISTS["B"],
    }
    game = game_with(tmp_path, lists)
    game.ok("Chloe", "liste A")
    game.ok("Gina", "unir Emma et Hugo")
    night(game, "David")
    assert game.state.status == "running"
    votes(game, {"Chloe": "Bruno", "Emma": "Bruno", "Farid": "Bruno", "Gina": "Bruno"})
    assert game.state.winner == "abominable-sectaire"
    assert game.state.winners == ["Chloe"]


def test_no_victory_when_he_dies_of_its_consequences(tmp_path: Path) -> None:
    """004: « et si l'Abominable Sectaire survit aux éventuelles conséquences de cette
    élimination »: in love with the last one, he dies with him and does not win."""
    lists = {
        "A": {
            "Garçons": ["Bruno", "David"],
            "Filles": ["Alice", "Chloe", "Emma", "Farid", "Gina", "Hugo"],
        },
        "B": LISTS["B"],
    }
    game = game_with(tmp_path, lists)
    game.ok("Chloe", "liste A")
    game.ok("Gina", "unir Chloe et Bruno")
    night(game, "David")
    votes(game, {"Emma": "Bruno", "Farid": "Bruno", "Gina": "Bruno", "Hugo": "Bruno"})
    assert ("Bruno", "stake") in died(game) and ("Chloe", "grief") in died(game)
    assert game.state.winner != "abominable-sectaire"


def test_a_couple_with_another_independent_fails(tmp_path: Path) -> None:
    """004, Cupidon: « Abominable Sectaire/Joueur de Flûte/Fantôme + autre indépendant => échec
    du couple »."""
    roles = {**ROLES, "Bruno": "loup-garou-blanc"}
    game = thiercelieux(tmp_path, roles, options={"sectaire_listes": LISTS})
    game.ok("Chloe", "liste A")
    game.ok("Gina", "unir Chloe et Bruno")
    assert game.state.lovers == []
    assert game.events("CoupleFailed")[0]["why"] == "independants"
