"""A farm, as `deploy/README.md` documents it: `lgmail serve` processes on one PostgreSQL, behind
one Postfix whose LMTP transport lists them (tried in turn: a worker that is down is skipped),
sending through that Postfix, no Maildir. Games are played by mail through Postfix; the worker
that takes the LMTP deliveries is SIGKILLed in the middle of the day's votes.

What `tests/postfix/test_farm.py` checks and `bench/farm.py` times: the farm's machinery (its
workers, its Postfix, the players' sink and senders) and the game it plays (:func:`play`)."""

from __future__ import annotations

import os
import shutil
import signal
import smtplib
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from email import policy
from email.message import EmailMessage
from email.parser import BytesHeaderParser
from pathlib import Path

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session

from lgmail.config import settings
from lgmail.rules.commands import Seat
from lgmail.service.games import Games
from tests.inbound.conftest import free_port
from tests.postfix.conftest import until
from tests.postfix.instance import Postfix

WORKERS = 3
#: each one's worker processes (`serve --workers`), as many as its default: the machine's cores
PROCESSES = os.cpu_count() or 1
#: players' providers sending at once
SENDERS = 16
LGMAIL = [sys.executable, "-m", "lgmail"]
DOMAIN = "lgmail.localhost"
#: the wolf, then the three villagers; the day closes when the three living have voted
ROLES = {"Alice": "loup-garou", "Bruno": "villageois", "Chloe": "villageois", "David": "villageois"}
DAY_VOTES = {"Alice": "vote Chloe", "Chloe": "vote Alice", "David": "vote Alice"}


def game_name(number: int) -> str:
    return f"farm{number:03d}"


def email_of(game: str, player: str) -> str:
    return f"{player.lower()}.{game}@example.org"


def configure(folder: Path, db: str, relay: int) -> None:
    """A data directory whose lgmail.toml puts it on the farm's database and relay."""
    folder.mkdir()
    (folder / "lgmail.toml").write_text(
        f'db = "{db}"\n[mail]\ndomain = "{DOMAIN}"\nrelay = "127.0.0.1:{relay}"\n'
        f'bounce = "bounces@{DOMAIN}"\n',
        encoding="utf-8",
    )


def _accepts(port: int) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) == 0


def headers(raw: bytes) -> EmailMessage:
    """A mail's header (its body not parsed)."""
    head = BytesHeaderParser(policy=policy.default).parsebytes(raw)
    assert isinstance(head, EmailMessage)
    return head


class Worker:
    """One `lgmail serve` process with its own data directory, LMTP port and log."""

    def __init__(self, folder: Path, db: str, relay: int) -> None:
        self.folder = folder
        configure(folder, db, relay)
        self.port = free_port()
        self.lmtp = f"127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                *LGMAIL,
                *("--data", str(self.folder), "serve", "--no-smtp", "--lmtp", self.lmtp),
                *("--workers", str(PROCESSES)),
            ],
            stdout=subprocess.DEVNULL,
            stderr=(self.folder / "stderr.log").open("wb"),
        )
        listening = until(lambda: _accepts(self.port), 30)
        assert listening, f"{self.folder.name} does not listen on {self.port}"

    def ready(self) -> bool:
        """Whether every worker process has started (its templates compiled, its games'
        deadlines scheduled): a farm that has run for a while, not one starting."""
        log = (self.folder / "stderr.log").read_text(errors="replace")
        return log.count("scheduler started") >= PROCESSES

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()


def postfix_main(lmtp: list[int], sink: int, transport: Path) -> dict[str, str]:
    """deploy/postfix.md's lines, the LMTP nexthop a list of the workers (deploy/README.md's
    farm), the players' domain routed to the sink."""
    nexthops = ", ".join(f"[127.0.0.1]:{port}" for port in lmtp)
    transport.write_text(
        f"{DOMAIN} lmtp:{nexthops}\nexample.org smtp:[127.0.0.1]:{sink}\n", encoding="utf-8"
    )
    return {
        "myhostname": f"mx.{DOMAIN}",
        "relay_domains": DOMAIN,
        "transport_maps": f"texthash:{transport}",
        "lmtp_destination_recipient_limit": "1",
        "smtpd_recipient_restrictions": (
            f"check_recipient_access inline:{{ {DOMAIN}=reject_unverified_recipient }}"
        ),
        "unverified_recipient_reject_code": "550",
        "address_verify_poll_delay": "1s",
        "address_verify_poll_count": "${stress?{1}:{7}}",
        # the test's own: an address refused is asked again soon, a worker that is down is
        # tried again soon (the test does not wait minutes)
        "address_verify_negative_refresh_time": "1s",
        "lmtp_connect_timeout": "2s",
    }


