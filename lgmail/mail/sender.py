"""Sending the outbox: to an SMTP relay, or into the Maildir when no relay is configured.

Every mail the game sends is first an outbox row, written with the events that cause it; this
module takes the rows that are due and hands them over (:func:`send_outbox`).

**At-least-once, one Message-ID.** A row is marked sent as soon as the relay accepted the mail (its
250 to DATA), in a transaction of its own. A crash between the two (the process killed, the
database gone) leaves that one row unsent: the next flush sends it again, the same bytes with the
same Message-ID, so a reader's client shows it once (it keys on the Message-ID) even when the relay
delivered both. Never two different mails for one row. The Maildir is exactly-once: its file name
comes from the row (``lgmail.mail.maildir``).

**Retries.** A temporary failure (an SMTP 4xx, the relay unreachable, a TLS or login problem)
defers the row: ``attempts`` + 1, not claimed again before 1 min, 5 min, 15 min, 1 h, then
every 4 h after the 1st, 2nd, 3rd, 4th, 5th... failure. A temporary failure 5 days or more
after the mail was written gives it up (Mailman's ``delivery_retry_period``): ``failed_at`` is
set, the MJ sees it with ``EventStore.failed_mail``. A permanent failure (5xx to MAIL FROM,
RCPT TO or DATA: unknown recipient, 552, 554...) gives it up at once. A relay that is down or
refuses our login fails the whole batch at once (every due row deferred, no further attempt).

**Locks.** The relay connection is opened (connect, EHLO, STARTTLS, AUTH) for a flush's first
mail. No transaction is held while the relay answers (on SQLite a claim would hold the whole
database's write lock, and a deadline's tick would wait for it): a batch of :data:`BATCH` rows
is leased (made not due for :data:`LEASE` in a short transaction, ``FOR UPDATE SKIP LOCKED`` on
PostgreSQL so that workers lease disjoint rows, each row naming its worker), delivered outside
any transaction, each row marked in a short transaction right after its delivery (on SQLite,
when another writer holds the database's lock then, with the next row's: `Batch.deliver_each`).
A crash delivers the row in flight (and those whose marks were put off) again once the lease
is over, or as soon as a service finds its worker dead (the supervisor sees its worker end;
every service, at its rounds, releases the rows of a worker whose `serve:` lease ran out, so a
farm member killed whole is caught by the others): the same bytes, as above. A mark need not
be durable: one lost in a database crash sends the mail again, which at-least-once allows
(PostgreSQL commits it without waiting for its log to reach the disk).
"""

from __future__ import annotations

import logging
import time
from datetime import datetime, timedelta
from pathlib import Path

from lgmail.config.settings import Settings, split_relay
from lgmail.mail.maildir import deliver, name_for, prepare
from lgmail.mail.relay import (
    DeliveryFailure,
    PermanentFailure,
    Sender,
    SmtpRelay,
    TemporaryFailure,
    describe,
)
from lgmail.store.eventstore import EventStore
from lgmail.store.model import MailStatus, OutgoingMail

__all__ = [
    "BATCH",
    "GIVE_UP_AFTER",
    "LEASE",
    "MaildirSender",
    "retry_delay",
    "send_outbox",
    "sender_for",
]

log = logging.getLogger(__name__)

#: rows claimed (and sent) per transaction
BATCH = 20
#: the waits after the 1st, 2nd, 3rd and 4th failed attempt...
RETRY_DELAYS = (
    timedelta(minutes=1),
    timedelta(minutes=5),
    timedelta(minutes=15),
    timedelta(hours=1),
)
#: ... and after every later one
RETRY_EVERY = timedelta(hours=4)
#: how long leased rows (SQLite) stay not due while they are delivered: a crash meanwhile
#: sends them again after it, or when the service starts again (``Server.start``)
LEASE = timedelta(minutes=5)
#: a temporary failure this long after the mail was written gives it up (Mailman: 5 days)
GIVE_UP_AFTER = timedelta(days=5)
_MAX_ERROR = 1000


