"""`lgmail serve`: the listeners, the IMAP poller, the deadline scheduler (one job per game at
its next deadline, ``lgmail.service.scheduler``) and one worker that processes the inbox and
delivers the outbox; every `sweep_seconds` the worker also ticks every game and schedules it
again from the log: a safety net for what the scheduler cannot see (a command run by another
process, such as `lgmail phase extend` or `lgmail ingest`)."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from lgmail.mail.listener import GameMailHandler, LmtpListener, SmtpListener, host_port
from lgmail.service.games import Games
from lgmail.service.inbound import Inbound
from lgmail.service.scheduler import Clock, DeadlineScheduler

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Endpoints:
    smtp: str | None = "127.0.0.1:2525"
    lmtp: str | None = None
    imap: str | None = None


#: inbox rows the worker processes in one round
BATCH = 100
#: deliveries at once when the worker sends the outbox (each its own relay connection)
CONNECTIONS = 4


class Server:
    def __init__(
        self,
        games: Games,
        endpoints: Endpoints,
        sweep_seconds: float = 60.0,
        clock: Clock | None = None,
    ) -> None:
        """`clock`: how the games' clock (`games.now`) runs against the wall clock (default:
        ``Clock.of(games.now)``)."""
        self.games = games
        # what a command commits is delivered by the worker's next round, not inline
        games.after_commit = self.wake
        self.inbound = Inbound(games)
        self.endpoints = endpoints
        self.sweep_seconds = sweep_seconds
        self.scheduler = DeadlineScheduler(games, clock)
        #: time.monotonic() of the last full sweep
        self._swept: float | None = None
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
        return self.inbound.accepts(address)

    def _store(self, raw: bytes, recipients: list[str], mail_from: str) -> None:
        self.inbound.accept(raw, recipients, mail_from=mail_from)

    def wake(self) -> None:
        self._wake.set()

    def start(self) -> None:
        """Listen (mail is stored meanwhile), make the mails a stopped service was sending
        due again, resolve what fell due while no service ran and schedule every game's next
        deadline, then start the worker. A listener that cannot start (its port taken) stops
        the ones started before it, and its error is raised."""
        for at, listener in enumerate(self._listeners):
            try:
                listener.start()
            except Exception:
                for started in self._listeners[: at + 1]:
                    started.stop(no_assert=True)
                raise
        released = self.games.store.release_leases()
        if released:
            log.info("%d mails leased by a service that stopped: to send again", released)
        self.scheduler.start()
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
        self.scheduler.stop()

    def sweep(self, full: bool | None = None) -> None:
        """One round of the worker: process the inbox and schedule again the games it touched;
        when `full` (default: when the last full round is `sweep_seconds` old), also tick
        every game and schedule it again from the log; then deliver the outbox."""
        if full is None:
            full = self._swept is None or time.monotonic() - self._swept >= self.sweep_seconds
        touched = self.drain()
        if full:
            self._swept = time.monotonic()
            for game in self.games.store.games():
                try:
                    self.games.tick(game)
                except Exception:
                    log.exception("tick of %s failed", game)
                touched.add(game)
        for game in sorted(touched):
            try:
                self.scheduler.reschedule(game)
            except Exception:
                log.exception("scheduling %s failed", game)
        self.games.flush(connections=CONNECTIONS)

    def drain(self) -> set[str]:
        """Process a batch of inbox rows; the games they touched."""
        rows = self.games.store.inbox_pending(BATCH)
        done = self.inbound.process_many(rows)
        if len(rows) == BATCH and done:
            self._wake.set()  # more to come: no waiting
        return {d.game for d in done if d.game is not None}

    def _work(self) -> None:
        while not self._stop.is_set():
            try:
                self.sweep()
            except Exception:
                log.exception("sweep failed")
            self._wake.wait(self._until_sweep())
            self._wake.clear()

    def _until_sweep(self) -> float:
        if self._swept is None:
            return 0.0
        return max(0.0, self._swept + self.sweep_seconds - time.monotonic())

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
