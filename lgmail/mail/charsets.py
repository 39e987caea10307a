"""Text from bytes in whatever charset a mail declares, or none: what the clients mean, not
what they say (a Latin-1 label on UTF-8, ISO-8859-1 for windows-1252). Part of
``lgmail.mail.reading``."""

from __future__ import annotations

import codecs

__all__ = ["decode_bytes"]

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


def decode_bytes(data: bytes, charset: str | None) -> str:
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