class MaildirSender:
    """Into a Maildir, exactly once per name (``lgmail.mail.maildir``)."""

    #: delivering a mail again writes nothing: a batch's marks may be committed together
    idempotent = True

    def __init__(self, path: Path) -> None:
        self.path = Path(path)

    def open(self) -> None:
        try:
            prepare(self.path)
        except OSError as exc:
            raise TemporaryFailure(f"maildir {self.path}: {exc}", relay_down=True) from exc

    def send(self, mail: OutgoingMail, name: str) -> None:
        try:
            deliver(self.path, mail.raw, name, prepared=True)
        except OSError as exc:  # a full disk, a permission: it may get better
            raise TemporaryFailure(f"maildir {self.path}: {exc}", relay_down=True) from exc

    def close(self) -> None:
        pass


def sender_for(settings: Settings) -> Sender:
    """The relay of the settings (``[mail] relay``, LGMAIL_RELAY, --relay), else the Maildir."""
    if settings.relay is None:
        return MaildirSender(settings.maildir)
    host, port = split_relay(settings.relay)
    return SmtpRelay(
        host,
        port,
        starttls=settings.relay_starttls,
        ssl=settings.relay_ssl,
        user=settings.relay_user,
        password=settings.relay_password,
        timeout=settings.relay_timeout,
        bounce=settings.bounce,
        cafile=settings.relay_cafile,
        local_hostname=settings.domain,
        secret=settings.secret,
    )


def retry_delay(attempts: int) -> timedelta:
    """How long to wait after the ``attempts``-th failed attempt (1-based)."""
    if attempts < 1:
        raise ValueError(f"attempts must be >= 1, got {attempts}")
    return RETRY_DELAYS[attempts - 1] if attempts <= len(RETRY_DELAYS) else RETRY_EVERY


def _failed(store: EventStore, status: MailStatus, failure: DeliveryFailure, now: datetime) -> None:
    """Defer the row, or give it up (a permanent failure; temporary ones for too long)."""
    error = str(failure)[:_MAX_ERROR]
    attempts = status.attempts + 1
    if isinstance(failure, PermanentFailure):
        log.error("mail %s to %s given up: %s", status.message_id, status.recipient, error)
        store.fail_mail(status.id, now, error)
    elif now - status.created_at >= GIVE_UP_AFTER:
        log.error(
            "mail %s to %s given up after %d attempts: %s",
            status.message_id,
            status.recipient,
            attempts,
            error,
        )
        store.fail_mail(status.id, now, error)
    else:
        retry_at = now + retry_delay(attempts)
        log.warning(
            "mail %s to %s deferred to %s (attempt %d): %s",
            status.message_id,
            status.recipient,
            retry_at.isoformat(),
            attempts,
            error,
        )
        store.defer_mail(status.id, attempts, retry_at, error)


def send_outbox(
    store: EventStore,
    sender: Sender,
    now: datetime,
    batch: int = BATCH,
    until: float | None = None,
    holder: str | None = None,
) -> int:
    """Send the outbox rows due at ``now`` through ``sender``; return how many were sent.
    ``until``: a ``time.monotonic()`` after which no new batch is started; ``holder``: the
    process a leased batch is leased by (released when it is found dead).

    Sent rows are marked sent at ``now``; failed ones deferred or given up (see the module's
    docstring). An exception other than a :class:`DeliveryFailure` raised by ``send`` counts
    as a temporary failure of that mail (logged): one strange mail does not stop the others.
    """
    if not store.pending_mail(1, due_at=now):
        return 0
    relay = Batch(sender, now)
    try:
        while True:
            # each mail is marked sent as soon as the relay accepted it, in a transaction of
            # its own: a worker killed mid-flush sends again at most the mail in flight
            idempotent = getattr(relay.sender, "idempotent", False)
            if idempotent and not store.claim_locks_database:
                # PostgreSQL and a Maildir: a batch claimed (FOR UPDATE SKIP LOCKED), written
                # and marked in one transaction (what a dead worker wrote is written once)
                with store.claim_mail(batch, now=now) as rows:
                    relay.mark(store, rows, relay.deliver(rows))
            else:
                # no transaction held while a relay answers (on SQLite a claim would hold the
                # database's write lock, which a deadline's tick must not wait for): the rows
                # are leased in a short transaction (FOR UPDATE SKIP LOCKED on PostgreSQL),
                # delivered outside any, and marked after
                rows = store.lease_mail(batch, now, now + LEASE, holder)
                if idempotent:
                    # a Maildir: what a dead worker delivered twice is written once, so the
                    # batch's marks go in one transaction
                    failures = relay.deliver(rows)
                    with store.marking():
                        relay.mark(store, rows, failures)
                else:
                    # the mails marked sent in short transactions as the relay takes them: a
                    # worker killed mid-batch sends again only the few not marked yet
                    # (`deliver_each`)
                    relay.deliver_each(store, rows)
            if len(rows) < batch or (until is not None and time.monotonic() > until):
                return relay.sent
    finally:
        if relay.opened:
            relay.sender.close()


