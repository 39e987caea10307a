"""Delivering outgoing mail to a Maildir (`DATA/maildir`), exactly once.

Each mail gets a name made from its outbox row and its Message-ID, so a delivery repeated after
a crash (the mail written, the row not yet marked sent) finds it there and does not write it
twice, whether the reader left it in `new/` or moved it to `cur/`. Names sort in the order the
mails were written to the outbox.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path


def name_for(outbox_id: int, message_id: str) -> str:
    digest = hashlib.sha256(message_id.encode()).hexdigest()[:16]
    return f"{outbox_id:012d}.{digest}.lgmail"


def prepare(maildir: Path) -> None:
    """Make the Maildir's folders if they are missing."""
    for sub in ("tmp", "new", "cur"):
        (maildir / sub).mkdir(parents=True, exist_ok=True)


def _read_already(cur: Path, name: str) -> bool:
    """Whether a reader moved the message to `cur/` (as `NAME:2,FLAGS`)."""
    prefix = f"{name}:"
    with os.scandir(cur) as entries:
        return any(entry.name.startswith(prefix) for entry in entries)


def deliver(maildir: Path, raw: bytes, name: str, prepared: bool = False) -> bool:
    """Write one message as `new/NAME` (through `tmp/`, as Maildir wants); False when it was
    delivered before. `prepared`: the folders are known to exist (:func:`prepare`)."""
    if not prepared:
        prepare(maildir)
    final = maildir / "new" / name
    if final.exists() or _read_already(maildir / "cur", name):
        return False
    temporary = maildir / "tmp" / f"{name}.{os.getpid()}"
    with open(temporary, "wb") as handle:
        handle.write(raw)
        handle.flush()
        os.fsync(handle.fileno())
    try:
        os.link(temporary, final)
    except FileExistsError:
        return False
    finally:
        temporary.unlink(missing_ok=True)
    return True
