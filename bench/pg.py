"""A PostgreSQL schema of a bench's own: made at the start, dropped at the end, so that runs
never share tables."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import create_engine, make_url, text


@contextmanager
def own_schema(url: str, prefix: str) -> Iterator[str]:
    """The URL of a fresh schema `prefix_...` of the PostgreSQL database at `url` (its
    ``search_path``), dropped with everything in it at the end."""
    name = f"{prefix}_{os.getpid()}_{random.getrandbits(32):08x}"
    admin = create_engine(url)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{name}"'))
    try:
        scoped = make_url(url).update_query_dict({"options": f"-csearch_path={name}"})
        yield scoped.render_as_string(hide_password=False)
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{name}" CASCADE'))
        admin.dispose()
