"""The command line's way to open sign-ups (#34, a contract): `game propose` prints the sign-up
address; `state --json` of a game in sign-ups has `"phase": {"kind": "signup"}` and
`"signups"`; `act` plays a player's sign-up words; `game start` deals among the confirmed."""

from __future__ import annotations

import json

from tests.cli.test_contract import Cli, cli  # noqa: F401  (the fixture)

PLAYERS = {
    "Alice": "alice@example.org",
    "Bruno": "bruno@example.org",
    "Chloé": "chloe@example.org",
    "David": "david@example.org",
    "Emma": "emma@example.org",
    "Farid": "farid@example.org",
}


def test_propose_sign_up_and_start_from_the_command_line(cli: Cli) -> None:  # noqa: F811
    code, out = cli(
        "game", "propose", "bourg", "--variant", "classic", "--mj", "mj@example.org",
        "--max", "5", "--closes", "12/12 21:30", "--option", "election=false",
    )  # fmt: skip
    assert code == 0, cli.err
    assert "bourg@" in out and "bourg+" in out
    shown = cli.json("state", "bourg", "--json")
    assert shown["status"] == "signup"
    phase = shown["phase"]
    assert isinstance(phase, dict) and phase["kind"] == "signup" and phase["max_players"] == 5
    assert phase["closes_at"] == "2026-12-12T21:30:00+01:00"
    assert shown["signups"] == [] and shown["players"] == []

    for name, email in PLAYERS.items():
        code, out = cli("act", "bourg", "--from", email, f"inscription {name}")
        assert code == 0, out
        assert "oui" in out
    code, out = cli("act", "bourg", "--from", "alice@example.org", "inscription Alice")
    assert code == 0  # asked again: one sign-up an address, the last request kept
    listed = cli.json("state", "bourg", "--json")["signups"]
    assert isinstance(listed, list)
    assert [s["confirmed"] for s in listed] == [False] * 6
    assert set(listed[0]) >= {"name", "email", "confirmed", "substitute"}

    code, _ = cli("game", "start", "bourg")
    assert code == 2, "nobody is confirmed: nothing starts"
    for email in PLAYERS.values():
        code, out = cli("act", "bourg", "--from", email, "oui")
        assert code == 0, out
    code, out = cli("act", "bourg", "--from", "bruno@example.org", "désinscription")
    assert code == 0, out
    listed = cli.json("state", "bourg", "--json")["signups"]
    assert isinstance(listed, list)
    seated = [s["name"] for s in listed if s["standing"] == "seated"]
    assert seated == ["Alice", "Chloé", "David", "Emma", "Farid"]

    code, out = cli("game", "start", "bourg")
    assert code == 0, cli.err
    state = cli.json("state", "bourg", "--json")
    players = state["players"]
    assert isinstance(players, list)
    assert sorted(p["name"] for p in players) == sorted(seated)
    assert all(p["role"] for p in players)
    phase = state["phase"]
    assert isinstance(phase, dict) and phase["kind"] == "night"
    code, out = cli("log", "bourg", "--json")
    types = [json.loads(line)["type"] for line in out.splitlines()]
    assert types[0] == "GameProposed" and "SignupConfirmed" in types and "RolesDealt" in types
    assert types.index("GameCreated") > types.index("SignupWithdrawn")


def test_a_proposal_the_rules_refuse_creates_nothing(cli: Cli) -> None:  # noqa: F811
    code, _ = cli("game", "propose", "x", "--variant", "nope", "--mj", "mj@example.org")
    assert code == 2 and "classic" in cli.err
    code, _ = cli("game", "propose", "x", "--mj", "mj@example.org", "--min", "9", "--max", "3")
    assert code == 2 and cli.err
    code, _ = cli("game", "propose", "x", "--mj", "mj@example.org", "--closes", "demain")
    assert code == 2 and cli.err
    code, out = cli("game", "list")
    assert out.strip() == ""
