"""The 21:30 storm: N games whose deadline falls at the same second, resolved by one service
process, their mails delivered to an SMTP relay; seconds, mails per second and peak RSS.

Usage: ``python bench/storm.py [--games N] [--db URL] [--path jobs|startup] [--split]
[--workers N]``

With ``--workers N`` (default: the cores) the service runs as `lgmail serve` does: the listener
in this process, N worker processes that tick their share of the games and deliver the mail
(the game clock passed to them as LGMAIL_NOW `ISO@UNIXTIME`); ``--workers 0``: one worker
thread in this process. A player of the first game mails a vote at 21:30:05 to the service's
SMTP listener: the seconds from its 250 to its answer in the outbox are printed (target
<= 5 s).

The workload (not timed): a data directory in a temporary folder, SQLite (or, with ``--db``, a
schema of its own in that PostgreSQL database, dropped afterwards). ``--workload mix``
(default): N games (default 1000; ``--games 1000,10000`` runs each count in turn and prints
them side by side) of the six rule sets in turn, 8 to 20 players, with histories of up to 40
phases (``bench/history.py``: played through the rules by the demo's bots and by Koh-Lanta's
and Cinquième's test players, then brought to a step due at 2026-03-10 21:30 Europe/Paris).
``--distinct`` histories (300) are played once (kept in ``--cache`` between runs) and each is
stored under several names, as lgmail would have stored it: its log and projection, its
summary, and (unless ``--no-past``) a past mail a player a phase in the outbox, sent. The first
game is the voter's: a fresh classic game, as in ``--workload fresh``: N classic games of 12 to
20 players (seeded random: ``--seed``), default composition, created and started through
``Games`` on a fixed game clock at 2026-03-09 22:00 Europe/Paris with the options ``close_at =
"21:30"`` (002), ``election = false`` and ``step_minutes = {cupidon: 0, loups: 0}``: night 1
rises at 22:00 and every one of its steps (Cupidon, Loups, Sorcière) is due at 2026-03-10
21:30 Europe/Paris. This is done in a child process (so that its memory is not the service's);
its mails (roles, night 1) are marked sent without being delivered, so that the outbox is
empty when the clock starts.

The sink: Postfix's ``smtp-sink`` (C, as a relay would accept mail: many connections at once,
little CPU) where Postfix is installed, else (or with ``--sink aiosmtpd``) an aiosmtpd
``Controller`` on loopback in a Python process of its own; either accepts every recipient,
drops every mail and counts them (their CPU and memory are not the service's).

The service (this process, as ``lgmail serve`` would run it): ``Games`` on the data directory
with ``relay = 127.0.0.1:PORT`` (``lgmail.mail.relay.SmtpRelay``, the sink), and
``Server(games, Endpoints(no listener), sweep_seconds=3600)`` with its ``DeadlineScheduler``
(APScheduler, a pool of 10 threads) on a game clock running at the real pace. Two paths:

* ``jobs`` (default): the service is started ``--lead`` seconds of game time before 21:30 (its
  start-up ticks each game once, nothing is due, and schedules each at 21:30:00; its worker's
  first sweep does it again), then waits: at 21:30:00 the N jobs fire at once. The clock starts
  at the real instant the game clock reaches 21:30:00.
* ``startup``: the service starts at 21:30:30 (a restart after the deadline): its scheduler's
  start-up ticks every game, one after the other, before scheduling it. The clock starts just
  before ``Server.start()`` (called in a thread of its own, so that this one can count).

Mail: by default, as lgmail does, each tick's transaction wakes the service's worker, whose
round delivers what is due in the outbox to the relay (``Games.flush()``) while the other ticks
go on. With ``--split`` the service's ``Games.flush`` does nothing until phase 1 is over; the
worker is then woken and its sweep delivers the outbox: the two phases apart.

Timed (``time.monotonic``), polled every 50 ms on a connection of its own:

1. **resolved**: until every game has a ``StepClosed`` written after the clock started, i.e.
   its step closed at the deadline and resolved, with the mails that causes in the outbox (the
   same transaction);
2. **delivered**: from there until no mail written since the clock started is left unsent (and
   none given up).

Checked after the run: each game has its first step closed with reason ``deadline`` (a fresh
game: its night's steps, its day 1 opened, and nothing else) and mails; the sink counted as
many mails as the outbox got; every game's job is set again (day 1) before ``Server.stop()``.
Printed: both phases and their total (target <= 30 s at 1,000 games, 60 s at 10,000), the mails
and mails per second, when 50, 90, 99 and 100 % of the games were resolved, the CPU time of the
service and of the sink during the timed part (and PostgreSQL's, when its server runs on this
machine: its postmaster and backends, read in /proc), the service's RSS before the clock started and
its peak (``ru_maxrss``; target <= 300 MB at 1,000 games, 400 MB at 10,000), and the warnings
and errors the service logged, its worker processes' included (a tick that fails is tried again
10 s later by the scheduler)."""

from __future__ import annotations

import argparse
import json
import logging
import multiprocessing
import multiprocessing.synchronize
import os
import pickle
import random
import re
import resource
import shutil
import smtplib
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import astuple, dataclass
from dataclasses import replace as dataclasses_replace
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.parser import BytesHeaderParser
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import history
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session
from pg import own_schema
from sqlalchemy import Engine, create_engine, insert, text
from sqlalchemy.exc import SQLAlchemyError

from lgmail.config.settings import load
from lgmail.mail.relay import Sender
from lgmail.mail.sender import send_outbox
from lgmail.rules.commands import Seat
from lgmail.rules.dump import dump
from lgmail.rules.flow import next_deadline
from lgmail.service.games import Games
from lgmail.service.scheduler import Clock
from lgmail.service.server import Endpoints, Server
from lgmail.service.workers import Config
from lgmail.store.model import NewEvent, OutgoingMail, Summary
from lgmail.store.schema import SERVE_PREFIX, outbox
from lgmail.store.work import Work

