"""A private Postfix for the tests, configured as `deploy/postfix.md` says: its configuration,
queue and data directories in a temporary folder, listening on a loopback port, started and
stopped by the test (Debian's package `postfix`, installed by `.ci/postfix.sh`)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

POSTFIX = "/usr/sbin/postfix"
POSTCONF = "/usr/sbin/postconf"
STOCK_MASTER = Path("/etc/postfix/master.cf")


def available() -> bool:
    return Path(POSTFIX).exists() and STOCK_MASTER.exists()


class Postfix:
    """An instance on 127.0.0.1:`port` whose main.cf holds its private directories and `main`
    (the lines of `deploy/postfix.md` under test)."""

    def __init__(self, folder: Path, port: int, main: dict[str, str]) -> None:
        self.folder, self.port = folder, port
        self.conf, queue, data = folder / "etc", folder / "spool", folder / "data"
        for path in (self.conf, queue, data):
            path.mkdir(parents=True, exist_ok=True)
        shutil.chown(data, "postfix", "postfix")
        shutil.copy(STOCK_MASTER, self.conf / "master.cf")
        settings = {
            "compatibility_level": "3.6",
            "queue_directory": str(queue),
            "data_directory": str(data),
            "mail_owner": "postfix",
            "setgid_group": "postdrop",
            "inet_interfaces": "127.0.0.1",
            "inet_protocols": "ipv4",
            "mynetworks": "127.0.0.0/8",
            "mydestination": "",
            "alias_maps": "",
            "alias_database": "",
            "maillog_file_prefixes": str(folder),
            "maillog_file": str(folder / "maillog"),
            # the test waits for nothing: deliver at once, retry soon
            "queue_run_delay": "1s",
            "minimal_backoff_time": "1s",
            "maximal_backoff_time": "2s",
            **main,
        }
        (self.conf / "main.cf").write_text(
            "".join(f"{key} = {value}\n" for key, value in settings.items()), encoding="utf-8"
        )
        # no chroot (the queue is a temporary folder); smtpd on the test's port
        self._postconf("-F", "*/*/chroot = n")
        self._postconf("-M#", "smtp/inet")
        self._postconf("-M", f"127.0.0.1:{port}/inet = 127.0.0.1:{port} inet n - n - - smtpd")

    def _postconf(self, *args: str) -> None:
        subprocess.run([POSTCONF, "-c", str(self.conf), *args], check=True, timeout=30)

    def _postfix(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [POSTFIX, "-c", str(self.conf), *args],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )

    def start(self) -> None:
        done = self._postfix("start")
        if done.returncode != 0:
            raise RuntimeError(f"postfix start failed: {done.stderr}\n{self.log()}")
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.1)
        raise RuntimeError(f"postfix does not listen on {self.port}:\n{self.log()}")

    def stop(self) -> None:
        self._postfix("stop")

    def log(self) -> str:
        path = self.folder / "maillog"
        return path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""