@dataclass(frozen=True)
class Arrival:
    """A mail at the sink: its envelope's recipients, its bytes, and when it came."""

    rcpt_tos: list[str]
    content: bytes
    #: time.time() at its 250
    at: float


@dataclass
class Sink:
    """The players' server (an aiosmtpd handler): keeps each mail and when it came. It has no
    property to compute: aiosmtpd reads every attribute of its handler at each connection."""

    received: list[Arrival] = field(default_factory=list)

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        content = envelope.original_content or b""
        self.received.append(Arrival(list(envelope.rcpt_tos), content, time.time()))
        return "250 OK queued"


class Players:
    """The players' side: the sink that gets the game's mails, and the sending of orders. Every
    moment is the wall clock (``time.time()``), as the store's timestamps are."""

    def __init__(self, sink: Sink, smtp: int) -> None:
        self.sink, self.smtp = sink, smtp
        #: Message-ID of each order -> the moment its provider started handing it to Postfix
        self.tried_at: dict[str, float] = {}
        #: Message-ID of each order -> the moment Postfix took it (its 250 to DATA)
        self.sent_at: dict[str, float] = {}
        #: Message-ID of each answer -> the moment it reached the sink (the first time)
        self.arrived_at: dict[str, float] = {}
        #: In-Reply-To of each answer -> the moment it reached the sink (the first answer)
        self.answered_at: dict[str, float] = {}
        #: each player's reply address, from his role mail
        self._reply_to: dict[str, str] = {}
        self._seen = 0
        self._lock = threading.Lock()

    def reply_addresses(self) -> dict[str, str]:
        """Each player's reply address, from his role mail (as it came through Postfix)."""
        self.collect()
        return dict(self._reply_to)

    def collect(self) -> None:
        """Note the mails that came since the last call (the sink keeps every mail in order)."""
        with self._lock:
            received = self.sink.received[self._seen :]
            for item in received:
                mail = headers(item.content)
                self.arrived_at.setdefault(str(mail["Message-ID"]), item.at)
                if mail["In-Reply-To"]:
                    self.answered_at.setdefault(str(mail["In-Reply-To"]), item.at)
                if "Votre rôle" in str(mail["Subject"]):
                    self._reply_to[item.rcpt_tos[0]] = str(mail["Reply-To"])
            self._seen += len(received)

    def order(self, game: str, player: str, to: str, text: str) -> None:
        """One player's mail, as his provider's MTA hands it to Postfix (trying again later
        on a 4xx)."""
        mail = EmailMessage()
        mail["From"] = email_of(game, player)
        mail["To"] = to
        mail["Subject"] = "Re: [" + game + "] Votre rôle"
        mail["Message-ID"] = f"<{game}.{player.lower()}.{text.split()[0]}@example.org>"
        mail.set_content(text)
        start = time.time()
        deadline = time.monotonic() + 60
        while True:
            try:
                with smtplib.SMTP("127.0.0.1", self.smtp, timeout=60) as client:
                    client.send_message(mail)
                break
            except smtplib.SMTPRecipientsRefused as refused:
                # 450 "address verification in progress": Postfix's LMTP probe of a new address
                ((code, _),) = refused.recipients.values()
                if code >= 500 or time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        with self._lock:
            self.tried_at[str(mail["Message-ID"])] = start
            self.sent_at[str(mail["Message-ID"])] = time.time()

    def orders(self, orders: list[tuple[str, str, str, str]]) -> None:
        """Many players' mails at once (each provider its own connection)."""
        with ThreadPoolExecutor(SENDERS) as pool:
            for done in [pool.submit(self.order, *order) for order in orders]:
                done.result()

    def delays(self, after: float | None = None, before: float | None = None) -> list[float]:
        """Order (handed to Postfix) -> answer (at the sink), in seconds, for the orders handed
        over in [after, before)."""
        self.collect()
        return [
            self.answered_at[mid] - at
            for mid, at in self.sent_at.items()
            if mid in self.answered_at
            and (after is None or at >= after)
            and (before is None or at < before)
        ]


@dataclass
class Farm:
    """A running farm: its games' admin (the MJ's commands), workers, Postfix and players."""

    games: list[str]
    admin: Games
    workers: list[Worker]
    postfix: Postfix
    players: Players
    #: time.time() at which the first worker was killed (set by :func:`play`)
    killed_at: float = 0.0


