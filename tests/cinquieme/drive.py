"""The small drivers the tests of `cinquieme-element` share: a game brought to night 1, a night,
a day, and the readings of hearts and mails. No tests here."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from lgmail.rules.cinquieme.game import CINQUIEME
from tests.cinquieme.play import game, to_night_one
from tests.scenario import Scenario, Sent

MJ = "mj@example.org"
WOLVES = ("Alice", "Bruno")


# --- to night 1 -------------------------------------------------------------------------------


def starter(powers: dict[str, str]) -> Callable[[Path], Scenario]:
    """`start(folder)`: the game of `TEN`, the powers of `powers` chosen (the others drawn),
    Chloe elected (`to_night_one`), night 1, the mails so far read."""

    def start(folder: Path) -> Scenario:
        sc = game(folder)
        to_night_one(sc, powers)
        sc.new_mails()
        return sc

    return start


def elected(
    folder: Path,
    powers: dict[str, str],
    mayor: str = "Jules",
    roles: dict[str, str] | None = None,
) -> Scenario:
    """The game dealt as `roles` (default `TEN`), the powers of `powers` chosen (the others
    drawn), `mayor` elected (the MJ ends the election only if it is still open): night 1."""
    sc = game(folder, roles)
    for name, text in powers.items():
        sc.ok(name, f"pouvoirs {text}")
    if sc.step() == "pouvoirs":
        sc.end()
    for name in sc.state.living_names():
        sc.ok(name, f"vote {mayor}")
    if sc.phase()[0] == "election":
        sc.end()
    assert sc.phase() == ("night", 1)
    return sc


# --- a night ----------------------------------------------------------------------------------


def _wolves_night(
    sc: Scenario, orders: dict[str, str], alice: str, bruno: str, *, reactions: bool
) -> None:
    number = sc.state.number
    for wolf, victim in zip(WOLVES, (alice, bruno), strict=True):
        sc.ok(wolf, f"attaquer {victim}\n{orders.get(wolf, 'rien')}")
    for name in sc.state.living_names():
        if name in orders and name not in WOLVES:
            sc.ok(name, orders[name])
        elif not CINQUIEME.done(sc.state, sc.state.players[name], "nuit"):
            sc.ok(name, "rien")
    if reactions:
        assert sc.phase() == ("day", number) or sc.state.reactions
    else:
        assert sc.phase() == ("day", number)


def reacting_night(sc: Scenario, orders: dict[str, str], alice: str, bruno: str) -> None:
    """One night: the wolves attack `alice` and `bruno`'s victims, each player of `orders` sends
    his mail, every other living player who has not yet answered « rien »; the night closes as
    everyone has answered (or waits for a dead player's choice)."""
    _wolves_night(sc, orders, alice, bruno, reactions=True)


def closing_night(sc: Scenario, orders: dict[str, str], alice: str, bruno: str) -> None:
    """One night: the wolves attack `alice` and `bruno`'s victims, each player of `orders` sends
    his mail, every other living player who has not yet answered « rien »; the night closes as
    everyone has answered."""
    _wolves_night(sc, orders, alice, bruno, reactions=False)


def orders_night(sc: Scenario, orders: dict[str, str]) -> None:
    """Each living player's mail of the night (`orders`, « rien » for the others; each wolf's
    with his attack, and « rien » after it when he uses no power): the night closes once every
    order is in."""
    at = sc.phase()
    for name in sc.state.living_names():
        text = orders.get(name, "rien")
        if all(line.startswith("attaquer") for line in text.splitlines()):
            text += "\nrien"
        sc.ok(name, text)
    assert sc.phase() != at or sc.state.reactions, "the night closes when all have acted"


def attacks_night(
    sc: Scenario, attacks: dict[str, str], acts: dict[str, str] | None = None
) -> None:
    """The wolves' `attacks` (wolf -> prey), then from each living player his activation in
    `acts` or « rien »: the night's step closes as the last one speaks."""
    acts = acts or {}
    number = sc.state.number
    for wolf, prey in attacks.items():
        sc.ok(wolf, f"attaquer {prey}")
    for name in sc.state.living_names():
        sc.ok(name, acts.get(name, "rien"))
    assert sc.phase() != ("night", number) or sc.step() is None, (sc.phase(), sc.step())


# --- a day ------------------------------------------------------------------------------------


def day(sc: Scenario, votes: dict[str, str]) -> None:
    """One day: the votes (voter -> name), then the MJ ends it."""
    for voter, target in votes.items():
        sc.ok(voter, f"vote {target}")
    sc.end()


# --- hearts -----------------------------------------------------------------------------------


def hearts(sc: Scenario, name: str) -> int:
    return int(sc.state.players[name].counters["coeurs"])


def all_hearts(sc: Scenario) -> dict[str, int]:
    return {n: p.counters["coeurs"] for n, p in sc.state.players.items()}


def hearts_changes(sc: Scenario, name: str) -> list[tuple[int, str]]:
    """`name`'s hearts changes: (hearts after, why)."""
    return [(e["hearts"], e["why"]) for e in sc.events("HeartsChanged") if e["player"] == name]


def heart_events(sc: Scenario, name: str, after: int = 0) -> list[dict[str, Any]]:
    """`name`'s HeartsChanged events, from the `after`-th of the game's."""
    return [e for e in sc.events("HeartsChanged")[after:] if e["player"] == name]


def wounds(sc: Scenario, name: str) -> list[tuple[int, str, str]]:
    """`name`'s hearts changes: (hearts after, why, element)."""
    return [
        (e["hearts"], e["why"], e["element"])
        for e in sc.events("HeartsChanged")
        if e["player"] == name
    ]


# --- mails ------------------------------------------------------------------------------------


def new_public(sc: Scenario) -> str:
    """The public mails not read yet, as the MJ gets them."""
    return "\n".join(m.content for m in sc.new_mails(MJ))


def public_saying(sc: Scenario, words: str) -> Sent:
    """The last public mail saying `words`, as the MJ's copy has it."""
    found = [m for m in sc.mails(MJ) if words in m.content]
    assert found, [m.content for m in sc.mails(MJ)]
    return found[-1]


def told_hearts(sc: Scenario, name: str) -> list[str]:
    return [m.content for m in sc.new_mails(name) if m.subject.endswith("Vos cœurs")]
