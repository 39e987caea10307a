"""Reading a player's mail: from raw RFC 5322 bytes to their own new lines.

`read_mail(raw)` never raises. It gives the facts a mail service needs (sender, recipients,
threading, whether the mail is automatic and must never be answered, a bounce's failed
recipients) and the player's own new text: the text/plain part when there is one (HTML turned
into text otherwise), decoded whatever its charset, with quoted replies, reply headers and
signatures removed, in the forms that Gmail, Outlook (desktop, web, mobile), Thunderbird, Apple
Mail (macOS and iPhone), Samsung Email and Mail for Windows write them, in French and English,
their header blocks and attributions also in German, Spanish, Italian, Portuguese, Dutch,
Russian, Polish and more, and a header block under a rule or a border-top div in any language.
`orders_text(mail)` is what to parse for orders: that text, or the cleaned Subject when the body
has none ("Re: [village] vote Bruno" gives "vote Bruno").

Quotes and signatures are stripped by ``lgmail.mail.quotes``, HTML read by
``lgmail.mail.html_text``.

`automatic` gives the reason a mail must never be answered: a multipart/report (bounces, read
receipts); Auto-Submitted other than "no"; an empty Return-Path; a MAILER-DAEMON or postmaster
sender; X-Autoreply, X-Autorespond, X-AutoReply-From or X-Mail-Autoreply; Precedence bulk, junk,
list or auto_reply; List-Id or List-Unsubscribe; last, a Subject opening with "Automatic reply:",
"Réponse automatique :", "Out of Office:" and the like, which is all that some Exchange servers
mark their out-of-office replies with besides X-Auto-Response-Suppress. That header is not taken
as a mark: it asks the receiving Exchange not to auto-reply, and Exchange also puts it on human
mail (sent through distribution lists, for one); helpdesks that filtered on it lost good mail
(Jitbit's write-up; Discourse, osTicket, sisimai and GLPI dropped it from their filters).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from email.message import Message
from email.utils import parseaddr

from lgmail.mail.charsets import decode_bytes
from lgmail.mail.headers import (
    REPLY_PREFIX,
    SUBJECT_TAG,
    decode_words,
    first_address,
    header_value,
    message_id_of,
    message_ids,
    parse_message,
    raw_headers,
    recipients_of,
    strip_tags,
)
from lgmail.mail.mime import MAX_PART, Body, walk
from lgmail.mail.quotes import normalize_spaces, safe_text, strip_reply

__all__ = ["Bounce", "ReadMail", "clean_subject", "orders_text", "read_mail"]


@dataclass(frozen=True)
class Bounce:
    """A delivery status notification (RFC 3464): who could not be reached, and why."""

    recipients: list[str]  # the recipients that failed (none for a mere delay)
    action: str  # of the first failed recipient (else the first listed): "failed", "delayed"...
    status: str  # the enhanced status code, as "5.1.1"; "" if none was given
    diagnostic: str = ""  # the Diagnostic-Code, unfolded

    @property
    def permanent(self) -> bool:
        """True for a failure that will not be retried."""
        if self.status:
            return self.status.startswith("5")
        return self.action == "failed"


@dataclass(frozen=True)
class ReadMail:
    message_id: str | None  # with its <>, as in the header, without whitespace
    sender: str  # the From address, as written (no display name)
    sender_name: str  # the From display name, decoded ("" if none)
    recipients: list[str]  # To, Cc, Delivered-To, X-Original-To (deduplicated, order kept)
    subject: str  # decoded, without "Re:", "RE :", "Fwd:", "TR:", "AW:"... prefixes
    text: str  # the sender's own new text: no quotes, reply headers or signatures
    attachments: list[str] = field(default_factory=list)  # parts ignored: names or types
    automatic: str | None = None  # why the mail must never be answered, None if human
    bounce: Bounce | None = None  # for a delivery status notification
    in_reply_to: str | None = None
    references: list[str] = field(default_factory=list)
    html_only: bool = False  # no text/plain part: the text came from HTML


# ---------------------------------------------------------------------------------------------
# Entry points


def read_mail(raw: bytes) -> ReadMail:
    """Read one raw mail. Never raises, whatever the bytes."""
    data = _as_bytes(raw)
    try:
        return _read(data)
    except Exception:  # the last line of defence: a mail must never stop the service
        try:
            return _fallback(data)
        except Exception:
            return ReadMail(None, "", "", [], "", "")


def orders_text(mail: ReadMail) -> str:
    """The text to parse for orders: the mail's own text, or its Subject when it has none."""
    if mail.text.strip():
        return mail.text
    return strip_tags(mail.subject)


