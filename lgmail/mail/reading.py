"""Reading a player's mail: from raw RFC 5322 bytes to their own new lines.

`read_mail(raw)` never raises. It gives the facts a mail service needs (sender, recipients,
threading, whether the mail is automatic and must never be answered, a bounce's failed
recipients) and the player's own new text: the text/plain part when there is one (HTML turned
into text otherwise), decoded whatever its charset, with quoted replies, reply headers and
signatures removed, in the forms that Gmail, Outlook (desktop, web, mobile), Thunderbird, Apple
Mail (macOS and iPhone), Samsung Email and Mail for Windows write them, in French and English.
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

import base64
import binascii
import codecs
import re
from dataclasses import dataclass, field
from email import policy
from email.message import Message
from email.parser import BytesParser
from email.utils import collapse_rfc2231_value, getaddresses, parseaddr

from lgmail.mail.html_text import html_to_text
from lgmail.mail.quotes import normalize_spaces, safe_text, strip_reply

__all__ = [
    "Bounce",
    "ReadMail",
    "clean_subject",
    "html_to_text",
    "orders_text",
    "read_mail",
    "strip_reply",
]

#: a body part larger than this is cut before it is decoded: orders are a few lines
MAX_PART = 1 << 20
#: how deep a MIME tree is followed, and how many parts at most
MAX_DEPTH = 24
MAX_PARTS = 400


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
    return _strip_tags(mail.subject)


def clean_subject(subject: str) -> str:
    """A Subject without its reply and forward prefixes ("Re:", "RE :", "TR:", "Fwd:", "AW:")."""
    text = normalize_spaces(subject).strip()
    while True:
        before = text
        text = _PREFIX.sub("", text, count=1).lstrip()
        tag = _TAG.match(text)
        if tag:
            rest = _PREFIX.sub("", text[tag.end() :], count=1).lstrip()
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


def _raw_header(name: str, value: str) -> str:
    """Header values kept as they came: policy.default's structured parsing is quadratic on
    junk (10 s for a 240 kB Content-Type) and may raise; we decode the values ourselves."""
    return value


#: policy.default (EmailMessage, RFC 6532 parsing) with raw header values
_POLICY = policy.default.clone(header_factory=_raw_header)


def _parse(data: bytes) -> Message:
    return BytesParser(policy=_POLICY).parsebytes(data)


def _read(data: bytes) -> ReadMail:
    msg = _parse(data)
    body = _Body()
    _walk(msg, body, 0)
    sender_name, sender = _first_address(msg, "From")
    subject = safe_text(clean_subject(_header(msg, "Subject")))
    bounce = _bounce(msg, sender, body)
    if bounce is not None:
        bounce = Bounce(
            [safe_text(r) for r in bounce.recipients],
            safe_text(bounce.action),
            safe_text(bounce.status),
            safe_text(bounce.diagnostic),
        )
    message_id = _msg_id(_header(msg, "Message-ID"))
    in_reply_to = _msg_id(_header(msg, "In-Reply-To"))
    return ReadMail(
        message_id=safe_text(message_id) if message_id else None,
        sender=safe_text(sender),
        sender_name=safe_text(sender_name),
        recipients=[safe_text(r) for r in _recipients(msg)],
        subject=subject,
        text=strip_reply(body.text()),
        attachments=[safe_text(a) for a in body.attachments],
        automatic=_automatic(msg, sender, subject, body),
        bounce=bounce,
        in_reply_to=safe_text(in_reply_to) if in_reply_to else None,
        references=[safe_text(r) for r in _msg_ids(_header(msg, "References"))],
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
            subject = clean_subject(decode_words(_decode_bytes(value, None)).strip())
        elif name.strip().lower() == b"from":
            sender = parseaddr(_decode_bytes(value, None))[1]
    text = strip_reply(normalize_spaces(_decode_bytes(rest[:MAX_PART], None)))
    return ReadMail(None, safe_text(sender), "", [], safe_text(subject), safe_text(text))


# ---------------------------------------------------------------------------------------------
# Headers: defensive, never trusting the structured parsers on junk


_FOLD = re.compile(r"\r?\n[ \t]*")


def _raw_headers(msg: Message, name: str) -> list[str]:
    """Every raw value of a header, unfolded, with 8-bit bytes decoded (UTF-8 or windows-1252)."""
    return list(_header_index(msg).get(name.lower(), ()))


def _header_index(msg: Message) -> dict[str, list[str]]:
    """The message's headers by lower-case name, read once per message (kept on it)."""
    index: dict[str, list[str]] | None = getattr(msg, "_lgmail_headers", None)
    if index is not None:
        return index
    index = {}
    try:
        items = list(msg.raw_items())
    except Exception:
        items = []
    for key, value in items:
        try:
            text = value if isinstance(value, str) else str(value)
            if "\n" in text:
                text = _FOLD.sub(" ", text)
            index.setdefault(str(key).lower(), []).append(_fix_surrogates(text).strip())
        except Exception:
            continue
    msg._lgmail_headers = index  # type: ignore[attr-defined]
    return index


