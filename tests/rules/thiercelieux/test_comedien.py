"""Comédien in the `thiercelieux` rule set: seed 004_c21bac90ae6ca834.txt."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from lgmail.rules import events as ev
from lgmail.rules.commands import CreateGame, Seat
from lgmail.rules.decide import decide
from lgmail.rules.refusal import Refusal
from lgmail.rules.state import GameState
from tests.rules.thiercelieux.common import died, thiercelieux, votes
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Chloe": "comedien",
    "David": "villageois",
    "Emma": "villageois",
    "Farid": "villageois",
    "Gina": "villageois",
}
THREE = ["voyante", "chasseur", "ancien"]
NOW = datetime(2026, 11, 29, 21, 0, tzinfo=UTC)
SEATS = tuple(Seat(n, f"{n.lower()}@example.org") for n in ROLES)


def game_of(tmp_path: Path, roles: list[str] = THREE) -> Scenario:
    return thiercelieux(tmp_path, ROLES, options={"comedien_roles": roles})


def night(game: Scenario, victim: str | None) -> None:
    """The pack devours `victim` (None: nobody); the MJ closes what is left of the night."""
    for wolf in ("Alice", "Bruno"):
        if game.alive(wolf):
            game.ok(wolf, f"tuer {victim}" if victim else "rien")
    while game.phase()[0] == "night" and game.state.status == "running":
        game.end()


def create(composition: list[str], **options: object) -> list[ev.Event] | Refusal:
    command = CreateGame(
        "thiercelieux", SEATS, composition=tuple(composition), options=options, entropy=3
    )
    return decide(GameState(name="deal"), command, NOW)


def test_three_roles_set_aside_by_a_draw_none_dealt_to_another() -> None:
    """004: « Lorsque le MJ place le Comédien dans sa partie, il prévoit trois rôles villageois à
    pouvoirs, écartés spécialement pour lui. » « Aucun autre joueur de la partie ne peut avoir
    reçu l'un de ces trois rôles à la distribution. »: dealt at random, a composition three
    cards longer than the players gives him three of its village roles with powers (a recorded
    draw), and a role dealt twice in it is never one of his."""
    deck = ["comedien", "loup-garou", "loup-garou", "voyante", "voyante"]
    deck += ["chasseur", "salvateur", "renard", "corbeau", "villageois"]
    decision = create(deck)
    assert not isinstance(decision, Refusal), decision
    draws = [e for e in decision if isinstance(e, ev.RandomDrawn)]
    (aside,) = [e for e in draws if e.purpose == "aside:comedien"]
    assert sorted(aside.among) == ["chasseur", "corbeau", "renard", "salvateur"]
    (dealt,) = [e for e in decision if isinstance(e, ev.RolesDealt)]
    (actor,) = [n for n, r in dealt.roles.items() if r == "comedien"]
    assert dealt.aside == {actor: aside.chosen}
    assert not set(aside.chosen) & set(dealt.roles.values())


def test_the_mj_names_three_roles_not_dealt() -> None:
    """004: « Aucun autre joueur de la partie ne peut avoir reçu l'un de ces trois rôles à la
    distribution. »: the MJ's three roles (option `comedien_roles`) may not be dealt too."""
    deck = ["comedien", "loup-garou", "loup-garou", "voyante", "villageois", "villageois"]
    deck.append("villageois")
    refused = create(deck, comedien_roles="voyante,chasseur,ancien")
    assert isinstance(refused, Refusal) and refused.detail["role"] == "voyante"
    decision = create(deck, comedien_roles="salvateur,chasseur,ancien")
    assert not isinstance(decision, Refusal), decision


def test_the_roles_004_forbids_him() -> None:
    """004: « Le MJ ne peut proposer aucun des rôles suivants : Voleur, Cupidon, Sœurs, Enfant
    Sauvage, Servante Dévouée. »; and they are village roles with powers (« trois rôles
    villageois à pouvoirs »): no wolf, no Simple Villageois."""
    deck = ["comedien", "loup-garou", "loup-garou", "villageois", "villageois", "villageois"]
    deck.append("villageois")
    for bad in ("cupidon", "enfant-sauvage", "deux-soeurs", "voleur", "loup-garou", "villageois"):
        refused = create(deck, comedien_roles=["voyante", "chasseur", bad])
        assert isinstance(refused, Refusal) and refused.detail["why"] == "aside", bad


def test_he_is_told_his_three_roles(tmp_path: Path) -> None:
    """004: the three roles are « écartés spécialement pour lui »: his role mail names them."""
    game = game_of(tmp_path)
    (mail,) = [m for m in game.mails("chloe@example.org") if "Votre rôle" in m.subject]
    assert "Vos trois rôles, écartés pour vous : Voyante, Chasseur, Ancien" in mail.body


