"""Cupidon in the `thiercelieux` rule set: seed 004_c21bac90ae6ca834.txt."""

from pathlib import Path

from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux.roles.cupidon import forbidden_couple
from tests.rules.thiercelieux.common import died, thiercelieux, votes

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Chloe": "cupidon",
    "David": "villageois",
    "Emma": "villageois",
    "Farid": "loup-garou-blanc",
}


def test_he_may_name_himself_and_the_lovers_share_chez_gusteau(tmp_path: Path) -> None:
    """004: « Cupidon peut se désigner parmi les deux joueurs. » « ils accèdent à un forum privé
    connu d'eux seuls, nommé "Chez Gusteau" »."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "unir moi et David")
    assert game.state.lovers == ["Chloe", "David"]
    answer = game.post("David", "amoureux", "C'est moi, ton amoureux.")
    assert answer.ok
    (posted,) = game.events("MessagePosted")
    assert posted["readers"] == ["Chloe"]
    assert not game.post("Emma", "amoureux", "Je peux lire ?").ok


def test_lovers_of_different_camps_win_as_the_last_two(tmp_path: Path) -> None:
    """004: « si les deux amoureux n'appartenaient pas au même camp au début de la partie,
    alors ils deviendraient Amoureux traitres, et pour gagner, ils devraient éradiquer
    l'intégralité des autres joueurs présents dans la partie »."""
    roles = {
        "Alice": "loup-garou",
        "Chloe": "cupidon",
        "David": "villageois",
        "Emma": "villageois",
    }
    game = thiercelieux(tmp_path, roles)
    game.ok("Chloe", "unir Alice et David")
    game.ok("Alice", "tuer Emma")
    votes(game, {"Alice": "Chloe", "David": "Chloe"})
    assert game.state.winner == "amoureux"
    assert game.state.winners == ["Alice", "David"]


def test_lovers_may_not_vote_or_devour_each_other(tmp_path: Path) -> None:
    """004: « Les deux joueurs amoureux ne peuvent jamais voter définitivement l'un contre
    l'autre. De même, un loup amoureux ne peut pas faire l'action du meurtre, si celui-ci vise
    son amoureux. » Ruling: by mail such an order is refused at once."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "unir Alice et David")
    game.refused("Alice", "tuer David", "illegal_target")
    game.ok("Alice", "tuer Emma")
    game.ok("Bruno", "tuer Emma")
    game.ok("Farid", "tuer Emma")
    game.refused("David", "vote Alice", "illegal_target")


def test_a_forbidden_couple_fails_silently(tmp_path: Path) -> None:
    """004: « L'Avocat + X => échec du couple / Maitre Vampire + X => échec du couple /
    Abominable Sectaire/Joueur de Flûte/Fantôme + autre indépendant => échec du couple »; « il
    n'est pas averti par le MJ de cet échec ». (The roles named are not dealt by this rule set
    yet: the rule is checked on the couples it would form.)"""
    state = GameState(variant="thiercelieux")
    for name, role in [("A", "avocat"), ("B", "villageois"), ("C", "joueur-de-flute")]:
        state.players[name] = Player(name, f"{name}@x", "fr", role)
    state.players["D"] = Player("D", "D@x", "fr", "loup-garou-blanc")
    assert forbidden_couple(state, ["A", "B"]) == "seul"
    assert forbidden_couple(state, ["B", "D"]) is None
    # the Loup-Garou Blanc is « un autre indépendant »
    state.players["C"].links["camp"] = "independant"
    assert forbidden_couple(state, ["C", "D"]) == "independants"


def test_the_other_lover_dies_at_once(tmp_path: Path) -> None:
    """004: « Si l'un des deux joueurs amoureux venait à mourir, l'autre mourrait immédiatement
    avec. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "unir Emma et David")
    game.ok("Alice", "tuer Emma")
    game.ok("Bruno", "tuer Emma")
    game.ok("Farid", "tuer Emma")
    assert died(game) == [("Emma", "wolves"), ("David", "grief")]
