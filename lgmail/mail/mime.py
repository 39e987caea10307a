"""The MIME tree of a mail, walked defensively: the text parts (HTML turned into text), the
attachments' names, the reports of a bounce, each part decoded whatever its charset, and the
limits (size, depth, parts) that keep junk from costing much. Part of ``lgmail.mail.reading``."""

from __future__ import annotations

import re
from email.message import Message
from email.utils import collapse_rfc2231_value

from lgmail.mail.charsets import decode_bytes
from lgmail.mail.headers import decode_words, fix_surrogates, parse_message
from lgmail.mail.html_text import html_to_text
from lgmail.mail.quotes import normalize_spaces

__all__ = ["MAX_DEPTH", "MAX_PART", "MAX_PARTS", "Body", "walk"]

#: a body part larger than this is cut before it is decoded: orders are a few lines
MAX_PART = 1 << 20
#: how deep a MIME tree is followed, and how many parts at most
MAX_DEPTH = 24
MAX_PARTS = 400


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


class Body:
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
    return normalize_spaces(decode_words(fix_surrogates(str(name)))).strip()


def _name(part: Message) -> str:
    return _filename(part) or _ctype(part)


def walk(part: Message, body: Body, depth: int) -> None:
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
                walk(recovered, body, depth + 1)
            else:  # no part to be found: the body is all there is
                body.pieces.append((_part_text(part), False))
            return
        if ctype == "multipart/alternative":
            _walk_alternative(children, body, depth)
        elif ctype == "multipart/report":
            _walk_report(part, children, body, depth)
        elif ctype == "multipart/signed":
            walk(children[0], body, depth + 1)
            for child in children[1:]:
                body.attachments.append(_name(child))
        else:
            for child in children:
                walk(child, body, depth + 1)
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


def _walk_alternative(children: list[Message], body: Body, depth: int) -> None:
    plain = [c for c in children if _has_type(c, "text/plain")]
    html = [c for c in children if _has_type(c, "text/html")]
    if plain:
        trial = Body()
        trial.parts = body.parts
        walk(plain[0], trial, depth + 1)
        if trial.blank() and html:
            trial = Body()
            trial.parts = body.parts
            walk(html[-1], trial, depth + 1)
        body.pieces += trial.pieces
        body.attachments += trial.attachments
        body.parts = trial.parts
        return
    chosen = html[-1] if html else children[-1]
    walk(chosen, body, depth + 1)


def _walk_report(part: Message, children: list[Message], body: Body, depth: int) -> None:
    try:
        report_type = str(part.get_param("report-type") or "").strip().lower()
    except Exception:
        report_type = ""
    body.report_type = report_type or "report"
    walk(children[0], body, depth + 1)
    for child in children[1:]:
        ctype = _ctype(child)
        if ctype in {"message/delivery-status", "message/global-delivery-status"}:
            body.delivery_status.append(_status_text(child))
        elif ctype not in _REPORT_PARTS:
            walk(child, body, depth + 1)


def _status_text(part: Message) -> str:
    """The fields of a message/delivery-status part as text, however the parser held them."""
    blocks = _children(part)
    if blocks:
        lines: list[str] = []
        for block in blocks:
            try:
                lines += [f"{k}: {fix_surrogates(str(v))}" for k, v in block.raw_items()]
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
        recovered = parse_message(head + payload)
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
    text = decode_bytes(data, charset)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    try:
        flowed = str(part.get_param("format") or "").lower() == "flowed"
        delsp = str(part.get_param("delsp") or "").lower() == "yes"
    except Exception:
        flowed = delsp = False
    if flowed:
        text = _unflow(text, delsp)
    return text


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
