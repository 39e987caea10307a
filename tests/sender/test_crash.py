"""A crash between the relay's 250 and the row marked sent: the mail is sent again, the same
bytes with the same Message-ID (at-least-once), never a different mail. The process is really
killed (os._exit right after the hand-off), on SQLite and on PostgreSQL."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import timedelta

from lgmail.mail.sender import LEASE
from lgmail.service.workers import gone, wall_now
from lgmail.store.schema import SERVE_PREFIX
from lgmail.store.work import Work

from .conftest import Relay, Service, same_bytes

CRASHING_FLUSH = """
import os, sys
from datetime import datetime
from lgmail.config import settings
from lgmail.mail import maildir, sender
from lgmail.service.games import Games

real_send, real_deliver = sender.SmtpRelay.send, maildir.deliver

def send(self, mail, name):
    real_send(self, mail, name)  # the relay answered 250
    os._exit(3)  # killed before the row is marked sent

def deliver(path, raw, name, **options):
    real_deliver(path, raw, name, **options)  # the file is in new/
    os._exit(3)

sender.SmtpRelay.send = send
sender.deliver = deliver
Games(settings.load(sys.argv[1], sys.argv[2])).flush(
    now=datetime.fromisoformat(sys.argv[3]), holder=(sys.argv[4:] or [None])[0]
)
raise SystemExit("flush came back: nothing was sent")
"""


def _killed_flush(
    service: Service, script: str = CRASHING_FLUSH, holder: str | None = None
) -> None:
    """A flush in a process of its own (leasing as `holder`), killed (exit 3) as `script`
    says."""
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            script,
            str(service.data),
            service.db_url,
            service.clock.isoformat(),
            *([holder] if holder else []),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 3, done.stderr


def _crash(service: Service, leased: bool) -> None:
    _killed_flush(service)
    if leased:
        # the rows were leased, not held in a transaction (a relay's, or SQLite's); they are
        # due again once the lease is over, or when a service starts (``Server.start``
        # releases the rows leased by no one named, as a command-line flush leases them)
        assert service.store.pending_mail(due_at=service.clock) == []
        later = service.clock + LEASE
        assert len(service.store.pending_mail(due_at=later)) == len(service.store.pending_mail())
        assert service.store.release_leases() == len(service.store.pending_mail())
        assert service.store.release_leases() == 0


def _flush_all(service: Service, expected: int) -> None:
    """Flush until every mail left (PostgreSQL may take a moment to see the dead connection
    and release its row locks, which SKIP LOCKED would skip)."""
    sent = 0
    deadline = time.monotonic() + 10
    while sent < expected and time.monotonic() < deadline:
        sent += service.games.flush()
        if sent < expected:
            time.sleep(0.1)
    assert sent == expected


def test_crash_after_the_relay_accepted_sends_the_same_mail_again(
    service: Service, start_relay: Callable[..., Relay]
) -> None:
    relay = start_relay()
    service.configure(relay=relay.address)
    first, second, third = service.write("a@example.org", "b@example.org", "c@example.org")

    _crash(service, leased=True)
    assert relay.handler.message_ids == ["<village.1@lgmail.test>"]
    # Nothing was marked: the claim (or lease) died with the process.
    assert [outbox_id for outbox_id, _ in service.store.pending_mail()] == [first, second, third]
    assert service.status(first).attempts == 0

    _flush_all(service, 3)
    assert relay.handler.message_ids == [
        "<village.1@lgmail.test>",
        "<village.1@lgmail.test>",  # again: the same Message-ID...
        "<village.2@lgmail.test>",
        "<village.3@lgmail.test>",
    ]
    once, again = relay.handler.received[:2]
    assert once.content == again.content  # ... and the same bytes
    assert (once.mail_from, once.rcpt_tos) == (again.mail_from, again.rcpt_tos)
    assert same_bytes(again.content, service.raw(first))
    assert service.store.pending_mail() == []
    assert service.games.flush() == 0
    assert len(relay.handler.received) == 4


def test_crash_after_the_maildir_write_writes_it_once(service: Service) -> None:
    service.configure()  # no relay: the Maildir
    first, second = service.write("a@example.org", "b@example.org")
    # PostgreSQL: a Maildir's batch is claimed (locked) in one transaction, not leased
    _crash(service, leased=service.store.claim_locks_database)
    assert len(list((service.data / "maildir" / "new").iterdir())) == 1
    assert len(service.store.pending_mail()) == 2

    _flush_all(service, 2)
    files = sorted((service.data / "maildir" / "new").iterdir())
    assert len(files) == 2  # the first mail was found there, not written twice
    assert files[0].read_bytes() == service.raw(first)
    assert files[1].read_bytes() == service.raw(second)


CRASH_ON_THIRD = CRASHING_FLUSH.replace(
    """def send(self, mail, name):
    real_send(self, mail, name)  # the relay answered 250
    os._exit(3)  # killed before the row is marked sent""",
    """calls = []

def send(self, mail, name):
    real_send(self, mail, name)  # the relay answered 250
    calls.append(name)
    if len(calls) == 3:
        os._exit(3)  # killed before the third row is marked sent""",
)


