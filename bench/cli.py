"""The command line's wall times: `lgmail ingest` of one mail while a service runs (an MTA's pipe
transport starts one process per mail) and `lgmail state GAME --json` (what an MJ's scripts
call), each the median of N runs, on SQLite (and on PostgreSQL with ``--pg URL``).

Usage: ``python bench/cli.py [--runs N] [--pg URL]``

The workload: one classic game of 20 players made by ``tests.scenario.Scenario`` in a temporary
directory, its clock fixed (LGMAIL_NOW); a live `serve:` lease (as a running service keeps)
so that `ingest` stores the mail for the service. Each run is a new process
(``python -m lgmail``, as the `lgmail` script), timed from its start to its exit; each ingest
sends a different vote mail to a player's reply address with ``--to``.

Printed: the median and the spread of each command, and its target (ingest <= 0.25 s, state
<= 0.4 s).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path

from pg import own_schema

ROOT = Path(__file__).resolve().parent.parent


def timed(command: list[str], stdin: bytes | None = None) -> float:
    start = time.perf_counter()
    subprocess.run(command, input=stdin, check=True, capture_output=True)
    return time.perf_counter() - start


def bench(db: str | None, runs: int) -> dict[str, list[float]]:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from lgmail.store.work import Work
    from tests.scenario import Scenario

    names = [f"Joueur{i:02d}" for i in range(20)]
    roles = {n: ("loup-garou" if i < 5 else "villageois") for i, n in enumerate(names)}
    with tempfile.TemporaryDirectory(prefix="lgmail-bench-") as tmp:
        game = Scenario(Path(tmp), roles, election=True, db=db)
        Work(game.games.store).take("serve:bench:1:0", "bench:1:0", datetime.now(UTC), 3600)
        reply_to = next(m for m in game.mails(names[1]) if "Votre rôle" in m.subject).reply_to
        os.environ["LGMAIL_NOW"] = game.clock.isoformat()
        base = [sys.executable, "-m", "lgmail", "--data", str(game.games.settings.data)]
        if db:
            base += ["--db", db]
        times: dict[str, list[float]] = {"ingest": [], "state": []}
        for i in range(runs):
            msg = EmailMessage()
            msg["From"] = Scenario.email(names[1])
            msg["To"] = reply_to
            msg["Subject"] = "Re: [village] Votre rôle"
            msg["Message-ID"] = f"<cli{i}@example.org>"
            msg.set_content(f"vote {names[2 + i % 10]}")
            ingest = [*base, "ingest", "-", "--to", reply_to]
            times["ingest"].append(timed(ingest, msg.as_bytes()))
            times["state"].append(timed([*base, "state", game.name, "--json"]))
        pending = len(game.games.store.inbox_pending(1000))
        if pending != runs:
            raise SystemExit(f"{runs} mails ingested but {pending} stored for the service")
        game.games.store.close()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--pg", help="a PostgreSQL URL to measure too")
    args = parser.parse_args()
    targets = {"ingest": 0.25, "state": 0.4}
    for label, db in [("SQLite", None)] + ([("PostgreSQL", args.pg)] if args.pg else []):
        with contextlib.ExitStack() as stack:
            if db is not None:
                db = stack.enter_context(own_schema(db, "lgmail_bench_cli"))
            times = bench(db, args.runs)
        for command, values in times.items():
            median = statistics.median(values)
            verdict = "met" if median <= targets[command] else "NOT met"
            print(
                f"{label:<10} lgmail {command:<7} median {median:.3f} s "
                f"(min {min(values):.3f}, max {max(values):.3f}, {len(values)} runs; "
                f"target <= {targets[command]} s: {verdict})"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
