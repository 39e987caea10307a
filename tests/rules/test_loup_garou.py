"""Loup-Garou: seed 003 ("Chaque nuit, ils tuent un Villageois") and 004 (the last order given
in time by a living wolf is the victim; no order, no death)."""

from pathlib import Path

from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Chloe": "villageois",
    "David": "villageois",
    "Emma": "villageois",
}


def test_the_last_order_of_any_wolf_is_the_victim(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    assert game.phase() == ("night", 1)
    answer = game.ok("Alice", "tuer Chloe")
    assert "Victime désignée : Chloe" in answer.text
    game.ok("Bruno", "je veux manger David stp")
    # both wolves gave an order: the night closes early, dawn breaks
    assert game.phase() == ("day", 1)
    assert not game.alive("David") and game.alive("Chloe")
    digest = game.mails("Chloe")[-1]
    assert "David est mort·e (dévoré·e par les loups). Son rôle : Simple Villageois." in digest.body


def test_no_order_in_time_means_no_death(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    game.later(hours=24)
    assert game.phase() == ("day", 1)
    assert all(game.alive(n) for n in ROLES)
    assert "Personne n'est mort." in game.mails("Emma")[-1].body


def test_a_wolf_may_not_be_the_victim_and_villagers_may_not_kill(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    game.refused("Alice", "tuer Bruno", "illegal_target")
    game.refused("Chloe", "tuer David", "not_your_role")


def test_the_pack_is_told_in_the_role_mail(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    alice = game.mails("Alice")
    assert any("Votre meute : Bruno." in m.body for m in alice)
    assert not any("meute" in m.body for m in game.mails("Chloe"))
