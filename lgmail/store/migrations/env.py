"""Alembic environment of the event store.

Used programmatically by :mod:`lgmail.store.migrate` (no ``alembic.ini``): the caller passes a
live SQLAlchemy connection, already inside a transaction, in
``config.attributes["connection"]``; the migrations run in that transaction. Without a
connection, one is opened from the ``sqlalchemy.url`` main option.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=None)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = context.config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    url = context.config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("lgmail store migrations need a connection or sqlalchemy.url")
    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            _run(conn)
    finally:
        engine.dispose()


if context.is_offline_mode():
    raise RuntimeError("offline (--sql) migrations are not supported by the lgmail store")
run_migrations_online()
