"""A private Dovecot IMAP server for the IMAP tests.

One Dovecot instance is started for the whole session from a generated configuration in a
temporary folder (plain-text IMAP on 127.0.0.1, a port the kernel picks at random, users in a
passwd-file with plaintext passwords, Maildir storage), and stopped at the end. It runs as the
current user; when that is root it runs as ``nobody`` instead, since Dovecot refuses to run its
login and mail processes as root. Each test gets a mailbox of its own (a user of its own,
named like ``player1@lgmail.test``).

Dovecot comes from Debian's ``dovecot-imapd`` (``bash .ci/dovecot.sh`` installs it). When it is
missing the tests that need it FAIL; ``LGMAIL_TEST_IMAP=none`` leaves them out (skipped).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator

import pytest

from .server import Dovecot, Mailbox

IMAP_ENABLED = os.environ.get("LGMAIL_TEST_IMAP", "").strip().lower() != "none"


def _find(program: str) -> str | None:
    path = os.pathsep.join([os.environ.get("PATH", ""), "/usr/sbin", "/sbin", "/usr/bin"])
    return shutil.which(program, path=path)


@pytest.fixture(scope="session")
def dovecot() -> Iterator[Dovecot]:
    if not IMAP_ENABLED:
        pytest.skip("LGMAIL_TEST_IMAP=none: the tests against an IMAP server are left out")
    binary, doveadm = _find("dovecot"), _find("doveadm")
    if binary is None or doveadm is None:
        pytest.fail(
            "Dovecot is not installed (no `dovecot`/`doveadm` in PATH nor /usr/sbin): the IMAP "
            "tests need it. Install it with `bash .ci/dovecot.sh` (Debian's dovecot-imapd), or "
            "set LGMAIL_TEST_IMAP=none to leave these tests out.",
            pytrace=False,
        )
    server = Dovecot(binary, doveadm)
    try:
        server.start()
        yield server
    finally:
        server.cleanup()


@pytest.fixture
def mailbox(dovecot: Dovecot) -> Mailbox:
    """A user of its own for the test, with an empty mailbox."""
    return Mailbox(dovecot, *dovecot.take_user())


@pytest.fixture
def bare_mailbox(dovecot: Dovecot) -> Mailbox:
    """A user whose server offers IMAP4rev1 only: no IDLE, no MOVE, no UIDPLUS."""
    return Mailbox(dovecot, *dovecot.take_user(bare=True))
