"""Marchand de Sable: seed 004_c21bac90ae6ca834.txt.

004: « Une seule fois dans la partie, le Marchand de Sable peut faire sauter une Nuit de jeu,
pendant laquelle personne ne pourra agir. Ainsi, il n'y aura pas de meurtre des Loups-Garous ni
aucune autre action nocturne quelle qu'elle soit. Le MJ lève immédiatement un nouveau bûcher.
Pour agir, le Marchand de Sable doit utiliser son pouvoir pendant le jour de jeu précédant la
Nuit de jeu qu'il veut faire sauter, en envoyant un MP au MJ. »
"""

from pathlib import Path

from tests.rules.thiercelieux.common import digest, thiercelieux, votes

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "marchand-de-sable",
    "Chloe": "villageois",
    "David": "villageois",
    "Emma": "villageois",
    "Farid": "villageois",
}


def test_by_day_he_skips_the_next_night_once(tmp_path: Path) -> None:
    game = thiercelieux(tmp_path, ROLES)
    game.refused("Bruno", "endormir", "not_now")
    game.ok("Alice", "tuer Farid")
    game.new_mails()
    answer = game.ok("Bruno", "endormir")
    assert "pas de nuit prochaine" in answer.text
    votes(game, {"Chloe": "Emma", "Emma": "Chloe"})
    assert game.phase() == ("day", 2)
    text = digest(game, "David")
    assert "Le Marchand de Sable endort le village : la nuit 2 n'aura pas lieu" in text
    game.refused("Bruno", "endormir", "already_used")
    votes(game, {})
    assert game.phase() == ("night", 3)
