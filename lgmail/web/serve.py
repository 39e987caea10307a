"""The HTTP listener of `lgmail serve --http HOST:PORT`: uvicorn (h11) serving
`lgmail.web.app` on an asyncio loop of its own, in a thread of the listeners' process, as each
aiosmtpd listener runs on its own. Pages only read the store.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time

import uvicorn

from lgmail.mail.listener import host_port
from lgmail.service.games import Games
from lgmail.web.app import Site

log = logging.getLogger(__name__)

#: seconds the listener has to bind its port when started
START = 10.0


class WebListener:
    def __init__(self, games: Games, listen: str, base_url: str | None = None) -> None:
        self.host, self.port = host_port(listen, 8080)
        self.site = Site(games, base_url or "")
        config = uvicorn.Config(
            self.site.app(),
            host=self.host,
            port=self.port,
            lifespan="off",
            access_log=False,
            log_level="warning",
            server_header=False,
            proxy_headers=True,
        )
        self.server = uvicorn.Server(config)
        self._thread: threading.Thread | None = None
        self._failed: BaseException | None = None

    def start(self) -> None:
        """Serve; raise (OSError) when the port cannot be bound."""
        self._thread = threading.Thread(target=self._run, name="lgmail-http", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + START
        while not self.server.started and time.monotonic() < deadline:
            if not self._thread.is_alive():
                break
            time.sleep(0.02)
        if not self.server.started:
            self.stop()
            raise OSError(f"cannot listen for HTTP on {self.host}:{self.port}") from self._failed

    def _run(self) -> None:
        try:
            asyncio.run(self.server.serve())
        except BaseException as error:  # uvicorn exits (SystemExit) when it cannot bind
            self._failed = error
            log.error("the HTTP listener stopped: %r", error)

    def stop(self, no_assert: bool = False) -> None:
        self.server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)
