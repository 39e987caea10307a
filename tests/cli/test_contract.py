"""The CLI is the MJ's automation contract (names and JSON shapes kept exactly)."""

from __future__ import annotations

import json
import mailbox
import os
import subprocess
import sys
from pathlib import Path

import pytest

from lgmail.cli.entry import main

PLAYERS = [
    "Alice <alice@example.org>",
    "Bruno <bruno@example.org>",
    "Chloé <chloe@example.org>",
    "David <david@example.org>",
    "Emma <emma@example.org>",
]
ROLES = "Alice=loup-garou,Bruno=Voyante,Chloé=sorcière,David=villageois,Emma=chasseur"


class Cli:
    def __init__(self, data: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.data = data
        self.capsys = capsys
        #: what the last command wrote on standard error
        self.err = ""

    def __call__(self, *args: str) -> tuple[int, str]:
        self.capsys.readouterr()
        code = main(["--data", str(self.data), *args])
        captured = self.capsys.readouterr()
        self.err = captured.err
        return code, captured.out

    def json(self, *args: str) -> dict[str, object]:
        code, out = self(*args)
        assert code == 0, out
        value = json.loads(out)
        assert isinstance(value, dict)
        return value


@pytest.fixture
def cli(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Cli:
    monkeypatch.setenv("LGMAIL_NOW", "2026-11-29T20:00:00+00:00")
    return Cli(tmp_path / "data", capsys)


def create(cli: Cli, *extra: str) -> None:
    args = ["game", "create", "village", "--variant", "classic", "--seed", "1"]
    for p in PLAYERS:
        args += ["--player", p]
    code, out = cli(*args, *extra)
    assert code == 0, out


def test_create_with_exact_roles_and_start_mails_every_role(cli: Cli) -> None:
    create(cli, "--roles", ROLES, "--no-election", "--mj", "mj@example.org")
    state = cli.json("state", "village", "--json")
    assert state["phase"] == {"kind": "setup", "number": 0}
    code, _ = cli("game", "start", "village")
    assert code == 0
    state = cli.json("state", "village", "--json")
    assert state["phase"] == {"kind": "night", "number": 1}
    players = state["players"]
    assert isinstance(players, list)
    assert [p["name"] for p in players] == ["Alice", "Bruno", "Chloé", "David", "Emma"]
    assert {p["name"]: p["role"] for p in players}["Chloé"] == "sorciere"
    assert all(set(p) >= {"name", "email", "alive", "role", "camp"} for p in players)
    assert {p["name"]: p["camp"] for p in players}["Alice"] == "loups"
    assert state["captain"] is None and state["lovers"] == [] and state["winner"] is None
    assert state["winners"] == []
    box = mailbox.Maildir(str(cli.data / "maildir"), create=False)
    messages = list(box)
    roles = [
        m
        for m in messages
        if "Votre rôle" in str(m["Subject"] or "") or "=?utf-8?" in str(m["Subject"])
    ]
    assert len(messages) >= 6  # 5 roles + the public digest to players and the MJ
    for message in messages:
        for header in ("To", "Subject", "Message-ID", "Reply-To"):
            assert message[header], header
    assert roles


def test_player_view_hides_unknown_roles(cli: Cli) -> None:
    create(cli, "--roles", ROLES, "--no-election")
    cli("game", "start", "village")
    seen = cli.json("state", "village", "--json", "--as", "bruno@example.org")
    roles = {p["name"]: p["role"] for p in seen["players"]}  # type: ignore[attr-defined]
    assert roles == {"Alice": None, "Bruno": "voyante", "Chloé": None, "David": None, "Emma": None}
    code, out = cli("act", "village", "--from", "bruno@example.org", "sonder Alice")
    assert code == 0 and "Vous sonderez Alice" in out
    cli("act", "village", "--from", "alice@example.org", "tuer David")
    seen = cli.json("state", "village", "--json", "--as", "bruno@example.org")
    roles = {p["name"]: p["role"] for p in seen["players"]}  # type: ignore[attr-defined]
    assert roles["Alice"] == "loup-garou"  # the probe
    wolf = cli.json("state", "village", "--json", "--as", "alice@example.org")
    assert {p["name"]: p["role"] for p in wolf["players"]}["Bruno"] is None  # type: ignore[attr-defined]


def test_act_exit_codes_and_refusals_change_nothing(cli: Cli) -> None:
    create(cli, "--roles", ROLES, "--no-election")
    cli("game", "start", "village")
    before = cli("log", "village")[1]
    code, out = cli("act", "village", "--from", "david@example.org", "tuer Alice")
    assert code == 1 and "votre rôle ne permet pas" in out
    code, out = cli("act", "village", "--from", "nobody@example.org", "vote Alice")
    assert code == 1 and "pas inscrit" in out
    code, out = cli("act", "village", "--from", "alice@example.org", "bla bla")
    assert code == 1 and "> bla bla" in out
    assert cli("log", "village")[1] == before
    code, out = cli("act", "village", "--from", "ALICE@example.org", "aide")
    assert code == 0 and "tuer NOM" in out


def test_phase_end_prints_the_announcement(cli: Cli) -> None:
    create(cli, "--roles", ROLES)
    cli("game", "start", "village")
    assert cli.json("state", "village", "--json")["phase"] == {"kind": "election", "number": 0}
    for voter in ("alice", "bruno", "chloe"):
        assert cli("act", "village", "--from", f"{voter}@example.org", "vote Emma")[0] == 0
    code, out = cli("phase", "end", "village")
    assert code == 0
    assert "Emma est élu·e Capitaine." in out
    assert "Alice → Emma" in out
    assert cli.json("state", "village", "--json")["captain"] == "Emma"


def test_log_at_export_import_replay(cli: Cli, tmp_path: Path) -> None:
    create(cli, "--roles", ROLES, "--no-election")
    cli("game", "start", "village")
    cli("act", "village", "--from", "alice@example.org", "tuer David")
    cli("act", "village", "--from", "bruno@example.org", "sonder Emma")
    cli("act", "village", "--from", "chloe@example.org", "rien")
    code, out = cli("log", "village", "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["position"] for r in rows] == list(range(1, len(rows) + 1))
    assert all(set(r) >= {"position", "time", "type", "payload"} for r in rows)
    died = next(r["position"] for r in rows if r["type"] == "PlayerDied")
    then = cli.json("state", "village", "--json", "--at", str(died - 1))
    now = cli.json("state", "village", "--json")
    alive_then = {p["name"]: p["alive"] for p in then["players"]}  # type: ignore[attr-defined]
    alive_now = {p["name"]: p["alive"] for p in now["players"]}  # type: ignore[attr-defined]
    assert alive_then["David"] and not alive_now["David"]
    code, exported = cli("export", "village")
    dump = tmp_path / "game.jsonl"
    dump.write_text(exported, encoding="utf-8")
    code, out = cli("import", str(dump), "--as", "copie")
    assert code == 0 and out.strip() == "copie"
    copy = cli.json("state", "copie", "--json")
    assert copy["players"] == now["players"] and copy["phase"] == now["phase"]
    code, out = cli("replay", "copie")
    assert code == 0 and "PlayerDied" in out
    code, again = cli("export", "copie")
    strip = lambda text: [  # noqa: E731
        {k: v for k, v in json.loads(line).items() if k != "game"} for line in text.splitlines()
    ]
    assert strip(again) == strip(exported)


def test_replay_detects_a_difference(cli: Cli) -> None:
    create(cli, "--roles", ROLES, "--no-election")
    cli("game", "start", "village")
    from lgmail.config import settings
    from lgmail.store.eventstore import EventStore

    store = EventStore(settings.load(cli.data).db_url)
    version, _ = store.snapshot("village") or (0, "")
    with store.engine.begin() as conn:
        from sqlalchemy import text

        conn.execute(text("UPDATE projections SET state_json = '{}' WHERE game = 'village'"))
    store.close()
    code, _ = cli("replay", "village")
    assert code == 1 and version > 0


def test_random_deal_is_an_event_and_composition_is_honoured(cli: Cli) -> None:
    create(cli, "--composition", "loup-garou:2,voyante")
    code, out = cli("log", "village", "--json")
    assert code == 0
    rows = [json.loads(line) for line in out.splitlines()]
    deal = next(r for r in rows if r["type"] == "RolesDealt")
    assert deal["payload"]["drawn"] is True
    assert sorted(deal["payload"]["roles"].values()) == [
        "loup-garou",
        "loup-garou",
        "villageois",
        "villageois",
        "voyante",
    ]
    assert any(r["type"] == "RandomDrawn" for r in rows)


def test_console_script_runs(tmp_path: Path) -> None:
    env = dict(os.environ, LGMAIL_HOME=str(tmp_path / "home"))
    exe = Path(sys.executable).parent / "lgmail"
    result = subprocess.run(
        [str(exe), "game", "list"], capture_output=True, text=True, env=env, check=False
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "home" / "lgmail.sqlite3").exists()


def test_options_of_the_rule_set(cli: Cli) -> None:
    create(
        cli,
        "--roles",
        ROLES,
        "--no-election",
        "--option",
        "day_closes_early=true",
        "--option",
        "blank_vote=false",
        "--night",
        "12h",
        "--day",
        "24h",
    )
    cli("game", "start", "village")
    code, out = cli("log", "village", "--json")
    created = json.loads(out.splitlines()[0])["payload"]["options"]
    assert created["day_closes_early"] is True and created["blank_vote"] is False
    assert created["night_minutes"] == 720 and created["day_minutes"] == 1440
    cli("act", "village", "--from", "alice@example.org", "tuer David")
    cli("act", "village", "--from", "bruno@example.org", "sonder Emma")
    cli("act", "village", "--from", "chloe@example.org", "rien")
    assert cli.json("state", "village", "--json")["phase"] == {"kind": "day", "number": 1}
    code, out = cli("act", "village", "--from", "emma@example.org", "vote blanc")
    assert code == 1 and "vote blanc n'est pas permis" in out
    for voter in ("alice", "bruno", "chloe", "emma"):
        cli("act", "village", "--from", f"{voter}@example.org", "vote Alice")
    # everyone voted and the day may close early: the stake burnt Alice, the village won
    assert cli.json("state", "village", "--json")["winner"] == "village"


def test_the_mjs_commands(cli: Cli) -> None:
    create(cli, "--roles", ROLES, "--no-election")
    cli("game", "start", "village")
    code, out = cli("phase", "extend", "village", "2h")
    assert code == 0 and "prolonge l'étape de 120 minutes" in out
    code, out = cli("game", "pause", "village")
    assert code == 0 and "pause" in out
    code, out = cli("act", "village", "--from", "alice@example.org", "tuer David")
    assert code == 1 and "en pause" in out
    assert cli("game", "resume", "village")[0] == 0
    code, out = cli("player", "foudroyer", "village", "david")
    assert code == 0 and "David est mort·e (foudroyé·e par le MJ)" in out
    code, out = cli("player", "replace", "village", "Emma", "Eva <eva@example.org>")
    assert code == 0 and "Eva prend la place de Emma." in out
    code, out = cli("announce", "village", "Bonne nuit !")
    assert code == 0 and "Annonce du MJ : Bonne nuit !" in out
    seen = cli.json("state", "village", "--json", "--as", "eva@example.org")
    assert {p["name"]: p["role"] for p in seen["players"]}["Emma"] == "chasseur"  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("variant", "option", "told"),
    [
        # seed 004: the Capitaine's power « peut prendre l'une des quatre formes suivantes »
        ("thiercelieux", "capitaine=quadruple", "double | tranchage | double_tranchage"),
        ("classic", "blank_vote=non", "true ou false"),
        ("classic", "reaction_minutes=-5", "un nombre entier supérieur à 0"),
        ("classic", "tz=Europe/Pariss", "un fuseau horaire"),
        ("classic", "close_at=21h30", "HH:MM"),
    ],
)
def test_a_mistyped_option_is_refused_and_creates_nothing(
    cli: Cli, variant: str, option: str, told: str
) -> None:
    """An option value the rule set cannot use is refused with what it accepts, instead of
    falling back silently to a default; no game is created."""
    args = ["game", "create", "village", "--variant", variant, "--roles", ROLES]
    for p in PLAYERS:
        args += ["--player", p]
    code, _ = cli(*args, "--option", option)
    message = cli.err
    assert code == 2 and option.partition("=")[0] in message and told in message
    assert "village" not in cli("game", "list")[1]
    args[4] = "thiercelieux"
    code, _ = cli(*args, "--option", "capitaine=tranchage")
    assert code == 0