def clean_subject(subject: str) -> str:
    """A Subject without its reply and forward prefixes ("Re:", "RE :", "TR:", "Fwd:", "AW:")."""
    text = normalize_spaces(subject).strip()
    while True:
        before = text
        text = REPLY_PREFIX.sub("", text, count=1).lstrip()
        tag = SUBJECT_TAG.match(text)
        if tag:
            rest = REPLY_PREFIX.sub("", text[tag.end() :], count=1).lstrip()
            text = tag.group(0).strip() + (" " + rest if rest else "")
        if text == before:
            return text


# ---------------------------------------------------------------------------------------------
# The message


def _as_bytes(raw: object) -> bytes:
    if isinstance(raw, bytes):
        return raw
    if isinstance(raw, bytearray | memoryview):
        return bytes(raw)
    if isinstance(raw, str):
        return raw.encode("utf-8", "surrogateescape")
    return b""


def _read(data: bytes) -> ReadMail:
    msg = parse_message(data)
    body = Body()
    walk(msg, body, 0)
    sender_name, sender = first_address(msg, "From")
    subject = safe_text(clean_subject(header_value(msg, "Subject")))
    bounce = _bounce(msg, sender, body)
    if bounce is not None:
        bounce = Bounce(
            [safe_text(r) for r in bounce.recipients],
            safe_text(bounce.action),
            safe_text(bounce.status),
            safe_text(bounce.diagnostic),
        )
    message_id = message_id_of(header_value(msg, "Message-ID"))
    in_reply_to = message_id_of(header_value(msg, "In-Reply-To"))
    return ReadMail(
        message_id=safe_text(message_id) if message_id else None,
        sender=safe_text(sender),
        sender_name=safe_text(sender_name),
        recipients=[safe_text(r) for r in recipients_of(msg)],
        subject=subject,
        text=strip_reply(body.text()),
        attachments=[safe_text(a) for a in body.attachments],
        automatic=_automatic(msg, sender, subject, body),
        bounce=bounce,
        in_reply_to=safe_text(in_reply_to) if in_reply_to else None,
        references=[safe_text(r) for r in message_ids(header_value(msg, "References"))],
        html_only=body.html_only(),
    )


def _fallback(data: bytes) -> ReadMail:
    """When the parser itself fails: the bytes after the first blank line, read as text."""
    head, _, rest = data.replace(b"\r\n", b"\n").partition(b"\n\n")
    subject = ""
    sender = ""
    for line in head.split(b"\n"):
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"subject":
            subject = clean_subject(decode_words(decode_bytes(value, None)).strip())
        elif name.strip().lower() == b"from":
            sender = parseaddr(decode_bytes(value, None))[1]
    text = strip_reply(normalize_spaces(decode_bytes(rest[:MAX_PART], None)))
    return ReadMail(None, safe_text(sender), "", [], safe_text(subject), safe_text(text))


# ---------------------------------------------------------------------------------------------
# Automatic mails (RFC 3834 and common practice) and bounces (RFC 3464)

_DAEMONS = {"mailer-daemon", "mailer_daemon", "postmaster"}
_AUTO_FLAGS = ("X-Autoreply", "X-Autorespond", "X-AutoReply-From", "X-Mail-Autoreply")
_AUTO_SUBJECT = re.compile(
    r"^\s*(?:automatic reply|auto[- ]?reply|auto[- ]?response|out of (?:the )?office"
    r"|r[ée]ponse automatique|absence du bureau|absent\(?e?\)? du bureau|message d['’]absence"
    r"|abwesenheitsnotiz|automatische antwort|respuesta autom[áa]tica|risposta automatica"
    r"|automatisch antwoord|autosvar|automatisk svar|fuori sede)"
    r"\s*(?::|$)",
    re.IGNORECASE,
)


