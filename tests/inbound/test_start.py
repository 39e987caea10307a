"""`lgmail serve` started on a port another program holds: a clear error, and nothing left
listening (an operator restarting the service at 21:29 must be able to start it again)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lgmail.service.server import Endpoints, Server
from tests.inbound.conftest import ROLES, free_port, listen_again, port_held
from tests.scenario import Scenario


def test_a_taken_port_fails_the_start_and_frees_the_ports_already_taken(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    smtp = free_port()
    with port_held() as lmtp:
        server = Server(game.games, Endpoints(f"127.0.0.1:{smtp}", f"127.0.0.1:{lmtp}"))
        with pytest.raises(OSError):
            server.start()
    listen_again(smtp)  # nothing left on the SMTP port
