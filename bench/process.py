"""A mail's processing by parts: the inbox of `bench/ingest.py`'s workloads played in one
process, as a worker plays it, with no SMTP and no other process, each part's wall time
(``time.perf_counter``) and CPU (``time.thread_time``: the system's time on the thread's
behalf included, a file's creation, an fsync) measured around it, as `bench/tick.py` does: no
profiler, whose cost a call would distort the shares of code made of many small calls.

Usage: ``python bench/process.py [--mails N] [--games G] [--batch B] [--profile K]``

The workload is `bench/ingest.py`'s (``make_workload``, ``make_mails``: G games, default 50,
of 8 to 20 players and four rule sets, on SQLite, the clock fixed; with ``--games 1`` its one
classic game), its warm-up mails (one a player) played first, untimed. Then the N timed mails
(default 1,000) are stored in the inbox (untimed) and played as a worker plays them: the
games with mail waiting claimed B rows at a time (``Work.claim_games``; default the worker's
``BATCH``; a burst of SMTP mail gives a worker fewer, a game's mails that came together),
their rows played by ``Inbound.process_many`` (one transaction a game's mails of a claim),
the outbox delivered to the Maildir after each commit (the embedded service's delivery).
Printed: the transactions, the wall and CPU time a mail, and each part's: reading the raw
mail, routing it (its game, its sender's token), the game's state (cache or log), the orders
(parse, decision), the answer's text and its envelope (footer, HTML part, MIME), the summary,
the append, the state copies, the events' own mails, the delivery, the claims, the log.

The store and the Maildir are in a new temporary folder of ``TMPDIR`` (``/tmp`` when unset),
as in every bench. Making a file there (a Maildir delivery makes one an answer) costs what the
disk makes it cost: on the ext4 disks these figures come from, from 0.03 to 1.1 ms of CPU a
file, by where the new folder landed (the same code, one run to the next), which moves the
delivery's share from a quarter to a half. So the cost of making a file there is measured
first and printed (``ingest.creation_cpu``).
"""

from __future__ import annotations

import argparse
import cProfile
import inspect
import logging
import os
import pstats
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import ingest

import lgmail.service.answers as answers
import lgmail.service.games as games_module
import lgmail.service.inbound as inbound_module
import lgmail.service.outgoing as outgoing
import lgmail.service.transactions as transactions
from lgmail.rules.state import GameState
from lgmail.service.inbound import Inbound
from lgmail.service.workers import BATCH, GAME_LEASE
from lgmail.store.eventstore import EventStore
from lgmail.store.work import Work

#: seconds spent in each part, by label: wall, and this thread's CPU
SPENT: defaultdict[str, float] = defaultdict(float)
SPENT_CPU: defaultdict[str, float] = defaultdict(float)
#: calls of each part, by label
CALLS: defaultdict[str, int] = defaultdict(int)

#: (owner, attribute, label): the parts timed, nested parts indented under their whole
PARTS: list[tuple[Any, str, str]] = [
    (inbound_module.Inbound, "_read", "reading the mail"),
    (inbound_module.Inbound, "_route", "routing (game, sender, token)"),
    (transactions.Transactions, "_fresh", "the game's state"),
    (games_module, "parse", "the orders' parse"),
    (games_module, "decided", "the orders' decision"),
    (games_module, "answer", "the answer's text"),
    (answers, "view", "  the reader's view"),
    (outgoing.MailOut, "envelope", "the answer's envelope"),
    (outgoing, "render_html", "  HTML part"),
    (outgoing, "compose", "  MIME"),
    (outgoing.MailOut, "_footer", "  footer"),
    (transactions, "summary_of", "the game's summary"),
    (EventStore, "append", "the append"),
    (GameState, "clone", "state copies"),
    (outgoing.MailOut, "_outgoing", "the events' mails"),
    (outgoing.MailOut, "flush", "delivery (Maildir)"),
    (Work, "claim_games", "claims and releases"),
    (Work, "release_games", "claims and releases"),
    (logging.Logger, "info", "the operator's log"),
]


