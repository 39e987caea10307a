"""Reading incoming mail from an IMAP folder.

An :class:`ImapPoller` watches one folder of one mailbox (an :class:`ImapSource`, parsed from a
URL such as ``imaps://gm%40example.org:secret@imap.example.org/INBOX``) and gives every message
it has not handled yet, as raw bytes, to a handler. The handler answers True once the message is
safely stored; the poller then marks the message as done on the server:

* by default it adds the flags ``\\Seen`` and ``$LgmailDone``;
* with ``?move=FOLDER`` it adds the same flags and moves the message to FOLDER (created when
  missing), with MOVE where the server offers it, else COPY + ``\\Deleted`` + EXPUNGE.

A handler that answers False or raises leaves the message untouched: it is offered again at the
next poll, and the messages after it are still handled. Messages are read with ``BODY.PEEK[]``,
which does not set ``\\Seen``, and handled in UID order.

The poller remembers, in a :class:`Cursor`, the folder's UIDVALIDITY and the highest UID up to
which every message is done, so a restart does not read the whole folder again. When the
UIDVALIDITY changes (the folder was recreated, or the server lost its UID records), the cursor is
worthless and the poller starts over from the beginning of the folder, still skipping the
messages flagged ``$LgmailDone``; re-handling a message is safe because the handler is
idempotent on Message-ID.

:meth:`ImapPoller.run` polls, then waits for new mail with IDLE (RFC 2177) where the server offers
it, re-issuing IDLE before the 29 minutes after which a server may log an idle client out; without
IDLE it polls every ``poll_seconds``. Connection errors are retried with an exponential backoff.
"""

from __future__ import annotations

import contextlib
import enum
import imaplib
import io
import logging
import selectors
import ssl
import threading
import time
from collections.abc import Callable
from typing import Any

from imapclient import IMAPClient  # type: ignore[import-untyped]

from lgmail.mail.imap_source import Cursor, ImapSource

__all__ = ["DONE_KEYWORD", "Handler", "ImapPoller"]

DONE_KEYWORD = "$LgmailDone"
"""The IMAP keyword set on every message once handled."""

SEEN = "\\Seen"
DELETED = "\\Deleted"


# RFC 2177: a server may log out a client that has been idling for 30 minutes; clients should
# re-issue IDLE at least every 29 minutes.
MAX_IDLE_SECONDS = 29 * 60

# How often an IDLE wait looks at the `stop` event.
_STOP_CHECK_SECONDS = 0.25

# What a lost or broken connection raises: socket errors (OSError, which includes TimeoutError and
# ssl.SSLError) and imaplib's abort (which imapclient raises as IMAPClientAbortError, the same
# class). A plain IMAP "NO"/"BAD" answer (imaplib.IMAP4.error) is not one of them.
CONNECTION_ERRORS: tuple[type[BaseException], ...] = (OSError, imaplib.IMAP4.abort)

Handler = Callable[[bytes], bool]
"""Given one raw message: True once it is safely stored. False, or an exception: leave it."""


class _Outcome(enum.Enum):
    HANDLED = "handled"  # the handler stored it and the server marked it done
    FAILED = "failed"  # left for the next poll
    GONE = "gone"  # expunged by someone else between SEARCH and FETCH


def _is_new_mail(response: Any) -> bool:
    return isinstance(response, tuple) and len(response) >= 2 and response[1] == b"EXISTS"


def _is_bye(response: Any) -> bool:
    return isinstance(response, tuple) and len(response) >= 1 and response[0] == b"BYE"


