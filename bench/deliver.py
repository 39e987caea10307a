"""Delivery alone: N outbox rows handed to an SMTP relay by ``send_outbox``, in one process on
one connection; the CPU time a mail (what ``lgmail serve``'s deliveries cost besides the relay).

Usage: ``python bench/deliver.py [--mails N] [--db URL] [--profile K]``

The workload (not timed): N mails (default 3000) of about 5 KB in the outbox of a store of their
own, SQLite in a temporary folder (or, with ``--db``, a schema of its own in that PostgreSQL
database, dropped afterwards), 16 a game as a deadline writes them, composed as lgmail composes
them. The relay: Postfix's ``smtp-sink`` (C: its CPU is not counted) on loopback, as
``bench/storm.py`` uses it; this bench needs it.

Timed (``time.process_time`` of this process, and the wall clock): ``send_outbox`` called until
it finds nothing due, with a bounce address set (the envelope sender each mail gets when
``lgmail serve`` runs). Printed: the mails delivered, the CPU and wall time a mail; with
``--profile K``, cProfile's first K lines (by cumulative CPU time).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from storm import SMTP_SINK, database, free_port, sink

from lgmail.mail.compose import compose
from lgmail.mail.relay import SmtpRelay
from lgmail.mail.sender import send_outbox
from lgmail.store.eventstore import EventStore
from lgmail.store.model import OutgoingMail

NOW = datetime(2026, 3, 10, 20, 30, tzinfo=UTC)
#: mails a game's deadline writes, about (the storm's mix: 16.2)
A_GAME = 16


def fill(store: EventStore, count: int) -> None:
    body = "\n\n".join(
        f"Ligne {i} : le village se réveille, Alice → Bruno, « vote Bruno », été." * 3
        for i in range(20)
    )
    for game in range(-(-count // A_GAME)):
        name = f"bench-{game:05d}"
        mails = []
        for i in range(min(A_GAME, count - game * A_GAME)):
            message_id = f"<{name}.1.{i}@lgmail.example>"
            recipient = f"player{i}@example.org"
            raw = compose(
                sender=f"MJ {name} <{name}@lgmail.example>",
                recipient=recipient,
                reply_to=f"{name}+token{i}@lgmail.example",
                subject=f"[{name}] Jour 2",
                body=body,
                message_id=message_id,
                date=NOW,
                html=f"<p>{body}</p>",
            )
            mails.append(OutgoingMail(message_id, name, recipient, raw))
        store.append(name, 0, [], NOW, outbox=mails)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--mails", type=int, default=3000, help="mails delivered (3000)")
    parser.add_argument("--db", default=None, help="a PostgreSQL URL (default: SQLite)")
    parser.add_argument("--profile", type=int, default=0, help="print cProfile's K first lines")
    args = parser.parse_args(argv)
    if SMTP_SINK is None:
        raise SystemExit("bench/deliver.py needs Postfix's smtp-sink (.ci/postfix.sh installs it)")
    port = free_port()
    with (
        tempfile.TemporaryDirectory(prefix="lgmail-deliver-") as tmp,
        database(args.db, Path(tmp)) as url,
        sink(port, "smtp-sink"),
    ):
        store = EventStore(url)
        fill(store, args.mails)
        relay = SmtpRelay(
            "127.0.0.1",
            port,
            bounce="lgmail-bounces@lgmail.example",
            local_hostname="lgmail.example",
            secret=b"bench-secret-bench-secret-bench!",
        )
        profile = cProfile.Profile(time.process_time) if args.profile else None
        cpu, wall = time.process_time(), time.perf_counter()
        if profile is not None:
            profile.enable()
        sent = 0
        while (done := send_outbox(store, relay, NOW)) > 0:
            sent += done
        if profile is not None:
            profile.disable()
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        store.close()
    kind = "SQLite" if args.db is None else "PostgreSQL"
    print(f"{sent} mails delivered to smtp-sink from {kind}, one connection")
    print(f"a mail: {cpu / max(1, sent) * 1000:.3f} ms of CPU, {wall / max(1, sent) * 1000:.3f} ms")
    if profile is not None:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