def _header(msg: Message, name: str) -> str:
    values = _raw_headers(msg, name)
    return decode_words(values[0]) if values else ""


_WORD = r"=\?([^?\s]{1,64})\?([QqBb])\?([^?\s]*)\?="
_ENCODED_WORD = re.compile(_WORD)
_ENCODED_RUN = re.compile(rf"(?:{_WORD})(?:\s*(?:{_WORD}))*")


def decode_words(value: str) -> str:
    """RFC 2047 encoded words decoded, any charset (unknown ones fall back sensibly).

    Adjacent words are joined before decoding, as a character may be split between two."""
    if "=?" not in value:
        return value

    def run(match: re.Match[str]) -> str:
        out: list[str] = []
        charset, data = "", b""
        for word in _ENCODED_WORD.finditer(match.group(0)):
            name = word.group(1).split("*", 1)[0].lower()
            payload = word.group(3)
            try:
                if word.group(2).upper() == "B":
                    payload += "=" * (-len(payload) % 4)
                    chunk = base64.b64decode(payload.encode("ascii", "replace"), validate=False)
                else:
                    chunk = _q_decode(payload)
            except (binascii.Error, ValueError):
                chunk = word.group(0).encode("ascii", "replace")
            if name != charset and data:
                out.append(_decode_bytes(data, charset))
                data = b""
            charset, data = name, data + chunk
        if data:
            out.append(_decode_bytes(data, charset))
        return "".join(out)

    return _ENCODED_RUN.sub(run, value)


def _q_decode(payload: str) -> bytes:
    out = bytearray()
    raw = payload.encode("ascii", "replace")
    i = 0
    while i < len(raw):
        c = raw[i]
        if c == ord("_"):
            out.append(0x20)
        elif c == ord("=") and _is_hex(raw[i + 1 : i + 3]):
            out.append(int(raw[i + 1 : i + 3], 16))
            i += 2
        else:
            out.append(c)
        i += 1
    return bytes(out)


def _is_hex(pair: bytes) -> bool:
    return len(pair) == 2 and all(chr(b) in "0123456789abcdefABCDEF" for b in pair)


def _fix_surrogates(text: str) -> str:
    """Raw 8-bit header bytes come back from the parser as surrogate escapes: decode them."""
    if not any("\udc80" <= ch <= "\udcff" for ch in text):
        return text
    return _decode_bytes(text.encode("utf-8", "surrogateescape"), None)


def _addresses(msg: Message, name: str) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for value in _raw_headers(msg, name):
        try:
            pairs = getaddresses([value])
        except Exception:
            pairs = [parseaddr(value)] if "@" in value else []
        for display, address in pairs:
            address = address.strip()
            if address:
                found.append((normalize_spaces(decode_words(display)).strip(), address))
    return found


def _first_address(msg: Message, name: str) -> tuple[str, str]:
    found = _addresses(msg, name)
    return found[0] if found else ("", "")


def _recipients(msg: Message) -> list[str]:
    seen: set[str] = set()
    out: list[str] = []
    for name in ("To", "Cc", "Delivered-To", "X-Original-To"):
        for _, address in _addresses(msg, name):
            if address.lower() not in seen:
                seen.add(address.lower())
                out.append(address)
    return out


_MSG_ID = re.compile(r"<[^<>\s]*>")