@contextmanager
def running(folder: Path, db: str, games: int) -> Iterator[Farm]:
    """A farm of `WORKERS` workers (data directories under `folder`) on the database `db`, with
    `games` games created and started; stopped at the end (on an error, Postfix's and the
    workers' logs are printed first)."""
    sink, sink_port = Sink(), free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=sink_port)
    controller.start()
    smtp = free_port()
    # Postfix's own user reads its folders: not under a private temporary folder
    queue = Path(tempfile.mkdtemp(prefix="lgmail-farm-"))
    queue.chmod(0o755)
    workers = [Worker(folder / f"worker{i}", db, smtp) for i in range(WORKERS)]
    postfix = Postfix(
        queue, smtp, postfix_main([w.port for w in workers], sink_port, queue / "transport")
    )
    postfix.start()
    try:
        # the MJ's commands (`lgmail game create`, `game start`) on a machine of the farm
        configure(folder / "admin", db, smtp)
        admin = Games(settings.load(folder / "admin"))
        names = [game_name(number) for number in range(games)]
        for game in names:
            seats = [Seat(p, email_of(game, p), "fr", "") for p in ROLES]
            admin.create(
                game,
                "classic",
                seats,
                roles=ROLES,
                options={"election": False, "day_closes_early": True},
            )
            admin.start(game)
        for worker in workers:
            worker.start()
        assert until(lambda: all(w.ready() for w in workers), 180), "the workers started"
        try:
            yield Farm(names, admin, workers, postfix, Players(sink, smtp))
        finally:
            admin.store.close()
    except BaseException:
        print(postfix.log()[-20000:])
        for worker in workers:
            log = worker.folder / "stderr.log"
            if log.exists():
                print(worker.folder.name, log.read_text(errors="replace")[-5000:])
        raise
    finally:
        for worker in workers:
            worker.stop()
        postfix.stop()
        controller.stop()
        shutil.rmtree(queue, ignore_errors=True)


def play(farm: Farm) -> None:
    """The games by mail: night 1, each wolf kills; the day, three votes a game, the worker
    taking the LMTP deliveries killed after half of them; until every game ended, the inbox
    and the outbox drained, and every order answered at the sink."""
    admin, players, games = farm.admin, farm.players, farm.games
    everyone = len(games) * len(ROLES)
    assert until(lambda: len(players.reply_addresses()) == everyone, 120), "the role mails came"
    reply = players.reply_addresses()

    # night 1: each wolf kills Bruno; the night closes when he has
    players.orders([(g, "Alice", reply[email_of(g, "Alice")], "tuer Bruno") for g in games])

    assert every(games, lambda g: admin.peek(g).phase == "day", 180), "every night closed"

    # the day: three votes per game; the worker taking LMTP deliveries is killed midway
    votes = [(g, p, reply[email_of(g, p)], t) for p, t in DAY_VOTES.items() for g in games]
    players.orders(votes[: len(votes) // 2])
    farm.workers[0].kill()
    farm.killed_at = time.time()
    players.orders(votes[len(votes) // 2 :])

    assert every(games, lambda g: admin.peek(g).ended, 240), "every game ended"
    store = admin.store
    assert until(lambda: not store.pending_mail(1) and not store.inbox_pending(1), 120), (
        "inbox and outbox drained"
    )
    orders = set(players.sent_at)

    def answered() -> bool:
        players.collect()
        return orders <= set(players.answered_at)

    assert until(answered, 120), f"unanswered: {sorted(orders - set(players.answered_at))[:5]}"


def every(games: list[str], done: Callable[[str], bool], timeout: float) -> bool:
    """Whether `done(game)` came true for every game within `timeout` s. Polled from the first
    game not done yet, which holds the poll: waiting costs the farm a query a poll, not one
    a game (this process's CPU is the workers' too)."""
    left = list(games)

    def check() -> bool:
        while left and done(left[0]):
            left.pop(0)
        return not left

    return bool(until(check, timeout, every=0.2))


def figures(delays: list[float]) -> str:
    """n, median, p95 and max of `delays` (seconds)."""
    if not delays:
        return "none"
    return (
        f"n={len(delays)} median={statistics.median(delays):.2f}s "
        f"p95={percentile(delays, 0.95):.2f}s max={max(delays):.2f}s"
    )


def percentile(values: list[float], rank: float) -> float:
    """The value below which `rank` of `values` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * rank))]
