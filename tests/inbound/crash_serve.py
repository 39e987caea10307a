"""`lgmail serve` as the CLI runs it (two worker processes), killed (SIGKILL) by its own group
committer right after the Nth group is committed: that group's mails are kept, and none of
their sessions got its 250. Usage: ``python -m tests.inbound.crash_serve DATA PORT N``."""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Sequence
from pathlib import Path

from lgmail.config import settings
from lgmail.service.games import Games
from lgmail.service.server import Endpoints, Server
from lgmail.service.workers import Config
from lgmail.store.work import Accepted


def main() -> None:
    data, port, kill_at = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    games = Games(settings.load(data))
    config = Config(data, None, None)
    server = Server(games, Endpoints(f"127.0.0.1:{port}"), workers=2, config=config)
    write = server.committer.write
    groups = 0

    def write_then_die(rows: Sequence[Accepted]) -> None:
        nonlocal groups
        write(rows)
        groups += 1
        if groups == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)

    server.committer.write = write_then_die
    server.start()
    threading.Event().wait()


if __name__ == "__main__":
    main()
