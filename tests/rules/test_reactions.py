"""Reactions at death (issue #2 §3; 003: the Chasseur "réplique ... immédiatement", the
Capitaine "dans son dernier souffle il désigne son successeur"; 004: a delay set by the MJ, 1 h
recommended, and the successor named in advance): the game waits for them, and a dead player
may answer each of them, in one mail."""

from pathlib import Path

from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "chasseur",
    "Chloe": "villageois",
    "David": "villageois",
    "Emma": "loup-garou",
}


def elect(game: Scenario, captain: str) -> None:
    for voter in ("Alice", "Chloe", "David"):
        game.ok(voter, f"vote {captain}")
    game.end()
    assert game.state.captain == captain


def test_a_dead_captain_hunter_answers_both_reactions_in_one_mail(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES, election=True)
    elect(game, "Bruno")
    game.ok("Alice", "tuer Bruno")
    game.ok("Emma", "tuer Bruno")
    assert not game.alive("Bruno")
    waited = {(e["player"], e["kind"]) for e in game.events("ReactionAwaited")}
    assert waited == {("Bruno", "tirer"), ("Bruno", "successeur")}
    assert game.phase() == ("night", 1)  # the day waits for him
    reactions = [
        m
        for m in game.mails("Bruno")
        if "Votre dernière balle" in m.subject or "Votre successeur" in m.subject
    ]
    assert len(reactions) == 2
    answer = game.ok("Bruno", "successeur Chloe\ntirer Emma")
    assert "Successeur désigné : Chloe" in answer.text and "Tir du Chasseur : Emma" in answer.text
    assert game.state.captain == "Chloe"
    assert not game.alive("Emma")
    assert game.phase() == ("day", 1)
    digest = game.mails("David")[-1].body
    assert "Emma est mort·e (abattu·e par le Chasseur). Son rôle : Loup-Garou." in digest
    assert "Chloe devient Capitaine." in digest


def test_the_mj_ends_the_wait_the_shot_is_lost_and_the_heir_drawn(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES, election=True)
    elect(game, "Bruno")
    game.ok("Alice", "tuer Bruno")
    game.ok("Emma", "tuer Bruno")
    game.end()
    assert [e["target"] for e in game.events("HunterShot")] == [None]
    drawn = game.events("RandomDrawn")[-1]
    assert drawn["purpose"] == "captain-heir" and drawn["chosen"][0] == game.state.captain
    assert set(drawn["among"]) == {"Alice", "Chloe", "David", "Emma"}
    assert game.phase() == ("day", 1)
    game.refused("Bruno", "tirer Alice", "dead")
