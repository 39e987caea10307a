"""Fixtures: every store test runs on SQLite (a temp file) and on PostgreSQL.

PostgreSQL comes from ``LGMAIL_TEST_PG`` (default: the local ``test`` database). An unreachable
server makes the PostgreSQL tests fail; ``LGMAIL_TEST_PG=none`` leaves them out. Each
PostgreSQL test gets a fresh schema (``search_path`` set through the URL), dropped afterwards.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from lgmail.store.eventstore import EventStore

DEFAULT_PG_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
PG_URL = os.environ.get("LGMAIL_TEST_PG", DEFAULT_PG_URL).strip() or DEFAULT_PG_URL
PG_ENABLED = PG_URL.lower() != "none"
SCHEMA_PREFIX = "lgmail_test_"

BACKENDS = ["sqlite", *(["postgresql"] if PG_ENABLED else [])]


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _drop_stale_schemas(admin_url: str) -> None:
    """Drop schemas left by test runs that were killed (their pid is gone)."""
    engine = create_engine(admin_url)
    try:
        with engine.begin() as conn:
            names = conn.execute(
                text("SELECT nspname FROM pg_namespace WHERE nspname LIKE :p"),
                {"p": SCHEMA_PREFIX + "%"},
            ).scalars()
            for name in list(names):
                pid = name[len(SCHEMA_PREFIX) :].split("_", 1)[0]
                if pid.isdigit() and not _pid_alive(int(pid)):
                    conn.execute(text(f'DROP SCHEMA IF EXISTS "{name}" CASCADE'))
    finally:
        engine.dispose()


@pytest.fixture(scope="session")
def pg_admin_url() -> str:
    """The PostgreSQL URL; fails (does not skip) when the server is unreachable."""
    url = make_url(PG_URL)
    if url.drivername == "postgresql":
        url = url.set(drivername="postgresql+psycopg")
    rendered = url.render_as_string(hide_password=False)
    engine = create_engine(rendered)
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
    except Exception as exc:
        pytest.fail(
            f"PostgreSQL unreachable at {url.render_as_string(hide_password=True)}: {exc}\n"
            "(set LGMAIL_TEST_PG=none to run the SQLite tests only)",
            pytrace=False,
        )
    finally:
        engine.dispose()
    _drop_stale_schemas(rendered)
    return rendered


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def store_url(
    backend: str, tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> Iterator[str]:
    """A URL of an empty database (nothing created yet) for the backend under test."""
    if backend == "sqlite":
        path = tmp_path_factory.mktemp("store") / "data" / "lgmail.sqlite3"
        yield f"sqlite:///{path}"
        return
    admin_url: str = request.getfixturevalue("pg_admin_url")
    schema = f"{SCHEMA_PREFIX}{os.getpid()}_{uuid.uuid4().hex[:10]}"
    admin = create_engine(admin_url)
    try:
        with admin.begin() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        url = make_url(admin_url).update_query_dict({"options": f"-csearch_path={schema}"})
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture
def open_store(store_url: str) -> Iterator[Callable[[], EventStore]]:
    """Opens more stores on the same database (e.g. one per concurrent writer)."""
    opened: list[EventStore] = []

    def _open() -> EventStore:
        store = EventStore(store_url)
        opened.append(store)
        return store

    yield _open
    for store in opened:
        store.close()


@pytest.fixture
def store(open_store: Callable[[], EventStore]) -> EventStore:
    return open_store()
