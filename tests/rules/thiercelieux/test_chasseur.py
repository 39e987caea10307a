"""Chasseur in the `thiercelieux` rule set: seed 004_c21bac90ae6ca834.txt.

004: « lors de sa mort, il doit désigner un joueur encore eu jeu. Si l'action du Chasseur n'est
pas empêchée [...], le joueur ainsi ciblé meurt immédiatement de la dernière balle du Chasseur ».
Unlike 003, whatever killed him.
"""

from pathlib import Path

from tests.rules.thiercelieux.common import died, thiercelieux, votes

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Chloe": "chasseur",
    "David": "sorciere",
    "Emma": "cupidon",
    "Farid": "villageois",
    "Gina": "villageois",
}


def test_poisoned_he_still_shoots(tmp_path: Path) -> None:
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Emma", "rien")
    game.ok("Alice", "tuer Farid")
    game.ok("Bruno", "tuer Farid")
    game.ok("David", "empoisonner Chloe\nfini")
    assert game.view("Chloe")["awaiting"][0]["kind"] == "tirer"
    game.ok("Chloe", "tirer Alice")
    assert died(game) == [("Farid", "wolves"), ("Chloe", "poison"), ("Alice", "shot")]


def test_dead_of_grief_he_still_shoots(tmp_path: Path) -> None:
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Emma", "unir Chloe et Gina")
    game.ok("Chloe", "tirer Bruno")
    game.ok("Alice", "tuer Gina")
    game.ok("Bruno", "tuer Gina")
    game.ok("David", "rien")
    assert died(game) == [("Gina", "wolves"), ("Chloe", "grief"), ("Bruno", "shot")]


def test_at_the_stake_he_shoots_a_player_still_in_play(tmp_path: Path) -> None:
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Emma", "rien")
    game.ok("Alice", "tuer Farid")
    game.ok("Bruno", "tuer Farid")
    game.ok("David", "rien")
    votes(game, {n: "Chloe" for n in ("Alice", "Bruno", "David", "Emma", "Gina")})
    game.refused("Chloe", "tirer Farid", "illegal_target")
    game.ok("Chloe", "tirer Bruno")
    assert died(game)[-2:] == [("Chloe", "stake"), ("Bruno", "shot")]
