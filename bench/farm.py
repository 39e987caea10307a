"""The farm's answer time (#37): order -> answer through Postfix, and where it goes.

Usage: ``python bench/farm.py [--games N] [--db URL] [--logs DIR]``

The farm of ``tests/postfix/test_farm.py`` (``tests.postfix.farm``, run as is): three `lgmail
serve` processes on PostgreSQL (a schema of its own, dropped afterwards), behind a private
Postfix configured as ``deploy/postfix.md`` says (LMTP to the list of the three, unknown
recipients refused at its edge by address verification), sending through it to the players'
sink; N games (default 100) of four players; night 1, each wolf's kill, then the day's three
votes a game, the worker taking the LMTP deliveries SIGKILLed after half of them (16 players'
providers sending at once: a burst of 100 orders, then 300).

The games are played once every worker process has started (its templates compiled): the
figure is a running farm's, not one starting. Printed: order -> answer (Postfix's 250 to the
player's provider -> the answer at the sink), n, median, p95 and max for the night, the day
before the kill and after it, and the target (p95 <= 5 s over every order) met or NOT met; then
where an order's time goes, each order's own stages (median, p95, max), from timestamps that
need no change to lgmail: the player's provider (the wait for Postfix's 250, not in the delay:
the address verification of a new reply address), the inbox row (`received_at`: a worker's
LMTP took it; `processed_at`: the transaction that played it and wrote its answer, whose clock
runs in whole seconds, so the middle of its second is taken), the answer's outbox row
(`sent_at`: the start of the flush that sent it), Postfix's log (each delivery's `delay=` and
`delays=`: before its queue manager, in it, connection, transmission; an answer was taken by
Postfix at the sink's time less its `delay=`), and the sink's clock; then the CPU each part of
the farm and the rest of the machine spent meanwhile (from /proc: on a shared machine the
figures above depend on it); last, what Postfix's log counts.
``--logs DIR`` keeps Postfix's log and the workers' logs there.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from email.parser import BytesHeaderParser
from pathlib import Path
from typing import TYPE_CHECKING

from pg import own_schema
from sqlalchemy import select

from lgmail.store.schema import inbox, outbox

if TYPE_CHECKING:  # at run time, imported once the repository's root is on the path
    from tests.postfix.farm import Farm

ROOT = Path(__file__).resolve().parents[1]
DB = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
TARGET = 5.0

#: a delivery line of Postfix's log: queue id, recipient, relay, delay, delays, status
DELIVERY = re.compile(
    r" postfix/(?P<agent>\w+)\[\d+\]: (?P<qid>\w+): to=<(?P<to>[^>]*)>, "
    r"(?:orig_to=<[^>]*>, )?relay=(?P<relay>\S+), "
    r"(?:conn_use=\d+, )?delay=(?P<delay>[\d.]+), "
    r"delays=(?P<a>[\d.]+)/(?P<b>[\d.]+)/(?P<c>[\d.]+)/(?P<d>[\d.]+), "
    r"dsn=[\d.]+, status=(?P<status>\w+)"
)
PROBES = "address verification probes (an LMTP RCPT, no mail)"
IN_PROGRESS = "RCPTs answered 450, a probe running (the provider tries again)"
REFUSED = "LMTP connections refused (the killed worker)"
EMPTY = "SMTP sessions to Postfix that carried no mail"
#: what is counted even when it did not happen
COUNTED = (
    PROBES,
    IN_PROGRESS,
    REFUSED,
    EMPTY,
    "lmtp deliveries deferred",
    "smtp deliveries deferred",
)
MESSAGE_ID = re.compile(r" postfix/cleanup\[\d+\]: (?P<qid>\w+): message-id=(?P<mid><[^>]*>)")


@dataclass(frozen=True)
class Delivery:
    """One delivery line of Postfix's log."""

    agent: str
    relay: str
    delay: float
    #: before the queue manager, in it, connection set-up, transmission (Postfix's `delays=`)
    stages: tuple[float, float, float, float]
    status: str