HOST = "127.0.0.1"
TZ = "Europe/Paris"
#: night 1 rises at 22:00 the day before (002's rhythm) ...
RISE = datetime(2026, 3, 9, 22, 0, tzinfo=ZoneInfo(TZ)).astimezone(UTC)
#: ... and all its steps close at 21:30
DEADLINE = datetime(2026, 3, 10, 21, 30, tzinfo=ZoneInfo(TZ)).astimezone(UTC)
OPTIONS: dict[str, Any] = {
    "close_at": "21:30",
    "tz": TZ,
    "election": False,
    "step_minutes": {"cupidon": 0, "loups": 0},
}
POLL_SECONDS = 0.05
#: how far behind the last position read `Watch.resolved` reads again: more than the events
#: the service's transactions in flight at once can hold
RESOLVED_MARGIN = 5_000
#: the targets by the games' count: 1,000 games (#20), 10,000 games (#37)
TARGETS = {1000: (30.0, 300.0), 10000: (60.0, 400.0)}
TARGET_ANSWER_S = 5.0


def targets(count: int) -> tuple[float, float]:
    """The storm's seconds and peak RSS (MB) for `count` games: those of the smallest count
    of `TARGETS` at or above it (the largest beyond)."""
    return next((t for n, t in sorted(TARGETS.items()) if count <= n), TARGETS[max(TARGETS)])


# -- setup (a child process) -------------------------------------------------------------------


class QuietGames(Games):
    """Games whose commits leave their mails in the outbox (no Maildir written)."""

    def flush(
        self,
        now: datetime | None = None,
        sender: Sender | None = None,
        connections: int = 1,
        until: float | None = None,
        holder: str | None = None,
    ) -> int:
        return 0


class Discard:
    """A sender that drops every mail: the rows are marked sent."""

    def open(self) -> None:
        pass

    def send(self, mail: OutgoingMail, name: str) -> None:
        pass

    def close(self) -> None:
        pass


@dataclass(frozen=True)
class Built:
    names: list[str]
    players: list[int]
    seconds: float
    mails: int
    #: games by rule set
    variants: Counter[str]
    #: phases of history, each game's
    phases: list[int]
    events: int
    #: past mails written to the outbox, marked sent (the store's weight)
    past: int


def game_name(i: int) -> str:
    return f"storm-{i:05d}"


def _fresh(games: Games, name: str, rng: random.Random) -> int:
    """A classic game of 12 to 20 players started at 22:00 through `Games`: its night 1 due at
    21:30 (the workload `fresh`, and the game the storm's voter plays in)."""
    size = rng.randint(12, 20)
    seats = [Seat(f"Joueur{j:02d}", f"j{j:02d}.{name}@example.org") for j in range(size)]
    games.create(
        name,
        "classic",
        seats,
        options=OPTIONS,
        mj=f"mj.{name}@example.org",
        seed=rng.getrandbits(32),
    )
    state = games.start(name)
    if state.phase != "night" or next_deadline(state) != DEADLINE:
        raise SystemExit(f"{name}: {state.phase}, next deadline {next_deadline(state)}")
    return size


@dataclass(frozen=True)
class Template:
    """A history (`bench/history.py`) as stored, its game's name to be replaced by a copy's."""

    name: str
    variant: str
    players: int
    phases: int
    events: list[tuple[str, int, str]]
    snapshot: str
    last: datetime


def _template(spec: history.Spec) -> Template:
    played = history.played(spec, DEADLINE)
    rows = [(e.TYPE, e.VERSION, json.dumps(e.payload(), ensure_ascii=False)) for e in played.events]
    return Template(
        spec.name,
        spec.variant,
        spec.players,
        played.phases,
        rows,
        dump(played.state),
        played.last,
    )


def templates(count: int, seed: int, cache: Path | None) -> list[Template]:
    """`count` histories of the mix, played in as many processes as cores (kept in `cache`,
    a folder, between runs: the same seed and count give the same games)."""
    path = (
        None
        if cache is None
        else cache / f"histories-{seed}-{count}-{DEADLINE:%Y%m%d}.tuples.pickle"
    )
    if path is not None and path.exists():
        # plain tuples: a Template pickled by storm.py run as __main__ must load in tick.py
        return [Template(*row) for row in pickle.loads(path.read_bytes())]
    specs = [
        dataclasses_replace(spec, name=f"tpl{i:04d}x")
        for i, spec in enumerate(history.mix(count, seed))
    ]
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=os.cpu_count(), mp_context=context) as pool:
        made = list(pool.map(_template, specs, chunksize=4))
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(pickle.dumps([astuple(t) for t in made]))
    return made


def _copy(games: Games, template: Template, name: str, past: bool) -> int:
    """`template`'s game stored as `name` (its log and projection in one transaction); with
    `past`, a mail a player a phase of its history in the outbox, sent (their size is not a
    real mail's: the rows weigh on the outbox's indexes, not on its bytes). The past mails
    written."""
    rows = [
        NewEvent(kind, version, json.loads(payload.replace(template.name, name)), "bench:history")
        for kind, version, payload in template.events
    ]
    games.store.append(
        name,
        0,
        rows,
        template.last,
        snapshot=template.snapshot.replace(template.name, name),
        summary=dataclasses_replace(_summary(template), game=name),
    )
    if not past:
        return 0
    mails = [
        {
            "message_id": f"<past.{k}.{name}@bench>",
            "game": name,
            "recipient": f"p{k % template.players:02d}.{name}@example.org",
            "raw": PAST_RAW,
            "created_at": template.last,
            "sent_at": template.last,
        }
        for k in range(template.phases * template.players)
    ]
    if mails:
        with games.store.engine.begin() as conn:
            conn.execute(insert(outbox), mails)
    return len(mails)


