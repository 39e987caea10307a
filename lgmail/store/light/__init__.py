"""The one-shot path of `ingest` and `state`: the database by its driver alone (stdlib
`sqlite3`, or psycopg), no SQLAlchemy, no rule set loaded before the game names one."""
