"""Mail in: mails per second from SMTP accept to events committed with the answer in the outbox,
on SQLite, beside a bare aiosmtpd sink (accepts and drops) in the same run, for two workloads:
one game, and many games at once (as at 21:30, #37).

Usage: ``python bench/ingest.py [--mails N] [--clients C] [--games G [G ...]] [--rounds R]
[--profile K]``

The workloads (``--games``, default ``1 50``: both, one after the other, each in its own
temporary directory), on SQLite, the games' clock fixed at ``tests.scenario.START`` so that no
deadline passes during the run, each game created and started with an election day open (votes
accepted all day, changeable):

* **1 game**: one classic game ``village`` of ``P = max(20, ceil(N / 25))`` players (a quarter
  wolves, the rest villagers); mail i comes from player i mod P.
* **G games** (G > 1): ``village01``... of 8 to 20 players each (drawn with a fixed seed), the
  rule sets taken in turn: classic, thiercelieux, nombres (a quarter wolves, the rest
  villagers), maisons (a fifth wolves, five harmless cards each); the N mails come from every
  player of every game in turn, in a shuffled order each round, so that the games' mails are
  interleaved as when the village squares of many games vote at once.

Each player sends at most 25 mails: with the 2 mails of the game's start and 1 of the warm-up,
they stay under the 30 answers per hour after which an answer is skipped
(``ANSWERS_PER_HOUR``), which would flatter lgmail. The N mails are real RFC 5322 mails (From,
To, Subject, Date, Message-ID, MIME text body), each from a player to their personal reply
address (the Reply-To of their role mail) with one vote line (``vote Joueur07``) for another
player of their game, the target changing from mail to mail. They are built before the clock
starts and sent the same way to two servers, one after the other:

* **sink**: an aiosmtpd ``Controller`` (same ``data_size_limit`` as lgmail's listener) whose
  handler accepts every recipient and whose ``handle_DATA`` returns ``250 OK`` and drops the
  mail. The clock stops at the last 250.
* **lgmail**: ``Server(games, Endpoints(smtp=...))`` with the games, i.e. the SMTP listener
  (RCPT checked against the games, the mail committed to the inbox before the 250) and the
  workers that process the inbox (the mails of a game that came together played in one
  transaction with their events, answers and rows' outcomes, then the outbox delivered to the
  Maildir), woken after each group commit; their full sweep (which ticks the games touched
  since the last) every 60 s as ``lgmail serve``'s, not during the run. Two figures:
  **accept** stops the clock at the last 250 (every mail committed to the inbox); **accept +
  process** stops it when ``inbox_pending(1)`` is empty after the last 250 (polled every 5 ms),
  i.e. every mail's events and answer committed. Then the bench checks that N
  ``OrderAccepted`` events have a ``mail:`` cause and that N answers were written to the
  outbox.

Senders: C (default 4) client processes (``smtplib``, spawned so that the clients do not share
the servers' interpreter, as an MTA would not), each with one connection reused for all its
mails (mail i goes to client i mod C), EHLO done before the clock starts. The clock
(``time.monotonic``, shared by the processes) starts when the clients are told to go.

Before the timed run each server gets a warm-up of one mail per player (one connection, waited
for until processed), so that imports, template compilation, connection pools and the games'
states are not timed.

Each workload is played ``--rounds`` times (default 3), each round on a fresh store, the sink
then lgmail: on a machine whose speed drifts (a shared host's), the two runs of a round move
together, and the ratios compared with the targets are the medians of the rounds'. Printed for
each workload: each round's seconds and ratios, then for the median round the seconds and mails
per second for each line, the median ratios lgmail / sink against their targets (>= 0.50 for
the accept, >= 0.25 for accept + process), and the CPU
each part spent per mail until the last 250 (the servers' process, the clients, the worker
processes) beside what the cores allow: the accept cannot end before that CPU, spread over every
core, has run; then both workloads' ratios side by side. With ``--profile K`` the worker's
sweeps during the timed run are profiled (one worker thread under cProfile: slower, so the
figures of that run are not the ones to quote) and the K functions with the most cumulative
time are printed.
"""

