"""The SMTP and LMTP listeners (aiosmtpd).

A recipient that is no game address is refused at RCPT time (550). A mail is committed to the
inbox (raw bytes kept, synced to disk: ``lgmail.service.committer`` writes the mails of
concurrent sessions together) before the listener answers 250; its processing follows, apart
from the SMTP dialogue (in other processes: ``lgmail.service.workers``).

Over-size mail is refused with 552 (aiosmtpd's data size limit, also announced
with the SIZE extension). LMTP (what Postfix's `lmtp:` transport speaks) takes one recipient per
transaction, so that its one answer after DATA is the answer for that recipient; the client
sends the other recipients in further transactions (RFC 2033 §4.2 allows a 452 for them).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.lmtp import LMTP
from aiosmtpd.smtp import SMTP, Envelope, Session

log = logging.getLogger(__name__)

#: the largest mail accepted: game orders fit in far less; photos from a phone do not matter
MAX_SIZE = 10 * 1024 * 1024


class GameMailHandler:
    """aiosmtpd handler: `known(address)` checks a recipient, `store(raw, recipients,
    mail_from)` hands a mail with its envelope sender ("" for the null sender `<>`) to be
    committed: the future it returns is done once the mail is kept, or fails (451)."""

    def __init__(
        self,
        known: Callable[[str], bool],
        store: Callable[[bytes, list[str], str], Future[None]],
        known_now: Callable[[str], bool | None] = lambda address: None,
    ) -> None:
        """`known_now`: the recipient check when it needs no I/O (None: ask `known`, in a
        thread, as it may read the store)."""
        self.known = known
        self.store = store
        self.known_now = known_now

    async def handle_RCPT(
        self,
        server: SMTP,
        session: Session,
        envelope: Envelope,
        address: str,
        rcpt_options: list[str],
    ) -> str:
        if isinstance(server, LMTP) and envelope.rcpt_tos:
            return "452 4.5.3 One recipient per transaction, please send the others again"
        loop = asyncio.get_running_loop()
        try:
            ok = self.known_now(address)
            if ok is None:
                ok = await loop.run_in_executor(None, self.known, address)
        except Exception:
            log.exception("recipient check failed for %s", address)
            return "451 4.3.0 Temporary failure, please try again later"
        if not ok:
            return f"550 5.1.1 <{address}>: no such game address here"
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        raw = envelope.original_content or envelope.content
        if not isinstance(raw, bytes):
            raw = str(raw).encode("utf-8", "surrogateescape")
        try:
            mail_from = "" if envelope.mail_from in (None, "<>") else str(envelope.mail_from)
            await asyncio.wrap_future(self.store(raw, list(envelope.rcpt_tos), mail_from))
        except Exception:
            log.exception("could not store a mail from %s", envelope.mail_from)
            return "451 4.3.0 Temporary failure, please try again later"
        return "250 2.0.0 OK: queued"


class SmtpListener(Controller):
    def __init__(self, handler: GameMailHandler, host: str, port: int, **kwargs: Any) -> None:
        super().__init__(
            handler,
            hostname=host,
            port=port,
            data_size_limit=MAX_SIZE,
            server_hostname="lgmail",
            **kwargs,
        )


class LmtpListener(Controller):
    def __init__(self, handler: GameMailHandler, host: str, port: int, **kwargs: Any) -> None:
        super().__init__(
            handler,
            hostname=host,
            port=port,
            data_size_limit=MAX_SIZE,
            server_hostname="lgmail",
            **kwargs,
        )

    def factory(self) -> LMTP:
        return LMTP(self.handler, **self.SMTP_kwargs)


def host_port(text: str, default_port: int) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    if not host:
        return text or "127.0.0.1", default_port
    return host.strip("[]"), int(port)
