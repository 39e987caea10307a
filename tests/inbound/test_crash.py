"""The service is killed (SIGKILL) in the middle of a burst of 500 mails and restarted: every
mail that got a 250 is applied exactly once and answered exactly once (issues #3 §7, #20). What
is killed: the listeners' process (its worker processes follow it), one worker process (its
game is taken over when its lease runs out, and the worker is started again), or the listeners'
process by its group committer between a commit and the 250s of that group."""

from __future__ import annotations

import os
import signal
import smtplib
import subprocess
import sys
import time
from email.message import EmailMessage
from pathlib import Path

import pytest

from lgmail.config import settings
from lgmail.store.eventstore import EventStore
from tests.inbound.conftest import free_port
from tests.scenario import START, Scenario

PLAYERS = [f"Joueur{i:02d}" for i in range(20)]
MAILS = int(os.environ.get("LGMAIL_CRASH_MAILS", "500"))
KILL_AFTER = MAILS * 2 // 5


ROOT = Path(__file__).resolve().parents[2]


def start_server(data: Path, port: int, kill_at_group: int = 0) -> subprocess.Popen[bytes]:
    """`lgmail serve --workers 2`; with `kill_at_group`, killed by its committer after it."""
    env = dict(os.environ, LGMAIL_NOW=START.isoformat(), PYTHONPATH=str(ROOT))
    command = ["-m", "lgmail", "--data", str(data), "serve", "--smtp", f"127.0.0.1:{port}"]
    if kill_at_group:
        command = ["-m", "tests.inbound.crash_serve", str(data), str(port), str(kill_at_group)]
    process = subprocess.Popen(
        [sys.executable, *command, *([] if kill_at_group else ["--workers", "2"])],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            with smtplib.SMTP("127.0.0.1", port, timeout=2) as client:
                client.noop()
            return process
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise AssertionError((data / "serve.log").read_text())


def workers_of(server: subprocess.Popen[bytes]) -> list[int]:
    """The worker processes of a `serve` (its children started by multiprocessing's spawn)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
            cmdline = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if int(fields[1]) == server.pid and b"spawn_main" in cmdline:
            found.append(int(stat.parent.name))
    return found


@pytest.mark.parametrize("killed", ["listener", "worker", "committer"])
def test_killed_mid_burst_every_accepted_mail_applied_and_answered_once(
    tmp_path: Path, killed: str
) -> None:
    roles = {name: ("loup-garou" if i < 4 else "villageois") for i, name in enumerate(PLAYERS)}
    game = Scenario(tmp_path, roles, election=True)
    data = game.games.settings.data
    reply_to = {
        name: next(m for m in game.mails(name) if "Votre rôle" in m.subject).reply_to
        for name in PLAYERS
    }
    game.games.store.close()
    mails = []
    for i in range(MAILS):
        voter = PLAYERS[i % len(PLAYERS)]
        msg = EmailMessage()
        msg["From"] = Scenario.email(voter)
        msg["To"] = reply_to[voter]
        msg["Subject"] = "Re: [village] Votre rôle"
        msg["Message-ID"] = f"<burst{i:04d}@example.org>"
        msg.set_content(f"vote {PLAYERS[(i * 7 + 1) % len(PLAYERS)]}")
        mails.append(msg)

    port = free_port()
    # the committer kills its process once it kept about KILL_AFTER mails (one by one here)
    server = start_server(data, port, KILL_AFTER if killed == "committer" else 0)
    accepted: set[str] = set()
    retry: list[EmailMessage] = []
    for i, msg in enumerate(mails):
        if i == KILL_AFTER and killed == "listener":
            server.send_signal(signal.SIGKILL)
            server.wait()
        if i == KILL_AFTER and killed == "worker":
            deadline = time.monotonic() + 20
            while len(workers_of(server)) < 2 and time.monotonic() < deadline:
                time.sleep(0.1)
            os.kill(workers_of(server)[0], signal.SIGKILL)
        try:
            with smtplib.SMTP("127.0.0.1", port, timeout=5) as client:
                client.send_message(msg)
            accepted.add(msg["Message-ID"])
        except (OSError, smtplib.SMTPException):
            retry.append(msg)  # no 250: the sending MTA keeps it and tries again
    if killed == "worker":
        assert not retry, "the listeners took every mail while a worker died"
    else:
        assert len(retry) >= MAILS - KILL_AFTER
        server.wait(timeout=20)
        server = start_server(data, port)
    try:
        for msg in retry:
            with smtplib.SMTP("127.0.0.1", port, timeout=5) as client:
                client.send_message(msg)
            accepted.add(msg["Message-ID"])
        store = EventStore(settings.load(data).db_url)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if not store.inbox_pending(1) and not store.pending_mail(1):
                break
            time.sleep(0.2)
        assert not store.inbox_pending(1), "inbox not drained"
        assert not store.pending_mail(1), "outbox not drained"
        store.close()
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=20)

    assert len(accepted) == MAILS
    causes = [e for e in game.events("OrderAccepted")]
    by_mail: dict[str, int] = {}
    for record in game.games.records(game.name):
        if record.type == "OrderAccepted":
            by_mail[record.cause] = by_mail.get(record.cause, 0) + 1
    assert len(causes) == MAILS
    assert by_mail == {f"mail:{mid}": 1 for mid in accepted}
    answered: dict[str, int] = {}
    for sent in game.mails():
        if sent.in_reply_to:
            answered[sent.in_reply_to] = answered.get(sent.in_reply_to, 0) + 1
    assert answered == {mid: 1 for mid in accepted}
