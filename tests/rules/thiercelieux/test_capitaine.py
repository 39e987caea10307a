"""Capitaine in the `thiercelieux` rule set: seed 004_c21bac90ae6ca834.txt.

The four powers, set before the game by the option `capitaine`, the successor's delay, the
successor named in advance, the heir drawn at random, and no captain after a tied election.
"""

from pathlib import Path

from tests.rules.thiercelieux.common import died, digest, thiercelieux, votes
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Chloe": "villageois",
    "David": "villageois",
    "Emma": "villageois",
    "Farid": "villageois",
    "Gina": "villageois",
}


def first_day(tmp_path: Path, power: str, captain: str = "Chloe") -> Scenario:
    """Election of `captain`, then the wolves eat Gina: day 1 opens."""
    game = thiercelieux(tmp_path, ROLES, capitaine=power, election=True)
    votes(game, {n: captain for n in ROLES})
    assert game.view()["captain"] == captain
    game.ok("Alice", "tuer Gina")
    game.ok("Bruno", "tuer Gina")
    assert game.phase() == ("day", 1)
    game.new_mails()
    return game


def stake(game: Scenario) -> dict[str, object]:
    return game.events("VotesCounted")[-1]


def test_double_voix_counts_two_at_every_stake(tmp_path: Path) -> None:
    """004: « Double voix : Le Capitaine possède deux voix au lieu d'une seule pour les autres
    joueurs. »"""
    game = first_day(tmp_path, "double")
    votes(game, {"Chloe": "Alice", "Emma": "Alice", "Alice": "David", "Bruno": "David"})
    assert stake(game)["tally"] == {"Alice": 3, "David": 2}
    assert died(game)[-1] == ("Alice", "stake")


def test_double_voix_a_tie_kills_nobody(tmp_path: Path) -> None:
    """004: « Double voix : [...] Si un bûcher se conclut par une égalité, alors il n'y a pas de
    mort. »"""
    game = first_day(tmp_path, "double")
    ballots = {"Alice": "Emma", "Bruno": "Emma", "David": "Farid", "Emma": "Farid"}
    votes(game, {**ballots, "Chloe": "David"})
    assert stake(game)["tally"] == {"Emma": 2, "Farid": 2, "David": 2}
    assert stake(game)["tied"] == ["David", "Emma", "Farid"]
    assert died(game) == [("Gina", "wolves")]
    assert "Égalité entre David, Emma, Farid." in digest(game, "David")
    assert game.phase() == ("night", 2)


def test_tranchage_the_captain_chooses_among_the_tied_and_may_change_his_mind(
    tmp_path: Path,
) -> None:
    """004: « Tranchage : Le Capitaine reste avec une simple voix [...] il décidera, à chaque
    fois qu'une égalité se produira à un bûcher, lequel des joueurs à égalité passera par les
    flammes du bûcher. Le Capitaine peut changer d'avis et pourra donc choisir n'importe quel
    joueur à égalité, même s'il avait préalablement voté pour un autre joueur à égalité. »"""
    game = first_day(tmp_path, "tranchage")
    votes(game, {"Chloe": "Alice", "Emma": "Alice", "Alice": "David", "Bruno": "David"})
    assert stake(game)["tally"] == {"Alice": 2, "David": 2}
    assert game.view("Chloe")["awaiting"][0]["kind"] == "trancher"
    mails = game.new_mails("Chloe")
    assert any(m.subject == "[village] Tranchez l'égalité" for m in mails)
    assert "le Capitaine Chloe tranche l'égalité" in digest(game, "Farid")
    game.refused("Chloe", "trancher Farid", "illegal_target")
    game.refused("Emma", "trancher David", "not_your_role")
    answer = game.ok("Chloe", "Je tranche : David")
    assert "Vous tranchez : David passe au bûcher." in answer.text
    (broken,) = game.events("TieBroken")
    assert (broken["captain"], broken["target"]) == ("Chloe", "David")
    assert died(game)[-1] == ("David", "stake")
    assert game.phase() == ("night", 2)
    assert "Le Capitaine Chloe tranche : David passe au bûcher." in digest(game, "Farid")


def test_tranchage_without_a_choice_in_the_delay_nobody_burns(tmp_path: Path) -> None:
    """004: the captain « décidera » the tie; ruling: no choice within the delay, no death."""
    game = first_day(tmp_path, "tranchage")
    votes(game, {"Chloe": "Alice", "Emma": "Alice", "Alice": "David", "Bruno": "David"})
    game.later(minutes=61)
    assert game.events("TieBroken") == [{"type": "TieBroken", "captain": "Chloe", "target": None}]
    assert died(game) == [("Gina", "wolves")]
    assert game.phase() == ("night", 2)


def test_tranchage_is_refused_where_the_captain_has_another_power(tmp_path: Path) -> None:
    """004: the power is « bien précisé avant le début de la partie par le Maître du Jeu »."""
    game = first_day(tmp_path, "double")
    game.refused("Chloe", "trancher Alice", "not_allowed")


