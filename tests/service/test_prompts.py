"""What a player is prompted to do (#21 item 9): a prompt lists what he can do now, is never
sent to someone who can do nothing (the dead included), and never arrives after the step it
prompts for has closed; the dead are not asked to debate and vote."""

from __future__ import annotations

from pathlib import Path

from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "voyante",
    "David": "sorciere",
    "Chloe": "villageois",
    "Emma": "villageois",
    "Felix": "villageois",
}
PROMPT = "[village] À vous d'agir"


def offered(body: str) -> list[str]:
    return [line.strip() for line in body.splitlines() if line.startswith("  ")]


def test_a_witch_who_passed_in_advance_gets_no_prompt_nor_victim_after_dawn(
    tmp_path: Path,
) -> None:
    """Her « rien » given before her step: the step opens and closes with the wolves' kill;
    no « La victime des loups » nor « À vous d'agir » reaches her after the dawn."""
    game = Scenario(tmp_path, ROLES)
    game.ok("David", "rien")
    game.ok("Bruno", "sonder Alice")
    before = len(game.mails("David"))
    game.ok("Alice", "tuer Emma")
    assert game.phase() == ("day", 1)
    late = [m.subject for m in game.mails("David")[before:]]
    assert late == ["[village] Jour 1"], late


def test_every_prompt_lists_an_order_and_the_dead_are_not_asked_to_vote(tmp_path: Path) -> None:
    """A game played to its second night: every « À vous d'agir » lists at least one order;
    the dead get none, and their day digest does not ask them to debate and vote."""
    game = Scenario(tmp_path, ROLES)
    game.ok("Bruno", "sonder Alice")
    game.ok("Alice", "tuer Emma")
    game.ok("David", "empoisonner Felix")
    game.ok("David", "fini")
    assert game.phase() == ("day", 1) and not game.alive("Emma")
    day = [m for m in game.mails("Emma") if m.subject == "[village] Jour 1"]
    assert day and "Débattez, puis votez" not in day[-1].body
    assert "les morts ne votent plus" in day[-1].body
    living = [m for m in game.mails("Chloe") if m.subject == "[village] Jour 1"]
    assert "Débattez, puis votez" in living[-1].body
    for voter in ("Alice", "Bruno", "David"):
        game.ok(voter, "vote Chloe")
    game.end()
    assert game.phase() == ("night", 2)
    for name in ROLES:
        for mail in game.mails(name):
            if mail.subject == PROMPT:
                assert offered(mail.content), (name, mail.body)
    for dead in ("Emma", "Felix", "Chloe"):
        assert not any(m.subject == PROMPT for m in game.mails(dead)[-3:]), dead