def _summary(template: Template) -> Summary:
    """The template's game summed up as lgmail writes it with each commit
    (`lgmail.service.summaries`), from its projection; due at DEADLINE (`history.played`)."""
    known = _SUMMARIES.get(template.name)
    if known is None:
        state = json.loads(template.snapshot)
        known = _SUMMARIES[template.name] = Summary(
            game=template.name,
            version=int(state["version"]),
            variant=str(state["variant"]),
            lang=str(state["lang"]),
            mj=str(state["mj"]).lower() if state["mj"] else None,
            status="ended" if state["ended"] else str(state["status"]),
            phase=str(state["phase"]),
            number=int(state["number"]),
            players=len(state["players"]),
            living=sum(1 for p in state["players"].values() if p["alive"]),
            due_at=DEADLINE,
        )
    return known


_SUMMARIES: dict[str, Summary] = {}


#: a past mail's bytes in the outbox (see `_copy`)
PAST_RAW = b"Subject: past\r\n\r\n" + b"x" * 200


def build(
    data: str,
    db: str,
    count: int,
    seed: int,
    workload: str = "mix",
    distinct: int = 300,
    cache: Path | None = None,
    past: bool = True,
) -> Built:
    """Create the `count` games of `workload`, all due at DEADLINE; mark their mails sent.
    `fresh`: classic games started at 22:00, night 1 due. `mix`: the voter's fresh game, then
    copies of `distinct` histories of the six rule sets (`bench/history.py`)."""
    started = time.monotonic()
    games = QuietGames(load(data, db), now=lambda: RISE)
    rng = random.Random(seed)
    names, players, phases = [], [], []
    variants: Counter[str] = Counter()
    events = written = 0
    made = templates(min(distinct, count), seed, cache) if workload == "mix" else []
    for i in range(count):
        name = game_name(i)
        if workload == "fresh" or i == 0:
            players.append(_fresh(games, name, rng))
            variants["classic"] += 1
            phases.append(1)
        else:
            template = made[(i - 1) % len(made)]
            written += _copy(games, template, name, past)
            players.append(template.players)
            variants[template.variant] += 1
            phases.append(template.phases)
            events += len(template.events)
        names.append(name)
    mails = send_outbox(games.store, Discard(), RISE, batch=1000)
    if games.store.pending_mail(1):
        raise SystemExit("setup mails left in the outbox")
    with games.store.engine.connect() as conn:
        events = int(conn.execute(text("SELECT COUNT(*) FROM events")).scalar_one())
    games.store.close()
    return Built(
        names, players, time.monotonic() - started, mails, variants, phases, events, written
    )


def build_apart(
    data: str,
    db: str,
    count: int,
    seed: int,
    workload: str,
    distinct: int,
    cache: Path | None,
    past: bool,
) -> Built:
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
        return pool.submit(build, data, db, count, seed, workload, distinct, cache, past).result()


# -- the sink (a child process) ----------------------------------------------------------------


class DropHandler:
    """Every recipient accepted (aiosmtpd's default RCPT), every mail counted and dropped."""

    def __init__(self, counter: Any) -> None:
        self.counter = counter

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        with self.counter.get_lock():
            self.counter.value += 1
        return "250 OK"


def _sink(
    port: int,
    counter: Any,
    ready: multiprocessing.synchronize.Event,
    stop: multiprocessing.synchronize.Event,
) -> None:
    controller = Controller(DropHandler(counter), hostname=HOST, port=port, server_hostname="sink")
    controller.start()
    ready.set()
    stop.wait()
    controller.stop()


@dataclass(frozen=True)
class Sink:
    """A relay that accepts every mail and drops it: aiosmtpd's, in a Python process of its own
    (`counter` its count), or Postfix's ``smtp-sink`` (C; `log` its running count)."""

    pid: int
    counter: Any = None
    log: Path | None = None

    def accepted(self) -> int:
        if self.log is None:
            return int(self.counter.value)
        tail = self.log.read_bytes()[-200:].decode(errors="replace")
        counts = re.findall(r"mesg=(\d+)", tail)
        return int(counts[-1]) if counts else 0

    def cpu(self) -> float:
        """The sink process's CPU seconds so far (user + system)."""
        return process_cpu(self.pid)


#: Postfix's test server, where Postfix is installed (`.ci/postfix.sh`)
SMTP_SINK = shutil.which("smtp-sink") or (
    "/usr/sbin/smtp-sink" if Path("/usr/sbin/smtp-sink").exists() else None
)


@contextmanager
def sink(port: int, kind: str) -> Iterator[Sink]:
    """The SMTP sink on `port`, in a process of its own: `kind` "aiosmtpd" or "smtp-sink"."""
    if kind == "smtp-sink":
        if SMTP_SINK is None:
            raise SystemExit("--sink smtp-sink: Postfix's smtp-sink is not installed")
        with tempfile.TemporaryDirectory(prefix="lgmail-sink-") as tmp:
            log = Path(tmp) / "count"
            user = ["-u", "nobody"] if os.geteuid() == 0 else []
            with log.open("wb") as out:
                process = subprocess.Popen(
                    [SMTP_SINK, *user, "-c", f"{HOST}:{port}", "1024"],
                    stdout=out,
                    stderr=subprocess.STDOUT,
                )
            try:
                wait_until(lambda: _listening(port), 30, "smtp-sink")
                yield Sink(process.pid, log=log)
            finally:
                process.terminate()
                process.wait(timeout=10)
        return
    context = multiprocessing.get_context("spawn")
    counter = context.Value("q", 0)
    ready, stop = context.Event(), context.Event()
    child = context.Process(target=_sink, args=(port, counter, ready, stop), daemon=True)
    child.start()
    if not ready.wait(60):
        child.kill()
        raise SystemExit("the SMTP sink did not start")
    try:
        yield Sink(child.pid or 0, counter=counter)
    finally:
        stop.set()
        child.join(timeout=10)


def _listening(port: int) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex((HOST, port)) == 0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


# -- the service -------------------------------------------------------------------------------


