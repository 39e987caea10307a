"""Voleur in the `thiercelieux` rule set: seed 004_c21bac90ae6ca834.txt."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from lgmail.rules import events as ev
from lgmail.rules.commands import CreateGame, Seat
from lgmail.rules.decide import decide
from lgmail.rules.refusal import Refusal
from lgmail.rules.state import GameState
from lgmail.rules.thiercelieux.order import position
from tests.rules.thiercelieux.common import digest, thiercelieux, votes
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "voleur",
    "Chloe": "villageois",
    "David": "villageois",
    "Emma": "villageois",
    "Farid": "villageois",
}
NOW = datetime(2026, 11, 29, 21, 0, tzinfo=UTC)
SEATS = tuple(Seat(n, f"{n.lower()}@example.org") for n in ROLES)


def game_with(tmp_path: Path, cards: list[str], **kw: object) -> Scenario:
    return thiercelieux(tmp_path, ROLES, options={"voleur_cartes": cards}, **kw)


def night(game: Scenario, victim: str) -> None:
    """The pack devours `victim`; the MJ closes what is left of the night."""
    for wolf in [n for n, p in game.state.players.items() if p.alive and p.role == "loup-garou"]:
        game.ok(wolf, f"tuer {victim}")
    while game.phase()[0] == "night" and game.state.status == "running":
        game.end()


def create(composition: list[str], **options: object) -> list[ev.Event] | Refusal:
    command = CreateGame(
        "thiercelieux", SEATS, composition=tuple(composition), options=options, entropy=7
    )
    return decide(GameState(name="deal"), command, NOW)


def test_two_more_cards_than_players_are_set_aside_by_a_draw() -> None:
    """004: « La présence du Voleur dans une partie oblige le MJ à ajouter deux cartes de rôles
    supplémentaires à sa composition »: dealt at random, the two cards beyond the players are
    drawn out of the composition (a recorded draw) and set aside for the Voleur."""
    deck = ["voleur", "loup-garou", "voyante", "chasseur", "sorciere", "salvateur", "ancien"]
    deck.append("villageois")
    decision = create(deck)
    assert not isinstance(decision, Refusal), decision
    draws = [e for e in decision if isinstance(e, ev.RandomDrawn)]
    (aside,) = [e for e in draws if e.purpose == "aside:voleur"]
    (dealt,) = [e for e in decision if isinstance(e, ev.RolesDealt)]
    (thief,) = [n for n, r in dealt.roles.items() if r == "voleur"]
    assert dealt.aside == {thief: aside.chosen}
    assert sorted(list(dealt.roles.values()) + aside.chosen) == sorted(deck)


def test_no_room_for_two_more_cards_without_a_voleur() -> None:
    """004: the two more cards come with the Voleur: a composition longer than the players
    without him, or with him and one card too many, is refused."""
    too_long = ["loup-garou", "voyante", "chasseur", "sorciere", "salvateur", "ancien", "cupidon"]
    refused = create(too_long)
    assert isinstance(refused, Refusal) and refused.detail["why"] == "composition"
    one_more = ["voleur", "loup-garou", "voyante", "chasseur", "sorciere", "salvateur", "ancien"]
    refused = create(one_more)
    assert isinstance(refused, Refusal) and refused.detail["why"] == "aside"


def test_the_mj_names_the_two_cards() -> None:
    """The MJ may name the two cards himself (option `voleur_cartes`): no draw."""
    deck = ["voleur", "loup-garou", "voyante", "chasseur", "sorciere", "villageois"]
    decision = create(deck, voleur_cartes="salvateur,ancien")
    assert not isinstance(decision, Refusal), decision
    (dealt,) = [e for e in decision if isinstance(e, ev.RolesDealt)]
    (thief,) = [n for n, r in dealt.roles.items() if r == "voleur"]
    assert dealt.aside == {thief: ["salvateur", "ancien"]}
    assert not [e for e in decision if isinstance(e, ev.RandomDrawn) and e.purpose != "deal"]


def test_he_is_shown_the_two_cards_at_the_deal(tmp_path: Path) -> None:
    """004: « Dès lors qu'un joueur reçoit le rôle du Voleur, le MJ lui indique les deux cartes
    restantes afin que le Voleur se décide immédiatement »; nobody else is told them."""
    game = game_with(tmp_path, ["voyante", "chasseur"])
    (role_mail,) = [m for m in game.mails("bruno@example.org") if "Votre rôle" in m.subject]
    assert "Les deux cartes restantes : Voyante et Chasseur" in role_mail.body
    for other in ("alice", "chloe"):
        assert all("Chasseur" not in m.body for m in game.mails(f"{other}@example.org"))


def test_he_takes_a_card_and_becomes_that_role(tmp_path: Path) -> None:
    """004: « Si le Voleur choisit l'une des deux cartes restantes, il devient ce rôle jusqu'à la
    fin de la partie »: the Voyante's card, and he probes that very night."""
    game = game_with(tmp_path, ["voyante", "chasseur"])
    game.ok("Bruno", "voler voyante")
    assert game.state.players["Bruno"].role == "voyante"
    assert game.events("ThiefChose") == [
        {"type": "ThiefChose", "voleur": "Bruno", "role": "voyante", "drawn": False}
    ]
    game.new_mails("bruno@example.org")
    assert game.step() == "loups"  # his choice made, the night's own steps open
    game.ok("Bruno", "sonder Alice")
    night(game, "Chloe")
    assert [e["role"] for e in game.events("SeerSaw")] == ["loup-garou"]
    game.refused("Bruno", "voler chasseur", "already_used")