from __future__ import annotations

import argparse
import cProfile
import math
import multiprocessing
import multiprocessing.queues
import multiprocessing.synchronize
import os
import pstats
import random
import smtplib
import socket
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session

from lgmail.config import settings
from lgmail.mail.addresses import reply_address
from lgmail.mail.listener import MAX_SIZE
from lgmail.mail.maildir import prepare
from lgmail.rules.commands import Seat
from lgmail.service.games import Games
from lgmail.service.server import Endpoints, Server
from lgmail.service.workers import Config

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
GAME = "village"
#: mails per player at most: 2 at the game's start + 1 warm-up + 25 stay under 30 answers an hour
PER_PLAYER = 25
POLL_SECONDS = 0.005
#: the many-games workload: players per game, the rule sets in turn, the seed of its draws
SIZES = (8, 20)
VARIANTS = ("classic", "thiercelieux", "nombres", "maisons")
SEED = 37
#: a maisons player's five cards besides their camp (none acts on a vote)
CARDS = "chanoine+institutrice+fanatique+meneur+paranoiaque"
TARGETS = {"accept": 0.5, "accept + process": 0.25}

#: (sender, recipient, RFC 5322 bytes)
Mail = tuple[str, str, bytes]


# -- the games ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Player:
    game: str
    name: str
    email: str
    #: their personal reply address (the Reply-To of their role mail)
    reply_to: str
    #: their place among their game's players
    index: int


@dataclass
class Workload:
    games: Games
    #: each game's players' names
    names: dict[str, list[str]]
    players: list[Player]
    #: the players the timed mails come from, one index into `players` a mail
    senders: list[int]
    start: datetime
    title: str