class GameClock:
    """Game time from `at`, at the real pace (rate 1), from the moment it is made."""

    def __init__(self, at: datetime) -> None:
        self.at = at
        self.t0 = time.monotonic()
        self.wall0 = time.time()

    def environ(self) -> str:
        """The same clock for the worker processes: LGMAIL_NOW `ISO@UNIXTIME`."""
        return f"{self.at.isoformat()}@{self.wall0}"

    def now(self) -> datetime:
        return self.at + timedelta(seconds=time.monotonic() - self.t0)

    def when(self, moment: datetime) -> float:
        """The time.monotonic() at which the game clock reaches `moment`."""
        return self.t0 + (moment - self.at).total_seconds()


class StormGames(Games):
    """The service's Games: lgmail's own, but for two hooks of the bench. While `hold` is set,
    flush does nothing (``--split``); `swept` is set when the worker's sweep reaches its flush
    (its end)."""

    hold = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.swept = threading.Event()

    def flush(
        self,
        now: datetime | None = None,
        sender: Sender | None = None,
        connections: int = 1,
        until: float | None = None,
        holder: str | None = None,
    ) -> int:
        if threading.current_thread().name == "lgmail-worker":
            self.swept.set()
        if self.hold:
            return 0
        return super().flush(now, sender, connections, until, holder)


class Watch:
    """Counts read on a connection of its own (WAL: readers do not block the service)."""

    def __init__(self, url: str, fresh: bool) -> None:
        #: every game is a fresh classic game (its night 1 closes, its day 1 opens)
        self.fresh = fresh
        self.engine: Engine = create_engine(url)
        with self.engine.connect() as conn:
            self.position = int(
                conn.execute(text("SELECT COALESCE(MAX(position), 0) FROM events")).scalar_one()
            )
            self.outbox_id = int(
                conn.execute(text("SELECT COALESCE(MAX(id), 0) FROM outbox")).scalar_one()
            )
        #: the games resolved so far, and the largest position when they were last read
        self._resolved: set[str] = set()
        self._seen_upto = self.position

    def _count(self, sql: str, since: int) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(text(sql), {"since": since}).scalar_one())

    def resolved(self) -> int:
        """The games with a step closed since the clock started (a tick is one transaction:
        its game resolved, with its mails in the outbox). Each poll reads only the events
        written since the last one, from a margin behind (on PostgreSQL an event may become
        visible after one with a larger position): counting every event since the start at
        each poll made the bench's own queries grow with the storm (at 10,000 games, 150,000
        events scanned 20 times a second, on the cores the service runs on)."""
        since = max(self.position, self._seen_upto - RESOLVED_MARGIN)
        with self.engine.connect() as conn:
            rows = conn.execute(
                text(
                    "SELECT game, position FROM events WHERE position > :since "
                    "AND type = 'StepClosed'"
                ),
                {"since": since},
            ).all()
            newest = conn.execute(text("SELECT COALESCE(MAX(position), 0) FROM events"))
            upto = int(newest.scalar_one())
        self._resolved.update(str(game) for game, _ in rows)
        self._seen_upto = max(self._seen_upto, upto)
        return len(self._resolved)

    def written(self) -> int:
        return self._count("SELECT COUNT(*) FROM outbox WHERE id > :since", self.outbox_id)

    def unsent(self) -> int:
        return self._count(
            "SELECT COUNT(*) FROM outbox WHERE id > :since AND sent_at IS NULL "
            "AND failed_at IS NULL",
            self.outbox_id,
        )

    def failed(self) -> int:
        return self._count(
            "SELECT COUNT(*) FROM outbox WHERE id > :since AND failed_at IS NOT NULL",
            self.outbox_id,
        )

    def check(self, names: list[str]) -> list[str]:
        """What is wrong with the games' events since the clock started (empty: all fine)."""
        seen: dict[str, list[tuple[str, dict[str, Any]]]] = defaultdict(list)
        with self.engine.connect() as conn:
            rows = conn.execute(
                text("SELECT game, type, payload FROM events WHERE position > :since"),
                {"since": self.position},
            )
            for game, kind, payload in rows:
                seen[str(game)].append((str(kind), json.loads(payload)))
            mails: dict[str, int] = dict(
                conn.execute(
                    text("SELECT game, COUNT(*) FROM outbox WHERE id > :since GROUP BY game"),
                    {"since": self.outbox_id},
                ).all()
            )
        wrong = []
        for name in names:
            events = seen.get(name, [])
            closed = [p["reason"] for k, p in events if k == "StepClosed"]
            opened = [p["kind"] for k, p in events if k == "PhaseOpened"]
            fresh = name == names[0] or self.fresh
            if (
                not closed
                or closed[0] != "deadline"
                or (fresh and (set(closed) != {"deadline"} or opened != ["day"]))
                or not mails.get(name)
            ):
                wrong.append(f"{name}: closed {closed}, opened {opened}, {mails.get(name)} mails")
        wrong += [f"{game}: not a game of the bench" for game in seen if game not in set(names)]
        return wrong

    def close(self) -> None:
        self.engine.dispose()


class Tally(logging.Handler):
    """The service's warnings and errors, counted by message (the first text of each kept)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.counts: Counter[str] = Counter()
        self.first: dict[str, str] = {}

    def emit(self, record: logging.LogRecord) -> None:
        key = f"{record.levelname} {record.name}: {record.msg}"
        self.counts[key] += 1
        if key not in self.first:
            text = record.getMessage()
            if record.exc_info and record.exc_info[1] is not None:
                text += f" ({str(record.exc_info[1]).splitlines()[0]})"
            self.first[key] = text


class WorkerLines:
    """The worker processes' warnings and errors: their log lines come down this process's
    standard error (a spawned process shares it), which a thread reads through a pipe, passes
    on unchanged and counts (``worker<N> LEVEL logger message``)."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.first: dict[str, str] = {}
        self._saved = os.dup(2)
        reader, writer = os.pipe()
        os.dup2(writer, 2)
        os.close(writer)
        self._thread = threading.Thread(target=self._read, args=(reader,), daemon=True)
        self._thread.start()

    def _read(self, reader: int) -> None:
        with os.fdopen(reader, "rb") as lines:
            for line in lines:
                os.write(self._saved, line)
                words = line.decode(errors="replace").split(maxsplit=5)
                if len(words) > 4 and words[2].startswith("worker") and words[3] in LEVELS:
                    key = f"{words[3]} {words[4]}: worker log"
                    self.counts[key] += 1
                    self.first.setdefault(key, " ".join(words[2:]).strip())

    def close(self) -> None:
        """Standard error as it was (the pipe's end closed: the thread reads to its end)."""
        os.dup2(self._saved, 2)
        self._thread.join(timeout=5)


