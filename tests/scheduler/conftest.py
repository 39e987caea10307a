"""The deadline scheduler's tests: a game clock that runs fast, a PostgreSQL schema of its own."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime, timedelta

from lgmail.service.scheduler import Clock


class FastClock:
    """Game time from `start`, `rate` times as fast as real time (600: a real second is ten
    game minutes), so a deadline minutes away comes in a fraction of a second."""

    def __init__(self, start: datetime, rate: float = 600.0) -> None:
        self.start, self.rate = start, rate
        self.t0 = time.monotonic()

    def now(self) -> datetime:
        return self.start + timedelta(seconds=(time.monotonic() - self.t0) * self.rate)

    @property
    def clock(self) -> Clock:
        return Clock(self.now, self.rate)


def wait_for(what: Callable[[], object], timeout: float = 10.0, step: float = 0.02) -> None:
    end = time.monotonic() + timeout
    while not what():
        assert time.monotonic() < end, "timed out"
        time.sleep(step)
