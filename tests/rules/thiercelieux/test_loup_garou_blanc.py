"""Loup-Garou Blanc: seed 004_c21bac90ae6ca834.txt."""

from pathlib import Path

from tests.rules.thiercelieux.common import colours, died, thiercelieux, votes

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou-blanc",
    "Chloe": "salvateur",
    "David": "villageois",
    "Emma": "villageois",
    "Farid": "loup-garou",
    "Gina": "sorciere",
}


def test_he_hunts_with_the_pack_and_is_one_of_it(tmp_path: Path) -> None:
    """004: « Il agit comme un Loup-Garou normal, en se réveillant avec eux et en choisissant la
    victime avec eux. »"""
    game = thiercelieux(tmp_path, ROLES)
    (role,) = [m for m in game.new_mails("Alice") if "Votre rôle" in m.subject]
    assert "Votre meute : Bruno, Farid." in role.body
    # the pack sees him as a wolf, not as the white one
    seen = {p["name"]: p["role"] for p in game.view("Alice")["players"]}
    assert seen["Bruno"] == "loup-garou"
    game.ok("Chloe", "proteger Gina")
    game.ok("Alice", "tuer Emma")
    game.ok("Farid", "tuer Emma")
    game.ok("Bruno", "tuer David")
    game.ok("Gina", "rien")
    assert died(game) == [("David", "wolves")]


def test_every_other_night_from_the_second_he_may_eliminate_a_wolf(tmp_path: Path) -> None:
    """004: « il agit une Nuit sur deux (en commençant par la seconde Nuit) : il peut s'il le
    désire, éliminer un Loup-Garou. »; the Salvateur and the life potion do not save from him
    (« Le Salvateur ne protège pas du meurtre du Loup-Garou Blanc », « La potion de vie de la
    Sorcière ne sauve pas contre [...] meurtre du Loup Blanc »)."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "proteger Gina")
    game.refused("Bruno", "eliminer Alice", "not_now")
    game.ok("Alice", "tuer Emma")
    game.ok("Farid", "tuer Emma")
    game.ok("Bruno", "tuer Emma")
    game.ok("Gina", "rien")
    votes(game, {})
    game.ok("Chloe", "proteger Alice")
    game.refused("Bruno", "eliminer David", "illegal_target")
    game.ok("Bruno", "tuer David\neliminer Alice")
    game.ok("Alice", "tuer David")
    game.ok("Farid", "tuer David")
    game.ok("Gina", "rien")
    assert died(game)[-2:] == [("David", "wolves"), ("Alice", "blanc")]
    assert colours(game)["Alice"] == ("rouge", [])
    votes(game, {})
    game.refused("Bruno", "eliminer Farid", "not_now")


def test_he_wins_as_the_last_player_alive_announced_green(tmp_path: Path) -> None:
    """004: « Sa condition de victoire est d'être le dernier joueur encore en jeu. » « Vert :
    [...] comme le Joueur de Flûte ou le Loup-Garou Blanc. »"""
    roles = {"Alice": "loup-garou", "Bruno": "loup-garou-blanc", "David": "villageois"}
    game = thiercelieux(tmp_path, roles)
    game.ok("Alice", "tuer David")
    game.ok("Bruno", "tuer David")
    assert game.state.winner is None  # a wolf and the white wolf: the wolves have not won
    votes(game, {"Alice": "Bruno", "Bruno": "Alice"})
    game.ok("Bruno", "eliminer Alice")
    assert game.state.winner == "loup-garou-blanc" and game.state.winners == ["Bruno"]
    assert colours(game)["Alice"] == ("rouge", [])