#: the levels a worker's line is counted at
LEVELS = ("WARNING", "ERROR", "CRITICAL")


def resolving(watch: Watch, count: int, start: float, timeout: float) -> dict[int, float]:
    """Poll until `count` games are resolved; the seconds from `start` at which 50, 90, 99
    and 100 % of them were."""
    marks = {50: 0.0, 90: 0.0, 99: 0.0, 100: 0.0}
    end = time.monotonic() + timeout
    while True:
        done, now = watch.resolved(), time.monotonic()
        for mark in marks:
            if not marks[mark] and done * 100 >= count * mark:
                marks[mark] = now - start
        if done >= count:
            return marks
        if now > end:
            raise SystemExit(f"timed out after {timeout:.0f} s: {done} of {count} resolved")
        time.sleep(POLL_SECONDS)


def wait_until(what: Any, timeout: float, label: str) -> float:
    """Poll `what()` until true; the time.monotonic() it was seen true."""
    end = time.monotonic() + timeout
    while not what():
        if time.monotonic() > end:
            raise SystemExit(f"timed out after {timeout:.0f} s waiting for {label}")
        time.sleep(POLL_SECONDS)
    return time.monotonic()


def rss_mb() -> float:
    """The process's resident set now, in MB (VmRSS)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def cpu_seconds(pids: list[int] | None = None) -> float:
    """This process's CPU seconds, and its worker processes' (/proc/PID/stat)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    total = usage.ru_utime + usage.ru_stime
    return total + sum(process_cpu(pid) for pid in pids or [])


def stat_fields(stat: Path) -> list[str]:
    """The fields of a /proc/PID/stat after the command's name (state, ppid, ...: utime and
    stime are [11] and [12], cutime and cstime [13] and [14], in clock ticks)."""
    return stat.read_text().rpartition(")")[2].split()


def process_cpu(pid: int) -> float:
    """A process's CPU seconds so far (user + system)."""
    fields = stat_fields(Path(f"/proc/{pid}/stat"))
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def workers_peak_mb(pids: list[int]) -> list[float]:
    """Each worker process's peak resident set (VmHWM), in MB."""
    peaks = []
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                peaks.append(int(line.split()[1]) / 1024)
    return peaks


def postgresql_cpu(url: str) -> Callable[[], float] | None:
    """The CPU seconds of a PostgreSQL server on this machine so far (its postmaster, the
    backends that ended, the ones running), as a function; None when the server is not
    local or its folder cannot be read."""
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            folder = Path(str(conn.exec_driver_sql("SHOW data_directory").scalar()))
        postmaster = int((folder / "postmaster.pid").read_text().split()[0])
        stat_fields(Path(f"/proc/{postmaster}/stat"))
    except (OSError, ValueError, IndexError, SQLAlchemyError):
        return None
    finally:
        engine.dispose()
    tick = os.sysconf("SC_CLK_TCK")

    def seconds() -> float:
        total = 0
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat_fields(stat)
            except OSError:  # a process that ended meanwhile
                continue
            if stat.parent.name == str(postmaster):  # its own, and the ended backends'
                total += sum(int(f) for f in fields[11:15])
            elif int(fields[1]) == postmaster:
                total += int(fields[11]) + int(fields[12])
        return total / tick

    return seconds


class Voter:
    """A player of the first game who mails a vote at 21:30:05 (in the storm): the seconds
    from the 250 to the answer in the outbox (the answer's In-Reply-To names the mail)."""

    def __init__(self, watch: Watch, game: str, port: int) -> None:
        self.watch, self.port = watch, port
        with watch.engine.connect() as conn:
            recipient, raw = conn.execute(
                text(
                    "SELECT recipient, raw FROM outbox WHERE game = :g AND recipient LIKE 'j00.%' "
                    "ORDER BY id LIMIT 1"
                ),
                {"g": game},
            ).one()
        self.sender = str(recipient)
        self.reply_to = str(BytesHeaderParser().parsebytes(bytes(raw))["Reply-To"])
        self.seconds = -1.0

    def vote(self, at: float) -> None:
        time.sleep(max(0.0, at - time.monotonic()))
        msg = EmailMessage()
        msg["From"] = self.sender
        msg["To"] = self.reply_to
        msg["Subject"] = "Re: vote"
        msg["Message-ID"] = "<storm-vote@example.org>"
        msg.set_content("vote personne\n")
        with smtplib.SMTP(HOST, self.port, timeout=30) as client:
            client.send_message(msg)
        sent = time.monotonic()
        sql = text("SELECT raw FROM outbox WHERE recipient = :r AND id > :since")
        params = {"r": self.sender, "since": self.watch.outbox_id}

        def answered() -> bool:
            with self.watch.engine.connect() as conn:
                raws = conn.execute(sql, params).scalars()
                return any(b"In-Reply-To: <storm-vote@" in bytes(raw) for raw in raws)

        try:
            self.seconds = wait_until(answered, 120, "the vote's answer") - sent
        except SystemExit as error:  # reported: -1 s
            print(f"the vote: {error}", file=sys.stderr)