def roles_of(variant: str, names: list[str]) -> dict[str, str]:
    """A quarter wolves, the rest villagers (maisons: a fifth, five cards each)."""
    if variant == "maisons":
        wolves = max(1, len(names) // 5)
        return {
            n: ("loup-garou:" if i < wolves else "villageois:") + CARDS for i, n in enumerate(names)
        }
    wolves = len(names) // 4
    return {n: ("loup-garou" if i < wolves else "villageois") for i, n in enumerate(names)}


def make_workload(folder: Path, count: int, games: int) -> Workload:
    """The games on SQLite in ``folder/data``, started, their clock fixed at START, and the
    order in which their players send the `count` timed mails."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tests.scenario import START  # the repository root is not installed

    store = Games(settings.load(folder / "data"), now=lambda: START)
    rng = random.Random(SEED)
    if games <= 1:
        size = max(20, math.ceil(count / PER_PLAYER))
        plan = [(GAME, "classic", size, "{name}@example.org")]
    else:
        plan = [
            (f"{GAME}{k + 1:02d}", VARIANTS[k % len(VARIANTS)], rng.randint(*SIZES), "")
            for k in range(games)
        ]
    names: dict[str, list[str]] = {}
    players: list[Player] = []
    conf = store.settings
    for game, variant, size, email_shape in plan:
        names[game] = [f"Joueur{i:02d}" for i in range(size)]
        emails = [
            (email_shape or "{name}.{game}@example.org").format(name=n.lower(), game=game)
            for n in names[game]
        ]
        seats = [Seat(n, e, "fr", "") for n, e in zip(names[game], emails, strict=True)]
        roles = roles_of(variant, names[game])
        options = {"election": True}
        store.create(game, variant, seats, roles=roles, options=options, mj="mj@example.org")
        store.start(game)
        players += [
            Player(game, n, e, reply_address(conf.secret, game, e, conf.domain), i)
            for i, (n, e) in enumerate(zip(names[game], emails, strict=True))
        ]
    if games <= 1:
        senders = [i % len(players) for i in range(count)]
        title = (
            f"1 classic game, {len(players)} players ({len(players) // 4} wolves), "
            f"mail i from player i mod {len(players)}"
        )
    else:
        rounds = math.ceil(count / len(players))
        if rounds > PER_PLAYER:
            raise SystemExit(f"{count} mails are more than {PER_PLAYER} a player: more games")
        senders = []
        for _ in range(rounds):
            turn = list(range(len(players)))
            rng.shuffle(turn)
            senders += turn
        del senders[count:]
        kinds = Counter(variant for _, variant, _, _ in plan)
        title = (
            f"{games} games ({', '.join(f'{v} {n}' for v, n in kinds.items())}), "
            f"{SIZES[0]}-{SIZES[1]} players each ({len(players)} in all), "
            f"mails of every game interleaved"
        )
    return Workload(store, names, players, senders, START, title)


def make_mails(workload: Workload, senders: list[int], tag: str) -> list[Mail]:
    """A vote from each of `senders` (indices into the players), for another player of their
    game each time (the k-th mail of a player: the k-th next one, themselves left out)."""
    mails: list[Mail] = []
    sent: Counter[int] = Counter()
    for i, who in enumerate(senders):
        player = workload.players[who]
        names = workload.names[player.game]
        turn = sent[who]
        sent[who] += 1
        target = names[(player.index + 1 + turn % (len(names) - 1)) % len(names)]
        msg = EmailMessage()
        msg["From"] = player.email
        msg["To"] = player.reply_to
        msg["Subject"] = f"Re: [{player.game}] Votre rôle"
        msg["Date"] = format_datetime(workload.start + timedelta(seconds=i))
        msg["Message-ID"] = f"<{tag}.{i:06d}@example.org>"
        msg.set_content(f"vote {target}\n")
        mails.append((player.email, player.reply_to, msg.as_bytes()))
    return mails


def order_accepted(workload: Workload) -> int:
    return sum(
        1
        for game in workload.names
        for r in workload.games.records(game)
        if r.type == "OrderAccepted" and r.cause.startswith("mail:")
    )


def answers(workload: Workload) -> int:
    """Outbox mails to the players written in the hour before the fixed clock."""
    since = workload.start - timedelta(hours=1)
    store = workload.games.store
    return sum(store.mail_count(player.email, since) for player in workload.players)


# -- senders -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sent:
    started: float
    last_250: float
    accepted: int
    #: the clients' own CPU seconds while sending
    client_cpu_s: float


def _client(
    port: int,
    mails: list[Mail],
    ready: multiprocessing.queues.Queue[Any],
    go: multiprocessing.synchronize.Event,
    results: multiprocessing.queues.Queue[Any],
) -> None:
    """One client process: one connection, its mails one after the other."""
    try:
        with smtplib.SMTP(HOST, port, timeout=120) as smtp:
            smtp.ehlo()
            ready.put(True)
            go.wait()
            cpu = time.process_time()
            for sender, recipient, raw in mails:
                smtp.sendmail(sender, [recipient], raw)
            results.put((len(mails), time.monotonic(), time.process_time() - cpu, ""))
    except Exception as exc:
        ready.put(False)
        results.put((0, time.monotonic(), 0.0, repr(exc)))


def send(port: int, mails: list[Mail], clients: int) -> Sent:
    context = multiprocessing.get_context("spawn")
    ready: multiprocessing.queues.Queue[Any] = context.Queue()
    results: multiprocessing.queues.Queue[Any] = context.Queue()
    go = context.Event()
    shares = [mails[c::clients] for c in range(clients)]
    processes = [
        context.Process(target=_client, args=(port, share, ready, go, results), daemon=True)
        for share in shares
        if share
    ]
    for process in processes:
        process.start()
    if not all(ready.get(timeout=60) for _ in processes):
        go.set()
        raise SystemExit(f"a client could not connect: {results.get(timeout=10)[3]}")
    started = time.monotonic()
    go.set()
    done = [results.get(timeout=600) for _ in processes]
    for process in processes:
        process.join(timeout=10)
    errors = [error for _, _, _, error in done if error]
    if errors:
        raise SystemExit(f"a client failed: {errors[0]}")
    return Sent(
        started,
        max(at for _, at, _, _ in done),
        sum(n for n, _, _, _ in done),
        sum(cpu for _, _, cpu, _ in done),
    )


def send_one_by_one(port: int, mails: list[Mail]) -> None:
    """The warm-up: one connection from this process."""
    with smtplib.SMTP(HOST, port, timeout=60) as smtp:
        for sender, recipient, raw in mails:
            smtp.sendmail(sender, [recipient], raw)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


# -- the sink ----------------------------------------------------------------------------------


class DropHandler:
    """Every recipient accepted (aiosmtpd's default RCPT), every mail dropped."""

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        return "250 OK"


@dataclass(frozen=True)
class SinkTimes:
    seconds: float
    #: this process's CPU seconds while the clients sent: the sink's loop
    server_cpu_s: float
    client_cpu_s: float


def bench_sink(warmup: list[Mail], mails: list[Mail], clients: int) -> SinkTimes:
    port = free_port()
    sink = Controller(
        DropHandler(), hostname=HOST, port=port, data_size_limit=MAX_SIZE, server_hostname="sink"
    )
    sink.start()
    try:
        send_one_by_one(port, warmup)
        cpu = time.process_time()
        sent = send(port, mails, clients)
        cpu = time.process_time() - cpu
    finally:
        sink.stop()
    assert sent.accepted == len(mails), sent
    return SinkTimes(sent.last_250 - sent.started, cpu, sent.client_cpu_s)


# -- lgmail ------------------------------------------------------------------------------------


class ProfiledServer(Server):
    """A Server whose worker thread's sweeps run under cProfile while ``profile`` is set."""

    profile: cProfile.Profile | None = None

    def sweep(self, full: bool | None = None) -> bool:
        profile = self.profile
        if profile is None:
            return super().sweep(full)
        more: bool = profile.runcall(super().sweep, full)
        return more


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU seconds the processes used so far (/proc/PID/stat)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        total += int(fields[11]) + int(fields[12])
    return total / ticks


def drain(games: Games, timeout: float) -> float:
    """Wait until the inbox has no unprocessed row: the time it was seen empty."""
    deadline = time.monotonic() + timeout
    while games.store.inbox_pending(1):
        if time.monotonic() > deadline:
            raise SystemExit(f"the inbox was not drained in {timeout:.0f} s")
        time.sleep(POLL_SECONDS)
    return time.monotonic()


@dataclass(frozen=True)
class LgmailTimes:
    accept_s: float
    processed_s: float
    #: the worker processes' CPU seconds during the timed run (None: a worker thread)
    worker_cpu_s: float | None
    #: the same until the last 250
    worker_accept_cpu_s: float | None
    #: this process's CPU seconds until the last 250: the listener and its committer
    listener_cpu_s: float
    client_cpu_s: float
    groups: int
    profile: cProfile.Profile | None


def bench_lgmail(
    workload: Workload,
    warmup: list[Mail],
    mails: list[Mail],
    clients: int,
    profile: int,
    timeout: float,
    workers: int,
) -> LgmailTimes:
    port = free_port()
    # the worker processes open the store from the data directory and read the clock fixed
    os.environ["LGMAIL_NOW"] = workload.start.isoformat()
    games = workload.games
    server = ProfiledServer(
        games,
        Endpoints(smtp=f"{HOST}:{port}", lmtp=None, imap=None),
        workers=0 if profile else workers,
        config=Config(games.settings.data, None, None),
    )
    server.start()
    pids = [] if server.pool is None else server.pool.pids()
    try:
        send_one_by_one(port, warmup)
        drain(games, timeout)
        accepted_before, answers_before = order_accepted(workload), answers(workload)
        if profile:
            server.profile = cProfile.Profile()
        cpu_before = cpu_seconds(pids)
        groups_before = server.committer.groups
        listener_cpu = time.process_time()
        sent = send(port, mails, clients)
        listener_cpu = time.process_time() - listener_cpu
        accept_cpu = cpu_seconds(pids) - cpu_before if pids else None
        processed = drain(games, timeout)
        cpu = cpu_seconds(pids) - cpu_before if pids else None
        groups = server.committer.groups - groups_before
        profiler, server.profile = server.profile, None
    finally:
        server.stop()
    assert sent.accepted == len(mails), sent
    applied = order_accepted(workload) - accepted_before
    answered = answers(workload) - answers_before
    if applied != len(mails) or answered != len(mails):
        raise SystemExit(
            f"{len(mails)} mails, but {applied} OrderAccepted and {answered} answers: "
            "the figures would not be comparable"
        )
    return LgmailTimes(
        accept_s=sent.last_250 - sent.started,
        processed_s=processed - sent.started,
        worker_cpu_s=cpu,
        worker_accept_cpu_s=accept_cpu,
        listener_cpu_s=listener_cpu,
        client_cpu_s=sent.client_cpu_s,
        groups=groups,
        profile=profiler,
    )


# -- report ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    title: str
    #: ratio lgmail / sink of each figure (TARGETS' keys)
    ratios: dict[str, float]


#: files made by `creation_cpu`
PROBE_FILES = 200


def creation_cpu(games: Games) -> float:
    """Milliseconds of CPU (this thread's, the system's time included) to make a 4 KB file in
    the Maildir's `tmp/`, where its delivery makes one an answer (no fsync: the file's
    creation alone; the files removed after). On an ext4 disk it depends on where the folder
    landed: from 0.03 to 1.1 ms on the machines these figures come from, for the same code."""
    probe = games.settings.maildir / "tmp"
    prepare(games.settings.maildir)
    data = b"x" * 4096
    started = time.thread_time()
    for i in range(PROBE_FILES):
        (probe / f"probe.{i}").write_bytes(data)
    spent = time.thread_time() - started
    for i in range(PROBE_FILES):
        (probe / f"probe.{i}").unlink()
    return spent / PROBE_FILES * 1000


def run(args: argparse.Namespace, games: int) -> Result:
    """One workload, `--rounds` times: built afresh, sent to the sink then to lgmail; each
    round's figures printed, then the median round's (by its accept + process ratio) in full.
    The ratios compared with the targets are the medians of the rounds' ratios: each ratio
    compares two runs a few seconds apart, which a machine whose speed drifts (a shared host's)
    moves together."""
    count, clients, rounds = max(1, args.mails), max(1, args.clients), max(1, args.rounds)
    played: list[tuple[SinkTimes, LgmailTimes]] = []
    for i in range(rounds):
        with tempfile.TemporaryDirectory(prefix="lgmail-bench-") as tmp:
            workload = make_workload(Path(tmp), count, games)
            made = creation_cpu(workload.games)
            warmup = make_mails(workload, list(range(len(workload.players))), "warmup")
            mails = make_mails(workload, workload.senders, "bench")
            if i == 0:
                size = sum(len(raw) for _, _, raw in mails) / count
                print(f"\n== {workload.title}")
                print(
                    f"{count} mails ({size:.0f} bytes on average), {clients} SMTP clients on "
                    f"loopback, one connection each; SQLite, election day, one vote per mail; "
                    f"{rounds} rounds"
                )
            sink = bench_sink(warmup, mails, clients)
            lg = bench_lgmail(
                workload, warmup, mails, clients, args.profile, args.timeout, max(0, args.workers)
            )
            workload.games.store.close()
        played.append((sink, lg))
        print(
            f"round {i + 1}: sink {sink.seconds:.2f} s, lgmail accept {lg.accept_s:.2f} s, "
            f"accept + process {lg.processed_s:.2f} s; ratios "
            f"{sink.seconds / lg.accept_s:.2f}, {sink.seconds / lg.processed_s:.2f}; "
            f"a file made in the Maildir: {made:.2f} ms of CPU"
        )
    ratios = {
        "accept": statistics.median(s.seconds / lg.accept_s for s, lg in played),
        "accept + process": statistics.median(s.seconds / lg.processed_s for s, lg in played),
    }
    by_ratio = sorted(played, key=lambda pair: pair[0].seconds / pair[1].processed_s)
    sink, lg = by_ratio[len(by_ratio) // 2]

    print(f"the median round ({len(played)}):")
    rows = [
        ("aiosmtpd sink: accept and drop", sink.seconds),
        ("lgmail: SMTP accept only (last 250)", lg.accept_s),
        ("lgmail: accept + process (events, answer)", lg.processed_s),
    ]
    header = f"{'server':<44} {'seconds':>8} {'mails/s':>9}"
    print(header)
    print("-" * len(header))
    for label, seconds in rows:
        print(f"{label:<44} {seconds:>8.2f} {count / seconds:>9,.0f}")
    for label, ratio in ratios.items():
        print(
            f"ratio lgmail {label} / sink, median of {len(played)} rounds: {ratio:.2f} "
            f"({verdict(label, ratio)})"
        )
    print(f"group commits: {lg.groups} for {count} mails ({count / max(1, lg.groups):.1f} a group)")
    if lg.worker_cpu_s is not None:
        per_mail = lg.worker_cpu_s / count * 1000
        met = "met" if per_mail <= 2.5 else "NOT met"
        print(
            f"processing CPU per mail ({args.workers} worker processes, /proc): "
            f"{per_mail:.2f} ms (target <= 2.5: {met})"
        )
    print_cpu(count, sink, lg)
    profiled = [lg.profile for _, lg in played if lg.profile is not None]
    if profiled:
        print(f"\nlgmail's worker during the timed runs (cProfile), top {args.profile} functions:")
        stats = pstats.Stats(profiled[0])
        for more in profiled[1:]:
            stats.add(more)
        stats.sort_stats("cumulative").print_stats(args.profile)
        if os.environ.get("LGMAIL_PROFILE_DUMP"):
            stats.dump_stats(f"{os.environ['LGMAIL_PROFILE_DUMP']}.{games}")
    return Result("1 game" if games <= 1 else f"{games} games", ratios)


def verdict(label: str, ratio: float) -> str:
    target = TARGETS[label]
    return f"target >= {target:.2f}: {'met' if ratio >= target else 'NOT met'}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--mails", type=int, default=1000, help="mails timed in each workload (default 1000)"
    )
    parser.add_argument(
        "--clients", type=int, default=4, help="concurrent SMTP clients (default 4)"
    )
    parser.add_argument(
        "--games",
        type=int,
        nargs="+",
        default=[1, 50],
        metavar="G",
        help="the workloads: G games at once each (default: 1 50)",
    )
    parser.add_argument(
        "--profile",
        type=int,
        default=0,
        metavar="K",
        help="profile the worker during the timed run and print its top K functions",
    )
    parser.add_argument(
        "--timeout", type=float, default=600, help="seconds to wait for the inbox (default 600)"
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="rounds of each workload, sink then lgmail each (default 3): the ratios are the "
        "medians of the rounds'",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count() or 1,
        help="worker processes (default: the cores; --profile runs one worker thread)",
    )
    args = parser.parse_args(argv)
    results = [run(args, max(1, games)) for games in args.games]
    print("\nratios lgmail / sink:")
    for result in results:
        print(
            f"  {result.title:<9} "
            + "; ".join(f"{k} {v:.2f} ({verdict(k, v)})" for k, v in result.ratios.items())
        )
    return 0


def print_cpu(count: int, sink: SinkTimes, lg: LgmailTimes) -> None:
    """CPU per mail of each part until the last 250, and what the cores allow: the accept
    can't end before the CPU spent meanwhile, spread over every core, has run."""
    cores = os.cpu_count() or 1
    ms = 1000 / count
    print(f"CPU per mail until the last 250 (ms; {cores} cores):")
    print(f"  sink: server {sink.server_cpu_s * ms:.2f}, clients {sink.client_cpu_s * ms:.2f}")
    workers = lg.worker_accept_cpu_s or 0.0
    spent = lg.listener_cpu_s + lg.client_cpu_s + workers
    print(
        f"  lgmail: listener and committer {lg.listener_cpu_s * ms:.2f}, clients "
        f"{lg.client_cpu_s * ms:.2f}, workers {workers * ms:.2f}; "
        f"all {spent * ms:.2f} = {spent / cores * ms:.2f} ms of wall time on {cores} cores "
        f"(accept took {lg.accept_s * ms:.2f})"
    )


if __name__ == "__main__":
    sys.exit(main())