def _msg_id(value: str) -> str | None:
    match = _MSG_ID.search(value)
    if match:
        return match.group(0)
    compact = "".join(value.split())
    return compact or None


def _msg_ids(value: str) -> list[str]:
    found = _MSG_ID.findall(value)
    return found if found else value.split()


_PREFIX = re.compile(
    r"^(?:re|fwd?|tr|aw|wg|sv|vs|antw|antwort|r[ée]f|rif|enc|res|odp)"
    r"\s*(?:\[\d+\]|\(\d+\))?\s*:\s*",
    re.IGNORECASE,
)
_TAG = re.compile(r"^\s*\[[^\[\]]{0,80}\]\s*")


def _strip_tags(subject: str) -> str:
    text = subject
    while True:
        before = text
        text = _PREFIX.sub("", text.strip(), count=1)
        text = _TAG.sub("", text, count=1)
        if text == before:
            return text.strip()


# ---------------------------------------------------------------------------------------------
# Automatic mails (RFC 3834 and common practice) and bounces (RFC 3464)

_REPORT_PARTS = {
    "message/delivery-status",
    "message/global-delivery-status",
    "message/disposition-notification",
    "message/global-disposition-notification",
    "message/feedback-report",
    "message/rfc822",
    "message/global",
    "message/global-headers",
    "text/rfc822-headers",
}
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


def _automatic(msg: Message, sender: str, subject: str, body: _Body) -> str | None:
    if body.report_type:
        return f"multipart/report ({body.report_type or 'report'})"
    for value in _raw_headers(msg, "Auto-Submitted"):
        keyword = value.split(";", 1)[0].strip().lower()
        if keyword and keyword != "no":
            return f"Auto-Submitted: {keyword}"
    # the first Return-Path is the one the last delivery agent wrote: the envelope sender
    for value in _raw_headers(msg, "Return-Path")[:1]:
        if re.fullmatch(r"<\s*>", value.strip()):
            return "empty Return-Path (null sender)"
    local = sender.rsplit("@", 1)[0].strip().lower()
    if local in _DAEMONS:
        return f"sent by {local}"
    for name in _AUTO_FLAGS:
        values = _raw_headers(msg, name)
        if values and (values[0].strip().lower() not in {"no", "false", "0"}):
            return name
    for value in _raw_headers(msg, "Precedence"):
        keyword = value.strip().lower()
        if keyword in {"bulk", "junk", "list", "auto_reply"}:
            return f"Precedence: {keyword}"
    for name in ("List-Id", "List-Unsubscribe"):
        if _raw_headers(msg, name):
            return name
    if _AUTO_SUBJECT.match(subject):
        return "automatic reply (Subject)"
    if _AUTO_BODY.match(strip_reply(body.text())[:400]):
        return "vacation reply (text)"
    return None


def _bounce(msg: Message, sender: str, body: _Body) -> Bounce | None:
    if body.report_type == "delivery-status":
        return _parse_dsn(body.delivery_status, msg)
    failed = [a for v in _raw_headers(msg, "X-Failed-Recipients") for a in _split_list(v)]
    local = sender.rsplit("@", 1)[0].strip().lower()
    if failed and (local in _DAEMONS or _header(msg, "Return-Path").replace(" ", "") == "<>"):
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
        failed = [a for v in _raw_headers(msg, "X-Failed-Recipients") for a in _split_list(v)]
        return Bounce(failed, "failed" if failed else "", "")
    lost = [f for f in found if f[1] == "failed" or (not f[1] and f[2].startswith("5"))]
    first = (lost or found)[0]
    return Bounce([f[0] for f in lost], first[1] or "failed" * bool(lost), first[2], first[3])


# ---------------------------------------------------------------------------------------------
# The MIME tree


class _Body:
    """What the walk through the MIME tree found."""

    def __init__(self) -> None:
        self.pieces: list[tuple[str, bool]] = []  # (text, from HTML)
        self.attachments: list[str] = []
        self.report_type: str = ""
        self.delivery_status: list[str] = []
        self.parts = 0

    def text(self) -> str:
        return "\n".join(text for text, _ in self.pieces)

    def html_only(self) -> bool:
        return bool(self.pieces) and all(html for _, html in self.pieces)

    def blank(self) -> bool:
        return not any(text.strip() for text, _ in self.pieces)


