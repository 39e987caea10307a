"""The store's mail queues: the outbox (mail to send: claimed or leased, delivered, marked
sent, deferred or given up) and the inbox (mail received, kept once per (Message-ID,
recipient), processed once). Part of :class:`lgmail.store.eventstore.EventStore`."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime

from sqlalchemy import Connection, Engine, select

from lgmail.store import inbox as _inbox
from lgmail.store import outbox as _outbox
from lgmail.store.engine import Writer
from lgmail.store.model import InboxRow, MailStatus, OutgoingMail, require_aware
from lgmail.store.schema import SERVE_PREFIX, leases


class MailQueues:
    """The outbox and the inbox of :class:`~lgmail.store.eventstore.EventStore` (which sets
    the attributes)."""

    _engine: Engine
    _writer: Writer
    #: the connection of the active claim (`marking`), per thread
    _claims: threading.local

    # -- outbox ------------------------------------------------------------------------------

    def pending_mail(
        self, limit: int = 100, *, due_at: datetime | None = None
    ) -> list[tuple[int, OutgoingMail]]:
        """Unsent outbox rows not given up ``(outbox_id, mail)``, oldest first (no lock taken);
        with ``due_at`` (aware), only those whose next attempt is due by then."""
        if due_at is not None:
            require_aware("due_at", due_at)
        with self._engine.begin() as conn:
            return _outbox.select_pending(conn, limit, lock=False, due_at=due_at)

    @contextmanager
    def claim_mail(
        self, limit: int = 100, now: datetime | None = None
    ) -> Iterator[list[tuple[int, OutgoingMail]]]:
        """A transaction holding up to ``limit`` outbox rows due at ``now``; yields them.

        Due: unsent, not given up (``failed_at``), and ``next_attempt_at`` unset or not after
        ``now`` (aware; default: the current time).

        Deliver each mail and call :meth:`mark_sent` (or :meth:`defer_mail`,
        :meth:`fail_mail`) inside the ``with`` block, from the same thread: it then runs in
        this transaction, committed at the end of the block (an exception rolls every mark
        back, so those mails will be claimed again).

        PostgreSQL: the rows are locked ``FOR UPDATE SKIP LOCKED``, so concurrent claimers get
        disjoint rows without waiting. SQLite: the transaction is ``BEGIN IMMEDIATE``, which
        holds the database's write lock for the whole block: other claimers and appends wait
        (up to the busy timeout, 5 s), so keep the block short, and do not :meth:`append`
        from inside it (that append would wait for the claim, which waits for the append).
        """
        if now is None:
            now = datetime.now(UTC)
        require_aware("now", now)
        with self.marking() as conn:
            yield _outbox.select_pending(conn, limit, lock=True, due_at=now)

    @property
    def claim_locks_database(self) -> bool:
        """Whether :meth:`claim_mail` holds the whole database's write lock (SQLite), rather
        than locks on the claimed rows only (PostgreSQL)."""
        return self._engine.dialect.name == "sqlite"

    def lease_mail(
        self, limit: int, now: datetime, until: datetime, holder: str | None = None
    ) -> list[tuple[int, OutgoingMail]]:
        """Up to ``limit`` outbox rows due at ``now``, each made not due before ``until`` in
        the same short transaction, leased by ``holder``: the mails can then be delivered
        outside any transaction (no lock held while a relay answers) and marked after
        (:meth:`marking`). A crash meanwhile leaves them unsent: they are due again at
        ``until``, or as soon as :meth:`release_leases` is told the holder died."""
        require_aware("now", now)
        require_aware("until", until)
        with self.marking() as conn:
            claimed = _outbox.select_pending(conn, limit, lock=True, due_at=now)
            _outbox.lease(conn, [outbox_id for outbox_id, _ in claimed], until, holder)
        return claimed

    def release_leases(self, holder: str | None = None) -> int:
        """Make the leased rows that were never tried due again (at start-up, or when the
        process ``holder`` that leased them is found dead); how many. A lease on a row already
        tried runs out."""
        with self._writer.begin() as conn:
            return _outbox.release(conn, holder)

    def release_orphans(
        self, now: datetime, gone: Callable[[str], bool] | None = None, *, unnamed: bool = False
    ) -> int:
        """Make due again the rows never tried that a dead process leased: one whose `serve:`
        lease (``SERVE_PREFIX`` + the holder) has run out at ``now`` (the wall clock), or that
        ``gone`` says has ended; with ``unnamed``, the rows leased by no one named too (a
        command-line flush: at start-up). How many. Every service calls it now and then, so a
        farm member killed with its supervisor has its mails sent by the others."""
        require_aware("now", now)
        with self._engine.begin() as conn:
            holders = _outbox.holders(conn)
            live: set[str] = set()
            if holders:  # whose serve: lease runs
                named = leases.c.name.in_([SERVE_PREFIX + h for h in holders])
                query = select(leases.c.name).where(named, leases.c.until > now)
                live = set(conn.execute(query).scalars())
        dead = [
            h for h in holders if SERVE_PREFIX + h not in live or (gone is not None and gone(h))
        ]
        if not dead and not unnamed:
            return 0
        with self._writer.begin() as conn:
            released = sum(_outbox.release(conn, holder) for holder in dead)
            return released + (_outbox.release(conn, unnamed=True) if unnamed else 0)

    @contextmanager
    def marking(self) -> Iterator[Connection]:
        """One write transaction that :meth:`mark_sent`, :meth:`defer_mail`,
        :meth:`fail_mail` and :meth:`mail_status` join when called inside the block from the
        same thread; committed at its end (an exception rolls every mark back)."""
        if getattr(self._claims, "conn", None) is not None:
            raise RuntimeError("claim_mail is already active in this thread")
        with self._writer.begin() as conn:
            self._claims.conn = conn
            try:
                yield conn
            finally:
                self._claims.conn = None

    @contextmanager
    def _outbox_write(self) -> Iterator[Connection]:
        """The active claim's connection (same thread), or a transaction of its own. A
        delivery's outcome need not be durable (one lost in a database crash sends the mail
        again, as at-least-once allows): on PostgreSQL that transaction commits without
        waiting for its log to reach the disk."""
        claim: Connection | None = getattr(self._claims, "conn", None)
        if claim is not None:
            yield claim
            return
        with self._writer.begin() as conn:
            if conn.dialect.name == "postgresql":
                conn.exec_driver_sql("SET LOCAL synchronous_commit TO OFF")
            yield conn

    def mark_sent(self, outbox_id: int, sent_at: datetime) -> None:
        """Record that outbox row ``outbox_id`` was delivered at ``sent_at`` (aware).

        Inside :meth:`claim_mail` (same thread) this joins the claim's transaction; otherwise
        it commits on its own. Marking a row already sent keeps the first ``sent_at``; an
        unknown id raises ``KeyError``.
        """
        self.mark_all_sent([outbox_id], sent_at)

    def mark_all_sent(
        self, outbox_ids: Sequence[int], sent_at: datetime, wait: bool = True
    ) -> bool:
        """:meth:`mark_sent` for several rows, in one statement. Without `wait`, on SQLite,
        only if no other writer of this database holds its write lock now: False (nothing
        marked) else. True when marked."""
        require_aware("sent_at", sent_at)
        if not outbox_ids:
            return True
        if getattr(self._claims, "conn", None) is None:
            if self._engine.dialect.name == "sqlite":
                opened = self._writer.begin_sqlite() if wait else self._writer.try_begin_sqlite()
                with opened as cursor:
                    if cursor is None:
                        return False
                    _outbox.mark_sent_sqlite(cursor, outbox_ids, sent_at)
                return True
            if self._engine.dialect.name == "postgresql":
                with self._writer.autocommit_postgresql() as cursor:
                    _outbox.mark_sent_postgresql(cursor, outbox_ids, sent_at)
                return True
        with self._outbox_write() as conn:
            _outbox.mark_sent(conn, outbox_ids, sent_at)
        return True

    def defer_mail(
        self, outbox_id: int, attempts: int, next_attempt_at: datetime, error: str
    ) -> bool:
        """Record a failed delivery of row ``outbox_id``: it has failed ``attempts`` times, is
        not claimed again before ``next_attempt_at`` (aware), and ``error`` says why.

        Joins the claim's transaction as :meth:`mark_sent` does. False (nothing changed) when
        the row was sent or given up meanwhile; ``KeyError`` for an unknown id.
        """
        require_aware("next_attempt_at", next_attempt_at)
        if attempts < 0:
            raise ValueError(f"attempts must be >= 0, got {attempts}")
        with self._outbox_write() as conn:
            return _outbox.defer(conn, outbox_id, attempts, next_attempt_at, str(error))

    def fail_mail(self, outbox_id: int, failed_at: datetime, error: str) -> bool:
        """Give up row ``outbox_id`` at ``failed_at`` (aware) because of ``error``: it is never
        claimed again and no longer pending (its attempt is counted).

        Joins the claim's transaction as :meth:`mark_sent` does. False (nothing changed) when
        the row was sent or given up before; ``KeyError`` for an unknown id.
        """
        require_aware("failed_at", failed_at)
        with self._outbox_write() as conn:
            return _outbox.fail(conn, outbox_id, failed_at, str(error))

    def mail_status(self, outbox_ids: Sequence[int]) -> dict[int, MailStatus]:
        """The delivery state (attempts, next attempt, last error, ...) of outbox rows, by id;
        unknown ids are left out. Inside :meth:`claim_mail` it reads in the claim's
        transaction."""
        claim: Connection | None = getattr(self._claims, "conn", None)
        if claim is not None:
            return _outbox.status(claim, outbox_ids)
        with self._engine.begin() as conn:
            return _outbox.status(conn, outbox_ids)

    def failed_mail(self, limit: int = 100) -> list[MailStatus]:
        """Mail given up (for the MJ to look at), the most recently given up first."""
        with self._engine.begin() as conn:
            return _outbox.failed(conn, limit)

    def last_game_mailed(self, recipients: Sequence[str]) -> str | None:
        """The game that last wrote a mail to one of `recipients` (addresses as the outbox
        has them), or None: where a bounce that names only the failed address comes from."""
        with self._engine.begin() as conn:
            return _outbox.last_game_mailed(conn, recipients)

    def mail_count(self, recipient: str, since: datetime) -> int:
        """How many outbox mails to ``recipient`` were written since ``since``."""
        require_aware("since", since)
        with self._engine.begin() as conn:
            return _inbox.mail_count(conn, recipient, since)

    def marked_mail_count(self, recipient: str, since: datetime, marker: str) -> int:
        """How many outbox mails to ``recipient`` whose Message-ID holds ``marker`` (the
        automatic answers) were written since ``since``."""
        require_aware("since", since)
        with self._engine.begin() as conn:
            return _inbox.marked_mail_count(conn, recipient, since, marker)

    # -- inbox -------------------------------------------------------------------------------

    def inbox_recent(
        self, recipients: list[str], outcomes: list[str], since: datetime
    ) -> tuple[int, bytes | None]:
        """How many mails to ``recipients`` were processed since ``since`` with one of
        ``outcomes``, and the raw bytes of the latest one (None when there are none)."""
        require_aware("since", since)
        with self._engine.begin() as conn:
            return _inbox.recent(conn, [r.lower() for r in recipients], outcomes, since)

    def inbox_add(
        self, message_id: str, recipient: str, raw: bytes, received_at: datetime
    ) -> tuple[int, bool]:
        """Keep a received mail (committed on return): ``(inbox_id, new)``; the same
        (Message-ID, recipient) is kept once (``new`` False, the first row's id)."""
        require_aware("received_at", received_at)
        with self._writer.begin() as conn:
            return _inbox.add(conn, message_id, recipient, raw, received_at)

    def inbox_pending(self, limit: int = 100) -> list[InboxRow]:
        """Rows not yet processed, oldest first."""
        with self._engine.begin() as conn:
            return _inbox.pending(conn, limit)

    def inbox_row(self, inbox_id: int) -> InboxRow:
        with self._engine.begin() as conn:
            return _inbox.get(conn, inbox_id)

    def inbox_answer(
        self, inbox_id: int, outcome: str, mails: Sequence[OutgoingMail], done_at: datetime
    ) -> None:
        """Mark a row processed with no event and queue its answers, in one transaction (a
        mail to the service's own address, which is no game's); a Message-ID already queued
        is kept once; :class:`InboxAlreadyProcessed` (nothing written) when it was processed."""
        require_aware("done_at", done_at)
        with self._writer.begin() as conn:
            _inbox.mark_done(conn, inbox_id, outcome, done_at)
            _outbox.insert(conn, mails, done_at)

    def inbox_done(self, inbox_id: int, outcome: str, done_at: datetime) -> None:
        """Mark a row processed with no event (an auto-reply, a stranger's mail, ...);
        :class:`InboxAlreadyProcessed` when it already was."""
        require_aware("done_at", done_at)
        with self._writer.begin() as conn:
            _inbox.mark_done(conn, inbox_id, outcome, done_at)