@dataclass
class PostfixLog:
    """What the bench reads in Postfix's log."""

    #: Message-ID -> the deliveries of the message (in the log's order)
    deliveries: dict[str, list[Delivery]]
    counts: Counter[str]

    @classmethod
    def parse(cls, log: str) -> PostfixLog:
        ids: dict[str, str] = {}
        deliveries: dict[str, list[Delivery]] = {}
        counts: Counter[str] = Counter({what: 0 for what in COUNTED})
        for line in log.splitlines():
            if found := MESSAGE_ID.search(line):
                ids[found["qid"]] = found["mid"]
            elif found := DELIVERY.search(line):
                status = found["status"]
                if status in ("deliverable", "undeliverable"):
                    counts[PROBES] += 1
                    continue
                stages = (float(found["a"]), float(found["b"]), float(found["c"]))
                delivery = Delivery(
                    found["agent"],
                    found["relay"],
                    float(found["delay"]),
                    (*stages, float(found["d"])),
                    status,
                )
                counts[f"{found['agent']} deliveries {status}"] += 1
                mid = ids.get(found["qid"])
                if mid is not None:
                    deliveries.setdefault(mid, []).append(delivery)
            elif "Address verification in progress" in line:
                counts[IN_PROGRESS] += 1
            elif "Connection refused" in line:
                counts[REFUSED] += 1
            elif "smtpd[" in line and "disconnect from" in line and " mail=" not in line:
                counts[EMPTY] += 1
        return cls(deliveries, counts)

    def sent(self, mid: str, agent: str) -> Delivery | None:
        """The delivery of `mid` by `agent` that succeeded (the last)."""
        found = [d for d in self.deliveries.get(mid, []) if d.agent == agent and d.status == "sent"]
        return found[-1] if found else None


class CpuMeter:
    """CPU seconds spent by each part of the farm and by the rest of the machine while it
    runs, from /proc (every process seen, sampled every half second: one that ends between
    two samples loses its last half second)."""

    def __init__(self, listeners: Callable[[], list[int]]) -> None:
        self.listeners = listeners
        self._first: dict[int, int] = {}
        self._last: dict[int, int] = {}
        self._kind: dict[int, str] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="cpu-meter", daemon=True)
        self._started = (0, 0)
        self.busy = 0.0

    @staticmethod
    def _machine() -> tuple[int, int]:
        """Jiffies of every core since boot: (total, idle)."""
        fields = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
        return sum(fields[:8]), fields[3] + fields[4]

    def _sample(self, first: bool = False) -> None:
        serve = set(self.listeners())
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            pid = int(entry.name)
            try:
                stat = (entry / "stat").read_text()
                fields = stat.rsplit(")", 1)[1].split()
                ppid, cpu = int(fields[1]), int(fields[11]) + int(fields[12])
                if pid not in self._kind:
                    self._kind[pid] = self._classify(pid, ppid, serve)
            except (OSError, IndexError, ValueError):
                continue
            if first:
                self._first[pid] = cpu
            self._first.setdefault(pid, 0)
            self._last[pid] = cpu

    def _classify(self, pid: int, ppid: int, serve: set[int]) -> str:
        if pid == os.getpid():
            return "this bench (the sink, the providers)"
        if pid in serve:
            return "lgmail listeners (serve)"
        if ppid in serve:
            return "lgmail workers"
        try:
            exe = os.readlink(f"/proc/{pid}/exe")
        except OSError:
            exe = ""
        if exe.startswith("/usr/lib/postfix/") or exe.startswith("/usr/sbin/post"):
            return "Postfix"
        if exe.startswith("/usr/lib/postgresql/"):
            return "PostgreSQL (every client's)"
        return "other processes on the machine"

    def _run(self) -> None:
        while not self._stop.wait(0.5):
            self._sample()

    def start(self) -> None:
        self._sample(first=True)
        self._started = self._machine()
        self._thread.start()

    def stop(self) -> dict[str, float]:
        """CPU seconds by part since `start`."""
        self._stop.set()
        self._thread.join()
        self._sample()
        total, idle = self._machine()
        ticks = os.sysconf("SC_CLK_TCK")
        self.busy = ((total - self._started[0]) - (idle - self._started[1])) / ticks
        spent: dict[str, float] = {}
        for pid, last in self._last.items():
            kind = self._kind[pid]
            spent[kind] = spent.get(kind, 0.0) + (last - self._first[pid]) / ticks
        return spent


def stamp(at: datetime | None) -> float | None:
    return None if at is None else at.timestamp()


