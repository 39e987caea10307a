"""`lgmail serve`: the listeners, whose accepted mails a group committer keeps (synced before
each 250: ``lgmail.service.committer``), the IMAP poller, and the processing: N worker
processes (``lgmail.service.workers``), or with no worker process one worker thread beside
the listeners. A worker plays the inbox game by game, ticks its share of the games at their
deadlines (``lgmail.service.scheduler``), and delivers the outbox; every `sweep_seconds` it
also ticks every game of its share and schedules it again from the log: a safety net for what
the scheduler cannot see (a command run by another process, such as `lgmail phase extend`)."""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Protocol

from lgmail.mail.listener import GameMailHandler, LmtpListener, SmtpListener, host_port
from lgmail.service.arenas import share_arenas
from lgmail.service.committer import GroupCommitter
from lgmail.service.games import Games
from lgmail.service.inbound import Inbound
from lgmail.service.scheduler import Clock, DeadlineScheduler
from lgmail.service.workers import POLL, Config, Worker, WorkerPool, gone, settle, wall_now


class Listener(Protocol):
    """A listener the server starts and stops: SMTP, LMTP, or the web's."""

    def start(self) -> None: ...

    def stop(self, no_assert: bool = False) -> None: ...


#: what serves the web pages on "host:port" with a base URL (``lgmail.web.serve.WebListener``,
#: which the command line gives: the web is built on the service, not the other way round)
WebFactory = Callable[[Games, str, str], Listener]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Endpoints:
    smtp: str | None = "127.0.0.1:2525"
    lmtp: str | None = None
    imap: str | None = None
    #: where the web pages are served ("host:port"; None: no web)
    http: str | None = None


class Server:
    def __init__(
        self,
        games: Games,
        endpoints: Endpoints,
        sweep_seconds: float = 60.0,
        clock: Clock | None = None,
        workers: int = 0,
        config: Config | None = None,
        web: WebFactory | None = None,
    ) -> None:
        """`clock`: how the games' clock (`games.now`) runs against the wall clock (default:
        ``Clock.of(games.now)``). `workers`: worker processes, each opening the store as
        `config` says (0: one worker thread in this process, on `games`). `web`: what serves
        `endpoints.http`."""
        self.games = games
        # what a command commits is delivered by the worker's next round, not inline
        games.after_commit = self.wake
        self.inbound = Inbound(games)
        self.endpoints = endpoints
        self.sweep_seconds = sweep_seconds
        self.scheduler = DeadlineScheduler(games, clock)
        self.worker = Worker(games, self.inbound, self.scheduler)
        self.pool: WorkerPool | None = None
        if workers > 0:
            if config is None:
                raise ValueError("worker processes need the configuration to open the store")
            config = dataclasses.replace(config, sweep_seconds=sweep_seconds)
            self.pool = WorkerPool(config, workers, died=self._release_mails_of)
        self.committer = GroupCommitter(self.inbound.work, self.wake)
        #: time.monotonic() of the last full sweep
        self._swept: float | None = None
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._listeners: list[Listener] = []
        handler = GameMailHandler(self._known, self._store, self.inbound.accepts_now)
        if endpoints.smtp:
            host, port = host_port(endpoints.smtp, 2525)
            self._listeners.append(SmtpListener(handler, host, port))
        if endpoints.lmtp:
            host, port = host_port(endpoints.lmtp, 24)
            self._listeners.append(LmtpListener(handler, host, port))
        if endpoints.http:
            if web is None:
                raise ValueError("serving the web pages needs the web's listener (`web`)")
            base = games.settings.web_base_url or f"http://{endpoints.http}"
            self._listeners.append(web(games, endpoints.http, base))

    def _known(self, address: str) -> bool:
        return self.inbound.accepts(address)

    def _store(self, raw: bytes, recipients: list[str], mail_from: str) -> Future[None]:
        try:
            rows = self.inbound.accepted(raw, recipients, mail_from=mail_from)
        except Exception as error:
            failed: Future[None] = Future()
            failed.set_exception(error)
            return failed
        return self.committer.submit(rows)

    def wake(self) -> None:
        self._wake.set()
        if self.pool is not None:
            self.pool.wake()

    def start(self) -> None:
        """Listen (mail is stored meanwhile), make the mails a stopped service was sending
        due again, then start the workers: each resolves what fell due while no service ran
        and schedules the next deadlines of its games. A listener that cannot start (its port
        taken) stops the ones started before it, and its error is raised."""
        share_arenas()
        self.committer.start()
        for at, listener in enumerate(self._listeners):
            try:
                listener.start()
            except Exception:
                for started in self._listeners[: at + 1]:
                    started.stop(no_assert=True)
                self.committer.stop()
                raise
        released = self.games.store.release_orphans(wall_now(), gone, unnamed=True)
        if released:
            log.info("%d mails leased by a service that stopped: to send again", released)
        if self.pool is not None:
            self.pool.start()
        else:
            self.scheduler.start()
            self._spawn("worker", self._work)
        if self.endpoints.imap:
            self._spawn("imap", self._poll_imap)

    def _release_mails_of(self, holder: str) -> None:
        """A worker died: the mails it had leased and not tried are due again at once."""
        released = self.games.store.release_leases(holder)
        if released:
            log.info("%d mails leased by a worker that died: to send again", released)

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
        self.committer.stop()
        if self.pool is not None:
            self.pool.stop()
        else:
            self.scheduler.stop()
            self.worker.leave()
        self.games.stop_sending()

    def sweep(self, full: bool | None = None) -> bool:
        """One round of the worker thread (``Worker.round``); `full` (default: when the last
        full round is `sweep_seconds` old) also ticks every game. Whether inbox work is left."""
        if full is None:
            full = self._swept is None or time.monotonic() - self._swept >= self.sweep_seconds
        if full:
            self._swept = time.monotonic()
        return self.worker.round(full)

    def _work(self) -> None:
        while not self._stop.is_set():
            started = time.monotonic()
            try:
                more = self.sweep()
            except Exception:
                log.exception("sweep failed")
                more = False
            if not more:
                self._wake.wait(min(POLL, self._until_sweep()))
                settle(started)
            self._wake.clear()

    def _until_sweep(self) -> float:
        if self._swept is None:
            return 0.0
        return max(0.0, self._swept + self.sweep_seconds - time.monotonic())

    def _poll_imap(self) -> None:
        from lgmail.mail.imap import ImapPoller
        from lgmail.mail.imap_source import FileCursor, ImapSource

        source = ImapSource.from_url(self.endpoints.imap or "")

        def handle(raw: bytes) -> bool:
            recipients = self.inbound.recipients_of(raw)
            if not recipients:
                return True  # not for a game: done with it
            self.committer.submit(self.inbound.accepted(raw, recipients)).result()
            return True

        cursor = FileCursor(self.games.settings.data / "imap-cursor.json")
        ImapPoller(source, handle, cursor).run(self._stop)