class ImapPoller:
    """Hands every new message of one IMAP folder to a handler, once.

    ``idle_seconds`` bounds one IDLE command (at most 29 minutes, RFC 2177); ``poll_seconds`` is
    the polling period on a server without IDLE (or with ``use_idle=False``); ``timeout`` is the
    socket timeout of every other IMAP command. After a connection error, :meth:`run` waits
    ``reconnect_delay`` seconds, doubling up to ``max_reconnect_delay`` while errors go on.

    A poller is not thread-safe: use it from one thread (the one running :meth:`run`).
    """

    def __init__(
        self,
        source: ImapSource,
        handler: Handler,
        cursor: Cursor,
        *,
        idle_seconds: float = 28 * 60,
        poll_seconds: float = 60.0,
        timeout: float = 60.0,
        reconnect_delay: float = 1.0,
        max_reconnect_delay: float = 300.0,
        use_idle: bool = True,
        ssl_context: ssl.SSLContext | None = None,
        logger: logging.Logger | None = None,
    ) -> None:
        if not 0 < idle_seconds <= MAX_IDLE_SECONDS:
            raise ValueError(f"idle_seconds must be in (0, {MAX_IDLE_SECONDS}] (RFC 2177)")
        if poll_seconds <= 0 or timeout <= 0:
            raise ValueError("poll_seconds and timeout must be positive")
        if not 0 < reconnect_delay <= max_reconnect_delay:
            raise ValueError("need 0 < reconnect_delay <= max_reconnect_delay")
        self.source = source
        self._handler = handler
        self._cursor = cursor
        self._idle_seconds = idle_seconds
        self._poll_seconds = poll_seconds
        self._timeout = timeout
        self._reconnect_delay = reconnect_delay
        self._max_reconnect_delay = max_reconnect_delay
        self._use_idle = use_idle
        self._ssl_context = ssl_context
        self._log = logger or logging.getLogger(__name__)
        self._client: Any = None
        self._move_folder_ready = False
        self._warned_no_keywords = False
        self._polled_again = False

    # -- public API ---------------------------------------------------------------------------

    def poll_once(self) -> int:
        """Connect if needed, select the folder, handle every message not done yet.

        Returns how many messages the handler stored (and the server marked done). A connection
        kept from an earlier poll that turns out to be dead is replaced once, at once; other
        errors are raised.
        """
        handled = [0]
        reused = self._client is not None
        try:
            self._poll(self._connect(), handled)
        except CONNECTION_ERRORS as exc:
            self._drop()
            if not reused:
                raise
            self._log.info("IMAP connection to %s was lost (%s); reconnecting", self.source, exc)
            self._poll(self._connect(), handled)
        if handled[0]:
            self._log.info("handled %d message(s) from %s", handled[0], self.source)
        return handled[0]

    def run(self, stop: threading.Event) -> None:
        """Poll, then wait for new mail, until `stop` is set; survives connection errors."""
        delay = self._reconnect_delay
        self._log.info("watching %s", self.source)
        try:
            while not stop.is_set():
                try:
                    handled = self.poll_once()
                    delay = self._reconnect_delay
                    if stop.is_set():
                        break
                    self._wait_for_mail(stop, handled)
                except Exception as exc:
                    self._drop()
                    if stop.is_set():
                        break
                    if isinstance(exc, (*CONNECTION_ERRORS, imaplib.IMAP4.error)):
                        # Connection lost or refused, or the server said NO/BAD (wrong password,
                        # no such folder...): worth a line, not a traceback.
                        self._log.warning(
                            "IMAP connection to %s failed (%s: %s); retrying in %.1f s",
                            self.source,
                            type(exc).__name__,
                            exc,
                            delay,
                        )
                    else:
                        self._log.exception(
                            "polling %s failed; retrying in %.1f s", self.source, delay
                        )
                    stop.wait(delay)
                    delay = min(delay * 2, self._max_reconnect_delay)
        finally:
            self.close()
            self._log.info("stopped watching %s", self.source)

    def close(self) -> None:
        """Log out, if connected."""
        client, self._client = self._client, None
        if client is None:
            return
        try:
            client.logout()
        except Exception:
            with contextlib.suppress(Exception):
                client.shutdown()

    # -- connection ---------------------------------------------------------------------------

    def _connect(self) -> Any:
        if self._client is not None:
            return self._client
        source = self.source
        how = "TLS" if source.tls else "STARTTLS" if source.starttls else "plain text"
        self._log.info("connecting to %s (%s)", source, how)
        client = IMAPClient(
            source.host,
            port=source.port,
            ssl=source.tls,
            ssl_context=self._ssl_context,
            timeout=self._timeout,
        )
        try:
            if source.starttls:
                client.starttls(self._ssl_context)
            client.login(source.username, source.password)
        except BaseException:
            with contextlib.suppress(Exception):
                client.shutdown()
            raise
        self._client = client
        self._move_folder_ready = False
        return client

    def _drop(self) -> None:
        """Forget a connection that failed, without talking to the server again."""
        client, self._client = self._client, None
        if client is not None:
            with contextlib.suppress(Exception):
                client.shutdown()

    # -- one poll -----------------------------------------------------------------------------

    def _poll(self, client: Any, handled: list[int]) -> None:
        source = self.source
        info = client.select_folder(source.folder)
        _take_exists(client)  # the SELECT's own count: the searches below see those messages
        uidvalidity = int(info[b"UIDVALIDITY"])
        keywords = self._keywords_allowed(info)
        key = source.key

        saved = self._cursor.load(key)
        if saved is None:
            last = 0
            self._log.info("first poll of %s (UIDVALIDITY %d)", source, uidvalidity)
        elif saved[0] != uidvalidity:
            last = 0
            self._log.warning(
                "UIDVALIDITY of %s changed (%d -> %d): reading the folder again from the start",
                source,
                saved[0],
                uidvalidity,
            )
        else:
            last = saved[1]
        if saved is None or saved[0] != uidvalidity:
            self._cursor.save(key, uidvalidity, last)

        if source.move is not None:
            self._ensure_move_folder(client, source.move)
            if keywords:
                self._move_leftovers(client, source.move)

        # Two searches: every message above the cursor, then those still to handle (not done,
        # not deleted). The cursor may pass the others. A message that arrives between the two
        # searches is in the second only: it is handled.
        span = ["UID", f"{last + 1}:*"]
        criteria = [*span, "NOT", "DELETED"]
        if keywords:
            criteria += ["NOT", "KEYWORD", DONE_KEYWORD]
        every = {int(uid) for uid in client.search(span)}
        todo = {int(uid) for uid in client.search(criteria)}
        # "UID n:*" also matches the highest UID when it is below n: keep only UIDs above `last`.
        uids = sorted(uid for uid in every | todo if uid > last)
        if todo:
            self._log.debug("%s: to handle: UIDs %s", source, sorted(todo))

        # The cursor only moves over messages that are done: it stops before the first failure,
        # which is retried next time (the messages done after it are skipped by their keyword).
        in_order = True
        saved_last = last
        for uid in uids:
            if uid in todo:
                outcome = self._handle_one(client, uid, keywords)
                if outcome is _Outcome.HANDLED:
                    handled[0] += 1
                if outcome is _Outcome.FAILED:
                    in_order = False
            if in_order:
                last = uid
                if uid in todo:  # a message was just done: remember it at once
                    self._cursor.save(key, uidvalidity, last)
                    saved_last = last
        if last != saved_last:
            self._cursor.save(key, uidvalidity, last)

    def _handle_one(self, client: Any, uid: int, keywords: bool) -> _Outcome:
        source = self.source
        response = client.fetch([uid], ["BODY.PEEK[]"])
        raw = response.get(uid, {}).get(b"BODY[]")
        if raw is None:
            self._log.info("%s: UID %d is gone before it could be read", source, uid)
            return _Outcome.GONE
        try:
            stored = self._handler(bytes(raw))
        except Exception:
            self._log.exception(
                "%s: the handler failed on UID %d; left for the next poll", source, uid
            )
            return _Outcome.FAILED
        if not stored:
            self._log.warning(
                "%s: the handler did not store UID %d; left for the next poll", source, uid
            )
            return _Outcome.FAILED
        try:
            self._mark_done(client, [uid], keywords)
        except CONNECTION_ERRORS:
            raise
        except imaplib.IMAP4.error as exc:
            self._log.error(
                "%s: UID %d was stored, but marking it done failed (%s); the next poll retries",
                source,
                uid,
                exc,
            )
            return _Outcome.FAILED
        self._log.info(
            "%s: handled UID %d%s",
            source,
            uid,
            f", moved to {source.move}" if source.move is not None else "",
        )
        return _Outcome.HANDLED

    def _mark_done(self, client: Any, uids: list[int], keywords: bool) -> None:
        flags = [SEEN, DONE_KEYWORD] if keywords else [SEEN]
        client.add_flags(uids, flags, silent=True)
        move = self.source.move
        if move is None:
            return
        if client.has_capability("MOVE"):
            client.move(uids, move)
            return
        # RFC 6851 fallback: COPY, flag \Deleted, then EXPUNGE (by UID where UIDPLUS allows it,
        # else a plain EXPUNGE, which also removes whatever else is flagged \Deleted).
        client.copy(uids, move)
        client.add_flags(uids, [DELETED], silent=True)
        if client.has_capability("UIDPLUS"):
            client.uid_expunge(uids)
        else:
            client.expunge()

    def _ensure_move_folder(self, client: Any, folder: str) -> None:
        if self._move_folder_ready:
            return
        if not client.folder_exists(folder):
            try:
                client.create_folder(folder)
                self._log.info("created the IMAP folder %s for handled mail", folder)
            except CONNECTION_ERRORS:
                raise
            except imaplib.IMAP4.error:
                if not client.folder_exists(folder):  # else someone created it meanwhile
                    raise
        self._move_folder_ready = True

    def _move_leftovers(self, client: Any, folder: str) -> None:
        """Move the messages marked done whose move failed (or that predate ``move=``)."""
        uids = sorted(int(u) for u in client.search(["KEYWORD", DONE_KEYWORD, "NOT", "DELETED"]))
        if not uids:
            return
        self._log.info(
            "%s: moving %d message(s) already handled to %s", self.source, len(uids), folder
        )
        try:
            self._mark_done(client, uids, True)
        except CONNECTION_ERRORS:
            raise
        except imaplib.IMAP4.error as exc:  # they are handled: new mail comes first
            self._log.error("%s: could not move them to %s (%s)", self.source, folder, exc)

    def _keywords_allowed(self, info: Any) -> bool:
        permanent = info.get(b"PERMANENTFLAGS")
        if permanent is None:  # the server did not say: assume the usual
            return True
        allowed = {bytes(flag).lower() for flag in permanent}
        if b"\\*" in allowed or DONE_KEYWORD.lower().encode() in allowed:
            return True
        if not self._warned_no_keywords:
            self._warned_no_keywords = True
            self._log.warning(
                "%s does not keep the keyword %s: handled mail is only flagged \\Seen, and a "
                "new UIDVALIDITY will have it handled again",
                self.source,
                DONE_KEYWORD,
            )
        return False

    # -- waiting ------------------------------------------------------------------------------

    def _wait_for_mail(self, stop: threading.Event, handled: int) -> None:
        client = self._client
        if client is None:
            return
        # New mail announced (EXISTS) in answer to the poll's own commands is not announced
        # again: poll at once. At most once after a poll that found nothing, so that a server
        # repeating EXISTS needlessly cannot keep the poller from waiting.
        if _take_exists(client) and (handled or not self._polled_again):
            self._polled_again = True
            self._log.debug("%s: new mail announced during the poll; polling again", self.source)
            return
        self._polled_again = False
        if self._use_idle and client.has_capability("IDLE"):
            self._idle(client, stop)
        else:
            stop.wait(self._poll_seconds)

    def _idle(self, client: Any, stop: threading.Event) -> None:
        """IDLE until new mail (EXISTS), `idle_seconds`, or `stop`; then DONE."""
        deadline = time.monotonic() + self._idle_seconds
        client.idle()
        self._log.debug("%s: idling", self.source)
        if _unparsed_input(client):
            # The server sent more with its "+ idling" (typically the EXISTS of a mail that came
            # in just before): those bytes are already read, select() would not see them.
            _text, responses = client.idle_done()
            if any(_is_new_mail(r) for r in responses):
                self._log.debug("%s: IDLE done (new mail)", self.source)
                return
            client.idle()
        why = "timeout"
        with selectors.DefaultSelector() as selector:
            selector.register(client.socket(), selectors.EVENT_READ)
            while True:
                if stop.is_set():
                    why = "stop"
                    break
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    break
                if not selector.select(min(remaining, _STOP_CHECK_SECONDS)):
                    continue
                responses = client.idle_check(timeout=0)
                if not responses:  # readable, yet nothing to read: the connection is closed
                    raise ConnectionError("the IMAP server closed the connection during IDLE")
                if any(_is_bye(r) for r in responses):
                    raise ConnectionError(f"the IMAP server ended the connection: {responses!r}")
                if any(_is_new_mail(r) for r in responses):
                    why = "new mail"
                    break
        client.idle_done()
        self._log.debug("%s: IDLE done (%s)", self.source, why)


