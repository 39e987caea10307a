"""Building the RFC 5322 message of an outgoing mail."""

from __future__ import annotations

from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime


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
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = recipient
    msg["Reply-To"] = reply_to
    msg["Subject"] = subject
    msg["Message-ID"] = message_id
    msg["Date"] = format_datetime(date)
    msg["Auto-Submitted"] = "auto-generated"
    if in_reply_to:
        msg["In-Reply-To"] = in_reply_to
    if references or in_reply_to:
        msg["References"] = " ".join(references or [in_reply_to or ""])
    msg.set_content(body, charset="utf-8")
    if html is not None:
        msg.add_alternative(html, subtype="html", charset="utf-8")
    return msg.as_bytes()
