"""The Authentication-Results header field (RFC 8601), read with its grammar: CFWS anywhere
(comments nested, quoted pairs), quoted strings, a version after the authserv-id,
"method/version", a reason, `ptype.property=value` with an address or a quoted local-part. A
result the parser cannot read is skipped. Part of ``lgmail.mail.auth``."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = ["Result", "authserv_id_of", "parse_results"]


@dataclass(frozen=True)
class Result:
    method: str  # lower case, without its version
    result: str  # lower case
    props: dict[str, str] = field(default_factory=dict)  # "header.d" -> "example.org"


_WSP = " \t\r\n"
_KEYWORD = re.compile(r"[A-Za-z0-9_-]+")
_DIGITS = re.compile(r"[0-9]+")
_VALUE_STOP = set(_WSP + '();"')


def _skip_cfws(s: str, i: int) -> int:
    """Past folding white space and comments (nested, with quoted pairs)."""
    n = len(s)
    while i < n:
        c = s[i]
        if c in _WSP:
            i += 1
        elif c == "(":
            depth = 0
            while i < n:
                c = s[i]
                if c == "\\":
                    i += 2
                    continue
                if c == "(":
                    depth += 1
                elif c == ")":
                    depth -= 1
                    if depth == 0:
                        i += 1
                        break
                i += 1
        else:
            break
    return min(i, n)


def _quoted(s: str, i: int) -> tuple[str, int]:
    """The quoted string opening at s[i] == '"', unquoted, and the index past it."""
    out: list[str] = []
    i += 1
    n = len(s)
    while i < n:
        c = s[i]
        if c == "\\" and i + 1 < n:
            out.append(s[i + 1])
            i += 2
            continue
        if c == '"':
            return "".join(out), i + 1
        out.append(c)
        i += 1
    return "".join(out), n


def _token(s: str, i: int) -> tuple[str, int]:
    j = i
    while j < len(s) and s[j] not in _VALUE_STOP:
        j += 1
    return s[i:j], j


def _value(s: str, i: int) -> tuple[str, int]:
    """A value: a quoted string or a token; also `"local part"@domain`."""
    if i < len(s) and s[i] == '"':
        text, i = _quoted(s, i)
        if i < len(s) and s[i] == "@":
            rest, i = _token(s, i)
            text = f'"{text}"{rest}'
        return text, i
    return _token(s, i)


def authserv_id_of(value: str) -> str | None:
    """The authserv-id an Authentication-Results value opens with (None: unreadable)."""
    i = _skip_cfws(value, 0)
    found, _ = _value(value, i)
    return found or None


def _keyword(s: str, i: int) -> tuple[str | None, int]:
    match = _KEYWORD.match(s, i)
    if match is None:
        return None, i
    return match.group(0), match.end()


def _next_semicolon(s: str, i: int) -> int:
    """The index of the next ";" outside comments and quoted strings, or len(s)."""
    n = len(s)
    while i < n:
        c = s[i]
        if c == ";":
            return i
        if c == "(":
            i = _skip_cfws(s, i)
        elif c == '"':
            _, i = _quoted(s, i)
        else:
            i += 1
    return n


def parse_results(value: str) -> tuple[str | None, list[Result]]:
    """The authserv-id of an Authentication-Results value and the results it reports (a
    result that does not parse is left out). Lenient with white space and comments."""
    s = value
    n = len(s)
    i = _skip_cfws(s, 0)
    authserv_id, i = _value(s, i)
    if not authserv_id:
        return None, []
    i = _skip_cfws(s, i)
    version = _DIGITS.match(s, i)
    if version is not None:
        after = version.end()
        if after >= n or s[after] in _WSP + ";(":
            i = _skip_cfws(s, after)
    results: list[Result] = []
    while i < n:
        i = _next_semicolon(s, i)
        if i >= n:
            break
        parsed, i = _resinfo(s, i + 1)
        if parsed is not None:
            results.append(parsed)
    return authserv_id, results


def _resinfo(s: str, i: int) -> tuple[Result | None, int]:
    """One `method=result [reason=...] [ptype.property=value ...]` from s[i] (past its ";"),
    and where it ends; None when it does not parse (it is then skipped up to the next ";")."""
    n = len(s)
    i = _skip_cfws(s, i)
    method, i = _keyword(s, i)
    if method is None:
        return None, _next_semicolon(s, i)
    i = _skip_cfws(s, i)
    if i < n and s[i] == "/":
        i = _skip_cfws(s, i + 1)
        version, i = _keyword(s, i)
        if version is None:
            return None, _next_semicolon(s, i)
        i = _skip_cfws(s, i)
    if i >= n or s[i] != "=":
        return None, _next_semicolon(s, i)  # "none" (no result), or junk
    i = _skip_cfws(s, i + 1)
    result, i = _keyword(s, i)
    if result is None:
        return None, _next_semicolon(s, i)
    props: dict[str, str] = {}
    while True:
        i = _skip_cfws(s, i)
        if i >= n or s[i] == ";":
            break
        name, i = _keyword(s, i)
        if name is None:
            return None, _next_semicolon(s, i)
        i = _skip_cfws(s, i)
        if i < n and s[i] == ".":
            i = _skip_cfws(s, i + 1)
            prop, i = _keyword(s, i)
            if prop is None:
                return None, _next_semicolon(s, i)
            name = f"{name}.{prop}"
            i = _skip_cfws(s, i)
        if i >= n or s[i] != "=":
            return None, _next_semicolon(s, i)
        i = _skip_cfws(s, i + 1)
        text, i = _value(s, i)
        props.setdefault(name.lower(), text)
    return Result(method.lower(), result.lower(), props), i