@dataclass
class Order:
    """One order's moments (time.time(); None: not known) and its Postfix deliveries."""

    mid: str
    tried: float
    sent: float
    answered: float
    #: the worker's LMTP took it (the inbox row's received_at)
    received: float | None = None
    #: the transaction that played it and wrote its answer (processed_at, whole seconds)
    processed: float | None = None
    #: the start of the flush that sent its answer (the answer's sent_at)
    flushed: float | None = None
    #: the LMTP delivery of the order, the SMTP delivery of its answer to the sink
    lmtp: Delivery | None = None
    answer: Delivery | None = None

    @property
    def played(self) -> float | None:
        """When it was played: the middle of its transaction's second."""
        return None if self.processed is None else self.processed + 0.5

    @property
    def handed(self) -> float | None:
        """When Postfix took the answer: at the sink, less its time in Postfix."""
        return None if self.answer is None else self.answered - self.answer.delay


def span(a: float | None, b: float | None) -> float | None:
    return None if a is None or b is None else b - a


def _line(label: str, values: list[float | None]) -> str:
    from tests.postfix.farm import percentile

    known = [v for v in values if v is not None]
    if not known:
        return f"  {label:<52} (unknown)"
    median, p95 = statistics.median(known), percentile(known, 0.95)
    return f"  {label:<52} {median:7.2f} {p95:7.2f} {max(known):7.2f}  (n={len(known)})"


def _postfix(delivery: Delivery | None, stage: int | None = None) -> float | None:
    """A delivery's `delay=` (`stage` None) or one of its `delays=`."""
    if delivery is None:
        return None
    return delivery.delay if stage is None else delivery.stages[stage]


#: the stages of an order, each how it is read off an order. A transaction's clock
#: (processed_at) runs in whole seconds: the middle of its second is taken (`Order.played`)
STAGES: list[tuple[str, Callable[[Order], float | None]]] = [
    ("provider starts -> Postfix's 250 (not in the delay)", lambda o: o.sent - o.tried),
    ("order: Postfix's 250 -> stored by a worker", lambda o: span(o.sent, o.received)),
    ("  Postfix: before its queue manager (a)", lambda o: _postfix(o.lmtp, 0)),
    ("  Postfix: in its queue manager (b)", lambda o: _postfix(o.lmtp, 1)),
    ("  Postfix: LMTP connection (c)", lambda o: _postfix(o.lmtp, 2)),
    ("  Postfix: LMTP transmission, lgmail's commit (d)", lambda o: _postfix(o.lmtp, 3)),
    ("lgmail: stored -> answer taken by Postfix", lambda o: span(o.received, o.handed)),
    ("  stored -> played, answer in the outbox (+-0.5)", lambda o: span(o.received, o.played)),
    ("  played -> its flush began (sent_at, +-0.5)", lambda o: span(o.played, o.flushed)),
    ("  flush began -> answer taken by Postfix", lambda o: span(o.flushed, o.handed)),
    ("answer: Postfix -> the sink (delay)", lambda o: _postfix(o.answer)),
    ("  Postfix: before its queue manager (a)", lambda o: _postfix(o.answer, 0)),
    ("  Postfix: in its queue manager (b)", lambda o: _postfix(o.answer, 1)),
    ("  Postfix: SMTP connection (c)", lambda o: _postfix(o.answer, 2)),
    ("  Postfix: SMTP transmission (d)", lambda o: _postfix(o.answer, 3)),
    ("order -> answer (Postfix's 250 -> the sink)", lambda o: o.answered - o.sent),
]


def stages(orders: list[Order]) -> list[str]:
    """The table of where an order's time goes."""
    head = f"  {'seconds an order':<52} {'median':>7} {'p95':>7} {'max':>7}"
    return [head, *(_line(label, [of(o) for o in orders]) for label, of in STAGES)]


def orders_of(farm: Farm, log: PostfixLog) -> list[Order]:
    """Every order's moments, from the players' side, the store and Postfix's log."""
    players = farm.players
    players.collect()
    orders = {
        mid: Order(mid, players.tried_at[mid], sent, players.answered_at[mid])
        for mid, sent in players.sent_at.items()
    }
    with farm.admin.store.engine.connect() as conn:
        for mid, received, processed in conn.execute(
            select(inbox.c.message_id, inbox.c.received_at, inbox.c.processed_at)
        ):
            if mid in orders:
                orders[mid].received = stamp(received)
                orders[mid].processed = stamp(processed)
        for answer, raw, sent in conn.execute(
            select(outbox.c.message_id, outbox.c.raw, outbox.c.sent_at)
        ):
            replied = BytesHeaderParser().parsebytes(bytes(raw))["In-Reply-To"]
            order = orders.get(str(replied)) if replied else None
            if order is None or order.flushed is not None:
                continue
            order.flushed = stamp(sent)
            order.answer = log.sent(str(answer), "smtp")
    for order in orders.values():
        order.lmtp = log.sent(order.mid, "lmtp")
    return list(orders.values())