def _imaplib(client: Any) -> imaplib.IMAP4 | None:
    """The imaplib connection inside an IMAPClient (imapclient keeps it as `_imap`)."""
    imap = getattr(client, "_imap", None)
    return imap if isinstance(imap, imaplib.IMAP4) else None


def _take_exists(client: Any) -> bool:
    """Whether the server announced a message count (EXISTS) since the last call.

    imapclient leaves the untagged responses that come with its commands in imaplib's stash;
    imaplib's `response()` takes them out.
    """
    imap = _imaplib(client)
    if imap is None:
        return False
    _code, data = imap.response("EXISTS")
    return any(item is not None for item in data)


def _unparsed_input(client: Any) -> bool:
    """Whether imaplib holds bytes read from the socket and not parsed yet (select() misses them).

    imaplib reads through a buffered reader (`file`, up to Python 3.13); Python 3.14 keeps its
    own buffer (`_readbuf`). TLS may also hold decrypted bytes (`pending()`). Where none of these
    is found, the answer is False: new mail then waits for the next IDLE timeout at worst.
    """
    imap = _imaplib(client)
    if imap is None:
        return False
    sock = client.socket()
    if isinstance(sock, ssl.SSLSocket) and sock.pending():
        return True
    own_buffer = getattr(imap, "_readbuf", None)
    if own_buffer is not None:
        return len(own_buffer) > 0
    reader = vars(imap).get("file")
    if not isinstance(reader, io.BufferedReader):
        return False
    timeout = sock.gettimeout()
    sock.setblocking(False)
    try:
        return len(reader.peek(1)) > 0
    except OSError:
        return False
    finally:
        sock.settimeout(timeout)
