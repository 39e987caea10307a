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

**Locks.** The relay connection is opened (connect, EHLO, STARTTLS, AUTH) before rows are
claimed. No transaction is held while the relay answers (on SQLite a claim would hold the whole
database's write lock, and a deadline's tick would wait for it): a batch of :data:`BATCH` rows
is leased (made not due for :data:`LEASE` in a short transaction, ``FOR UPDATE SKIP LOCKED`` on
PostgreSQL so that workers lease disjoint rows, each row naming its worker), delivered outside
any transaction, each row marked in a short transaction right after its delivery. A crash
delivers the row in flight again once the lease is over, or as soon as a service finds its
worker dead (the supervisor sees its worker end; every service, at its rounds, releases the
rows of a worker whose `serve:` lease ran out, so a farm member killed whole is caught by the
others): the same bytes, as above. A mark need not be durable: one lost in a database crash
sends the mail again, which at-least-once allows (PostgreSQL commits it without waiting for its
log to reach the disk).
"""

from __future__ import annotations

import logging
import re
import smtplib
import ssl
import time
from datetime import datetime, timedelta
from email import policy
from email.parser import BytesHeaderParser
from email.utils import getaddresses
from pathlib import Path
from typing import Protocol

from lgmail.mail.addresses import bounce_address
from lgmail.mail.maildir import deliver, name_for, prepare
from lgmail.settings import Settings, split_relay
from lgmail.store import EventStore, MailStatus, OutgoingMail

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
#: SMTP answers about our credentials: the relay's configuration is wrong, not the mail
_AUTH_CODES = frozenset({530, 534, 535, 538})
_MAX_ERROR = 1000
_EOL = re.compile(rb"\r\n|\r(?!\n)|\n")


class DeliveryFailure(Exception):
    """A mail not handed over. ``relay_down``: the relay as a whole failed (unreachable, our
    login refused, the connection lost): the other mails would fail alike."""

    def __init__(self, message: str, *, relay_down: bool = False) -> None:
        super().__init__(message)
        self.relay_down = relay_down


class TemporaryFailure(DeliveryFailure):
    """Try again later (SMTP 4xx, connection errors)."""


class PermanentFailure(DeliveryFailure):
    """Do not try again (SMTP 5xx to this mail)."""


class Sender(Protocol):
    """Where outgoing mail goes. ``open`` before a batch (it may connect; raises
    :class:`TemporaryFailure`), ``send`` each mail (raises :class:`TemporaryFailure` or
    :class:`PermanentFailure`), ``close`` after it."""

    def open(self) -> None: ...

    def send(self, mail: OutgoingMail, name: str) -> None:
        """Hand ``mail`` over; ``name`` is unique to its outbox row (the Maildir file name)."""
        ...

    def close(self) -> None: ...


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


class SmtpRelay:
    """An SMTP relay (smarthost), with STARTTLS or implicit TLS and AUTH as configured.

    One connection serves a batch: opened by :meth:`open` (or the first :meth:`send`), reused
    by each ``send``, closed (QUIT) by :meth:`close`. When a connection that already carried
    mail is lost (or answers 421), the mail is tried once more on a new connection.

    The envelope sender is ``bounce`` when given, else the address in the mail's From header
    (the game's address); the envelope recipient is the row's recipient.
    """

    def __init__(
        self,
        host: str,
        port: int | None = None,
        *,
        starttls: bool = False,
        ssl: bool = False,
        user: str | None = None,
        password: str | None = None,
        timeout: float = 30.0,
        bounce: str | None = None,
        cafile: str | None = None,
        context: ssl.SSLContext | None = None,
        local_hostname: str | None = None,
        secret: bytes = b"",
    ) -> None:
        if starttls and ssl:
            raise ValueError("relay_starttls and relay_ssl exclude each other")
        self.host = host
        self.port = port if port is not None else (465 if ssl else 25)
        self.starttls = starttls
        self.ssl = ssl
        self.user = user
        self.password = password
        self.timeout = timeout
        self.bounce = bounce
        self.cafile = cafile
        self.context = context
        self.local_hostname = local_hostname
        #: VERP: with the game domain (`local_hostname`) and the secret, a bounce address on
        #: the game domain is tagged per mail with its game and recipient
        self.secret = secret
        self._smtp: smtplib.SMTP | None = None
        self._carried = 0  # mails the open connection carried

    def __repr__(self) -> str:
        return f"SmtpRelay({self.host!r}, {self.port})"

    def _tls(self) -> ssl.SSLContext:
        if self.context is None:
            self.context = ssl_default_context(self.cafile)
        return self.context

    def open(self) -> None:
        if self._smtp is not None:
            return
        where = f"relay {self.host}:{self.port}"
        try:
            if self.ssl:
                smtp: smtplib.SMTP = smtplib.SMTP_SSL(
                    self.host,
                    self.port,
                    local_hostname=self.local_hostname,
                    timeout=self.timeout,
                    context=self._tls(),
                )
            else:
                smtp = smtplib.SMTP(
                    self.host, self.port, local_hostname=self.local_hostname, timeout=self.timeout
                )
            try:
                smtp.ehlo_or_helo_if_needed()
                if self.starttls:
                    smtp.starttls(context=self._tls())
                    smtp.ehlo()
                if self.user is not None:
                    smtp.login(self.user, self.password or "")
            except BaseException:
                smtp.close()
                raise
        except (smtplib.SMTPException, OSError) as exc:
            # Whatever the code (a 535 to our login, a 554 greeting): retry, the relay or its
            # configuration will be fixed; no mail is to blame.
            raise TemporaryFailure(f"{where}: {_describe(exc)}", relay_down=True) from exc
        self._smtp, self._carried = smtp, 0

    def send(self, mail: OutgoingMail, name: str) -> None:
        reused = self._smtp is not None and self._carried > 0
        try:
            self._send(mail)
        except TemporaryFailure as failure:
            # A connection that carried mail and is now lost (the relay's idle timeout, its
            # "421 too many messages"): once more on a fresh one before blaming the relay.
            if not (failure.relay_down and reused and self._smtp is None):
                raise
            log.info("%s: connection lost (%s), reconnecting", self, failure)
            self._send(mail)

    def _send(self, mail: OutgoingMail) -> None:
        self.open()
        smtp = self._smtp
        assert smtp is not None
        envelope_from = envelope_sender(mail.raw)
        if self.bounce:
            domain = self.local_hostname or ""
            envelope_from = bounce_address(
                self.bounce, self.secret, mail.game, mail.recipient, domain
            )
        options: list[str] = []
        if not mail.raw.isascii() and smtp.has_extn("8bitmime"):
            options.append("BODY=8BITMIME")
        if not (envelope_from + mail.recipient).isascii():
            if not smtp.has_extn("smtputf8"):
                raise PermanentFailure(
                    f"relay {self.host}:{self.port} has no SMTPUTF8 for {mail.recipient!r}"
                )
            options.append("SMTPUTF8")
        try:
            # smtplib sends bytes as they are: SMTP wants CRLF line ends (aiosmtpd refuses a
            # mail of bare LFs as one over-long line).
            data = _EOL.sub(b"\r\n", mail.raw)
            refused = smtp.sendmail(envelope_from, [mail.recipient], data, options)
        except smtplib.SMTPRecipientsRefused as exc:
            code, text = next(iter(exc.recipients.values()))
            raise self._answer(code, text, smtp) from exc
        except smtplib.SMTPResponseException as exc:  # MAIL FROM or DATA refused
            raise self._answer(exc.smtp_code, exc.smtp_error, smtp) from exc
        except UnicodeError as exc:  # an address smtplib cannot write
            self._drop()  # maybe halfway through a transaction: start afresh
            raise PermanentFailure(f"relay {self.host}:{self.port}: {_describe(exc)}") from exc
        except (smtplib.SMTPException, OSError) as exc:  # the connection is lost
            self._drop()
            raise TemporaryFailure(
                f"relay {self.host}:{self.port}: {_describe(exc)}", relay_down=True
            ) from exc
        if refused:  # one recipient: sendmail raises rather; kept for safety
            code, text = next(iter(refused.values()))
            raise self._answer(code, text, smtp)
        self._carried += 1

    def _answer(self, code: int, text: bytes | str, smtp: smtplib.SMTP) -> DeliveryFailure:
        lost = smtp.sock is None  # smtplib closes after a 421
        if lost:
            self._drop()
        if isinstance(text, bytes):
            text = text.decode("utf-8", "replace")
        message = f"relay {self.host}:{self.port}: {code} {text}"
        if code in _AUTH_CODES:
            return TemporaryFailure(message, relay_down=True)
        if 500 <= code < 600:
            return PermanentFailure(message, relay_down=lost)
        return TemporaryFailure(message, relay_down=lost)

    def _drop(self) -> None:
        smtp, self._smtp = self._smtp, None
        if smtp is not None:
            smtp.close()

    def close(self) -> None:
        smtp, self._smtp = self._smtp, None
        if smtp is None:
            return
        try:
            smtp.quit()
        except (smtplib.SMTPException, OSError):
            smtp.close()


def ssl_default_context(cafile: str | None = None) -> ssl.SSLContext:
    """Certificates verified against ``cafile``, or the system's CAs."""
    return ssl.create_default_context(cafile=cafile)


def envelope_sender(raw: bytes) -> str:
    """The address in the From header of ``raw`` ('' when there is none: the null sender)."""
    headers = BytesHeaderParser(policy=policy.compat32).parsebytes(raw)
    value = headers.get("From")
    if value is None:
        return ""
    addresses = [address for _, address in getaddresses([str(value)]) if "@" in address]
    return addresses[0] if addresses else ""


def _describe(exc: BaseException) -> str:
    if isinstance(exc, smtplib.SMTPResponseException):
        text = exc.smtp_error
        if isinstance(text, bytes):
            text = text.decode("utf-8", "replace")
        return f"{exc.smtp_code} {text}"
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__


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
        relay.sender.open()
    except DeliveryFailure as failure:
        relay.down = failure
    try:
        while True:
            # each mail is marked sent as soon as the relay accepted it, in a transaction of
            # its own: a worker killed mid-flush sends again at most the mail in flight
            idempotent = getattr(relay.sender, "idempotent", False)
            if idempotent and not store.claim_locks_database:
                # PostgreSQL and a Maildir: a batch claimed (FOR UPDATE SKIP LOCKED), written
                # and marked in one transaction (what a dead worker wrote is written once)
                with store.claim_mail(batch, now=now) as rows:
                    states = store.mail_status([outbox_id for outbox_id, _ in rows])
                    relay.mark(store, rows, states, relay.deliver(rows))
            else:
                # no transaction held while a relay answers (on SQLite a claim would hold the
                # database's write lock, which a deadline's tick must not wait for): the rows
                # are leased in a short transaction (FOR UPDATE SKIP LOCKED on PostgreSQL),
                # delivered outside any, and marked after
                rows = store.lease_mail(batch, now, now + LEASE, holder)
                states = store.mail_status([outbox_id for outbox_id, _ in rows])
                if idempotent:
                    # a Maildir: what a dead worker delivered twice is written once, so the
                    # batch's marks go in one transaction
                    failures = relay.deliver(rows)
                    with store.marking():
                        relay.mark(store, rows, states, failures)
                else:
                    # each mail marked in a short transaction of its own as soon as the relay
                    # took it: a worker killed mid-batch sends again only the mail in flight
                    for row in rows:
                        relay.mark(store, [row], states, relay.deliver([row]))
            if len(rows) < batch or (until is not None and time.monotonic() > until):
                return relay.sent
    finally:
        relay.sender.close()


class Batch:
    """One flush's deliveries through ``sender``: how many went out, and whether the relay
    as a whole is down (the remaining mails are then deferred without trying)."""

    def __init__(self, sender: Sender, now: datetime) -> None:
        self.sender = sender
        self.now = now
        self.sent = 0
        self.down: DeliveryFailure | None = None

    def deliver(self, rows: list[tuple[int, OutgoingMail]]) -> dict[int, DeliveryFailure]:
        """Hand each mail over; the failures by outbox id."""
        failures: dict[int, DeliveryFailure] = {}
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
                failures[outbox_id] = TemporaryFailure(_describe(exc))
        return failures

    def mark(
        self,
        store: EventStore,
        rows: list[tuple[int, OutgoingMail]],
        states: dict[int, MailStatus],
        failures: dict[int, DeliveryFailure],
    ) -> None:
        """Record the outcome of each row: sent (the rows in one statement), deferred or
        given up."""
        sent = [outbox_id for outbox_id, _ in rows if outbox_id not in failures]
        store.mark_all_sent(sent, self.now)
        self.sent += len(sent)
        for outbox_id, failure in failures.items():
            _failed(store, states[outbox_id], failure, self.now)
