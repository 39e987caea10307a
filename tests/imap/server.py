"""A private Dovecot IMAP server for the IMAP tests, and a look into its mailboxes.

See conftest.py for how the tests get it.
"""

from __future__ import annotations

import contextlib
import email
import grp
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from imapclient import IMAPClient

HOST = "127.0.0.1"
START_TIMEOUT = 15.0
USERS = 40
# Needs percent-encoding in a URL; no ":" (the passwd-file's separator).
PASSWORD = "p@ss%w/rd#1?"

CONFIG = """\
# Generated for lgmail's IMAP tests: a private, unprivileged, plain-text Dovecot.
base_dir = {root}/run
state_dir = {root}/state
log_path = {root}/dovecot.log
info_log_path = {root}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
protocols = imap
listen = {host}
default_internal_user = {user}
default_internal_group = {group}
default_login_user = {user}
first_valid_uid = 1
mail_location = maildir:{root}/mail/%u
# Notice new mail at once in IDLE, even where inotify is missing.
mailbox_idle_check_interval = 1 secs

passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {root}/passwd
}}
userdb {{
  driver = passwd-file
  args = username_format=%u {root}/passwd
  default_fields = uid={user} gid={group} home={root}/home/%u
}}

# Unprivileged: no chroot.
service anvil {{
  chroot =
}}
service imap-login {{
  chroot =
  inet_listener imap {{
    address = {host}
    port = {port}
  }}
  inet_listener imaps {{
    port = 0
  }}
}}
"""


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


class Dovecot:
    """A Dovecot instance in its own folder; `start`, `stop`, `restart`, `kick` a user."""

    def __init__(self, dovecot: str, doveadm: str) -> None:
        self.dovecot = dovecot
        self.doveadm = doveadm
        if os.geteuid() == 0:
            account = pwd.getpwnam("nobody")
            self.run_as: tuple[int, int] | None = (account.pw_uid, account.pw_gid)
        else:
            account = pwd.getpwuid(os.getuid())
            self.run_as = None
        self.user = account.pw_name
        self.group = grp.getgrgid(account.pw_gid).gr_name
        # Not under pytest's basetemp: that one is private to the current user (0700), and the
        # unix sockets in base_dir need a short path.
        self.root = Path(tempfile.mkdtemp(prefix="lgmail-dovecot-"))
        for sub in ("run", "state", "mail", "home"):
            (self.root / sub).mkdir()
        # All users are in the passwd-file before Dovecot starts: it looks at the file again at
        # most once a second, so a user added during the tests could be refused for a moment.
        self._users = [(f"player{n}@lgmail.test", PASSWORD) for n in range(1, USERS + 1)]
        self._bare_users = [(f"bare{n}@lgmail.test", PASSWORD) for n in range(1, USERS + 1)]
        self.passwd = self.root / "passwd"
        self.passwd.write_text(
            "".join(f"{name}:{{PLAIN}}{password}::::::\n" for name, password in self._users)
            # Extra fields of the userdb override settings for that user: this one's server
            # announces IMAP4rev1 only (no IDLE, MOVE, UIDPLUS).
            + "".join(
                f"{name}:{{PLAIN}}{password}::::::userdb_imap_capability=IMAP4rev1\n"
                for name, password in self._bare_users
            )
        )
        self.config = self.root / "dovecot.conf"
        self.log = self.root / "dovecot.log"
        self.port = 0
        self._process: subprocess.Popen[bytes] | None = None

    # -- the process --------------------------------------------------------------------------

    def _preexec(self) -> dict[str, Any]:
        if self.run_as is None:
            return {}
        return {"user": self.run_as[0], "group": self.run_as[1], "extra_groups": []}

    def _write_config(self) -> None:
        self.config.write_text(
            CONFIG.format(
                root=self.root, host=HOST, port=self.port, user=self.user, group=self.group
            )
        )
        if self.run_as is not None:
            for path in [self.root, *self.root.rglob("*")]:
                os.chown(path, *self.run_as)

    def start(self) -> None:
        """Start Dovecot (on a new random port the first time) and wait for its greeting."""
        error = ""
        for _ in range(3):
            if not self.port or error:
                self.port = _free_port()
            self._write_config()
            error = self._try_start()
            if not error:
                return
        pytest.fail(f"Dovecot did not start: {error}", pytrace=False)

    def _try_start(self) -> str:
        with open(self.root / "dovecot.out", "ab") as output:
            process = subprocess.Popen(
                [self.dovecot, "-F", "-c", str(self.config)],
                stdin=subprocess.DEVNULL,
                stdout=output,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                **self._preexec(),
            )
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if process.poll() is not None:
                return f"exited with {process.returncode}\n{self.tail()}"
            try:
                with socket.create_connection((HOST, self.port), timeout=1) as sock:
                    if sock.recv(100).startswith(b"* OK"):
                        self._process = process
                        return ""
            except OSError:
                pass
            time.sleep(0.05)
        self._kill(process)
        return f"no IMAP greeting on {HOST}:{self.port} after {START_TIMEOUT} s\n{self.tail()}"

    def stop(self) -> None:
        process, self._process = self._process, None
        if process is not None:
            self._kill(process)

    def restart(self) -> None:
        self.stop()
        self.start()

    @staticmethod
    def _kill(process: subprocess.Popen[bytes]) -> None:
        """Stop the master and every process it started (its own process group).

        Stopping the master alone would leave the imap processes serving their clients.
        """
        group = process.pid  # start_new_session: the master leads its own group
        for sig, wait in ((signal.SIGTERM, 10.0), (signal.SIGKILL, 5.0)):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(group, sig)
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=wait)
            deadline = time.monotonic() + wait
            while time.monotonic() < deadline:
                try:
                    os.killpg(group, 0)
                except ProcessLookupError:
                    return
                time.sleep(0.02)

    def tail(self, lines: int = 30) -> str:
        text = ""
        for path in (self.root / "dovecot.out", self.log):
            with contextlib.suppress(OSError):
                text += path.read_text(errors="replace")
        return "\n".join(text.splitlines()[-lines:])

    def cleanup(self) -> None:
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)

    # -- users --------------------------------------------------------------------------------

    def take_user(self, *, bare: bool = False) -> tuple[str, str]:
        """A user not given out yet: (name, password). `bare`: IMAP4rev1 only, no extension."""
        pool = self._bare_users if bare else self._users
        if not pool:
            pytest.fail("the test Dovecot ran out of users: raise USERS in conftest.py")
        return pool.pop(0)

    def kick(self, name: str) -> None:
        """Have the server drop the user's connections."""
        subprocess.run(
            [self.doveadm, "-c", str(self.config), "kick", name],
            check=True,
            capture_output=True,
            timeout=10,
            **self._preexec(),
        )


