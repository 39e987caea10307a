"""Joueur de Flûte: seed 004_c21bac90ae6ca834.txt."""

from pathlib import Path

from tests.rules.thiercelieux.common import colours, thiercelieux, votes

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "joueur-de-flute",
    "Chloe": "voyante",
    "David": "villageois",
    "Emma": "villageois",
}


def test_he_charms_up_to_two_players_never_himself(tmp_path: Path) -> None:
    """004: « Ainsi, chaque Nuit, il charme : zéro, un ou deux joueurs de son choix. » « Le
    Joueur de Flûte ne peut pas se charmer lui-même. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.refused("Bruno", "charmer moi et Chloe", "illegal_target")
    game.refused("Bruno", "charmer Alice, Chloe et David", "illegal_target")
    game.ok("Bruno", "charmer Chloe et David")
    game.ok("Chloe", "sonder Alice")
    game.ok("Alice", "tuer Emma")
    assert game.events("PlayersCharmed") == [
        {"type": "PlayersCharmed", "piper": "Bruno", "names": ["Chloe", "David"]}
    ]


def test_the_charmed_know_one_another_and_keep_their_powers(tmp_path: Path) -> None:
    """004: « Tous les charmés sont rajoutés au groupe "les charmés" au fur et à mesure de la
    partie. Ils se connaissent donc tous » « Les joueurs charmés par le Joueur de Flûte ne
    perdent pas leurs pouvoirs s'ils en ont. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.new_mails()
    game.ok("Bruno", "charmer Chloe")
    game.ok("Chloe", "sonder Alice")
    game.ok("Alice", "tuer Emma")
    (first,) = [m for m in game.new_mails("Chloe") if "charmé" in m.subject]
    assert "Les charmés se connaissent : Chloe." in first.body
    votes(game, {})
    game.ok("Bruno", "charmer David")
    game.ok("Chloe", "sonder David")
    game.ok("Alice", "tuer Bruno")
    (second,) = [m for m in game.new_mails("Chloe") if "charmé" in m.subject]
    assert "Les charmés se connaissent : Chloe, David." in second.body
    assert game.events("SeerSaw")[-1]["target"] == "David"


def test_he_wins_when_everyone_else_is_charmed_at_the_end_of_a_phase(tmp_path: Path) -> None:
    """004: « Lorsque, à la fin complète d'une phase de Jour ou de Nuit, tout le monde, sans
    tenir compte du Joueur de Flûte, est charmé alors celui-ci gagne la partie. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Bruno", "charmer Alice et Chloe")
    game.ok("Chloe", "sonder Alice")
    game.ok("Alice", "tuer David")
    assert game.state.winner is None
    votes(game, {})
    game.ok("Bruno", "charmer Emma")
    game.ok("Chloe", "sonder Emma")
    game.ok("Alice", "tuer Chloe")
    assert game.state.winner == "joueur-de-flute" and game.state.winners == ["Bruno"]


def test_in_love_the_couple_plays_for_him_and_the_lover_needs_no_charm(tmp_path: Path) -> None:
    """004: « Si le Joueur de Flûte est amoureux d'un autre joueur, la condition de victoire du
    couple revient à celle du Joueur de Flûte. Un Joueur de Flûte amoureux d'un autre joueur n'a
    pas besoin de charmer son amoureux pour remplir sa condition de victoire »."""
    roles = {**ROLES, "Chloe": "cupidon"}
    game = thiercelieux(tmp_path, roles)
    game.ok("Chloe", "unir Bruno et Emma")
    game.ok("Bruno", "charmer Alice et Chloe")
    game.ok("Alice", "tuer David")
    assert game.state.winner == "joueur-de-flute"
    assert game.state.winners == ["Bruno", "Emma"]


def test_a_couple_with_another_independent_fails_silently(tmp_path: Path) -> None:
    """004, Cupidon: « Abominable Sectaire/Joueur de Flûte/Fantôme + autre indépendant => échec
    du couple »; « il n'est pas averti par le MJ de cet échec »."""
    roles = {**ROLES, "Chloe": "cupidon", "David": "loup-garou-blanc"}
    game = thiercelieux(tmp_path, roles)
    game.new_mails()
    game.ok("Chloe", "unir Bruno et David")
    assert game.state.lovers == []
    (failed,) = game.events("CoupleFailed")
    assert failed["why"] == "independants"
    assert not any("Cupidon vous a" in m.subject for m in game.new_mails())


def test_the_charm_is_not_announced_at_death(tmp_path: Path) -> None:
    """004, Servante Dévouée: « le charmé va mourir sans être annoncé en tant que tel »."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Bruno", "charmer David")
    game.ok("Chloe", "sonder Alice")
    game.ok("Alice", "tuer David")
    assert colours(game)["David"] == ("bleu", [])
