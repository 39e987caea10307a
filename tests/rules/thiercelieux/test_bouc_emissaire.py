"""Bouc-émissaire: seed 004_c21bac90ae6ca834.txt."""

from pathlib import Path

from tests.rules.thiercelieux.common import died, digest, thiercelieux, votes
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Chloe": "bouc-emissaire",
    "David": "villageois",
    "Emma": "villageois",
    "Farid": "villageois",
    "Gina": "villageois",
}


def day_one(tmp_path: Path, power: str = "tranchage") -> Scenario:
    game = thiercelieux(tmp_path, ROLES, capitaine=power, election=True)
    votes(game, {n: "David" for n in ROLES})
    game.ok("Alice", "tuer Gina")
    game.ok("Bruno", "tuer Gina")
    return game


def test_on_a_tie_he_dies_instead_whatever_the_captains_power(tmp_path: Path) -> None:
    """004: « En cas d'égalité dans le vote du village pour un bûcher, c'est le Bouc-émissaire
    qui meurt à la place, et cela quelque soit le pouvoir du Capitaine en jeu. »"""
    game = day_one(tmp_path)
    votes(game, {"David": "Alice", "Emma": "Alice", "Alice": "Farid", "Bruno": "Farid"})
    assert game.events("VotesCounted")[-1]["tied"] == ["Alice", "Farid"]
    assert died(game)[-1] == ("Chloe", "bouc")
    # the captain (tranchage) is not asked to decide
    assert [r["kind"] for r in game.events("ReactionAwaited")] == ["votants"]
    assert "Chloe est mort·e (sacrifié·e à la place des joueurs à égalité)" in digest(game, "Emma")


def test_he_may_avoid_the_tie_with_his_own_vote(tmp_path: Path) -> None:
    """004: « Bien sûr, il peut éviter l'égalité en utilisant son propre vote. »"""
    game = day_one(tmp_path)
    ballots = {"David": "Alice", "Emma": "Alice", "Alice": "Farid", "Bruno": "Farid"}
    votes(game, {**ballots, "Chloe": "Alice"})
    assert died(game)[-1] == ("Alice", "stake")


def test_dead_of_a_tie_he_names_who_votes_at_the_next_stake(tmp_path: Path) -> None:
    """004: « s'il meurt du fait d'une égalité de votes, il a le droit de désigner qui votera,
    et ne votera pas, pour les votes du bûcher suivant. »"""
    game = day_one(tmp_path)
    votes(game, {"David": "Alice", "Emma": "Alice", "Alice": "Farid", "Bruno": "Farid"})
    game.new_mails()
    answer = game.ok("Chloe", "votants David, Emma et Bruno")
    assert "Voteront au prochain bûcher : David, Emma, Bruno." in answer.text
    assert "Chloe désigne qui votera au prochain bûcher : David, Emma, Bruno." in digest(
        game, "Farid"
    )
    assert game.phase() == ("night", 2)
    game.ok("Alice", "tuer Farid")
    game.ok("Bruno", "tuer Farid")
    assert game.phase() == ("day", 2)
    assert game.state.step is not None and game.state.step.name == "vote"
    game.refused("Alice", "vote David", "not_allowed")
    votes(game, {"David": "Bruno", "Emma": "Bruno", "Bruno": "David"})
    assert died(game)[-1] == ("Bruno", "stake")


def test_when_every_named_voter_died_the_village_eliminates_nobody(tmp_path: Path) -> None:
    """004: « Si toutes les personnes désignées pour voter meurent d'une façon ou d'une autre
    avant le vote suivant, personne ne sera éliminé par le village ce tour-ci. »: the day
    happens (its debate, its length), nobody votes, nobody burns."""
    game = day_one(tmp_path)
    votes(game, {"David": "Alice", "Emma": "Alice", "Alice": "Farid", "Bruno": "Farid"})
    game.ok("Chloe", "votants Farid")
    game.ok("Alice", "tuer Farid")
    game.ok("Bruno", "tuer Farid")
    assert died(game)[-1] == ("Farid", "wolves")
    # the day rises and lasts: the village debates on the square
    assert game.phase() == ("day", 2) and game.step() == "vote"
    assert "Voici le jour 2" in digest(game, "Emma")
    game.post("Emma", "place", "Farid est mort : personne ne vote aujourd'hui.")
    assert game.events("MessagePosted")[-1]["author"] == "Emma"
    game.later(hours=12)
    assert game.phase() == ("day", 2)
    # nobody may vote
    refused = game.act("Alice", "vote David")
    assert not refused.ok and refused.lines[0]["detail"]["why"] == "not-voter"
    game.end()
    stake = game.events("VotesCounted")[-1]
    assert (stake["votes"], stake["chosen"], stake["tied"]) == ({}, None, [])
    assert died(game)[-1] == ("Farid", "wolves")
    assert game.phase() == ("night", 3)


def test_naming_nobody_in_the_delay_lets_everyone_vote(tmp_path: Path) -> None:
    """Ruling: « il a le droit de désigner »; without his answer in the delay, all vote."""
    game = day_one(tmp_path)
    votes(game, {"David": "Alice", "Emma": "Alice", "Alice": "Farid", "Bruno": "Farid"})
    game.later(minutes=61)
    assert game.events("VotersNamed")[-1]["voters"] == []
    game.ok("Alice", "tuer Farid")
    game.ok("Bruno", "tuer Farid")
    game.ok("David", "vote Alice")
    game.ok("Alice", "vote David")


def test_alive_he_names_no_voters_and_is_told_it_is_not_the_time(tmp_path: Path) -> None:
    """004: « s'il meurt du fait d'une égalité de votes, il a le droit de désigner qui
    votera »: alive, « votants » is refused in a sentence, day or night, and nothing changes."""
    game = day_one(tmp_path)
    answer = game.refused("Chloe", "votants David, Emma", "not_now")
    assert "ce n'est pas le moment" in answer.text
    votes(game, {"David": "Alice", "Emma": "Alice", "Farid": "Alice", "Alice": "Farid"})
    assert game.phase()[0] == "night"
    game.refused("Chloe", "votants David", "not_now")
