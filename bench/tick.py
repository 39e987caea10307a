"""A deadline's tick by parts: `Games.tick` over N games of the storm's mix, in one process
and with no delivery, each part's time measured with ``time.perf_counter`` (no profiler, whose
cost a call would distort the shares of code made of many small calls, as templates are).

Usage: ``python bench/tick.py [--games N] [--tick T] [--warm] [--profile K]``

The games are `bench/storm.py`'s workload ``mix`` (its histories kept in the same cache), on
SQLite in a temporary folder, all due at its DEADLINE; the clock is set one second after it and
each game is ticked once, cold (its state read from its log, as a worker's at 21:30); with
``--tick T`` only the last T games are ticked, so that the same games' ticks can be timed in a
store of 300 games and in one of 10,000 (the mix's histories repeat every 300 games). Printed:
the wall and CPU time a game, and a game's time in each part: reading and folding its log
(``_fresh``), its mails (their texts, ``mails_for``; their envelopes: footer, HTML part, MIME;
the end-of-game vote record), the projection's dump and the append.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import storm

import lgmail.mail.render as render
import lgmail.service.outgoing as outgoing
import lgmail.service.transactions as transactions
from lgmail.rules.variants import VARIANTS
from lgmail.store.eventstore import EventStore

#: seconds spent in each part, by label
SPENT: defaultdict[str, float] = defaultdict(float)

#: (owner, attribute, label): the parts timed, nested parts indented under their whole
PARTS: list[tuple[Any, str, str]] = [
    (transactions.Transactions, "_fresh", "reading and folding the log"),
    (outgoing.MailOut, "_outgoing", "mails"),
    (outgoing, "mails_for", "  texts (mails_for)"),
    (outgoing.MailOut, "envelope", "  envelopes"),
    (outgoing, "render_html", "    HTML part"),
    (outgoing, "compose", "    MIME"),
    (outgoing.MailOut, "_with_record", "  end-of-game vote record"),
    (transactions, "dump", "projection's dump"),
    (transactions.Transactions, "_remember", "the cache's copy"),
    (EventStore, "append", "append"),
]


def timed(real: Callable[..., Any], label: str) -> Callable[..., Any]:
    def part(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return real(*args, **kwargs)
        finally:
            SPENT[label] += time.perf_counter() - started

    return part


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=300, help="games ticked (default 300)")
    parser.add_argument(
        "--cache",
        type=Path,
        default=Path.home() / ".cache" / "lgmail-bench",
        help="the folder the storm's histories are kept in between runs",
    )
    parser.add_argument(
        "--tick", type=int, default=0, help="tick only the last T games (default: every game)"
    )
    parser.add_argument(
        "--warm",
        action="store_true",
        help="import every rule set and compile every template before the clock starts",
    )
    parser.add_argument("--profile", type=int, default=0, help="print cProfile's K first lines")
    args = parser.parse_args(argv)
    count = max(1, args.games)
    with tempfile.TemporaryDirectory(prefix="lgmail-tick-") as tmp:
        data = Path(tmp) / "data"
        data.mkdir()
        url = f"sqlite:///{data / 'lgmail.sqlite3'}"
        built = storm.build(str(data), url, count, 2130, cache=args.cache)
        ticked = built.names[-args.tick :] if args.tick else built.names
        after = storm.DEADLINE + timedelta(seconds=1)
        games = storm.QuietGames(storm.load(str(data), url), now=lambda: after)
        warmed = time.process_time()
        if args.warm:
            VARIANTS.load_all()
            render.warm()
        warmed = time.process_time() - warmed
        for owner, name, label in PARTS:
            setattr(owner, name, timed(getattr(owner, name), label))
        profile = cProfile.Profile() if args.profile else None
        wall, cpu = time.perf_counter(), time.process_time()
        if profile is not None:
            profile.enable()
        for name in ticked:
            games.tick(name)
        if profile is not None:
            profile.disable()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        games.store.close()
        size = (data / "lgmail.sqlite3").stat().st_size
    print(f"{count} games of the storm's mix ({built.events:,} events, {size / 2**20:.0f} MiB)")
    print(f"{len(ticked)} of them ticked once each, cold")
    if args.warm:
        print(f"the process warmed first (rule sets imported, templates compiled): {warmed:.2f} s")
    ticks = len(ticked)
    print(f"a game: {wall / ticks * 1000:.1f} ms of wall time, {cpu / ticks * 1000:.1f} ms of CPU")
    for _, _, label in PARTS:
        seconds = SPENT[label]
        print(f"  {label:<32} {seconds / ticks * 1000:6.1f} ms  {seconds / wall * 100:5.1f} %")
    if profile is not None:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
