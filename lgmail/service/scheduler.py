"""The precise clock of `lgmail serve`: one APScheduler job per running game, at the moment the
game next moves by itself (``next_deadline``: a step's deadline, a reaction's delay).

The event log, not the job store, is the truth: the jobs live in memory only and are derived
from the log, at start-up (every game is ticked once, which resolves the deadlines that passed
while no service ran, then scheduled) and again after anything that touched a game
(``reschedule``). A job ticks its game and schedules it again. Two services on one database
may both fire for the same deadline: the tick is decided on fresh state and appended at the
expected version, so the step is closed once and its mails are written to the outbox once.

Game time is the games' clock (``Games.now``); a :class:`Clock` turns a moment of it into a
real delay: the real clock runs at rate 1, a clock fixed by LGMAIL_NOW at rate 0 (its future
deadlines never come: nothing is scheduled for them), a test's fast clock faster.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from apscheduler.executors.pool import ThreadPoolExecutor  # type: ignore[import-untyped]
from apscheduler.jobstores.base import JobLookupError  # type: ignore[import-untyped]
from apscheduler.schedulers.background import (  # type: ignore[import-untyped]
    BackgroundScheduler,
)
from apscheduler.triggers.date import DateTrigger  # type: ignore[import-untyped]

from lgmail import clock
from lgmail.rules.flow import next_deadline
from lgmail.service.games import Games
from lgmail.service.summaries import known_deadlines
from lgmail.service.transactions import GameError

log = logging.getLogger(__name__)

#: real seconds added to every delay, so the game clock has passed the moment when the job runs
MARGIN = 0.01
#: the threads the jobs run in: a tick is CPU-bound under the interpreter's lock, so more
#: threads only contend for it (at a 21:30 when every game is due, APScheduler's default of 10
#: cost a third more CPU a game than one: ``bench/storm.py``); two, so that a tick waiting
#: for the database does not hold up every other
TICKERS = 2
#: a job set for the same deadline to run within this many real seconds of when it would be set
#: again is left as it is
SAME_RUN = 0.5


@dataclass(frozen=True)
class Clock:
    """The games' clock seen from the wall clock: game time runs `rate` times as fast as real
    time (1: the real clock; 0: a fixed clock, which never reaches a moment in its future)."""

    now: Callable[[], datetime]
    rate: float = 1.0

    @classmethod
    def of(cls, now: Callable[[], datetime]) -> Clock:
        """The clock of a service whose games read `now`: lgmail's clock is fixed when
        LGMAIL_NOW is set; any other is taken to run at the real pace."""
        fixed = now is clock.now and not clock.runs()
        return cls(now, 0.0 if fixed else 1.0)

    def delay_to(self, moment: datetime) -> float | None:
        """Real seconds until the game clock reaches `moment`: 0 when it has, None never."""
        ahead = (moment - self.now()).total_seconds()
        if ahead <= 0:
            return 0.0
        if self.rate <= 0:
            return None
        return ahead / self.rate


class DeadlineScheduler:
    """One in-memory job per game with a deadline to come; see the module's docstring."""

    def __init__(
        self,
        games: Games,
        clock: Clock | None = None,
        retry_seconds: float = 1.0,
        failed_seconds: float = 10.0,
        mine: Callable[[str], bool] = lambda game: True,
    ) -> None:
        """`mine`: the games this scheduler keeps (a worker's share; the others' jobs are
        their workers')."""
        self.games = games
        self.mine = mine
        self.clock = clock or Clock.of(games.now)
        #: real seconds before a job that found nothing due runs again
        self.retry_seconds = retry_seconds
        #: real seconds before a job that failed (the database away) runs again
        self.failed_seconds = failed_seconds
        quiet = logging.getLogger("apscheduler")
        if quiet.level == logging.NOTSET:  # a line per job added and run; ours tell the moments
            quiet.setLevel(logging.WARNING)
        self._scheduler = BackgroundScheduler(
            timezone=UTC,
            executors={"default": ThreadPoolExecutor(TICKERS)},
            job_defaults={"coalesce": True, "misfire_grace_time": None, "max_instances": 4},
        )
        #: serializes reading a game's state and setting its job: the last job set comes
        #: from the latest state read
        self._lock = threading.Lock()
        #: game -> the moment last scheduled (to log changes only)
        self._moments: dict[str, datetime | None] = {}
        #: set by :meth:`stop`: no job is added any more
        self._closing = False

    # --- life ------------------------------------------------------------------------------

    def start(self) -> None:
        """Start the jobs' thread, then derive every game's job: from its summary (its next
        deadline, written with its last commit) when that is still to come; else tick the game
        once (the deadlines that passed while no service ran, a game whose summary is missing
        or older than its log) and schedule it from its state. The start-up reads the log of
        the games due, not of every game."""
        self._scheduler.start()
        known = known_deadlines(self.games.store)
        games = [game for game in self.games.store.games() if self.mine(game)]
        now = self.clock.now()
        read = 0
        for game in games:
            due = known.get(game, now)
            try:
                if due is None or due > now:
                    self._schedule(game, due)
                    continue
                read += 1
                events = self.games.tick(game)
                if events:
                    log.info("%s: %d events due while no service ran", game, len(events))
                elif game not in known:
                    self.games.summarize(game)
                self.reschedule(game)
            except Exception:
                log.exception("%s: tick at start-up failed", game)
                self._retry(game, None)
        pending = sum(1 for game in games if self.scheduled(game) is not None)
        log.info(
            "scheduler started: %d games (%d read), %d with a deadline scheduled",
            len(games),
            read,
            pending,
        )

    def stop(self) -> None:
        """Stop the jobs' thread, after the running jobs end; the jobs are forgotten.

        No job is added from then on: APScheduler's shutdown waits for the running jobs while
        it holds its job store's lock, and a running job that set its next job (which takes
        that lock) would wait for the shutdown, which waits for it."""
        with self._lock:  # after a job being added now
            self._closing = True
        if self._scheduler.running:
            self._scheduler.shutdown(wait=True)

    # --- jobs ------------------------------------------------------------------------------

    def reschedule(
        self, game: str, *, floor: float = 0.0, touched: bool = False
    ) -> datetime | None:
        """Set the game's job from its current state (call it after any command that touched
        the game): at its next deadline, or none. Return that deadline when scheduled.
        `floor`: real seconds to wait at least. A game that is not `mine` gets a job only when
        this process just `touched` it (its deadline may have moved before the one its owner
        waits for): that job fires once and is not set again here."""
        if not touched and not self.mine(game):
            return None
        with self._lock:
            if self._closing:
                return None
            try:
                moment = next_deadline(self.games.peek(game))
            except GameError:
                moment = None
            return self._set(game, moment, floor)

    def _schedule(self, game: str, moment: datetime | None) -> None:
        """Set the game's job at `moment`, known without reading the game (its summary)."""
        with self._lock:
            if not self._closing:
                self._set(game, moment, 0.0)

    def _set(self, game: str, moment: datetime | None, floor: float) -> datetime | None:
        """The job at `moment` (none: no job), at least `floor` real seconds from now; under
        the lock."""
        delay = None if moment is None else self.clock.delay_to(_whole_second(moment))
        if moment is None or delay is None:
            self._unschedule(game)
            self._note(game, None, "no deadline" if moment is None else f"{moment} not due")
            return None
        delay = max(delay, floor)
        run_at = datetime.now(UTC) + timedelta(seconds=delay + MARGIN)
        job = self._scheduler.get_job(_job_id(game))
        if (
            job is not None
            and job.args[1] == moment
            and job.next_run_time is not None
            and abs((job.next_run_time - run_at).total_seconds()) < SAME_RUN
        ):
            return moment  # set already (a round that touched the game changed nothing)
        self._scheduler.add_job(
            self._fire,
            DateTrigger(run_date=run_at, timezone=UTC),
            args=[game, moment],
            id=_job_id(game),
            name=f"deadline of {game}",
            replace_existing=True,
            misfire_grace_time=None,
            coalesce=True,
        )
        self._note(game, moment, f"in {delay:.1f} s, at {run_at:%Y-%m-%d %H:%M:%S} UTC")
        return moment

    def scheduled(self, game: str) -> datetime | None:
        """The game's deadline its job waits for, if it has one (None too while a job that
        failed waits to run again)."""
        job = self._scheduler.get_job(_job_id(game))
        if job is None:
            return None
        moment: datetime | None = job.args[1]
        return moment

    def _fire(self, game: str, moment: datetime | None) -> None:
        try:
            events = self.games.tick(game)
        except Exception:
            log.exception("%s: tick for the deadline %s failed", game, moment)
            self._retry(game, moment)
            return
        log.info("%s: deadline %s: %d events", game, moment, len(events))
        # nothing moved: another service resolved it (its new deadline is then later), or the
        # game's clock is a hair short of the deadline (try again a little later)
        try:
            self.reschedule(game, floor=0.0 if events else self.retry_seconds)
        except Exception:
            log.exception("%s: scheduling failed", game)
            self._retry(game, moment)

    def _retry(self, game: str, moment: datetime | None) -> None:
        """After a failure (the database away): the job again in `failed_seconds`."""
        run_at = datetime.now(UTC) + timedelta(seconds=self.failed_seconds)
        with self._lock:
            if self._closing:
                return
            self._scheduler.add_job(
                self._fire,
                DateTrigger(run_date=run_at, timezone=UTC),
                args=[game, moment],
                id=_job_id(game),
                name=f"deadline of {game} (again)",
                replace_existing=True,
                misfire_grace_time=None,
                coalesce=True,
            )
        log.warning("%s: tried again in %.0f s", game, self.failed_seconds)

    def _unschedule(self, game: str) -> None:
        with contextlib.suppress(JobLookupError):
            self._scheduler.remove_job(_job_id(game))

    def _note(self, game: str, moment: datetime | None, detail: str) -> None:
        if game in self._moments and self._moments[game] == moment:
            log.debug("%s: deadline %s unchanged (%s)", game, moment, detail)
            return
        before = self._moments.get(game)
        self._moments[game] = moment
        if moment is None:
            # a game not running (or paused) since the start: not worth a line each
            log.log(
                logging.INFO if before else logging.DEBUG,
                "%s: nothing scheduled (%s)",
                game,
                detail,
            )
        else:
            log.info("%s: deadline %s scheduled %s", game, moment, detail)


def _job_id(game: str) -> str:
    return f"deadline:{game}"


def _whole_second(moment: datetime) -> datetime:
    """Commands see the clock to the second (``Games.transact``): a moment with a fraction of
    a second is reached at the next whole second."""
    if moment.microsecond == 0:
        return moment
    return moment.replace(microsecond=0) + timedelta(seconds=1)
