"""The deadline scheduler's tests: a game clock that runs fast, a PostgreSQL schema of its own."""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta

import pytest

from lgmail.service.scheduler import Clock

PG = os.environ.get("LGMAIL_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


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


@pytest.fixture
def pg_schema() -> Iterator[str]:
    """A PostgreSQL URL on a schema of its own, dropped afterwards (runs never share tables)."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    schema = f"lgmail_scheduler_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    admin = create_engine(PG)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield (
            make_url(PG)
            .update_query_dict({"options": f"-csearch_path={schema}"})
            .render_as_string(hide_password=False)
        )
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        admin.dispose()
