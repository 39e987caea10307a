"""A classic game played by SMTP while `lgmail serve --http` serves its pages on loopback."""

from __future__ import annotations

import html
import re
import smtplib
import tomllib
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from lgmail.rules.commands import ConfirmSignup, ProposeGame, RequestSignup
from lgmail.service.games import Games
from lgmail.service.server import Endpoints, Server
from lgmail.web.serve import WebListener
from tests.inbound.conftest import free_port
from tests.inbound.test_whole_game_smtp import answered_once, quoted_reply, senders
from tests.scenario import Scenario
from tests.test_games import GAMES


@dataclass
class Web:
    """The game, the service's SMTP port, and the base URL of its pages."""

    game: Scenario
    smtp: int
    base: str
    script: dict[str, Any]

    def get(self, path: str) -> tuple[int, str]:
        """(status, body) of a page, `path` under the base URL or a whole URL."""
        url = path if path.startswith("http") else self.base + path
        try:
            with urllib.request.urlopen(url, timeout=10) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def link(self, reader: str) -> str:
        """The page link in the footer of `reader`'s last mail."""
        body = self.game.mails(reader)[-1].body
        found = re.search(r"(?:page|bureau)[^:]*: (http\S+)", body)
        assert found, body
        return found.group(1)

    def play(self, upto: int | None = None) -> None:
        """The script's plays (up to `upto`), each player replying to his last mail."""
        with smtplib.SMTP("127.0.0.1", self.smtp) as client:
            for play in self.script["play"][:upto]:
                for sender in senders(play):
                    last = self.game.mails(sender)[-1]
                    msg = quoted_reply(sender, last, play.get("text", "fin"))
                    answered_once(self.game, client, sender, msg)


@pytest.fixture
def web(tmp_path: Path) -> Iterator[Web]:
    script = tomllib.loads(
        next(p for p in GAMES if p.stem == "village-wins").read_text(encoding="utf-8")
    )
    http = free_port()
    base = f"http://127.0.0.1:{http}"
    data = tmp_path / "data"
    data.mkdir()
    (data / "lgmail.toml").write_text(f'[web]\nlisten = "127.0.0.1:{http}"\n', encoding="utf-8")
    game = Scenario(tmp_path, script["roles"], election=script.get("election", False))
    smtp = free_port()
    server = Server(
        game.games,
        Endpoints(f"127.0.0.1:{smtp}", None, None, f"127.0.0.1:{http}"),
        0.05,
        web=WebListener,
    )
    server.start()
    try:
        yield Web(game, smtp, base, script)
    finally:
        server.stop()


def text(page: str) -> str:
    """A page's words, tags dropped, entities read."""
    words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page.split("<body>", 1)[-1]))
    return html.unescape(words)


#: the sign-ups of `signup_game`, by name: (address, substitute, confirmed), in the order
#: they are confirmed: Inès, Gaspard and Hélène seated, Jules waiting, Karim a substitute,
#: Léa still to confirm
SIGNUPS = {
    "Inès": ("ines.secret@joueurs.example", False, True),
    "Gaspard": ("gaspard.secret@joueurs.example", False, True),
    "Hélène": ("helene.secret@joueurs.example", False, True),
    "Jules": ("jules.secret@joueurs.example", False, True),
    "Karim": ("karim.secret@joueurs.example", True, True),
    "Léa": ("lea.secret@joueurs.example", False, False),
}
#: when `signup_game`'s sign-ups close: Saturday 12 December 2026, 21:30 in Paris
CLOSES = datetime(2026, 12, 12, 20, 30, tzinfo=UTC)


def signup_game(
    games: Games,
    name: str = "Hameau",
    *,
    lang: str = "fr",
    variant: str = "classic",
    options: dict[str, Any] | None = None,
    closes: datetime | None = CLOSES,
    composition: tuple[str, ...] | None = ("loup-garou", "loup-garou", "voyante"),
    bounds: tuple[int | None, int | None] = (2, 3),
    signups: dict[str, tuple[str, bool, bool]] | None = None,
) -> None:
    """Open `name` for sign-ups by "mj@example.org" and sign `signups` up (`SIGNUPS`: each
    asks, then the confirmed confirm, in order)."""
    command = ProposeGame(
        variant, lang, "mj@example.org", dict(options or {}), composition, *bounds, closes
    )
    games.propose(name, command)
    every = SIGNUPS if signups is None else signups
    for player, (email, substitute, _) in every.items():
        games.run_command(name, RequestSignup(player, email, lang, substitute), "test")
    for email, _, confirmed in every.values():
        if confirmed:
            games.run_command(name, ConfirmSignup(email), "test")