def test_a_worker_killed_mid_flush_sends_again_only_the_mail_in_flight(
    service: Service, start_relay: Callable[..., Relay]
) -> None:
    """#17: each mail is marked sent as soon as the relay accepted it, so a kill costs one
    duplicate, not the whole batch (41 to 46 mails per kill before)."""
    relay = start_relay()
    service.configure(relay=relay.address)
    service.write(*(f"p{n}@example.org" for n in range(1, 6)))
    _killed_flush(service, CRASH_ON_THIRD)
    assert len(relay.handler.message_ids) == 3
    assert service.store.release_leases() == 3  # the batch was leased: the 3rd, 4th and 5th
    _flush_all(service, 3)  # the third (in flight), the fourth, the fifth
    ids = relay.handler.message_ids
    assert len(ids) == 6
    assert [i for i in set(ids) if ids.count(i) > 1] == ["<village.3@lgmail.test>"]


def test_the_mails_of_a_dead_worker_are_released_by_its_name_only(service: Service) -> None:
    """SQLite leases a batch to the worker sending it: when that worker is found dead, its
    mails are due again at once (not five minutes later), and no other worker's batch is
    touched (it may be on its way)."""
    service.configure()
    service.write("a@example.org", "b@example.org")
    _killed_flush(service, holder="host:41:0")
    if not service.store.claim_locks_database:
        return  # PostgreSQL: the rows were locked, not leased; the dead connection frees them
    assert service.store.pending_mail(due_at=service.clock) == []
    assert service.store.release_leases("host:42:1") == 0
    assert service.store.pending_mail(due_at=service.clock) == []
    assert service.store.release_leases("host:41:0") == 2
    _flush_all(service, 2)
    assert len(list((service.data / "maildir" / "new").iterdir())) == 2


def test_the_mails_of_a_process_gone_are_released_by_any_service(
    service: Service, start_relay: Callable[..., Relay]
) -> None:
    """A farm member killed with its supervisor leaves its relay's batch leased: any other
    service releases it at its next round once that member's `serve:` lease has run out, or at
    once when the member was a process of its own machine that has ended; a live member's
    batch is left alone (it may be on its way)."""
    relay = start_relay()
    service.configure(relay=relay.address)
    service.write("a@example.org", "b@example.org", "c@example.org")
    work = Work(service.store)
    now = wall_now()
    work.take(SERVE_PREFIX + "far:41:0", "far:41:0", now, 15)
    _killed_flush(service, holder="far:41:0")  # another machine's worker, killed
    assert service.store.pending_mail(due_at=service.clock) == []
    assert service.store.release_orphans(now, gone) == 0  # its lease runs: it may be alive
    assert service.store.release_orphans(now + timedelta(seconds=16), gone) == 3
    assert len(service.store.pending_mail(due_at=service.clock)) == 3

    _flush_all(service, 3)
    assert len(relay.handler.message_ids) == 4  # the mail in flight went twice
    service.write("d@example.org")
    here = f"{socket.gethostname()}:{_ended_pid()}:0"
    work.take(SERVE_PREFIX + here, here, now, 15)
    _killed_flush(service, holder=here)
    # its lease still runs, but this machine knows that process ended
    assert service.store.release_orphans(now) == 0
    assert service.store.release_orphans(now, gone) == 1


def _ended_pid() -> int:
    """The pid of a process of this machine that has ended."""
    child = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        check=True,
        capture_output=True,
        text=True,
    )
    return int(child.stdout)