@dataclass(frozen=True)
class Run:
    resolved_s: float
    delivered_s: float
    mails: int
    sent_in_phase1: int
    accepted: int
    cpu_s: float
    rss_before: float
    peak_before: float
    peak: float
    #: the listener process's peak, then each worker's
    peaks: list[float]
    start_s: float
    slack_s: float
    settled_s: float
    marks: dict[int, float]
    sink_cpu_s: float
    #: the bench's own polls of the store (its main thread), not counted in `cpu_s`
    polls_cpu_s: float
    #: PostgreSQL's CPU seconds (its server's processes) when it runs on this machine
    database_cpu_s: float | None
    problems: Counter[str]
    first: dict[str, str]
    #: seconds from a player's vote mailed at 21:30:05 (its 250) to its answer in the outbox
    answer_s: float


def stop(server: Server, timeout: float = 60.0) -> None:
    """``server.stop()``, given up after `timeout` (a guard: it must return)."""
    stopper = threading.Thread(target=server.stop, name="stop", daemon=True)
    stopper.start()
    stopper.join(timeout)
    if stopper.is_alive():
        print(f"Server.stop() did not return in {timeout:.0f} s: exiting", file=sys.stderr)
        sys.stderr.flush()
        os._exit(3)


def serve(
    data: str,
    db: str,
    names: list[str],
    path: str,
    split: bool,
    lead: float,
    timeout: float,
    workers: int,
    fresh: bool = True,
    sink_kind: str = "aiosmtpd",
) -> Run:
    port, smtp = free_port(), free_port()
    settings = load(data, db, relay=f"{HOST}:{port}")
    tally = Tally()
    logging.getLogger("lgmail").addHandler(tally)
    worker_lines = WorkerLines()
    with sink(port, sink_kind) as relay:
        clock = GameClock(
            DEADLINE - timedelta(seconds=lead)
            if path == "jobs"
            else DEADLINE + timedelta(seconds=30)
        )
        os.environ["LGMAIL_NOW"] = clock.environ()  # the worker processes' clock
        games = StormGames(settings, now=clock.now)
        games.hold = split
        watch = Watch(settings.db_url, fresh)
        voter = Voter(watch, names[0], smtp)
        server = Server(
            games,
            Endpoints(smtp=f"{HOST}:{smtp}", lmtp=None, imap=None),
            sweep_seconds=3600,
            clock=Clock(clock.now, 1.0),
            workers=workers,
            config=Config(Path(data), db, f"{HOST}:{port}"),
        )
        pids: list[int] = []
        start_s = slack_s = 0.0
        measured = postgresql_cpu(db) if db.startswith("postgresql") else None
        on_postgresql = measured is not None
        database_cpu = measured or (lambda: 0.0)
        voting = threading.Thread(
            target=voter.vote, args=(clock.when(DEADLINE + timedelta(seconds=5)),), daemon=True
        )
        try:
            if path == "jobs":
                begun = time.monotonic()
                server.start()
                if server.pool is None:
                    if not games.swept.wait(timeout):
                        raise SystemExit("the worker's first sweep did not end")
                else:  # each worker's first round (after its start-up ticks) renews its lease
                    work = Work(games.store)
                    wait_until(
                        lambda: len(work.holders(SERVE_PREFIX, datetime.now(UTC))) >= workers,
                        timeout,
                        "the workers' start-up",
                    )
                    pids = server.pool.pids()
                start_s = time.monotonic() - begun
                started = clock.when(DEADLINE)
                slack_s = started - time.monotonic()
                if slack_s < 0.5:
                    raise SystemExit(
                        f"the service took {start_s:.1f} s to start, past 21:30 "
                        f"(--lead {lead:.0f}): raise --lead"
                    )
                rss_before, peak_before = rss_mb(), peak_mb()
                voting.start()
                time.sleep(max(0.0, started - time.monotonic()))
                cpu0, sink_cpu0, database_cpu0 = cpu_seconds(pids), relay.cpu(), database_cpu()
                polls0 = time.thread_time()
                marks = resolving(watch, len(names), started, timeout)
            else:
                rss_before, peak_before = rss_mb(), peak_mb()
                # started in a thread of its own (the main thread counts the games resolved)
                starter = threading.Thread(target=server.start, name="start", daemon=True)
                cpu0, sink_cpu0, database_cpu0 = cpu_seconds(), relay.cpu(), database_cpu()
                polls0 = time.thread_time()
                started = time.monotonic()
                starter.start()
                marks = resolving(watch, len(names), started, timeout)
                starter.join(timeout)
            resolved = started + marks[100]
            mails, unsent = watch.written(), watch.unsent()
            if split:
                games.hold = False
                server.wake()
            delivered = wait_until(lambda: watch.unsent() == 0, timeout, "the outbox to empty")
            # the main thread only polls the store during the timed part: its CPU is the
            # bench's, not the service's, though the same process's
            polls_cpu = time.thread_time() - polls0
            cpu = cpu_seconds(pids) - cpu0 - polls_cpu
            sink_cpu = relay.cpu() - sink_cpu0
            database_cpu_s = database_cpu() - database_cpu0 if on_postgresql else None
            # every job has set the game's next one (day 1's deadline): seen in this process
            # only when the worker is its thread
            settled = started - 1.0
            if server.pool is None:
                settled = wait_until(
                    lambda: all(
                        (server.scheduler.scheduled(n) or DEADLINE) > DEADLINE for n in names
                    ),
                    timeout,
                    "every game scheduled again",
                )
            voting.join(timeout)
            # read before the check below, whose events (60,000 at 10,000 games) are the
            # bench's, not the service's
            peak_listener, peak_workers = peak_mb(), workers_peak_mb(pids)
        finally:
            stop(server)
        wrong = watch.check(names)
        failed = watch.failed()
        written = watch.written()
        watch.close()
        games.store.close()
        accepted = relay.accepted()
    worker_lines.close()
    if wrong:
        raise SystemExit("games not resolved as expected:\n  " + "\n  ".join(wrong[:20]))
    # the vote's answer (one mail) may be written after phase 1
    if failed or written - mails not in (0, 1) or accepted < mails:
        raise SystemExit(
            f"{mails} mails at the end of phase 1, {written} in all, {failed} given up, "
            f"{accepted} accepted by the sink"
        )
    return Run(
        resolved_s=resolved - started,
        delivered_s=delivered - resolved,
        mails=mails,
        sent_in_phase1=mails - unsent,
        accepted=accepted,
        cpu_s=cpu,
        rss_before=rss_before,
        peak_before=peak_before,
        peak=peak_listener + sum(peak_workers),
        peaks=[peak_listener, *peak_workers],
        start_s=start_s,
        slack_s=slack_s,
        settled_s=settled - started,
        marks=marks,
        sink_cpu_s=sink_cpu,
        polls_cpu_s=polls_cpu,
        database_cpu_s=database_cpu_s,
        problems=tally.counts + worker_lines.counts,
        first={**tally.first, **worker_lines.first},
        answer_s=voter.seconds,
    )