@dataclass
class Run:
    """What one run of the farm gives."""

    games: int
    orders: list[Order]
    #: time.time() of the last order of the night, and of the kill
    night_end: float
    killed: float
    #: seconds the games were played, and the CPU by part meanwhile
    took: float
    cpu: dict[str, float]
    busy: float
    mails: int
    duplicates: int
    log: PostfixLog


def run(games: int, db: str, logs: Path | None) -> Run:
    """The farm on a schema of its own of `db`, `games` games played, everything measured."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tests.postfix.farm import running

    with (
        own_schema(db, "lgmail_bench_farm") as url,
        tempfile.TemporaryDirectory(prefix="lgmail-bench-") as tmp,
        running(Path(tmp), url, games) as farm,
    ):
        return measure(farm, logs)


def measure(farm: Farm, logs: Path | None) -> Run:
    """Play the farm's games; the figures of the run (its logs kept in `logs`)."""
    from tests.postfix.farm import play

    meter = CpuMeter(lambda: [w.process.pid for w in farm.workers if w.process])
    meter.start()
    start = time.time()
    play(farm)
    took = time.time() - start
    cpu = meter.stop()
    raw_log = farm.postfix.log()
    log = PostfixLog.parse(raw_log)
    orders = orders_of(farm, log)
    if logs:
        logs.mkdir(parents=True, exist_ok=True)
        (logs / "maillog").write_text(raw_log, encoding="utf-8")
        for worker in farm.workers:
            shutil.copy(worker.folder / "stderr.log", logs / f"{worker.folder.name}.log")
    mails = len(farm.players.sink.received)
    return Run(
        games=len(farm.games),
        orders=orders,
        night_end=max(o.sent for o in orders if o.mid.endswith(".tuer@example.org>")),
        killed=farm.killed_at,
        took=took,
        cpu=cpu,
        busy=meter.busy,
        mails=mails,
        duplicates=mails - len(farm.players.arrived_at),
        log=log,
    )


def report(done: Run) -> None:
    from tests.postfix.farm import WORKERS, figures, percentile

    orders = done.orders
    print(
        f"farm: {done.games} games, {len(orders)} orders, {WORKERS} workers on PostgreSQL "
        f"behind Postfix, worker0 SIGKILLed midway through the day's votes; {done.mails} mails "
        f"at the sink ({done.duplicates} delivered again); played in {done.took:.1f} s"
    )
    groups = {
        "night (the wolves' kills)": [o for o in orders if o.sent <= done.night_end],
        "day, before the kill": [o for o in orders if done.night_end < o.sent < done.killed],
        "day, after the kill": [o for o in orders if o.sent >= done.killed],
    }
    print("order -> answer (Postfix's 250 to the player's provider -> the answer at the sink):")
    for label, group in groups.items():
        print(f"  {label:<28} {figures([o.answered - o.sent for o in group])}")
    delays = [o.answered - o.sent for o in orders]
    verdict = "met" if percentile(delays, 0.95) <= TARGET else "NOT met"
    print(f"  {'every order':<28} {figures(delays)} (target p95 <= {TARGET:.0f} s: {verdict})")
    print("where an order's time goes:")
    print("\n".join(stages(orders)))
    cores = os.cpu_count() or 1
    print(
        f"CPU while the games were played: {done.busy:.1f} s busy of "
        f"{done.took * cores:.1f} s ({cores} cores)"
    )
    for part, seconds in sorted(done.cpu.items(), key=lambda item: -item[1]):
        print(f"  {part:<40} {seconds:6.1f} s ({seconds / len(orders) * 1000:5.1f} ms an order)")
    print("Postfix's log:")
    for what, count in done.log.counts.items():
        print(f"  {what}: {count}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--db", default=DB, help="a PostgreSQL URL (a schema of its own)")
    parser.add_argument("--logs", type=Path, help="keep Postfix's and the workers' logs here")
    args = parser.parse_args()
    report(run(args.games, args.db, args.logs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
