"""What the final delivery agent knows of a mail beyond its bytes: the envelope sender, kept as
a Return-Path on top (RFC 5321 §4.4), and a key to store it once by (its Message-ID when it
has a usable one, else its bytes)."""

from __future__ import annotations

import hashlib
import re


def return_path(mail_from: str) -> bytes:
    """The Return-Path line a final delivery agent writes on top of a mail (RFC 5321 §4.4)."""
    address = mail_from.strip().strip("<>").replace("\r", "").replace("\n", "")
    return f"Return-Path: <{address}>\r\n".encode("utf-8", "replace")


#: a Message-ID worth keying on: `<left@right>` without spaces (RFC 5322 §3.6.4)
VALID_ID = re.compile(r"<[^<>@\s]+@[^<>@\s]+>")


def message_key(raw: bytes) -> str:
    """The mail's Message-ID, or, when it has none or a junk one (`<>`, `<a b c>`), one made
    from its bytes (the same bytes, the same id; two different mails, two ids)."""
    head = raw.split(b"\r\n\r\n", 1)[0].split(b"\n\n", 1)[0]
    for line in (
        head.replace(b"\r\n", b"\n").replace(b"\n ", b" ").replace(b"\n\t", b" ").split(b"\n")
    ):
        if line.lower().startswith(b"message-id:"):
            value = line.split(b":", 1)[1].strip().decode("ascii", "replace")
            if VALID_ID.fullmatch(value):
                return value
            break
    return f"<{hashlib.sha256(raw).hexdigest()}@lgmail.invalid>"
