from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
from hypothesis import settings

#: the PostgreSQL the tests use (LGMAIL_TEST_PG=none: SQLite only)
PG = os.environ.get("LGMAIL_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")

settings.register_profile("ci", max_examples=40, deadline=None)
settings.register_profile("dev", max_examples=20, deadline=None)
settings.register_profile("soak", max_examples=500, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture(autouse=True)
def _no_fixed_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LGMAIL_NOW", raising=False)
    monkeypatch.delenv("LGMAIL_HOME", raising=False)
    monkeypatch.delenv("LGMAIL_DB", raising=False)
    monkeypatch.delenv("LGMAIL_RELAY", raising=False)


@pytest.fixture
def pg_schema() -> Iterator[str]:
    """A PostgreSQL URL on a schema of its own, dropped afterwards (runs never share tables)."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    schema = f"lgmail_t_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    admin = create_engine(PG)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        url = make_url(PG).update_query_dict({"options": f"-csearch_path={schema}"})
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture(params=["sqlite"] + ([] if PG == "none" else ["postgresql"]))
def database(request: pytest.FixtureRequest) -> str | None:
    """The store under test: SQLite in the data dir, or a PostgreSQL schema of its own."""
    return None if request.param == "sqlite" else str(request.getfixturevalue("pg_schema"))
