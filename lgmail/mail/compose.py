"""Building the RFC 5322 message of an outgoing mail: text and HTML alternatives, UTF-8.

Built with the compat32 classes of `email.mime`, several times faster than `EmailMessage`'s
header registry, which parses every header it is given; an address that is not ASCII (an
internationalised mailbox) takes `EmailMessage`, which knows how to write it.
"""

from __future__ import annotations

from datetime import datetime
from email.charset import QP, Charset
from email.header import Header
from email.message import EmailMessage
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from email.policy import SMTPUTF8
from email.utils import format_datetime

_UTF8 = Charset("utf-8")
_UTF8.body_encoding = QP


def _header(value: str) -> str | Header:
    return value if value.isascii() else Header(value, "utf-8")


def _address(value: str) -> str | Header:
    """ "Display Name" <addr>: the display name encoded when it is not ASCII."""
    if value.isascii():
        return value
    name, _, address = value.rpartition("<")
    return Header(name.strip().strip('"'), "utf-8").encode() + " <" + address


def _text(body: str, subtype: str) -> MIMEText:
    part = MIMEText("", subtype)
    part.set_payload(body, _UTF8)
    return part


def compose(
    *,
    sender: str,
    recipient: str,
    reply_to: str,
    subject: str,
    body: str,
    message_id: str,
    date: datetime,
    in_reply_to: str | None = None,
    references: list[str] | None = None,
    html: str | None = None,
) -> bytes:
    """The mail's bytes: text, and HTML as an alternative when given; a reply when
    `in_reply_to` is given; `references` thread it."""
    headers = [
        ("From", sender),
        ("To", recipient),
        ("Reply-To", reply_to),
        ("Subject", subject),
        ("Message-ID", message_id),
        ("Date", format_datetime(date)),
        ("Auto-Submitted", "auto-generated"),
    ]
    if in_reply_to:
        headers.append(("In-Reply-To", in_reply_to))
    if references or in_reply_to:
        headers.append(("References", " ".join(references or [in_reply_to or ""])))
    addresses = (recipient, reply_to, sender.rpartition("<")[2])
    if all(a.isascii() for a in addresses):
        return _fast(headers, body, html)
    return _rich(headers, body, html)


def _rich(headers: list[tuple[str, str]], body: str, html: str | None) -> bytes:
    msg = EmailMessage()
    for name, value in headers:
        msg[name] = value
    msg.set_content(body, charset="utf-8")
    if html is not None:
        msg.add_alternative(html, subtype="html", charset="utf-8")
    return msg.as_bytes(policy=SMTPUTF8)


def _fast(headers: list[tuple[str, str]], body: str, html: str | None) -> bytes:
    msg: MIMEMultipart | MIMEText
    if html is None:
        msg = _text(body, "plain")
    else:
        msg = MIMEMultipart("alternative")
        msg.attach(_text(body, "plain"))
        msg.attach(_text(html, "html"))
    for name, value in headers:
        encoded = _address(value) if name == "From" else _header(value)
        msg[name] = encoded  # type: ignore[assignment]
    return msg.as_bytes()