# -- PostgreSQL: a schema of our own -----------------------------------------------------------


@contextmanager
def database(url: str | None, data: Path) -> Iterator[str]:
    """The SQLite file in `data`, or a fresh schema in the PostgreSQL database `url`."""
    if url is None:
        yield f"sqlite:///{data / 'lgmail.sqlite3'}"
        return
    with own_schema(url, "lgmail_storm") as scoped:
        yield scoped


def analyze(url: str) -> None:
    """On PostgreSQL, the planner's statistics of the store just built, as autovacuum keeps
    them on a store that took weeks to fill: without them a range of positions (the sweep's
    `games_since`, the bench's count of games resolved) is planned as a third of the table,
    scanned whole (73 ms a count at 1,000 games, polled 20 times a second)."""
    if not url.startswith("postgresql"):
        return
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            conn.execution_options(isolation_level="AUTOCOMMIT").exec_driver_sql("ANALYZE")
    finally:
        engine.dispose()


# -- report ------------------------------------------------------------------------------------


def report(args: argparse.Namespace, count: int, lead: float, built: Built, run: Run) -> None:
    """One run's figures, with its targets."""
    players = sum(built.players)
    store = "SQLite" if args.db is None else "PostgreSQL"
    local = DEADLINE.astimezone(ZoneInfo(TZ))
    kinds = ", ".join(f"{n} {v}" for v, n in sorted(built.variants.items()))
    print(
        f"lgmail storm: {count} games ({kinds}) of {min(built.players)} to "
        f"{max(built.players)} players ({players} in all), {store}; every game due at "
        f"{local:%Y-%m-%d %H:%M} {TZ}"
    )
    print(
        f"store: {built.events} events, {min(built.phases)} to {max(built.phases)} phases of "
        f"history a game (mean {sum(built.phases) / count:.1f}), {built.past} past mails sent"
    )
    print(
        f"setup (not timed): {built.seconds:.1f} s, in a child process; "
        f"{built.mails} setup mails marked sent"
    )
    if args.path == "jobs":
        print(
            f"path: Server + DeadlineScheduler started {lead:.0f} s before 21:30 (start-up and "
            f"first sweep {run.start_s:.1f} s), {count} jobs fire at 21:30:00"
        )
    else:
        print(f"path: Server + DeadlineScheduler started at 21:30:30, its start-up ticks {count}")
    print(
        f"mail: to {args.sink} (a process of its own), "
        + (
            "held during phase 1, then delivered by the worker's sweep (--split)"
            if args.split
            else f"delivered by the worker as the ticks commit "
            f"({run.sent_in_phase1} of {run.mails} sent by the end of phase 1)"
        )
    )
    print()
    total = run.resolved_s + run.delivered_s
    unsent = run.mails - run.sent_in_phase1
    rows = [
        ("1. 21:30 -> every game resolved, mails in outbox", run.resolved_s, run.mails),
        ("2. -> outbox empty (delivered to the sink)", run.delivered_s, unsent),
        ("total", total, run.mails),
    ]
    header = f"{'phase':<50} {'seconds':>8} {'mails':>7} {'mails/s':>8}"
    print(header)
    print("-" * len(header))
    for label, seconds, mails in rows:
        rate = f"{mails / seconds:>8,.0f}" if mails and seconds >= 0.1 else f"{'-':>8}"
        print(f"{label:<50} {seconds:>8.2f} {mails:>7} {rate}")
    print("(mails: written in phase 1, delivered in phase 2, both in the total)")
    marks = ", ".join(f"{mark} % {seconds:.1f} s" for mark, seconds in run.marks.items())
    print(f"games resolved after: {marks}")
    if args.workers:
        print(f"{args.workers} worker processes (each schedules its share of the games)")
    else:
        print(
            f"every game's job set again for day 1: seen at {run.settled_s:.2f} s (after phase 2)"
        )
    answer_ok = "met" if 0 <= run.answer_s <= TARGET_ANSWER_S else "NOT met"
    print(
        f"a player's vote mailed at 21:30:05: answer in the outbox {run.answer_s:.2f} s after "
        f"its 250 (target <= {TARGET_ANSWER_S:.0f} s: {answer_ok})"
    )
    print(
        f"mails: {run.mails} written ({run.mails / count:.1f} a game), "
        f"{run.accepted} accepted by the sink; delivered {run.mails / total:,.0f} a second "
        f"over the storm"
    )
    print(
        f"service CPU during the timed part: {run.cpu_s:.1f} s "
        f"({run.cpu_s / total:.0%} of one core, {run.cpu_s / count * 1000:.1f} ms a game); "
        f"the sink's: {run.sink_cpu_s:.1f} s; the bench's polls (not counted): "
        f"{run.polls_cpu_s:.1f} s"
        + (
            ""
            if run.database_cpu_s is None
            else f"; PostgreSQL's: {run.database_cpu_s:.1f} s "
            f"({run.database_cpu_s / count * 1000:.1f} ms a game)"
        )
    )
    print(
        f"RSS of the service (listener process, plus its workers' peaks): "
        f"{run.rss_before:.0f} MB before the clock "
        f"(peak so far {run.peak_before:.0f} MB), peak {run.peak:.0f} MB (ru_maxrss), "
        f"growth {run.peak - run.peak_before:+.0f} MB: "
        + " + ".join(f"{mb:.0f}" for mb in run.peaks)
        + " (the listener's, then each worker's)"
    )
    if run.problems:
        print("logged by the service during the run:")
        for key, times in run.problems.most_common():
            print(f"  {times:>5} x {key}")
            print(f"          first: {run.first[key][:200]}")
    else:
        print("logged by the service during the run: no warning, no error")
    seconds, megabytes = targets(count)
    seconds_ok = "met" if total <= seconds else "NOT met"
    rss_ok = "met" if run.peak <= megabytes else "NOT met"
    print(
        f"targets: total <= {seconds:.0f} s: {seconds_ok} ({total:.1f} s); "
        f"peak RSS <= {megabytes:.0f} MB: {rss_ok} ({run.peak:.0f} MB)"
    )