def test_double_voix_plus_tranchage(tmp_path: Path) -> None:
    """004: « Double voix + Tranchage : Le Capitaine cumule les deux attributions »."""
    game = first_day(tmp_path, "double_tranchage")
    votes(game, {"Chloe": "Alice", "Alice": "David", "Bruno": "David"})
    assert stake(game)["tally"] == {"Alice": 2, "David": 2}
    game.ok("Chloe", "trancher Alice")
    assert died(game)[-1] == ("Alice", "stake")


def test_un_et_demi_counts_one_and_a_half_and_a_tie_kills_nobody(tmp_path: Path) -> None:
    """004: « 1,5 voix : Le Capitaine possède une voix qui compte pour 1,5 au lieu de 1 pour les
    autres joueurs. Si un bûcher se conclut par une égalité sans la voix du Capitaine, alors il
    n'y a pas de mort. »"""
    game = first_day(tmp_path, "un_et_demi")
    votes(game, {"Chloe": "Alice", "Emma": "Alice", "Alice": "David", "Bruno": "David"})
    assert stake(game)["tally"] == {"Alice": 2.5, "David": 2}
    assert died(game)[-1] == ("Alice", "stake")
    game2 = first_day(tmp_path / "b", "un_et_demi")
    ballots = {"Chloe": "Farid", "Emma": "Alice", "David": "Alice"}
    votes(game2, {**ballots, "Alice": "David", "Bruno": "David"})
    assert stake(game2)["tally"] == {"Farid": 1.5, "Alice": 2, "David": 2}
    assert stake(game2)["tied"] == ["Alice", "David"]
    assert died(game2) == [("Gina", "wolves")]


def test_the_successor_is_named_within_the_delay(tmp_path: Path) -> None:
    """004: « Lorsque le Capitaine est éliminé (peu importe de quelle façon), il dispose d'un
    délai décidé à l'avance par le MJ (exemple recommandé : 1h) pour désigner un successeur. »"""
    game = thiercelieux(
        tmp_path, ROLES, election=True, options={"reaction_minutes": 30, "capitaine": "double"}
    )
    votes(game, {n: "Chloe" for n in ROLES})
    game.ok("Alice", "tuer Chloe")
    game.ok("Bruno", "tuer Chloe")
    (awaited,) = game.events("ReactionAwaited")
    assert (awaited["player"], awaited["kind"]) == ("Chloe", "successeur")
    assert awaited["deadline"] == "2026-11-29T21:30:00+00:00"
    game.ok("Chloe", "successeur Farid")
    assert game.view()["captain"] == "Farid"
    assert game.phase() == ("day", 1)


def test_the_successor_named_in_advance(tmp_path: Path) -> None:
    """004: « Le Capitaine peut aussi écrire un message privé au Meneur de Jeu afin de lui
    désigner un successeur en avance, pour le cas où il mourrait »."""
    game = thiercelieux(tmp_path, ROLES, election=True)
    votes(game, {n: "Chloe" for n in ROLES})
    game.ok("Chloe", "successeur Emma")
    game.ok("Alice", "tuer Chloe")
    game.ok("Bruno", "tuer Chloe")
    assert game.events("CaptainPassed") == [
        {"type": "CaptainPassed", "frm": "Chloe", "to": "Emma", "how": "named"}
    ]
    assert game.events("ReactionAwaited") == []


def test_no_successor_in_time_the_title_is_drawn_among_the_living(tmp_path: Path) -> None:
    """004: « Si le Capitaine ne désigne pas de successeur dans le temps imparti, alors le
    pouvoir de Capitaine est transmis parmi les joueurs encore en jeu par un tirage au sort »."""
    game = thiercelieux(tmp_path, ROLES, election=True)
    votes(game, {n: "Chloe" for n in ROLES})
    game.ok("Alice", "tuer Chloe")
    game.ok("Bruno", "tuer Chloe")
    game.later(minutes=61)
    (draw,) = game.events("RandomDrawn")[-1:]
    assert draw["purpose"] == "captain-heir"
    assert sorted(draw["among"]) == sorted(n for n in ROLES if n != "Chloe")
    (passed,) = game.events("CaptainPassed")
    assert passed["how"] == "drawn" and [passed["to"]] == draw["chosen"]
    assert game.view()["captain"] == passed["to"]


def test_a_tied_election_leaves_no_captain_for_the_game(tmp_path: Path) -> None:
    """004: « Si une égalité pour élire un Capitaine se produisait lors de la journée des
    élections, alors il n'y aurait pas de Capitaine pour toute la partie. Les éventuelles
    égalités aux futurs bûchers se solderaient alors systématiquement par une non-mort. »"""
    game = thiercelieux(tmp_path, ROLES, capitaine="tranchage", election=True)
    ballots = {"Alice": "Chloe", "Bruno": "Chloe", "Chloe": "David", "David": "Chloe"}
    votes(game, {**ballots, "Emma": "David", "Farid": "David", "Gina": "blanc"})
    assert game.events("CaptainElected") == [{"type": "CaptainElected", "name": None}]
    game.ok("Alice", "tuer Gina")
    game.ok("Bruno", "tuer Gina")
    votes(game, {"Chloe": "Alice", "Emma": "Alice", "Alice": "David", "Bruno": "David"})
    assert stake(game)["tied"] == ["Alice", "David"]
    assert game.events("ReactionAwaited") == []
    assert died(game) == [("Gina", "wolves")]
    assert game.phase() == ("night", 2)