@dataclass
class Mailbox:
    """A fresh user on the test server, and ways to look into the mailbox."""

    server: Dovecot
    user: str
    password: str

    def url(self, folder: str = "INBOX", query: str = "") -> str:
        userinfo = f"{quote(self.user, safe='')}:{quote(self.password, safe='')}"
        url = f"imap://{userinfo}@{HOST}:{self.server.port}/{quote(folder)}"
        return f"{url}?{query}" if query else url

    def client(self) -> IMAPClient:
        client = IMAPClient(HOST, port=self.server.port, ssl=False, timeout=10)
        client.login(self.user, self.password)
        return client

    def deliver(self, *messages: bytes, folder: str = "INBOX", flags: tuple[str, ...] = ()) -> None:
        with self.client() as client:
            for message in messages:
                client.append(folder, message, flags=flags)

    def contents(self, folder: str = "INBOX") -> list[tuple[int, str, frozenset[bytes]]]:
        """(UID, Message-ID, flags) of each message in the folder, in UID order."""
        with self.client() as client:
            client.select_folder(folder, readonly=True)
            uids = client.search("ALL")
            data = client.fetch(uids, ["FLAGS", "BODY.PEEK[HEADER]"]) if uids else {}
        out = []
        for uid in sorted(data):
            header = email.message_from_bytes(data[uid][b"BODY[HEADER]"])
            flags = frozenset(flag for flag in data[uid][b"FLAGS"] if flag != b"\\Recent")
            out.append((uid, str(header["Message-ID"]), flags))
        return out