def timed(real: Callable[..., Any], label: str) -> Callable[..., Any]:
    def part(*args: Any, **kwargs: Any) -> Any:
        started, cpu = time.perf_counter(), time.thread_time()
        try:
            return real(*args, **kwargs)
        finally:
            SPENT[label] += time.perf_counter() - started
            SPENT_CPU[label] += time.thread_time() - cpu
            CALLS[label] += 1

    return part


def play(inbound: Inbound, work: Work, holder: str, limit: int) -> tuple[int, int]:
    """Play the inbox as a worker's drain does, until it is empty: (rows, claims)."""
    rows = claims = 0
    while True:
        claimed = work.claim_games(holder, datetime.now(UTC), GAME_LEASE, limit, 1)
        if not claimed:
            return rows, claims
        claims += 1
        mails = sorted((row for _, game_rows in claimed for row in game_rows), key=lambda r: r.id)
        rows += len(mails)
        try:
            done = inbound.process_many(mails)
        finally:
            work.release_games([game for game, _ in claimed], holder)
        if len(done) < len(mails):
            raise SystemExit(f"{len(mails) - len(done)} of {len(mails)} mails failed (logged)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--mails", type=int, default=1000, help="mails timed (default 1000)")
    parser.add_argument("--games", type=int, default=50, help="games (default 50)")
    parser.add_argument(
        "--batch", type=int, default=BATCH, help=f"rows claimed at a time (default {BATCH})"
    )
    parser.add_argument("--profile", type=int, default=0, help="print cProfile's K first lines")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="lgmail-process-") as tmp:
        workload = ingest.make_workload(Path(tmp), args.mails, args.games)
        made = ingest.creation_cpu(workload.games)
        games = workload.games
        inbound = Inbound(games)
        # delivery after each commit (the worker's thread, woken), looked up when called
        games.after_commit = lambda: games.flush()
        # the worker's log, one line a mail handled (written where nobody reads it)
        logging.basicConfig(
            level=logging.INFO,
            format="%(asctime)s worker0 %(levelname)s %(name)s %(message)s",
            stream=open(os.devnull, "w"),  # noqa: SIM115
            force=True,
        )
        work = inbound.work
        warmup = ingest.make_mails(workload, list(range(len(workload.players))), "warmup")
        mails = ingest.make_mails(workload, workload.senders, "timed")

        def store(batch: list[ingest.Mail]) -> None:
            work.accept_many([a for _, rcpt, raw in batch for a in inbound.accepted(raw, [rcpt])])

        store(warmup)
        play(inbound, work, "bench", BATCH)
        store(mails)
        applied = ingest.order_accepted(workload)
        for owner, name, label in PARTS:
            wrapped = timed(getattr(owner, name), label)
            static = isinstance(inspect.getattr_static(owner, name), staticmethod)
            setattr(owner, name, staticmethod(wrapped) if static else wrapped)
        profile = cProfile.Profile() if args.profile else None
        wall, cpu = time.perf_counter(), time.process_time()
        if profile is not None:
            profile.enable()
        rows, claims = play(inbound, work, "bench", max(1, args.batch))
        if profile is not None:
            profile.disable()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        applied = ingest.order_accepted(workload) - applied
        games.store.close()
    count = len(mails)
    if rows != count:
        raise SystemExit(f"{count} mails stored, {rows} played")
    print(workload.title)
    commits = CALLS["the append"]
    print(f"{count} mails played in {claims} claims, {commits} transactions; {applied} orders")
    print(f"a file made in the Maildir: {made:.2f} ms of CPU")
    print(f"a mail: {wall / count * 1000:.2f} ms of wall time, {cpu / count * 1000:.2f} ms of CPU")
    print(f"  {'part':<34} {'wall':>6} {'CPU':>6}  {'CPU %':>6}  calls (ms a mail; calls a mail)")
    for label in dict.fromkeys(label for _, _, label in PARTS):
        seconds, used = SPENT[label], SPENT_CPU[label]
        print(
            f"  {label:<34} {seconds / count * 1000:6.3f} {used / count * 1000:6.3f}"
            f"  {used / cpu * 100:5.1f} %  {CALLS[label] / count:5.2f}"
        )
    if profile is not None:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
