"""The `lgmail` script: parse the arguments, then import only what the command needs (`ingest`
from an MTA's pipe, while a service runs, needs neither the rules nor SQLAlchemy:
``lgmail.store.light.ingest``)."""

from __future__ import annotations

import os
from collections.abc import Sequence

from lgmail.cli.parser import build_parser
from lgmail.config import settings


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "ingest":
        from lgmail.store.light.ingest import store_only

        # the files lgmail creates (the database, its journal) are its own: 0600
        umask = os.umask(settings.PRIVATE_UMASK)
        try:
            stored = store_only(args)
        finally:
            os.umask(umask)
        if stored is not None:
            return stored
    if args.command == "state":
        from lgmail.store.light.state import state_only

        shown = state_only(args)
        if shown is not None:
            return shown
    from lgmail.cli.commands import run

    return run(args)
