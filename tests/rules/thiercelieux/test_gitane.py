"""Gitane in the `thiercelieux` rule set: seed 004_c21bac90ae6ca834.txt."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lgmail.orders.parse import parse_line
from lgmail.rules.orders import Kind, Order
from lgmail.rules.thiercelieux.roles import gitane
from tests.rules.thiercelieux.common import died, digest, thiercelieux, votes
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Chloe": "gitane",
    "David": "villageois",
    "Emma": "villageois",
    "Farid": "villageois",
    "Gina": "voyante",
    "Hugo": "villageois",
}


def game_with(tmp_path: Path, events: list[Any] | None = None, **kw: Any) -> Scenario:
    options = {"nouvelle_lune": events} if events is not None else {}
    return thiercelieux(tmp_path, ROLES, options=options, **kw)


def night(game: Scenario, victim: str, **orders: str) -> None:
    for player, text in orders.items():
        game.ok(player, text)
    for wolf in ("Alice", "Bruno"):
        if game.alive(wolf):
            game.ok(wolf, f"tuer {victim}")
    while game.phase()[0] == "night" and game.state.status == "running":
        game.end()


def test_she_asks_for_a_card_announced_publicly_at_daybreak(tmp_path: Path) -> None:
    """004: « Chaque Nuit, elle peut agir en demandant au MJ de tirer au sort une carte
    "événement" parmi la liste des cartes événements de l'extension Nouvelle Lune. » « Au lever
    du Jour, le MJ annoncera en place publique quelle carte de la liste a été tirée au sort et
    quel en est le résultat. »"""
    game = game_with(tmp_path)
    game.new_mails("Hugo")
    night(game, "Hugo", Chloe="tirer une carte")
    (card,) = game.events("EventCardDrawn")
    (draw,) = [e for e in game.events("RandomDrawn") if e["purpose"] == "carte:Chloe"]
    assert [card["event"]] == draw["chosen"] and card["gitane"] == "Chloe"
    assert game.phase() == ("day", 1)
    (applied,) = game.events("EventApplied")
    assert applied["nom"] == card["event"] and applied["by"] == "gitane"
    public = "\n".join(m.body for m in game.mails("Farid"))
    assert f"la carte tirée pour la Gitane : {card['event']}. {applied['texte']}" in public


def test_a_card_played_leaves_the_list_for_the_whole_game(tmp_path: Path) -> None:
    """004: « Chaque carte événement ainsi jouée est ensuite retirée de la liste et ne pourra
    plus être tirée au sort jusqu'à la fin de la partie. »; the list empty, she has nothing left
    to draw (ruling)."""
    game = game_with(tmp_path, ["Fête au village", "Trêve"])
    night(game, "Hugo", Chloe="tirer une carte")
    first = game.events("EventCardDrawn")[0]["event"]
    votes(game, {})
    night(game, "Farid", Chloe="tirer une carte")
    second = game.events("EventCardDrawn")[1]["event"]
    assert {first, second} == {"Fête au village", "Trêve"}
    (draw,) = [e for e in game.events("RandomDrawn") if e["purpose"] == "carte:Chloe"][1:]
    assert draw["among"] == [second]
    votes(game, {})
    game.refused("Chloe", "tirer une carte", "already_used")


def test_she_acts_only_at_night_and_only_she(tmp_path: Path) -> None:
    """004: « Chaque Nuit, elle peut agir »: by night, the Gitane's own power."""
    game = game_with(tmp_path, election=True)
    game.refused("Chloe", "tirer une carte", "not_now")
    votes(game, {"Chloe": "David"})
    game.refused("David", "tirer une carte", "not_your_role")
    game.ok("Chloe", "tirer une carte")


def test_her_card_is_played_even_if_she_dies_that_night(tmp_path: Path) -> None:
    """Ruling: the card is drawn as the night's actions are resolved, so the MJ announces it at
    daybreak even when the wolves devoured her."""
    game = game_with(tmp_path, ["Trêve"])
    night(game, "Chloe", Chloe="tirer une carte")
    assert ("Chloe", "wolves") in died(game)
    assert [e["nom"] for e in game.events("EventApplied")] == ["Trêve"]
    votes(game, {"David": "Alice", "Emma": "Alice", "Farid": "Alice"})
    assert game.alive("Alice")


def test_her_card_changes_the_day_it_is_played(tmp_path: Path) -> None:
    """004: « et quel en est le résultat »: Mécontentement drawn, a Villager burnt calls the
    further one-hour stake that same day."""
    game = game_with(tmp_path, ["Mécontentement"])
    night(game, "Hugo", Chloe="tirer une carte")
    game.new_mails("Emma")
    votes(game, {"Alice": "David", "Bruno": "David", "Farid": "David"})
    assert game.phase() == ("day", 1)
    assert "Mécontentement : un bûcher supplémentaire de 60 minutes se lève." in digest(
        game, "Emma"
    )


def test_the_orders_read_in_french_and_english() -> None:
    """« tirer une carte » (not the Chasseur's « tirer NOM ») / "draw a card"."""
    players = ["Alice", "Bruno"]
    for text in ("tirer une carte", "Je tire une carte", "draw a card"):
        assert parse_line(text, players) == Order(gitane.CARTE.kind), text
    assert parse_line("tirer Bruno", players) == Order(Kind.TIRER, ("Bruno",))
