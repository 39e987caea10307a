"""A game in sign-ups at its closing date (#34): the MJ is told the count; with
`demarrage_auto` it starts by itself when the count fits, and waits for the MJ when it does
not; a withdrawal tells the first of the waiting list; a cancelled game tells everyone signed
up. Played through `Games` with a clock the test moves, mails read from the Maildir."""

from __future__ import annotations

import mailbox
from datetime import UTC, datetime, timedelta
from email import policy
from email.parser import BytesParser
from pathlib import Path

import pytest

from lgmail.config import settings
from lgmail.orders.mj import parse_mj
from lgmail.rules.commands import (
    Archive,
    ConfirmSignup,
    ProposeGame,
    ReplacePlayer,
    RequestSignup,
    WithdrawSignup,
)
from lgmail.rules.flow import next_deadline
from lgmail.service.games import Games
from lgmail.service.transactions import GameError

START = datetime(2026, 12, 6, 18, 0, tzinfo=UTC)
CLOSES = datetime(2026, 12, 8, 20, 30, tzinfo=UTC)
MJ = "mj@example.org"


class Clocked:
    def __init__(self, folder: Path) -> None:
        self.clock = START
        self.games = Games(settings.load(folder / "data"), now=lambda: self.clock)

    def propose(self, name: str, most: int | None = None, auto: bool = False) -> None:
        command = ProposeGame("classic", "fr", MJ, {"election": False}, None, 5, most, CLOSES, auto)
        self.games.propose(name, command)

    def join(self, game: str, *names: str) -> None:
        for name in names:
            email = f"{name.lower()}@example.org"
            self.games.run_command(game, RequestSignup(name, email), "test")
            self.games.run_command(game, ConfirmSignup(email), "test")

    def subjects(self, to: str) -> list[str]:
        box = mailbox.Maildir(str(self.games.settings.maildir), create=True)
        out = []
        for key in box.iterkeys():
            msg = BytesParser(policy=policy.default).parsebytes(box.get_bytes(key))
            if str(msg["To"]) == to:
                out.append(str(msg["Subject"]))
        return out


def test_the_mj_is_told_the_count_at_the_closing_date(tmp_path: Path) -> None:
    c = Clocked(tmp_path)
    c.propose("bourg")
    c.join("bourg", "Alice", "Bruno", "Chloe", "David", "Emma")
    assert next_deadline(c.games.load("bourg")) == CLOSES
    c.clock = CLOSES - timedelta(minutes=1)
    assert c.games.tick("bourg") == []
    c.clock = CLOSES
    events = c.games.tick("bourg")
    assert [type(e).__name__ for e in events] == ["SignupsClosed"]
    assert any("Inscriptions closes : 5 joueurs" in s for s in c.subjects(MJ))
    state = c.games.load("bourg")
    assert state.status == "signup" and next_deadline(state) is None
    # a tick again tells nothing more
    c.clock += timedelta(hours=1)
    assert c.games.tick("bourg") == []


def test_an_automatic_start_when_the_count_fits(tmp_path: Path) -> None:
    c = Clocked(tmp_path)
    c.propose("bourg", auto=True)
    c.join("bourg", "Alice", "Bruno", "Chloe", "David", "Emma")
    c.propose("hameau", auto=True)
    c.join("hameau", "Alice", "Bruno")
    c.clock = CLOSES
    started = [type(e).__name__ for e in c.games.tick("bourg")]
    assert started[0] == "SignupsClosed" and "GameStarted" in started
    assert c.games.load("bourg").status == "running"
    for name in ("alice", "bruno", "chloe", "david", "emma"):
        assert any("Votre rôle" in s for s in c.subjects(f"{name}@example.org")), name
    # two players cannot fill the minimum of five: the game waits for the MJ
    waited = [type(e).__name__ for e in c.games.tick("hameau")]
    assert waited == ["SignupsClosed"]
    assert c.games.load("hameau").status == "signup"


def test_a_freed_seat_and_a_cancelled_game_are_told(tmp_path: Path) -> None:
    c = Clocked(tmp_path)
    c.propose("bourg", most=5)
    c.join("bourg", "Alice", "Bruno", "Chloe", "David", "Emma", "Farid")
    c.games.run_command("bourg", WithdrawSignup("bruno@example.org"), "test")
    assert any("place s'est libérée" in s for s in c.subjects("farid@example.org"))
    c.games.run_command("bourg", WithdrawSignup("alice@example.org", "mj"), "test")
    assert any("retirée" in s for s in c.subjects("alice@example.org"))
    c.games.run_command("bourg", Archive(), "test")
    for name in ("chloe", "david", "emma", "farid"):
        assert any("annulée" in s for s in c.subjects(f"{name}@example.org")), name
    assert c.games.load("bourg").status == "ended"


def test_the_mj_replaces_a_player_with_the_next_substitute(tmp_path: Path) -> None:
    """« remplacer NOM » alone takes the next substitute of the sign-ups, who gets the role."""
    c = Clocked(tmp_path)
    c.propose("bourg")
    c.join("bourg", "Alice", "Bruno", "Chloe", "David", "Emma")
    c.games.run_command("bourg", RequestSignup("Hugo", "hugo@example.org", substitute=True), "t")
    c.games.run_command("bourg", ConfirmSignup("hugo@example.org"), "t")
    c.games.start("bourg")
    lines = parse_mj("remplacer Alice", list(c.games.load("bourg").players))
    command = lines[0].result
    assert command == ReplacePlayer("Alice", "", "")
    assert isinstance(command, ReplacePlayer)
    c.games.mj("bourg", command)
    state = c.games.load("bourg")
    assert state.players["Alice"].email == "hugo@example.org"
    assert any("rôle" in s for s in c.subjects("hugo@example.org"))
    # nobody left on the list: refused with what to write instead
    with pytest.raises(GameError, match="remplacer NOM par"):
        c.games.mj("bourg", ReplacePlayer("Bruno", "", ""))
