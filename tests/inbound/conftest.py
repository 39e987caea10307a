from __future__ import annotations

import errno
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest

from lgmail.service.server import Endpoints, Server
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "voyante",
    "Chloé": "sorciere",
    "David": "villageois",
    "Emma": "villageois",
}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def port_held() -> Iterator[int]:
    """A loopback port another program listens on while the block runs."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        yield int(taken.getsockname()[1])


def listen_again(port: int) -> None:
    """Listen on `port` and let it go: a listener still on it would make this bind fail, even
    with SO_REUSEADDR."""
    with socket.socket() as again:
        again.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        again.bind(("127.0.0.1", port))
        again.listen()


def serve(game: Scenario, attempts: int = 5) -> tuple[Server, int, int]:
    """`lgmail serve` for `game` on two free loopback ports; ports taken meanwhile by another
    socket (a free port is only free when asked) are asked again."""
    for attempt in range(attempts):
        smtp, lmtp = free_port(), free_port()
        endpoints = Endpoints(f"127.0.0.1:{smtp}", f"127.0.0.1:{lmtp}")
        server = Server(game.games, endpoints, sweep_seconds=0.2)
        try:
            server.start()
        except OSError as error:
            if error.errno != errno.EADDRINUSE or attempt == attempts - 1:
                raise
            continue
        return server, smtp, lmtp
    raise AssertionError("unreachable")


class Live:
    """A classic game and `lgmail serve` on loopback (SMTP and LMTP on free ports)."""

    def __init__(self, game: Scenario, server: Server, smtp: int, lmtp: int) -> None:
        self.game, self.server, self.smtp, self.lmtp = game, server, smtp, lmtp

    def reply_address(self, player: str) -> str:
        role = next(m for m in self.game.mails(player) if "Votre rôle" in m.subject)
        return role.reply_to

    def mail(
        self,
        sender: str,
        to: str,
        body: str,
        subject: str = "Re: [village] Votre rôle",
        **headers: str,
    ) -> EmailMessage:
        msg = EmailMessage()
        msg["From"] = sender
        msg["To"] = to
        msg["Subject"] = subject
        msg["Message-ID"] = make_msgid(domain="example.org")
        for key, value in headers.items():
            msg[key.replace("_", "-")] = value
        msg.set_content(body)
        return msg


@contextmanager
def running(game: Scenario) -> Iterator[Live]:
    """`lgmail serve` for `game` while the block runs."""
    server, smtp, lmtp = serve(game)
    try:
        yield Live(game, server, smtp, lmtp)
    finally:
        server.stop()


@pytest.fixture
def live(tmp_path: Path, database: str | None) -> Iterator[Live]:
    with running(Scenario(tmp_path, ROLES, db=database)) as served:
        yield served
