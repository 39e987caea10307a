"""`lgmail serve`: the listeners, the IMAP poller and one worker that processes the inbox,
delivers the outbox and resolves due deadlines."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass

from lgmail.mail.listener import GameMailHandler, LmtpListener, SmtpListener, host_port
from lgmail.service.games import Games
from lgmail.service.inbound import Inbound

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Endpoints:
    smtp: str | None = "127.0.0.1:2525"
    lmtp: str | None = None
    imap: str | None = None


class Server:
    def __init__(self, games: Games, endpoints: Endpoints, sweep_seconds: float = 30.0) -> None:
        self.games = games
        self.inbound = Inbound(games)
        self.endpoints = endpoints
        self.sweep_seconds = sweep_seconds
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._listeners: list[SmtpListener | LmtpListener] = []
        handler = GameMailHandler(self._known, self._store, self.wake)
        if endpoints.smtp:
            host, port = host_port(endpoints.smtp, 2525)
            self._listeners.append(SmtpListener(handler, host, port))
        if endpoints.lmtp:
            host, port = host_port(endpoints.lmtp, 24)
            self._listeners.append(LmtpListener(handler, host, port))

    def _known(self, address: str) -> bool:
        return self.inbound.game_for(address) is not None

    def _store(self, raw: bytes, recipients: list[str]) -> None:
        self.inbound.accept(raw, recipients)

    def wake(self) -> None:
        self._wake.set()

    def start(self) -> None:
        for listener in self._listeners:
            listener.start()
        self._spawn("worker", self._work)
        if self.endpoints.imap:
            self._spawn("imap", self._poll_imap)

    def _spawn(self, name: str, target: Callable[[], None]) -> None:
        thread = threading.Thread(target=target, name=f"lgmail-{name}", daemon=True)
        thread.start()
        self._threads.append(thread)

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        for listener in self._listeners:
            listener.stop()
        for thread in self._threads:
            thread.join(timeout=10)

    def sweep(self) -> None:
        """Process the inbox, deliver the outbox, resolve due deadlines: once."""
        self.inbound.process_pending()
        for game in self.games.store.games():
            try:
                self.games.tick(game)
            except Exception:
                log.exception("tick of %s failed", game)
        self.games.flush()

    def _work(self) -> None:
        while not self._stop.is_set():
            try:
                self.sweep()
            except Exception:
                log.exception("sweep failed")
            self._wake.wait(self.sweep_seconds)
            self._wake.clear()

    def _poll_imap(self) -> None:
        from lgmail.mail.imap import FileCursor, ImapPoller, ImapSource

        source = ImapSource.from_url(self.endpoints.imap or "")

        def handle(raw: bytes) -> bool:
            recipients = self.inbound.recipients_of(raw)
            if not recipients:
                return True  # not for a game: done with it
            self.inbound.accept(raw, recipients)
            self.wake()
            return True

        cursor = FileCursor(self.games.settings.data / "imap-cursor.json")
        ImapPoller(source, handle, cursor).run(self._stop)