def test_he_may_stay_voleur(tmp_path: Path) -> None:
    """004: « choisir l'un des deux rôles présentés ou rester Voleur »."""
    game = game_with(tmp_path, ["voyante", "chasseur"])
    game.ok("Bruno", "rester voleur")
    assert game.state.players["Bruno"].role == "voleur"
    game.refused("Bruno", "voler chasseur", "already_used")


def test_a_wolf_card_takes_him_to_the_den_and_to_the_wolves_victory(tmp_path: Path) -> None:
    """004: « il devient ce rôle jusqu'à la fin de la partie, avec la condition de victoire qui
    y est associée »: a Loup-Garou card, he hunts with the pack and wins with it."""
    game = game_with(tmp_path, ["loup-garou", "villageois"])
    game.ok("Bruno", "voler loup-garou")
    assert [e["name"] for e in game.events("DenJoined")] == ["Bruno"]
    night(game, "Chloe")
    votes(game, {"Alice": "David", "Bruno": "David", "Emma": "David", "Farid": "David"})
    night(game, "Emma")
    votes(game, {"Alice": "Farid", "Bruno": "Farid"})
    assert game.state.winner == "loups"
    assert sorted(game.state.winners) == ["Alice", "Bruno"]


def test_dead_he_is_announced_with_the_role_he_chose(tmp_path: Path) -> None:
    """004: « S'il devait mourir, il serait annoncé avec le rôle choisi, sans que le MJ n'informe
    les autres que ce joueur était initialement le Voleur. »"""
    game = game_with(tmp_path, ["voyante", "chasseur"])
    game.ok("Bruno", "voler voyante")
    game.new_mails("chloe@example.org")
    night(game, "Bruno")
    assert [(e["name"], e["role"]) for e in game.events("PlayerDied")] == [("Bruno", "voyante")]
    text = digest(game, "chloe@example.org")
    assert "Voyante" in text and "Voleur" not in text


