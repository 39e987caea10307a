"""Deux Sœurs: seed 004_c21bac90ae6ca834.txt."""

from pathlib import Path

from tests.rules.thiercelieux.common import died, thiercelieux

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "deux-soeurs",
    "Chloe": "deux-soeurs",
    "David": "villageois",
    "Emma": "villageois",
}


def test_each_sister_knows_the_other_from_the_deal(tmp_path: Path) -> None:
    """004: « Les Deux Sœurs reçoivent chacune l'information de l'identité de l'autre Sœur dès
    la réception de leur rôle. »"""
    game = thiercelieux(tmp_path, ROLES)
    (role,) = [m for m in game.new_mails("Bruno") if "Votre rôle" in m.subject]
    assert "Vous savez : Chloe est Sœur." in role.body
    seen = {p["name"]: p["role"] for p in game.view("Chloe")["players"]}
    assert seen["Bruno"] == "deux-soeurs"
    assert {p["name"]: p["role"] for p in game.view("David")["players"]}["Bruno"] is None


def test_a_sister_does_not_die_with_the_other_and_they_share_no_forum(tmp_path: Path) -> None:
    """004: « Contrairement aux deux amoureux, une Sœur n'est pas éliminée automatiquement à la
    mort de l'autre Sœur, de même qu'elles ne partagent pas de sous-forum privé »."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Alice", "tuer Bruno")
    assert died(game) == [("Bruno", "wolves")] and game.alive("Chloe")
    assert not game.post("Chloe", "amoureux", "Ma sœur ?").ok


def test_a_sister_may_be_in_love(tmp_path: Path) -> None:
    """004: « Une Sœur peut être infectée, amoureuse ou acolyte. »"""
    roles = {**ROLES, "Emma": "cupidon"}
    game = thiercelieux(tmp_path, roles)
    game.ok("Emma", "unir Bruno et David")
    assert game.state.lovers == ["Bruno", "David"]