def _ctype(part: Message) -> str:
    try:
        return part.get_content_type().lower()
    except Exception:
        return "text/plain"


def _disposition(part: Message) -> str:
    try:
        return (part.get_content_disposition() or "").lower()
    except Exception:
        return ""


def _children(part: Message) -> list[Message]:
    try:
        payload = part.get_payload()
    except Exception:
        return []
    if isinstance(payload, list):
        return [p for p in payload if isinstance(p, Message)]
    return []


def _filename(part: Message) -> str:
    """The part's file name (Content-Disposition, else Content-Type's name), "" if none."""
    name: str | None = None
    try:
        name = part.get_filename()
    except Exception:
        name = None
    if not name:
        try:
            param = part.get_param("name")
            name = collapse_rfc2231_value(param) if param else None
        except Exception:
            name = None
    if not name:
        return ""
    return normalize_spaces(decode_words(_fix_surrogates(str(name)))).strip()


def _name(part: Message) -> str:
    return _filename(part) or _ctype(part)


def _walk(part: Message, body: _Body, depth: int) -> None:
    body.parts += 1
    if depth > MAX_DEPTH or body.parts > MAX_PARTS:
        return
    ctype = _ctype(part)
    disposition = _disposition(part)
    if ctype.startswith("message/"):
        body.attachments.append(_name(part))
        return
    children = _children(part)
    if ctype.startswith("multipart/"):
        if not children:
            recovered = _recover_multipart(part, ctype)
            if recovered is not None:
                _walk(recovered, body, depth + 1)
            else:  # no part to be found: the body is all there is
                body.pieces.append((_part_text(part), False))
            return
        if ctype == "multipart/alternative":
            _walk_alternative(children, body, depth)
        elif ctype == "multipart/report":
            _walk_report(part, children, body, depth)
        elif ctype == "multipart/signed":
            _walk(children[0], body, depth + 1)
            for child in children[1:]:
                body.attachments.append(_name(child))
        else:
            for child in children:
                _walk(child, body, depth + 1)
        return
    if ctype in {"text/plain", "text/html"} and disposition != "attachment" and not _filename(part):
        text = _part_text(part)
        if ctype == "text/html":
            body.pieces.append((html_to_text(text), True))
        else:
            body.pieces.append((text, False))
        return
    body.attachments.append(_name(part))


def _has_type(part: Message, wanted: str, depth: int = 0) -> bool:
    if depth > MAX_DEPTH:
        return False
    ctype = _ctype(part)
    if ctype == wanted and _disposition(part) != "attachment":
        return True
    if ctype.startswith("multipart/"):
        return any(_has_type(child, wanted, depth + 1) for child in _children(part))
    return False


def _walk_alternative(children: list[Message], body: _Body, depth: int) -> None:
    plain = [c for c in children if _has_type(c, "text/plain")]
    html = [c for c in children if _has_type(c, "text/html")]
    if plain:
        trial = _Body()
        trial.parts = body.parts
        _walk(plain[0], trial, depth + 1)
        if trial.blank() and html:
            trial = _Body()
            trial.parts = body.parts
            _walk(html[-1], trial, depth + 1)
        body.pieces += trial.pieces
        body.attachments += trial.attachments
        body.parts = trial.parts
        return
    chosen = html[-1] if html else children[-1]
    _walk(chosen, body, depth + 1)


def _walk_report(part: Message, children: list[Message], body: _Body, depth: int) -> None:
    try:
        report_type = str(part.get_param("report-type") or "").strip().lower()
    except Exception:
        report_type = ""
    body.report_type = report_type or "report"
    _walk(children[0], body, depth + 1)
    for child in children[1:]:
        ctype = _ctype(child)
        if ctype in {"message/delivery-status", "message/global-delivery-status"}:
            body.delivery_status.append(_status_text(child))
        elif ctype not in _REPORT_PARTS:
            _walk(child, body, depth + 1)


def _status_text(part: Message) -> str:
    """The fields of a message/delivery-status part as text, however the parser held them."""
    blocks = _children(part)
    if blocks:
        lines: list[str] = []
        for block in blocks:
            try:
                lines += [f"{k}: {_fix_surrogates(str(v))}" for k, v in block.raw_items()]
            except Exception:
                continue
            lines.append("")
        return "\n".join(lines)
    return _part_text(part)


