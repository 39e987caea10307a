"""`lgmail serve` started on a port another program holds: a clear error, and nothing left
listening (an operator restarting the service at 21:29 must be able to start it again)."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from lgmail.service.server import Endpoints, Server
from tests.inbound.conftest import ROLES, free_port
from tests.scenario import Scenario


def test_a_taken_port_fails_the_start_and_frees_the_ports_already_taken(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    smtp = free_port()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        lmtp = int(taken.getsockname()[1])
        server = Server(game.games, Endpoints(f"127.0.0.1:{smtp}", f"127.0.0.1:{lmtp}"))
        with pytest.raises(OSError):
            server.start()
    with socket.socket() as again:
        # a listener still on the SMTP port would make this bind fail, even with SO_REUSEADDR
        again.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        again.bind(("127.0.0.1", smtp))
        again.listen()
