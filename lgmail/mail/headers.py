"""Reading a mail's headers defensively, never trusting the structured parsers on junk: raw
values unfolded, encoded words (RFC 2047) and 8-bit bytes decoded, addresses, Message-IDs and
the Subject's reply prefixes and tags. Part of ``lgmail.mail.reading``."""

from __future__ import annotations

import base64
import binascii
import re
from email import policy
from email.message import Message
from email.parser import BytesParser
from email.utils import getaddresses, parseaddr

from lgmail.mail.charsets import decode_bytes
from lgmail.mail.quotes import normalize_spaces

__all__ = [
    "REPLY_PREFIX",
    "SUBJECT_TAG",
    "decode_words",
    "first_address",
    "fix_surrogates",
    "header_value",
    "message_id_of",
    "message_ids",
    "parse_message",
    "raw_headers",
    "recipients_of",
    "strip_tags",
]


def _raw_header(name: str, value: str) -> str:
    """Header values kept as they came: policy.default's structured parsing is quadratic on
    junk (10 s for a 240 kB Content-Type) and may raise; we decode the values ourselves."""
    return value


#: policy.default (EmailMessage, RFC 6532 parsing) with raw header values
_POLICY = policy.default.clone(header_factory=_raw_header)


def parse_message(data: bytes) -> Message:
    return BytesParser(policy=_POLICY).parsebytes(data)


_FOLD = re.compile(r"\r?\n[ \t]*")


def raw_headers(msg: Message, name: str) -> list[str]:
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
            index.setdefault(str(key).lower(), []).append(fix_surrogates(text).strip())
        except Exception:
            continue
    msg._lgmail_headers = index  # type: ignore[attr-defined]
    return index


def header_value(msg: Message, name: str) -> str:
    values = raw_headers(msg, name)
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
                out.append(decode_bytes(data, charset))
                data = b""
            charset, data = name, data + chunk
        if data:
            out.append(decode_bytes(data, charset))
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


def fix_surrogates(text: str) -> str:
    """Raw 8-bit header bytes come back from the parser as surrogate escapes: decode them."""
    if not any("\udc80" <= ch <= "\udcff" for ch in text):
        return text
    return decode_bytes(text.encode("utf-8", "surrogateescape"), None)


def _addresses(msg: Message, name: str) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for value in raw_headers(msg, name):
        try:
            pairs = getaddresses([value])
        except Exception:
            pairs = [parseaddr(value)] if "@" in value else []
        for display, address in pairs:
            address = address.strip()
            if address:
                found.append((normalize_spaces(decode_words(display)).strip(), address))
    return found


def first_address(msg: Message, name: str) -> tuple[str, str]:
    found = _addresses(msg, name)
    return found[0] if found else ("", "")


def recipients_of(msg: Message) -> list[str]:
    seen: set[str] = set()
    out: list[str] = []
    for name in ("To", "Cc", "Delivered-To", "X-Original-To"):
        for _, address in _addresses(msg, name):
            if address.lower() not in seen:
                seen.add(address.lower())
                out.append(address)
    return out


_MSG_ID = re.compile(r"<[^<>\s]*>")


def message_id_of(value: str) -> str | None:
    match = _MSG_ID.search(value)
    if match:
        return match.group(0)
    compact = "".join(value.split())
    return compact or None


def message_ids(value: str) -> list[str]:
    found = _MSG_ID.findall(value)
    return found if found else value.split()


REPLY_PREFIX = re.compile(
    r"^(?:re|fwd?|tr|aw|wg|sv|vs|antw|antwort|r[ée]f|rif|enc|res|odp)"
    r"\s*(?:\[\d+\]|\(\d+\))?\s*:\s*",
    re.IGNORECASE,
)
SUBJECT_TAG = re.compile(r"^\s*\[[^\[\]]{0,80}\]\s*")


def strip_tags(subject: str) -> str:
    text = subject
    while True:
        before = text
        text = REPLY_PREFIX.sub("", text.strip(), count=1)
        text = SUBJECT_TAG.sub("", text, count=1)
        if text == before:
            return text.strip()
