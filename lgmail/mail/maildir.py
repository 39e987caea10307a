"""Delivering outgoing mail to a Maildir (`DATA/maildir`)."""

from __future__ import annotations

import mailbox
from pathlib import Path


def deliver(maildir: Path, raw: bytes) -> str:
    """Store one message in `maildir/new` (written to tmp/ then renamed, as Maildir wants)."""
    box = mailbox.Maildir(str(maildir), create=True)
    try:
        return box.add(raw)
    finally:
        box.close()
