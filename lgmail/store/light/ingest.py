"""`lgmail ingest` while a service runs: store the mail in the inbox and exit, for the service's
workers to play (they look at the inbox every second). An MTA's pipe transport starts one process
per mail, so this path imports no rule set and no SQLAlchemy: the driver, the settings and the
address routing only.

Whenever it cannot be sure, it leaves the mail to the full path (``lgmail.cli.commands``), which
stores and plays it itself: no service alive on the database (no `serve:` lease running), a database
not at the schema's head, an envelope recipient not given (``--to``), one that is no game address,
or any error.
"""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime
from pathlib import Path

from lgmail import clock
from lgmail.config import settings
from lgmail.mail.addresses import game_slug_of, slug
from lgmail.mail.delivery import message_key, return_path
from lgmail.store.light.db import at_head, connect, stored_at


def store_only(args: argparse.Namespace) -> int | None:
    """Store the mail when a service will play it: the exit code; None: take the full path."""
    if not args.to:
        return None
    try:
        conf = settings.load(args.data, args.db, relay=args.relay)
        raw = sys.stdin.buffer.read() if args.file == "-" else Path(args.file).read_bytes()
        args.raw = raw  # the full path takes the bytes read
        return _store(conf, raw, list(args.to), args.sender)
    except Exception:
        return None


def _store(
    conf: settings.Settings, raw: bytes, recipients: list[str], sender: str | None
) -> int | None:
    with connect(conf.db_url, write=True) as (execute, dialect):
        if not at_head(execute):
            return None
        now = datetime.now(UTC)
        live = execute(
            "SELECT name FROM leases WHERE name LIKE 'serve:%' AND until > ?",
            (stored_at(now, dialect),),
        )
        if not live:
            return None
        slugs = {slug(str(g)): str(g) for (g,) in execute("SELECT DISTINCT game FROM events", ())}
        games = [_game_of(conf, slugs, r) for r in recipients]
        if any(g is None for g in games):
            return None  # no game address: the full path says so
        if sender is not None:
            raw = return_path(sender.strip().strip("<>")) + raw
        message_id = message_key(raw)
        received = stored_at(clock.now(), dialect)
        for recipient, game in zip(recipients, games, strict=True):
            execute(
                "INSERT INTO inbox (message_id, recipient, raw, received_at, game) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (message_id, recipient) DO NOTHING",
                (message_id, recipient.lower(), raw, received, game),
            )
    for recipient, game in zip(recipients, games, strict=True):
        print(f"{game or '-'}: stored for the service ({recipient})")
    return 0


def _game_of(conf: settings.Settings, slugs: dict[str, str], address: str) -> str | None:
    """As ``Inbound.game_for``: the game of a game address or of a bounce address."""
    return slugs.get(game_slug_of(conf.bounce, address, conf.domain) or "")