def side_by_side(results: list[tuple[int, Built, Run]]) -> None:
    """The runs' figures in columns, and what a game cost in each: what must not grow with
    the games in the store."""
    print()
    print("side by side (one run each):")
    counts = [f"{count:,} games" for count, _, _ in results]
    print(f"{'':<44}" + "".join(f"{c:>16}" for c in counts))

    def row(label: str, values: list[str]) -> None:
        print(f"{label:<44}" + "".join(f"{v:>16}" for v in values))

    def total(run: Run) -> float:
        return run.resolved_s + run.delivered_s

    row("events in the store", [f"{b.events:,}" for _, b, _ in results])
    row("serve start-up (until every worker ran)", [f"{r.start_s:.1f} s" for _, _, r in results])
    row("  a game", [f"{r.start_s / c * 1000:.2f} ms" for c, _, r in results])
    row("every game resolved", [f"{r.resolved_s:.1f} s" for _, _, r in results])
    row("  a game", [f"{r.resolved_s / c * 1000:.2f} ms" for c, _, r in results])
    row("outbox empty after that", [f"{r.delivered_s:.1f} s" for _, _, r in results])
    row("storm total", [f"{total(r):.1f} s" for _, _, r in results])
    row("mails written", [f"{r.mails:,}" for _, _, r in results])
    row("mails delivered a second", [f"{r.mails / total(r):,.0f}" for _, _, r in results])
    row("service CPU a game", [f"{r.cpu_s / c * 1000:.1f} ms" for c, _, r in results])
    if all(r.database_cpu_s is not None for _, _, r in results):
        row(
            "PostgreSQL's CPU a game",
            [f"{(r.database_cpu_s or 0.0) / c * 1000:.1f} ms" for c, _, r in results],
        )
    row("a vote's answer (21:30:05)", [f"{r.answer_s:.2f} s" for _, _, r in results])
    row("peak RSS (listener + workers)", [f"{r.peak:.0f} MB" for _, _, r in results])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--games",
        default="1000",
        help="games, or several counts run one after the other (1000,10000) and printed side "
        "by side (default 1000)",
    )
    parser.add_argument(
        "--workload",
        choices=("mix", "fresh"),
        default="mix",
        help="mix (default): histories of the six rule sets; fresh: classic games at night 1",
    )
    parser.add_argument(
        "--distinct",
        type=int,
        default=300,
        help="mix: histories played, each stored under several names (default 300)",
    )
    parser.add_argument(
        "--cache",
        type=Path,
        default=Path.home() / ".cache" / "lgmail-bench",
        help="mix: the folder the histories are kept in between runs",
    )
    parser.add_argument("--no-past", action="store_true", help="mix: no past mails in the outbox")
    parser.add_argument(
        "--seed", type=int, default=2130, help="seed of the player counts and the games (2130)"
    )
    parser.add_argument("--db", default=None, help="a PostgreSQL URL (default: SQLite)")
    parser.add_argument(
        "--path",
        choices=("jobs", "startup"),
        default="jobs",
        help="the scheduler's jobs firing at 21:30 (default), or its start-up at 21:30:30",
    )
    parser.add_argument(
        "--split", action="store_true", help="no delivery during phase 1 (see the docstring)"
    )
    parser.add_argument(
        "--lead",
        type=float,
        default=None,
        help="jobs: seconds between the service's start and 21:30 (default 10 + N / 50)",
    )
    parser.add_argument(
        "--sink",
        choices=("smtp-sink", "aiosmtpd"),
        default="smtp-sink" if SMTP_SINK else "aiosmtpd",
        help="the relay: Postfix's smtp-sink where installed (default), else aiosmtpd's",
    )
    parser.add_argument("--timeout", type=float, default=900, help="seconds per wait (900)")
    parser.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count() or 1,
        help="worker processes, as `lgmail serve` (default: the cores; 0: a worker thread)",
    )
    args = parser.parse_args(argv)
    results: list[tuple[int, Built, Run]] = []
    for count in [max(1, int(c)) for c in str(args.games).split(",")]:
        lead = args.lead if args.lead is not None else 10 + count / 50
        with (
            tempfile.TemporaryDirectory(prefix="lgmail-storm-") as tmp,
            database(args.db, Path(tmp)) as db,
        ):
            built = build_apart(
                tmp,
                db,
                count,
                args.seed,
                args.workload,
                args.distinct,
                args.cache,
                not args.no_past,
            )
            analyze(db)
            run = serve(
                tmp,
                db,
                built.names,
                args.path,
                args.split,
                lead,
                args.timeout,
                max(0, args.workers),
                fresh=args.workload == "fresh",
                sink_kind=args.sink,
            )
        report(args, count, lead, built, run)
        results.append((count, built, run))
        print()
    if len(results) > 1:
        side_by_side(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