def test_staying_voleur_his_cards_are_never_told(tmp_path: Path) -> None:
    """004: « Si le joueur choisit de rester Voleur, puis est éliminé de la partie, le MJ
    n'informe pas les autres joueurs des deux cartes que le Voleur avait comme choix. »"""
    game = game_with(tmp_path, ["salvateur", "ancien"])
    game.ok("Bruno", "rester voleur")
    night(game, "Bruno")
    assert [(e["name"], e["role"]) for e in game.events("PlayerDied")] == [("Bruno", "voleur")]
    for reader in ("alice", "chloe", "david"):
        for mail in game.mails(f"{reader}@example.org"):
            assert "Salvateur" not in mail.body and "Ancien" not in mail.body


def test_his_choice_comes_before_anything_else_and_cannot_be_thwarted(tmp_path: Path) -> None:
    """004: « L'action du Voleur se fait au moment de la distribution des rôles et ne peut donc
    pas être contrecarrée. »: taken at once during the election, before any night power, and it
    stands whatever follows."""
    game = game_with(tmp_path, ["voyante", "chasseur"], election=True)
    assert game.phase() == ("election", 0)
    game.ok("Bruno", "voler chasseur")
    assert game.state.players["Bruno"].role == "chasseur"
    assert position("voler") < min(position(k) for k in ("unir", "modele", "sonder", "devorer"))


def test_two_wolf_cards_he_must_take_one(tmp_path: Path) -> None:
    """004: « Dans le cas spécial où le Voleur reçoit deux cartes de Loup-Garou comme choix, et
    peu importe si ce sont des Loups-Garous à pouvoir ou non, il est obligé d'en choisir une sur
    les deux et ne peut donc pas rester Voleur. »"""
    game = game_with(tmp_path, ["loup-garou", "grand-mechant-loup"])
    game.refused("Bruno", "rester voleur", "not_allowed")
    game.ok("Bruno", "voler grand mechant loup")
    assert game.state.players["Bruno"].role == "grand-mechant-loup"


def test_two_wolf_cards_and_no_choice_one_is_drawn(tmp_path: Path) -> None:
    """004: « il est obligé d'en choisir une sur les deux ». Ruling: no choice when the first
    night's first step closes, one of the two is drawn (a recorded draw)."""
    game = game_with(tmp_path, ["loup-garou", "loup-garou-blanc"])
    game.end()
    (chose,) = game.events("ThiefChose")
    (draw,) = [e for e in game.events("RandomDrawn") if e["purpose"] == "voleur:Bruno"]
    assert chose["drawn"] and [chose["role"]] == draw["chosen"]
    assert game.state.players["Bruno"].role in ("loup-garou", "loup-garou-blanc")


def test_no_choice_in_time_he_stays_voleur(tmp_path: Path) -> None:
    """Ruling: « se décide immédiatement »: no choice by the close of the first night's first
    step, he stays Voleur; a later choice is refused."""
    game = game_with(tmp_path, ["voyante", "chasseur"])
    game.end()
    assert game.events("ThiefChose") == [
        {"type": "ThiefChose", "voleur": "Bruno", "role": "voleur", "drawn": False}
    ]
    game.refused("Bruno", "voler voyante", "already_used")
    assert game.state.players["Bruno"].role == "voleur"


def test_only_his_two_cards(tmp_path: Path) -> None:
    """004: « choisir l'un des deux rôles présentés »: another role is refused."""
    game = game_with(tmp_path, ["voyante", "chasseur"])
    game.refused("Bruno", "voler sorciere", "illegal_target")
    game.refused("Chloe", "voler voyante", "not_your_role")


def test_an_exact_deal_needs_his_two_cards(tmp_path: Path) -> None:
    """Ruling: an exact deal with a Voleur and no `voleur_cartes` is refused (the cards beyond
    the players are the MJ's to name)."""
    refused = decide(
        GameState(name="deal"),
        CreateGame("thiercelieux", SEATS, roles=dict(ROLES), entropy=1),
        NOW,
    )
    assert isinstance(refused, Refusal) and refused.detail["why"] == "aside"