def test_each_night_he_may_become_one_and_has_its_power(tmp_path: Path) -> None:
    """004: « Chaque Nuit, le Comédien indique au MJ s'il souhaite, ou non, devenir l'un de ces
    trois rôles »: as the Voyante, he probes that night."""
    game = game_of(tmp_path)
    game.refused("Chloe", "sonder Alice", "not_your_role")
    game.ok("Chloe", "devenir voyante")
    assert game.events("ActorBecame") == [
        {"type": "ActorBecame", "comedien": "Chloe", "role": "voyante", "night": 1}
    ]
    game.ok("Chloe", "sonder Alice")
    night(game, "David")
    assert [(e["seer"], e["target"], e["role"]) for e in game.events("SeerSaw")] == [
        ("Chloe", "Alice", "loup-garou")
    ]


def test_or_not(tmp_path: Path) -> None:
    """004: « s'il souhaite, ou non »: he may pass the night and keep his three roles."""
    game = game_of(tmp_path)
    game.ok("Chloe", "rien")
    night(game, "David")
    assert game.events("ActorBecame") == []
    votes(game, {})
    game.ok("Chloe", "devenir chasseur")


def test_as_chasseur_he_shoots_if_he_dies_at_the_next_stake(tmp_path: Path) -> None:
    """004: « (Exemple : s'il devient Chasseur, ce sera effectif pour la Nuit de ce choix et pour
    le bûcher suivant, avec possibilité de tirer la balle s'il meurt à ce bûcher) »"""
    game = game_of(tmp_path)
    game.ok("Chloe", "devenir chasseur")
    night(game, "David")
    votes(game, {"Alice": "Chloe", "Bruno": "Chloe", "Emma": "Chloe"})
    assert game.state.reactions[0].kind == "tirer"
    game.ok("Chloe", "tirer Alice")
    assert died(game) == [("David", "wolves"), ("Chloe", "stake"), ("Alice", "shot")]
    (chloe,) = [e for e in game.events("PlayerDied") if e["name"] == "Chloe"]
    assert chloe["role"] == "comedien"


def test_the_role_lasts_until_the_next_night(tmp_path: Path) -> None:
    """004: « jusqu'au début de la Nuit suivante »: the Chasseur he played the first night is
    gone by the second; killed then, he does not shoot."""
    game = game_of(tmp_path)
    game.ok("Chloe", "devenir chasseur")
    night(game, "David")
    votes(game, {})
    night(game, "Chloe")
    assert ("Chloe", "wolves") in died(game)
    assert game.events("HunterShot") == [] and game.state.reactions == []


def test_as_ancien_he_survives_the_wolves(tmp_path: Path) -> None:
    """004: « devenir l'un de ces trois rôles »: as the Ancien, the pack's first attack fails."""
    game = game_of(tmp_path)
    game.ok("Chloe", "devenir ancien")
    night(game, "Chloe")
    assert game.alive("Chloe")
    assert [e["name"] for e in game.events("AncienResisted")] == ["Chloe"]


def test_a_role_used_is_gone(tmp_path: Path) -> None:
    """004: « Une fois que le Comédien a utilisé un rôle, ce rôle est retiré de ses choix
    possibles pour le reste de la partie. »; one role a night."""
    game = game_of(tmp_path)
    game.ok("Chloe", "devenir voyante")
    game.refused("Chloe", "devenir chasseur", "already_used")
    night(game, "David")
    votes(game, {})
    game.refused("Chloe", "devenir voyante", "already_used")
    game.refused("Chloe", "devenir salvateur", "illegal_target")
    game.ok("Chloe", "devenir chasseur")


def test_his_three_roles_used_he_wakes_no_more(tmp_path: Path) -> None:
    """004: « Une fois que le Comédien a utilisé ses trois rôles, il ne se réveille plus la
    Nuit. »"""
    game = game_of(tmp_path)
    for number, role in enumerate(THREE, start=1):
        game.ok("Chloe", f"devenir {role}")
        if role == "voyante":
            game.ok("Chloe", "sonder Alice")
        night(game, None)
        assert game.phase() == ("day", number)
        votes(game, {})
    assert game.phase() == ("night", 4)
    (opened,) = [e for e in game.events("StepOpened") if e["step"] == "loups"][-1:]
    assert "Chloe" not in opened["actors"]
    game.refused("Chloe", "devenir voyante", "already_used")


def test_not_by_day(tmp_path: Path) -> None:
    """004: « Chaque Nuit, le Comédien indique au MJ »: not by day."""
    game = game_of(tmp_path)
    night(game, "David")
    game.refused("Chloe", "devenir voyante", "not_now")
    game.refused("Emma", "devenir voyante", "not_your_role")


def test_a_multi_class_role_may_be_his_and_he_plays_it_as_a_villager(tmp_path: Path) -> None:
    """004: « Les rôles multi-classables peuvent en faire partie. »: become Assommeur, he knocks
    out a wolf, whose kill fails (the other wolf's counts); he stays a villager."""
    game = game_of(tmp_path, ["assommeur", "protecteur", "voyante"])
    game.ok("Chloe", "devenir assommeur")
    game.ok("Chloe", "assommer Bruno")
    game.ok("Alice", "tuer David")
    game.ok("Bruno", "tuer Emma")
    while game.phase()[0] == "night":
        game.end()
    assert game.events("KnockedOut") == [
        {"type": "KnockedOut", "assommeur": "Chloe", "target": "Bruno"}
    ]
    assert died(game) == [("David", "wolves")]
    assert game.state.players["Chloe"].links.get("camp") is None
