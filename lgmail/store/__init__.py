"""Event store of lgmail: append-only game streams, outbox and projections (SQLite/PostgreSQL)."""