def _recover_multipart(part: Message, ctype: str) -> Message | None:
    """A multipart without its boundary parameter: find the boundary in the body and reparse."""
    try:
        payload = part.get_payload(decode=True)  # the raw bytes, 8-bit ones included
    except Exception:
        return None
    if not isinstance(payload, bytes):
        return None
    match = re.search(rb"^--([^\s\"]{1,70})[ \t]*\r?$", payload, re.MULTILINE)
    if not match:
        return None
    boundary = match.group(1).decode("ascii", "replace")
    head = f'Content-Type: {ctype}; boundary="{boundary}"\n\n'.encode("ascii", "replace")
    try:
        recovered = _parse(head + payload)
    except Exception:
        return None
    return recovered if _children(recovered) else None


def _part_text(part: Message) -> str:
    """A text part decoded: transfer encoding, then charset (with fallbacks), then flowed text."""
    data: bytes
    try:
        decoded = part.get_payload(decode=True)
        data = decoded if isinstance(decoded, bytes) else b""
    except Exception:
        try:
            data = str(part.get_payload()).encode("utf-8", "surrogateescape")
        except Exception:
            data = b""
    try:
        charset = part.get_content_charset()
    except Exception:
        charset = None
    if len(data) > MAX_PART:  # cut at a line's end, not inside a character
        end = data.rfind(b"\n", 0, MAX_PART)
        data = data[: end if end > 0 else MAX_PART]
    text = _decode_bytes(data, charset)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    try:
        flowed = str(part.get_param("format") or "").lower() == "flowed"
        delsp = str(part.get_param("delsp") or "").lower() == "yes"
    except Exception:
        flowed = delsp = False
    if flowed:
        text = _unflow(text, delsp)
    return text


_SINGLE_BYTE_LATIN = {"ascii", "latin_1", "iso8859_1", "iso8859_15", "cp1252"}
_REFUSED = {"unicode_escape", "raw_unicode_escape", "idna", "punycode", "undefined"}


def _codec(charset: str | None) -> str | None:
    if not charset:
        return None
    name = charset.strip().strip("\"'").lower()
    try:
        info = codecs.lookup(name)
    except (LookupError, ValueError, TypeError):
        return None
    if info.name.replace("-", "_") in _REFUSED:
        return None
    return info.name.replace("-", "_")


def _decode_bytes(data: bytes, charset: str | None) -> str:
    """Bytes as text: the declared charset when it fits, else UTF-8, else windows-1252.

    A declared Latin charset (or none) is tried as UTF-8 first: valid UTF-8 with accents is
    almost never real Latin-1, while clients often declare the wrong one. ISO-8859-1 and
    US-ASCII are read as windows-1252, their superset in practice (’, œ, €)."""
    codec = _codec(charset)
    if codec is None or codec in _SINGLE_BYTE_LATIN:
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            pass
        if codec in {"ascii", "latin_1", "iso8859_1"} or codec is None:
            codec = "cp1252"
    try:
        return data.decode(codec)
    except (UnicodeDecodeError, LookupError):
        pass
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _unflow(text: str, delsp: bool) -> str:
    """RFC 3676 format=flowed: soft line breaks (a trailing space) joined back."""
    out: list[str] = []
    buffer: str | None = None
    buffer_depth = 0

    def flush() -> None:
        nonlocal buffer
        if buffer is not None:
            out.append((">" * buffer_depth + " " if buffer_depth else "") + buffer)
        buffer = None

    for line in text.split("\n"):
        depth = len(line) - len(line.lstrip(">"))
        content = line[depth:]
        if content.startswith(" "):
            content = content[1:]
        if content == "-- ":
            flush()
            out.append((">" * depth + " " if depth else "") + content)
            continue
        soft = content.endswith(" ")
        if soft and delsp:
            content = content[:-1]
        if buffer is not None and depth == buffer_depth:
            buffer += content
        else:
            flush()
            buffer, buffer_depth = content, depth
        if not soft:
            flush()
    flush()
    return "\n".join(out)
