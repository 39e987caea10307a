"""Handing one mail over: what a `Sender` is, how a delivery fails (temporarily: deferred and
tried again; permanently: given up; the relay down: the whole batch deferred), and the SMTP
relay, which speaks to a smarthost (STARTTLS or implicit TLS, AUTH, the bounce address as the
envelope sender). The outbox's use of them is ``lgmail.mail.sender``."""

from __future__ import annotations

import contextlib
import logging
import re
import smtplib
import ssl
from email import policy
from email.parser import BytesHeaderParser
from email.utils import getaddresses
from typing import Protocol

from lgmail.mail.addresses import bounce_address
from lgmail.store.model import OutgoingMail

log = logging.getLogger(__name__)

#: SMTP answers about our credentials: the relay's configuration is wrong, not the mail
_AUTH_CODES = frozenset({530, 534, 535, 538})


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
    """Where outgoing mail goes. ``open`` before a flush's first mail (it may connect; raises
    :class:`TemporaryFailure`), ``send`` each mail (raises :class:`TemporaryFailure` or
    :class:`PermanentFailure`), ``close`` after it."""

    def open(self) -> None: ...

    def send(self, mail: OutgoingMail, name: str) -> None:
        """Hand ``mail`` over; ``name`` is unique to its outbox row (the Maildir file name)."""
        ...

    def close(self) -> None: ...


class SmtpRelay:
    """An SMTP relay (smarthost), with STARTTLS or implicit TLS and AUTH as configured.

    One connection serves a batch: opened by :meth:`open` (or the first :meth:`send`), reused
    by each ``send``, closed (QUIT) by :meth:`close`. When a connection that already carried
    mail is lost (or answers 421), the mail is tried once more on a new connection.

    The envelope sender is ``bounce`` when given, else the address in the mail's From header
    (the game's address); the envelope recipient is the row's recipient. A relay that offers
    PIPELINING (Postfix does) gets each mail's MAIL, RCPT and DATA at once (`pipelined`).
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
            raise TemporaryFailure(f"{where}: {describe(exc)}", relay_down=True) from exc
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
        if self.bounce:
            domain = self.local_hostname or ""
            envelope_from = bounce_address(
                self.bounce, self.secret, mail.game, mail.recipient, domain
            )
        else:
            envelope_from = envelope_sender(mail.raw)
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
            data = crlf(mail.raw)
            refused: dict[str, tuple[int, bytes]] = {}
            if smtp.has_extn("pipelining"):
                pipelined(smtp, envelope_from, mail.recipient, data, options)
            else:
                refused = smtp.sendmail(envelope_from, [mail.recipient], data, options)
        except smtplib.SMTPRecipientsRefused as exc:
            code, text = next(iter(exc.recipients.values()))
            raise self._answer(code, text, smtp) from exc
        except smtplib.SMTPResponseException as exc:  # MAIL FROM or DATA refused
            raise self._answer(exc.smtp_code, exc.smtp_error, smtp) from exc
        except UnicodeError as exc:  # an address smtplib cannot write
            self._drop()  # maybe halfway through a transaction: start afresh
            raise PermanentFailure(f"relay {self.host}:{self.port}: {describe(exc)}") from exc
        except (smtplib.SMTPException, OSError) as exc:  # the connection is lost
            self._drop()
            raise TemporaryFailure(
                f"relay {self.host}:{self.port}: {describe(exc)}", relay_down=True
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


def pipelined(
    smtp: smtplib.SMTP, sender: str, recipient: str, data: bytes, options: list[str]
) -> None:
    """One mail's transaction on a relay that offers PIPELINING (RFC 2920): MAIL, RCPT and
    DATA in one write, their three answers read, then the message: two round trips where
    `smtplib.SMTP.sendmail` takes four, for the same outcome (it raises as sendmail does,
    after the same RSET or, on a 421, the same close). `data` has CRLF line ends."""
    esmtp = list(options)
    if smtp.has_extn("size"):
        esmtp.append(f"SIZE={len(data)}")
    smtp.command_encoding = "utf-8" if "SMTPUTF8" in options else "ascii"
    params = "".join(f" {option}" for option in esmtp)
    mail_from = smtplib.quoteaddr(sender)
    smtp.send(
        f"MAIL FROM:{mail_from}{params}\r\nRCPT TO:{smtplib.quoteaddr(recipient)}\r\nDATA\r\n"
    )
    answers: list[tuple[int, bytes]] = []
    while len(answers) < 3:
        if answers and answers[-1][0] == 421:  # the relay is closing: no more answers
            answers.append(answers[-1])
            continue
        answers.append(smtp.getreply())
    (mail_code, mail_text), (rcpt_code, rcpt_text), (data_code, data_text) = answers
    no_recipient = mail_code != 250 or rcpt_code not in (250, 251)
    if no_recipient and data_code == 354:
        # DATA accepted without a recipient: an empty message ends it (RFC 2920, 3.1)
        smtp.send(b".\r\n")
        data_code, data_text = smtp.getreply()
    if mail_code != 250:
        _reset(smtp, mail_code)
        raise smtplib.SMTPSenderRefused(mail_code, mail_text, sender)
    if rcpt_code not in (250, 251):
        _reset(smtp, rcpt_code)
        raise smtplib.SMTPRecipientsRefused({recipient: (rcpt_code, rcpt_text)})
    if data_code != 354:
        _reset(smtp, data_code)
        raise smtplib.SMTPDataError(data_code, data_text)
    smtp.send(
        _DOT_AT_LINE_START.sub(b"..", data)
        + (b"" if data.endswith(b"\r\n") else b"\r\n")
        + b".\r\n"
    )
    code, text = smtp.getreply()
    if code != 250:
        _reset(smtp, code)
        raise smtplib.SMTPDataError(code, text)


#: a line that starts with a dot, doubled in the message's data (RFC 5321, 4.5.2)
_DOT_AT_LINE_START = re.compile(rb"^\.", re.MULTILINE)


def _reset(smtp: smtplib.SMTP, code: int) -> None:
    """After a refusal, as `smtplib.SMTP.sendmail`: closed on a 421, else RSET."""
    if code == 421:
        smtp.close()
        return
    with contextlib.suppress(smtplib.SMTPServerDisconnected):
        smtp.rset()


def ssl_default_context(cafile: str | None = None) -> ssl.SSLContext:
    """Certificates verified against ``cafile``, or the system's CAs."""
    return ssl.create_default_context(cafile=cafile)


def crlf(raw: bytes) -> bytes:
    """`raw` with every line ending (CRLF, a lone CR or LF) written CRLF: three replacements
    (C), ten times as fast as one regular expression's alternatives on a mail's 13 KB."""
    return raw.replace(b"\r\n", b"\n").replace(b"\r", b"\n").replace(b"\n", b"\r\n")


def envelope_sender(raw: bytes) -> str:
    """The address in the From header of ``raw`` ('' when there is none: the null sender)."""
    headers = BytesHeaderParser(policy=policy.compat32).parsebytes(raw)
    value = headers.get("From")
    if value is None:
        return ""
    addresses = [address for _, address in getaddresses([str(value)]) if "@" in address]
    return addresses[0] if addresses else ""


def describe(exc: BaseException) -> str:
    if isinstance(exc, smtplib.SMTPResponseException):
        text = exc.smtp_error
        if isinstance(text, bytes):
            text = text.decode("utf-8", "replace")
        return f"{exc.smtp_code} {text}"
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
