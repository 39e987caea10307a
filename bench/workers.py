"""Worker processes on PostgreSQL: an inbox of G games played by one worker, then by
two; the seconds each took and the ratio (target: two workers >= 1.6 x one).

Usage: ``python bench/workers.py --pg URL [--games G] [--mails M]``

The workload (not timed): a schema of its own in the PostgreSQL database at URL (dropped
afterwards), G classic games (default 20) of 20 players (5 wolves) made by
``tests.scenario.Scenario`` on an election day (votes accepted all day), the clock fixed by
LGMAIL_NOW so that no deadline passes. For each run, M vote mails a game (default 100: 5 a
player, under the answers-per-hour limit over both runs), each to the voter's own reply address
in that game (the players' mail addresses are the same in every game).

Timed: the worker processes (``lgmail.service.workers.WorkerPool``, as `lgmail serve --workers
N` starts them, each with its own interpreter and connections) are started on an empty inbox;
once each has renewed its `serve:` lease (its first round done: imports, the store opened, each
game's start-up tick; timed apart and not counted), the run's mails are stored in the inbox in
one transaction, the workers are woken and the clock starts; it stops when the inbox has no row
left to play (polled every 20 ms). Checked: every mail answered once (the outbox has one answer
per mail).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path

from pg import own_schema
from sqlalchemy import text

from lgmail.service.games import Games
from lgmail.service.inbound import Inbound
from lgmail.service.workers import Config, WorkerPool
from lgmail.store.schema import SERVE_PREFIX
from lgmail.store.work import Accepted, Work

ROOT = Path(__file__).resolve().parent.parent
POLL = 0.02


def make_games(folder: Path, db: str, count: int) -> tuple[Games, list[tuple[str, list[str]]]]:
    """`count` games; each one's name and its players' reply addresses."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tests.scenario import START, Scenario

    os.environ["LGMAIL_NOW"] = START.isoformat()
    names = [f"Joueur{i:02d}" for i in range(20)]
    roles = {n: ("loup-garou" if i < 5 else "villageois") for i, n in enumerate(names)}
    made = []
    scenario = None
    for g in range(count):
        scenario = Scenario(folder, roles, election=True, name=f"village{g:02d}", db=db)
        # the players' addresses are the same in every game: the role mail of this one
        role_mail = f"[{scenario.name}] Votre rôle"
        reply_to = [
            next(m for m in scenario.mails(n) if role_mail in m.subject).reply_to for n in names
        ]
        made.append((scenario.name, reply_to))
    assert scenario is not None
    return scenario.games, made


def votes(
    games: Games, made: list[tuple[str, list[str]]], per_game: int, tag: str
) -> list[Accepted]:
    """`per_game` votes to each game: the inbox rows to store (not played)."""
    inbound = Inbound(games)
    rows: list[Accepted] = []
    for game, reply_to in made:
        for i in range(per_game):
            voter = i % len(reply_to)
            msg = EmailMessage()
            msg["From"] = f"joueur{voter:02d}@example.org"
            msg["To"] = reply_to[voter]
            msg["Subject"] = f"Re: [{game}] Votre rôle"
            msg["Message-ID"] = f"<{tag}.{game}.{i}@example.org>"
            msg.set_content(f"vote Joueur{(voter + 1 + i) % len(reply_to):02d}\n")
            rows += inbound.accepted(msg.as_bytes(), [reply_to[voter]])
    return rows


def busy_seconds() -> tuple[float, float]:
    """The machine's CPU seconds so far: (busy, total), from /proc/stat (all cores)."""
    ticks = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = ticks[3] + ticks[4]
    per_second = os.sysconf("SC_CLK_TCK")
    return (sum(ticks) - idle) / per_second, sum(ticks) / per_second


def played_by(
    config: Config, games: Games, rows: list[Accepted], workers: int, timeout: float
) -> tuple[float, float, float]:
    """(start-up seconds, seconds to empty the inbox, cores busy meanwhile on average) with
    `workers` worker processes, started on an empty inbox: `rows` are stored in one
    transaction once each has gone round once, and the clock starts then."""
    pool = WorkerPool(config, workers)
    work = Work(games.store)
    begun = time.monotonic()
    pool.start()
    try:
        end = time.monotonic() + timeout
        while len(work.holders(SERVE_PREFIX, datetime.now(UTC))) < workers:
            if time.monotonic() > end:
                raise SystemExit("the workers did not start")
            time.sleep(POLL)
        work.accept_many(rows)
        started, busy0 = time.monotonic(), busy_seconds()[0]
        pool.wake()
        while games.store.inbox_pending(1):
            if time.monotonic() > end:
                raise SystemExit("the inbox was not emptied")
            time.sleep(POLL)
        seconds = time.monotonic() - started
        return started - begun, seconds, (busy_seconds()[0] - busy0) / seconds
    finally:
        pool.stop()
        work.close()
        for holder in work.holders(SERVE_PREFIX, datetime.now(UTC)):
            work.release(holder, holder.removeprefix(SERVE_PREFIX))


def answers(games: Games) -> int:
    """Outbox mails that answer a mail of the runs (their In-Reply-To names it)."""
    with games.store.engine.connect() as conn:
        raws = conn.execute(text("SELECT raw FROM outbox")).scalars()
        return sum(1 for raw in raws if b"In-Reply-To: <run" in bytes(raw))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--pg", required=True, help="a PostgreSQL URL")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--mails", type=int, default=100, help="mails a game, each run")
    parser.add_argument("--timeout", type=float, default=600)
    args = parser.parse_args()
    with (
        own_schema(args.pg, "lgmail_bench_workers") as url,
        tempfile.TemporaryDirectory(prefix="lgmail-bench-") as tmp,
    ):
        games, made = make_games(Path(tmp), url, args.games)
        config = Config(Path(tmp) / "data", url, None)
        results = {}
        for workers in (1, 2):
            rows = votes(games, made, args.mails, f"run{workers}")
            results[workers] = (
                len(rows),
                *played_by(config, games, rows, workers, args.timeout),
            )
        answered = answers(games)
        games.store.close()
    total = sum(mails for mails, _, _, _ in results.values())
    if answered != total:
        raise SystemExit(f"{total} mails played but {answered} answers")
    print(
        f"lgmail workers: {args.games} classic games of 20 players on PostgreSQL, "
        f"{args.mails} votes a game in the inbox for each run"
    )
    for workers, (mails, startup, seconds, busy) in results.items():
        print(
            f"{workers} worker{'s' if workers > 1 else ' '}: {mails} mails in {seconds:.2f} s "
            f"({mails / seconds:,.0f} mails/s; start-up {startup:.1f} s, not counted); "
            f"the machine's cores busy meanwhile: {busy:.2f} of {os.cpu_count()} "
            "(the workers, PostgreSQL, this process)"
        )
    ratio = (results[2][0] / results[2][2]) / (results[1][0] / results[1][2])
    verdict = "met" if ratio >= 1.6 else "NOT met"
    print(f"two workers / one: {ratio:.2f} x (target >= 1.6: {verdict})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
