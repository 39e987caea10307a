"""#19: `lgmail serve --http` as an operator runs it: the pages of the data directory's games
from the command line, and a port another program holds fails the start with nothing left
listening."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from lgmail.service.server import Endpoints, Server
from lgmail.web.serve import WebListener
from tests.inbound.conftest import ROLES, free_port, listen_again, port_held
from tests.scenario import START, Scenario


def test_serve_http_from_the_command_line(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    data = game.games.settings.data
    http = free_port()
    env = dict(os.environ, LGMAIL_NOW=START.isoformat())
    serve = ["serve", "--no-smtp", "--workers", "0", "--http", f"127.0.0.1:{http}"]
    server = subprocess.Popen(
        [sys.executable, "-m", "lgmail", "--data", str(data), *serve],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        page = ""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not page:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{http}/village/") as answer:
                    page = answer.read().decode()
            except OSError:
                time.sleep(0.2)
        assert "Le fil de la partie" in page and "Alice" in page
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(f"http://127.0.0.1:{http}/village/joueur/nope")
        assert missing.value.code == 404
    finally:
        server.terminate()
        out = server.communicate(timeout=30)[0].decode()
    assert f"http 127.0.0.1:{http}" in out


def test_a_taken_http_port_fails_the_start_and_frees_the_others(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    smtp = free_port()
    with port_held() as http:
        server = Server(
            game.games,
            Endpoints(f"127.0.0.1:{smtp}", None, None, f"127.0.0.1:{http}"),
            web=WebListener,
        )
        with pytest.raises(OSError, match="cannot listen for HTTP"):
            server.start()
    listen_again(smtp)
