"""No mail carries what its recipient may not know (issue #4 §3, DESIGN "hidden information is
a view"): many simulated games, every mail of every step checked against its recipient's view
at that moment. A line that names a player together with that player's role is a leak unless
the recipient knows that role (their own, their pack's, a probe's, a death's, the end's).

The views themselves (`lgmail state GAME --json --as EMAIL`, and every mail rendered from them)
are checked at every step too: a player's view names no step he does not act in (a step's name
tells which roles are in play), and shows him then the phase's deadline, not the step's."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from lgmail.mail.render import role_name
from lgmail.rules.state import GameState
from lgmail.rules.variants import variant_of
from lgmail.rules.view import view
from lgmail.rules.view import view as real_view
from lgmail.service.bots import orders_for
from tests.scenario import Scenario

COMPOSITIONS = [
    [
        "loup-garou",
        "loup-garou",
        "voyante",
        "sorciere",
        "chasseur",
        "cupidon",
        "villageois",
        "salvateur",
    ],
    ["loup-garou", "voyante", "ancien", "villageois", "villageois", "chasseur"],
    [
        "loup-garou",
        "loup-garou",
        "cupidon",
        "voyante",
        "villageois",
        "villageois",
        "sorciere",
        "salvateur",
        "ancien",
        "chasseur",
    ],
]
NAMES = ["Alice", "Bruno", "Chloe", "David", "Emma", "Fanny", "Gaspard", "Hugo", "Ines", "Jules"]


def view_leaks(state: GameState) -> list[str]:
    """What each player's view shows of the open step that he does not act in: its name, or a
    deadline other than the phase's (the step where everyone votes is public)."""
    if state.step is None:
        return []
    variant = variant_of(state)
    step = state.step.name
    phase_end = None if state.phase_deadline is None else state.phase_deadline.isoformat()
    found = []
    for name in state.players:
        if step in variant.vote_steps or name in variant.actors(state, step):
            continue
        seen = view(state, name)
        if seen["step"] is not None:
            found.append(f"{name}'s view names the step {seen['step']!r}")
        if seen["deadline"] != phase_end:
            found.append(f"{name}'s view shows the deadline of the step {step!r}")
    return found


def leaks(game: Scenario, seen: set[str]) -> list[str]:
    """Lines of the mails not yet seen that reveal a role their recipient does not know, and
    what the players' views show of a step they do not act in."""
    state = game.state
    by_email = {p.email: p.name for p in state.players.values()}
    found = []
    for mail in game.mails():
        if mail.message_id in seen:
            continue
        seen.add(mail.message_id)
        reader = by_email.get(mail.to)
        if reader is None:
            continue  # the MJ knows everything
        known = {p["name"]: p["role"] for p in view(state, reader)["players"]}
        for other in state.players.values():
            if known.get(other.name) is not None:
                continue
            secret = role_name(variant_of(state), other.role, state.players[reader].lang)
            for line in mail.body.splitlines():
                if other.name in line and secret in line:
                    found.append(f"to {reader}: {line!r} reveals {other.name}")
    return found + view_leaks(state)


@pytest.mark.parametrize("seed", range(6))
def test_no_mail_reveals_what_its_reader_may_not_know(seed: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    roles = COMPOSITIONS[seed % len(COMPOSITIONS)]
    names = NAMES[: len(roles)]
    deal = dict(zip(names, rng.sample(roles, len(roles)), strict=True))
    game = Scenario(tmp_path, deal, election=bool(seed % 2))
    seen: set[str] = set()
    assert leaks(game, seen) == []
    for _ in range(80):
        state = game.state
        if state.status == "ended":
            break
        acted = False
        for name in names:
            lines = orders_for(game.state, name, rng)
            if lines:
                acted = game.act(name, "\n".join(lines)).ok or acted
                assert leaks(game, seen) == []
        if not acted and game.state.status == "running":
            game.end()
            assert leaks(game, seen) == []
    assert game.state.status == "ended"


def test_the_check_finds_a_leak(tmp_path: Path) -> None:
    from lgmail.mail.compose import compose
    from lgmail.mail.maildir import deliver
    from tests.scenario import START

    game = Scenario(
        tmp_path,
        {"Alice": "loup-garou", "Bruno": "voyante", "Chloe": "villageois", "David": "villageois"},
    )
    seen: set[str] = set()
    assert leaks(game, seen) == []
    raw = compose(
        sender="MJ <village@x>",
        recipient="chloe@example.org",
        reply_to="v@x",
        subject="fuite",
        body="Entre nous : Alice est Loup-Garou.",
        message_id="<leak@x>",
        date=START,
    )
    deliver(game.games.settings.maildir, raw, "999999999999.leak.lgmail")
    assert leaks(game, seen) == ["to Chloe: 'Entre nous : Alice est Loup-Garou.' reveals Alice"]


def test_the_check_finds_a_view_that_names_a_secret_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Views that showed everyone the open step and its deadline (the wolves' step ends before
    the night because a Sorcière's step follows it) are caught."""
    game = Scenario(
        tmp_path,
        {"Alice": "loup-garou", "Bruno": "sorciere", "Chloe": "villageois", "David": "villageois"},
    )
    state = game.state
    assert state.step is not None and state.step.name == "loups"
    assert view_leaks(state) == []
    assert view(state, "Chloe")["step"] is None
    assert view(state, "Alice")["step"] == "loups"

    def telling(state: GameState, viewer: str | None = None) -> dict[str, Any]:
        assert state.step is not None
        shown = {"step": state.step.name, "deadline": state.step.deadline.isoformat()}
        return {**real_view(state, viewer), **shown}

    monkeypatch.setattr("tests.test_secrecy.view", telling)
    assert view_leaks(state) == [
        f"{name}'s view {what}"
        for name in ("Bruno", "Chloe", "David")
        for what in ("names the step 'loups'", "shows the deadline of the step 'loups'")
    ]
