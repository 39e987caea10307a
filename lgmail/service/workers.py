"""The processing of `lgmail serve`, apart from the listeners: workers that play the inbox, tick
the games at their deadlines and deliver the outbox.

`serve --workers N` starts N worker processes (default: the machine's cores); `--workers 0`
keeps one worker as a thread of the listeners' process (the embedded mode of the tests and of a
small service). A worker takes the inbox game by game under a lease (``lgmail.store.work``), so
one process at a time plays a game's mails, in their order, whatever the number of workers and
of machines on one database; each worker schedules the deadlines of its share of the games (by
a hash of their names), and a game another process touched is caught by the next sweep. Every
round renews the worker's `serve:` lease, by which `lgmail ingest` knows that a service is
there to play what it stores.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import select
import socket
import sys
import threading
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnProcess
from pathlib import Path

from lgmail.mail import render
from lgmail.rules.variants import VARIANTS
from lgmail.service.games import Games
from lgmail.service.inbound import Inbound
from lgmail.service.scheduler import Clock, DeadlineScheduler
from lgmail.store.schema import SERVE_PREFIX

log = logging.getLogger(__name__)

#: inbox rows of one game played in one round
BATCH = 100
#: deliveries at once when a worker sends the outbox to a relay (each its own connection)
CONNECTIONS = 4
#: the share of a round's budget a worker delivers the outbox for when it left mail in the
#: inbox (one batch at least): the rest of the time it plays the inbox. Another worker that
#: finds nothing to play delivers for the whole budget
BUSY_FLUSH = 0.2
#: real seconds a game's lease lasts (a worker that dies frees its games after it)
GAME_LEASE = 10.0
#: real seconds a worker's `serve:` lease lasts, and how often it is renewed
SERVE_LEASE = 15.0
RENEW = 5.0
#: real seconds between two looks at the worker processes (one that died is started again)
SUPERVISE = 1.0
#: how much lower than the listeners' the workers' CPU priority is: the lowest, so that a worker
#: runs on a core the listener leaves (it keeps one at most: one interpreter) and yields it at
#: once when the listener wakes (bench/ingest.py, accept / sink: 0.27 and 0.28 at 10, 0.40 and
#: 0.41 at 19)
NICENESS = 19
#: seconds a worker's thread keeps the interpreter while another waits for it (Python's default
#: is 5 ms): a delivery thread waits for it after each answer of the relay, four a mail, and at
#: 21:30 the deadline ticks keep it busy; 0.5 ms took the storm bench from 34.8 and 30.1 s to
#: 29.4 and 26.5 s (the same machine, runs alternated)
SWITCH_INTERVAL = 0.0005
#: real seconds between two looks at the inbox when nothing wakes the worker (mail stored by
#: another process: `lgmail ingest`, another machine)
POLL = 1.0
#: real seconds at least from the start of a round that found nothing left to the next, when
#: mail wakes the worker: mail coming in a stream (at 21:30, a group commit every millisecond
#: or two, each waking every worker) is then claimed a few mails at a time, not in a round of
#: its own for each group (a round's queries cost about a millisecond); a mail alone waits for
#: no one
SETTLE = 0.01


def holder_of(pid: int, index: int) -> str:
    """The name a worker process holds its leases under (games, its outbox batches)."""
    return f"{socket.gethostname()}:{pid}:{index}"


def gone(holder: str) -> bool:
    """Whether `holder` (:func:`holder_of`) names a process of this machine that has ended."""
    host, pid, _ = [*holder.rsplit(":", 2), "", ""][:3]
    if host != socket.gethostname() or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False  # alive, someone else's
    return False


def settle(started: float) -> None:
    """Wait until `SETTLE` seconds after `started` (``time.monotonic()``: the round's start)."""
    rest = started + SETTLE - time.monotonic()
    if rest > 0:
        time.sleep(rest)


def wall_now() -> datetime:
    """Leases run on the wall clock, whatever the games' clock (a fixed LGMAIL_NOW)."""
    return datetime.now(UTC)


class Worker:
    """One worker's rounds: the games of the inbox (any), the deadlines of its share."""

    def __init__(
        self,
        games: Games,
        inbound: Inbound,
        scheduler: DeadlineScheduler,
        index: int = 0,
        count: int = 1,
    ) -> None:
        self.games = games
        self.inbound = inbound
        self.scheduler = scheduler
        self.work = inbound.work
        self.index = index
        self.count = count
        self.holder = holder_of(os.getpid(), index)
        self._renewed: float | None = None
        #: the sweep's marks: the store's last position at the sweep before last, and at the
        #: last (taken before the scheduler's start-up, which ticks every game of the share)
        last = games.store.last_position()
        self._marks = (last, last)

    def mine(self, game: str) -> bool:
        """Whether this worker ticks and schedules `game` (its share of the games)."""
        return self.count <= 1 or zlib.crc32(game.encode()) % self.count == self.index

    def renew(self) -> None:
        """Keep the worker's `serve:` lease (at most every RENEW seconds), and make due again
        the mails that a dead process had leased (another machine's, whose lease ran out)."""
        if self._renewed is not None and time.monotonic() - self._renewed < RENEW:
            return
        now = wall_now()
        self.work.take(SERVE_PREFIX + self.holder, self.holder, now, SERVE_LEASE)
        self._renewed = time.monotonic()
        released = self.games.store.release_orphans(now, gone)
        if released:
            log.info("%d mails leased by a process that is gone: to send again", released)

    def changed(self) -> list[str]:
        """The games with events since the sweep before last (another process touched them:
        their deadline may have moved). A margin of one sweep: on PostgreSQL an event may
        become visible after one with a larger position. Reads the events' index, not every
        game: the sweep's cost grows with what changed, not with the games in the store."""
        before, last = self._marks
        games, newest = self.games.store.games_since(before)
        self._marks = (last, max(newest, last))
        return games

    def leave(self) -> None:
        self.work.release(SERVE_PREFIX + self.holder, self.holder)

    def drain(self) -> tuple[set[str], bool]:
        """Play the inbox of a few games, each under its lease (this worker's share of the
        games with mail waiting, BATCH rows at most, claimed and released in one transaction
        each): the games touched, and whether a game was claimed (there may be more)."""
        claimed = self.work.claim_games(self.holder, wall_now(), GAME_LEASE, BATCH, self.count)
        if not claimed:
            return set(), False
        # the games' rows as they came (each game's in its order)
        rows = sorted((row for _, rows in claimed for row in rows), key=lambda row: row.id)
        try:
            done = self.inbound.process_many(rows)
        finally:
            self.work.release_games([game for game, _ in claimed], self.holder)
        return {d.game for d in done if d.game is not None}, True

    def round(self, full: bool, budget: float = 0.5) -> bool:
        """Play the inbox for about `budget` seconds, then (when `full`) tick this worker's
        games, schedule again the games touched, and deliver the outbox. Whether inbox work
        may be left."""
        self.renew()
        touched: set[str] = set()
        start = time.monotonic()
        more = True
        while more and time.monotonic() - start < budget:
            games, more = self.drain()
            touched |= games
        if full:
            for game in self.changed():
                if not self.mine(game):
                    continue
                try:
                    self.games.tick(game)
                except Exception:
                    log.exception("tick of %s failed", game)
                touched.add(game)
        for game in sorted(touched):
            try:
                self.scheduler.reschedule(game, touched=True)
            except Exception:
                log.exception("scheduling %s failed", game)
        # the outbox for a while, then back to the inbox: an answer never waits for a storm,
        # nor the mail left in the inbox for the answers (a shorter while then: its orders
        # must be played before a deadline passes them by)
        share = budget * (BUSY_FLUSH if more else 1.0)
        # a Maildir is written here, with no relay's round trips to overlap: one delivery at
        # a time (more threads would only take turns at the interpreter, for more CPU a mail)
        connections = 1 if self.games.settings.relay is None else CONNECTIONS
        self.games.flush(
            connections=connections, until=time.monotonic() + share, holder=self.holder
        )
        return more or bool(self.games.store.pending_mail(1, due_at=self.games.now()))


@dataclass(frozen=True)
class Config:
    """How a worker process opens what the service opened: ``settings.load``'s arguments."""

    data: Path | None
    db: str | None
    relay: str | None
    sweep_seconds: float = 60.0


class Doorbell:
    """How a worker is woken: one byte down a pipe, never a lock (a process killed while
    holding a shared lock would leave it held, and whoever rings next waiting forever). The
    ringing end closed: the worker stops."""

    def __init__(self, reader: int) -> None:
        self.reader = reader
        #: this process's own ringer (a commit by its scheduler's thread wakes its loop)
        self._own_reader, self._own = os.pipe()
        os.set_blocking(self._own, False)

    def ring(self) -> None:
        ring(self._own)

    def wait(self, timeout: float) -> bool:
        """Wait until rung or `timeout`: False once the ringing end is closed."""
        ready, _, _ = select.select([self.reader, self._own_reader], [], [], timeout)
        closed = False
        for fd in ready:
            data = os.read(fd, 4096)
            closed = closed or (fd == self.reader and not data)
        return not closed


def ring(fd: int) -> None:
    """One byte down a non-blocking pipe: a full pipe is rung already, a closed one gone."""
    with contextlib.suppress(BlockingIOError, BrokenPipeError):
        os.write(fd, b"!")


def run_worker(config: Config, index: int, count: int, bell: Connection) -> None:
    """A worker process: open the store, start the scheduler of its share, and go round until
    the service closes its end of `bell` (or dies); a byte down `bell`: mail came in."""
    from lgmail.config import settings

    # the listeners first: a burst of processing must not slow the 250s
    with contextlib.suppress(OSError):  # a sandbox may refuse it: the same priority then
        os.nice(NICENESS)
    shape = f"%(asctime)s worker{index} %(levelname)s %(name)s %(message)s"
    logging.basicConfig(level=logging.INFO, format=shape)
    games = Games(settings.load(config.data, config.db, relay=config.relay))
    # what the first ticks would load: the rule sets, every template
    VARIANTS.load_all()
    render.warm()
    sys.setswitchinterval(SWITCH_INTERVAL)
    inbound = Inbound(games)
    holder: list[Worker] = []
    scheduler = DeadlineScheduler(games, Clock.of(games.now), mine=lambda g: holder[0].mine(g))
    worker = Worker(games, inbound, scheduler, index, count)
    holder.append(worker)
    doorbell = Doorbell(bell.fileno())
    games.after_commit = doorbell.ring
    scheduler.start()
    swept = time.monotonic()
    parent = os.getppid()
    try:
        while os.getppid() == parent:  # the service gone: so is its worker
            started = time.monotonic()
            full = started - swept >= config.sweep_seconds
            if full:
                swept = started
            try:
                more = worker.round(full)
            except Exception:
                log.exception("worker round failed")
                more = False
            if not more:
                if not doorbell.wait(POLL):
                    break
                settle(started)
    finally:
        scheduler.stop()
        worker.leave()
        games.stop_sending()
        games.store.close()


class WorkerPool:
    """N worker processes (spawned: each its own interpreter, its own connections); a worker
    that dies is started again (its games' leases run out meanwhile), after ``died`` is told
    the holder name it leased under (the service releases the mails it was sending)."""

    def __init__(
        self, config: Config, count: int, died: Callable[[str], None] | None = None
    ) -> None:
        self.config = config
        self.count = count
        self.died = died
        self._context = multiprocessing.get_context("spawn")
        self._stop = threading.Event()
        #: each worker's doorbell: the ringing end (a file descriptor of this process)
        self._bells: list[int] = [-1] * count
        #: reading ends made for workers not started yet
        self._readers: list[Connection] = []
        self._processes = [self._process(index) for index in range(count)]
        self._supervisor: threading.Thread | None = None

    def _process(self, index: int) -> SpawnProcess:
        reader, writer = self._context.Pipe(duplex=False)
        os.set_blocking(writer.fileno(), False)
        if self._bells[index] >= 0:
            os.close(self._bells[index])
        self._bells[index] = os.dup(writer.fileno())
        writer.close()
        process = self._context.Process(
            target=run_worker,
            args=(self.config, index, self.count, reader),
            name=f"lgmail-worker-{index}",
            daemon=True,
        )
        self._readers.append(reader)
        return process

    def start(self) -> None:
        for process in self._processes:
            process.start()
        self._forget_readers()
        self._supervisor = threading.Thread(
            target=self._supervise, name="lgmail-workers", daemon=True
        )
        self._supervisor.start()

    def _supervise(self) -> None:
        while not self._stop.wait(SUPERVISE):
            for index, process in enumerate(self._processes):
                if process.is_alive() or self._stop.is_set():
                    continue
                log.warning(
                    "worker %d stopped (exit code %s): started again", index, process.exitcode
                )
                if self.died is not None and process.pid is not None:
                    try:
                        self.died(holder_of(process.pid, index))
                    except Exception:
                        log.exception("releasing what worker %d held failed", index)
                process.close()
                self._processes[index] = self._process(index)
                self._processes[index].start()
                self._forget_readers()

    def pids(self) -> list[int]:
        return [p.pid for p in self._processes if p.pid is not None]

    def _forget_readers(self) -> None:
        """The reading ends went to the started workers: this process keeps none open."""
        for reader in self._readers:
            reader.close()
        self._readers.clear()

    def wake(self) -> None:
        for bell in self._bells:
            ring(bell)

    def stop(self, timeout: float = 15.0) -> None:
        self._stop.set()
        if self._supervisor is not None:
            self._supervisor.join(timeout)
        for index, bell in enumerate(self._bells):  # a closed doorbell: the worker stops
            if bell >= 0:
                os.close(bell)
                self._bells[index] = -1
        for process in self._processes:
            process.join(timeout)
            if process.is_alive():
                process.terminate()