class Batch:
    """One flush's deliveries through ``sender``: how many went out, and whether the relay
    as a whole is down (the remaining mails are then deferred without trying). The relay's
    connection is opened for the first mail to hand over: a flush that finds its batch taken
    by another (several deliveries at once) opens no session for nothing."""

    def __init__(self, sender: Sender, now: datetime) -> None:
        self.sender = sender
        self.now = now
        self.sent = 0
        self.down: DeliveryFailure | None = None
        self.opened = False

    def _open(self) -> None:
        if not self.opened:
            self.opened = True
            try:
                self.sender.open()
            except DeliveryFailure as failure:
                self.down = failure

    def deliver(self, rows: list[tuple[int, OutgoingMail]]) -> dict[int, DeliveryFailure]:
        """Hand each mail over; the failures by outbox id."""
        failures: dict[int, DeliveryFailure] = {}
        if rows:
            self._open()
        for outbox_id, mail in rows:
            if self.down is not None:  # the relay is down: no use trying
                failures[outbox_id] = self.down
                continue
            try:
                self.sender.send(mail, name_for(outbox_id, mail.message_id))
            except DeliveryFailure as failure:
                failures[outbox_id] = failure
                if failure.relay_down:
                    self.down = failure
            except Exception as exc:
                log.exception("sending mail %s failed", mail.message_id)
                failures[outbox_id] = TemporaryFailure(describe(exc))
        return failures

    def deliver_each(self, store: EventStore, rows: list[tuple[int, OutgoingMail]]) -> None:
        """Hand each mail over and mark it sent at once. On SQLite, a mark that would wait
        for another writer's lock (a tick's, another delivery's) is put off to the next
        mail's, with which it is written (the batch's last mark waits): at a 21:30, one write
        for several mails instead of a wait for each, and a worker killed meanwhile sends
        those few again (at-least-once, their Message-IDs unchanged)."""
        unmarked: list[int] = []
        for i, row in enumerate(rows):
            failures = self.deliver([row])
            if failures:
                self.mark(store, [row], failures)
            else:
                unmarked.append(row[0])
            if unmarked and store.mark_all_sent(unmarked, self.now, wait=i == len(rows) - 1):
                self.sent += len(unmarked)
                unmarked = []

    def mark(
        self,
        store: EventStore,
        rows: list[tuple[int, OutgoingMail]],
        failures: dict[int, DeliveryFailure],
    ) -> None:
        """Record the outcome of each row: sent (the rows in one statement), deferred or
        given up (their attempts and age read then: a batch that went out reads none)."""
        sent = [outbox_id for outbox_id, _ in rows if outbox_id not in failures]
        store.mark_all_sent(sent, self.now)
        self.sent += len(sent)
        if not failures:
            return
        states = store.mail_status(list(failures))
        for outbox_id, failure in failures.items():
            _failed(store, states[outbox_id], failure, self.now)
