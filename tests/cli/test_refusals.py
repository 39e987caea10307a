"""What the CLI says when it refuses (issue #18, item 7), how it reads roles and players as the
MJ writes them (items 7, 8), and `serve --relay` (item 7)."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

import lgmail.cli.commands
from lgmail.cli.entry import main
from lgmail.service.games import Games
from tests.cli.test_contract import PLAYERS, Cli

THIEF = "Alice=loup-garou,Bruno=voleur,Chloé=sorcière,David=villageois,Emma=chasseur"


@pytest.fixture
def cli(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Cli:
    monkeypatch.setenv("LGMAIL_NOW", "2026-11-29T20:00:00+00:00")
    return Cli(tmp_path / "data", capsys)


def create(cli: Cli, *extra: str, players: list[str] = PLAYERS) -> int:
    args = ["game", "create", "village", "--variant", "thiercelieux", "--seed", "1"]
    for p in players:
        args += ["--player", p]
    code, _ = cli(*args, *extra)
    return code


def test_a_voleur_dealt_by_hand_is_told_how_to_give_his_cards(cli: Cli) -> None:
    """Item 7: `game create` with a Voleur and `--roles` is refused with a sentence in the
    game's language that says to name his cards with `--option voleur_cartes=...`, never a
    cause code; with the option (role names as people write them) the game is created."""
    assert create(cli, "--roles", THIEF) == 2
    assert cli.err.startswith("lgmail: Partie « village » non créée. Le Voleur choisit entre deux")
    assert "--option voleur_cartes=RÔLE,RÔLE (par exemple voleur_cartes=voyante,chasseur)" in (
        cli.err
    )
    assert "not_allowed" not in cli.err and "why=" not in cli.err
    assert "village" not in cli("game", "list")[1]
    assert create(cli, "--roles", THIEF, "--lang", "en") == 2
    assert cli.err.startswith('lgmail: Game "village" not created. The Thief chooses between two')
    assert "--option voleur_cartes=ROLE,ROLE" in cli.err
    assert create(cli, "--roles", THIEF, "--option", "voleur_cartes=Voyante, Chasseur") == 0
    created = cli.json("state", "village", "--json")
    assert {p["name"]: p["role"] for p in created["players"]}["Bruno"] == "voleur"  # type: ignore[attr-defined]


def test_a_comedien_dealt_by_hand_is_told_how_to_give_his_roles(cli: Cli) -> None:
    """Item 7: the Comédien's roles likewise: `--option comedien_roles=...`."""
    assert create(cli, "--roles", THIEF.replace("voleur", "comedien")) == 2
    assert "Le Comédien joue trois rôles écartés pour lui" in cli.err
    assert "--option comedien_roles=RÔLE,RÔLE,RÔLE" in cli.err and "not_allowed" not in cli.err


@pytest.mark.parametrize("sister", ["soeur", "sœur", "Sœurs", "soeurs", "Deux Soeurs", "sister"])
def test_the_sisters_are_read_as_people_write_them(cli: Cli, sister: str) -> None:
    """Item 7: `soeur` / `sœur` / `soeurs` name `deux-soeurs` in `--roles` and
    `--composition`, accents, case, ligature and plural ignored."""
    roles = f"Alice=loup-garou,Bruno={sister},Chloé=Sorcière,David={sister},Emma=Chasseur"
    assert create(cli, "--roles", roles) == 0, cli.err
    dealt = cli.json("state", "village", "--json")["players"]
    assert [p["role"] for p in dealt] == [  # type: ignore[attr-defined]
        "loup-garou",
        "deux-soeurs",
        "sorciere",
        "deux-soeurs",
        "chasseur",
    ]
    args = ["game", "create", "hameau", "--variant", "thiercelieux", "--seed", "2"]
    for p in PLAYERS:
        args += ["--player", p]
    code, _ = cli(*args, "--composition", f"Loups-Garous,{sister}:2,voyante")
    assert code == 0, cli.err
    drawn = cli.json("state", "hameau", "--json")["players"]
    assert sorted(p["role"] for p in drawn) == [  # type: ignore[attr-defined]
        "deux-soeurs",
        "deux-soeurs",
        "loup-garou",
        "villageois",
        "voyante",
    ]


def test_an_unknown_role_is_told_in_the_games_language(cli: Cli) -> None:
    """Item 7: a role the CLI cannot read is a sentence in the game's language (here English)
    with the roles it knows."""
    assert create(cli, "--lang", "en", "--roles", THIEF.replace("voleur", "voleurr")) == 2
    assert cli.err.startswith('lgmail: Game "village" not created. I do not know the role')
    assert '"voleurr"' in cli.err and "deux-soeurs" in cli.err


def test_the_mjs_refused_commands_are_sentences(cli: Cli) -> None:
    """Item 7: `game resume` on a running game, striking a dead player: sentences, no code."""
    assert create(cli, "--roles", THIEF, "--option", "voleur_cartes=voyante,chasseur") == 0
    cli("game", "start", "village")
    code, _ = cli("game", "resume", "village")
    assert code == 2
    assert cli.err == "lgmail: Ordre du MJ refusé pour « village ». La partie n'est pas en pause.\n"
    assert cli("player", "foudroyer", "village", "David")[0] == 0
    code, _ = cli("player", "foudroyer", "village", "David")
    assert code == 2 and "David est déjà mort·e." in cli.err and "illegal_target" not in cli.err


def test_relay_after_serve(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Item 7: `lgmail serve --relay HOST:PORT` is accepted (the relay it serves with), and
    `lgmail --relay HOST:PORT serve` still is."""
    relays: list[str | None] = []

    def serving(games: Games, args: argparse.Namespace) -> int:
        relays.append(games.settings.relay)
        return 0

    monkeypatch.setattr(lgmail.cli.commands, "_serve", serving)
    data = str(tmp_path / "data")
    assert main(["--data", data, "serve", "--relay", "127.0.0.1:2599"]) == 0
    assert main(["--data", data, "--relay", "127.0.0.1:2598", "serve"]) == 0
    assert main(["--data", data, "serve"]) == 0
    assert relays == ["127.0.0.1:2599", "127.0.0.1:2598", None]


def test_a_player_may_be_given_a_gender(cli: Cli) -> None:
    """Item 8: `--player "Chloé <chloe@example.org> f"`: the texts about her agree (« Chloé est
    morte »), about Bruno (m) too (« Bruno est mort »); without one, both forms (« mort·e »)."""
    players = [p + {"Bruno": " m", "Chloé": " f"}.get(p.split()[0], "") for p in PLAYERS]
    roles = "Alice=loup-garou,Bruno=voyante,Chloé=sorcière,David=villageois,Emma=chasseur"
    assert create(cli, "--roles", roles, players=players) == 0, cli.err
    shown = cli.json("state", "village", "--json")["players"]
    assert [p.get("gender") for p in shown] == [None, "m", "f", None, None]  # type: ignore[attr-defined]
    cli("game", "start", "village")
    code, out = cli("player", "foudroyer", "village", "chloe")
    assert code == 0 and "Chloé est morte (foudroyée par le MJ)." in out
    code, out = cli("player", "foudroyer", "village", "bruno")
    assert code == 0 and "Bruno est mort (foudroyé par le MJ)." in out
    code, out = cli("player", "foudroyer", "village", "david")
    assert code == 0 and "David est mort·e (foudroyé·e par le MJ)." in out
    code, out = cli("act", "village", "--from", "chloe@example.org", "sonder Alice")
    assert code == 1 and "Refusé — vous êtes morte, et les éliminés ne participent plus." in out
