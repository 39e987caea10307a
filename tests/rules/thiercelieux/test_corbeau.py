"""Corbeau: seed 004_c21bac90ae6ca834.txt."""

from pathlib import Path

from tests.rules.thiercelieux.common import died, digest, thiercelieux, votes

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Chloe": "corbeau",
    "David": "villageois",
    "Emma": "villageois",
    "Farid": "villageois",
}


def test_his_sign_is_one_vote_against_at_the_next_stake_announced_at_dawn(tmp_path: Path) -> None:
    """004: « Pendant la Nuit, il peut désigner un joueur qu'il suspecte. [...] Ce joueur aura
    automatiquement une voix contre lui au prochain décompte des voix du bûcher. » « Le Maitre
    du Jeu annonce publiquement l'action du Corbeau au village au lever du bûcher »."""
    game = thiercelieux(tmp_path, ROLES)
    game.new_mails()
    game.ok("Chloe", "marquer Alice")
    game.ok("Alice", "tuer Farid")
    game.ok("Bruno", "tuer Farid")
    text = digest(game, "Emma")
    assert "Le Corbeau a déposé une pancarte devant la maison de Alice" in text
    assert "Chloe" not in text.split("pancarte")[0].splitlines()[-1]
    votes(game, {"Alice": "David", "David": "Alice"})
    stake = game.events("VotesCounted")[-1]
    assert stake["tally"] == {"Alice": 2, "David": 1}
    assert died(game)[-1] == ("Alice", "stake")


def test_he_may_mark_himself_and_the_sign_lasts_one_stake(tmp_path: Path) -> None:
    """004: « Le Corbeau peut se désigner lui-même »; « au prochain décompte »."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "marquer moi")
    game.ok("Alice", "tuer Farid")
    game.ok("Bruno", "tuer Farid")
    votes(game, {"Alice": "David", "Bruno": "Emma"})
    assert game.events("VotesCounted")[-1]["tied"] == ["Chloe", "David", "Emma"]
    game.ok("Chloe", "rien")
    game.ok("Alice", "tuer Emma")
    game.ok("Bruno", "tuer Emma")
    votes(game, {"Alice": "David"})
    assert game.events("VotesCounted")[-1]["tally"] == {"David": 1}