#: the opening sentences of vacation replies, French and English: only a responder opens a
#: mail to a game with them (a player who is away writes « absent ce soir, vote Alice »)
_AUTO_BODY = re.compile(
    r"^\W*(?:(?:bonjour|hello|hi)\W+)?(?:"
    r"je suis (?:actuellement |en ce moment )?"
    r"(?:absente?|en cong[ée]s?|en vacances|en d[ée]placement)"
    r"(?: du bureau)?(?: jusqu['’]a?u?|,? et (?:je )?(?:n['’]aurai|serai|ne)| avec un acc[èe]s"
    r"|\.? je (?:vous )?r[ée]pondrai)"
    r"|je serai absente? (?:du|jusqu)"
    r"|merci (?:pour|de) votre (?:message|mail|e-?mail|courriel)\W+"
    r"je suis (?:actuellement )?absente?"
    r"|i(?: am|['’]m) (?:currently |now )?"
    r"(?:out of (?:the )?office|away from (?:the|my) (?:office|desk)"
    r"|on (?:vacation|holiday|leave|annual leave)(?: until|,? and| with))"
    r"|i will be out of (?:the )?office"
    r"|thank you for your (?:message|mail|e-?mail)\W+i(?: am|['’]m) (?:currently )?"
    r"(?:out|away|on (?:vacation|holiday|leave))"
    r")",
    re.IGNORECASE,
)


def _automatic(msg: Message, sender: str, subject: str, body: Body) -> str | None:
    if body.report_type:
        return f"multipart/report ({body.report_type or 'report'})"
    for value in raw_headers(msg, "Auto-Submitted"):
        keyword = value.split(";", 1)[0].strip().lower()
        if keyword and keyword != "no":
            return f"Auto-Submitted: {keyword}"
    # the first Return-Path is the one the last delivery agent wrote: the envelope sender
    for value in raw_headers(msg, "Return-Path")[:1]:
        if re.fullmatch(r"<\s*>", value.strip()):
            return "empty Return-Path (null sender)"
    local = sender.rsplit("@", 1)[0].strip().lower()
    if local in _DAEMONS:
        return f"sent by {local}"
    for name in _AUTO_FLAGS:
        values = raw_headers(msg, name)
        if values and (values[0].strip().lower() not in {"no", "false", "0"}):
            return name
    for value in raw_headers(msg, "Precedence"):
        keyword = value.strip().lower()
        if keyword in {"bulk", "junk", "list", "auto_reply"}:
            return f"Precedence: {keyword}"
    for name in ("List-Id", "List-Unsubscribe"):
        if raw_headers(msg, name):
            return name
    if _AUTO_SUBJECT.match(subject):
        return "automatic reply (Subject)"
    if _AUTO_BODY.match(strip_reply(body.text())[:400]):
        return "vacation reply (text)"
    return None


def _bounce(msg: Message, sender: str, body: Body) -> Bounce | None:
    if body.report_type == "delivery-status":
        return _parse_dsn(body.delivery_status, msg)
    failed = [a for v in raw_headers(msg, "X-Failed-Recipients") for a in _split_list(v)]
    local = sender.rsplit("@", 1)[0].strip().lower()
    if failed and (local in _DAEMONS or header_value(msg, "Return-Path").replace(" ", "") == "<>"):
        return Bounce(failed, "failed", "")
    return None


def _split_list(value: str) -> list[str]:
    return [a.strip() for a in value.split(",") if a.strip()]


def _fields(text: str) -> list[dict[str, str]]:
    """The blocks of a delivery-status body: "Name: value" lines, folded lines joined."""
    blocks: list[dict[str, str]] = []
    current: dict[str, str] = {}
    last = ""
    for line in text.replace("\r\n", "\n").split("\n"):
        if not line.strip():
            if current:
                blocks.append(current)
            current, last = {}, ""
        elif line[:1] in " \t" and last:
            current[last] += " " + line.strip()
        elif ":" in line:
            name, _, value = line.partition(":")
            last = name.strip().lower()
            current[last] = value.strip()
    if current:
        blocks.append(current)
    return blocks


def _parse_dsn(texts: list[str], msg: Message) -> Bounce:
    found: list[tuple[str, str, str, str]] = []
    for text in texts:
        for block in _fields(text):
            recipient = block.get("final-recipient") or block.get("original-recipient")
            if not recipient:
                continue
            address = recipient.split(";", 1)[-1].strip().strip("<>").strip()
            action = block.get("action", "").strip().lower()
            status = block.get("status", "").strip().split()[0] if block.get("status") else ""
            diagnostic = block.get("diagnostic-code", "")
            if diagnostic.lower().startswith("smtp;"):
                diagnostic = diagnostic[5:].strip()
            found.append((address, action, status, diagnostic))
    if not found:
        failed = [a for v in raw_headers(msg, "X-Failed-Recipients") for a in _split_list(v)]
        return Bounce(failed, "failed" if failed else "", "")
    lost = [f for f in found if f[1] == "failed" or (not f[1] and f[2].startswith("5"))]
    first = (lost or found)[0]
    return Bounce([f[0] for f in lost], first[1] or "failed" * bool(lost), first[2], first[3])
