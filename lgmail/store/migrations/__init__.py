"""Alembic environment and revisions of the event store (run by :mod:`lgmail.store.migrate`)."""
