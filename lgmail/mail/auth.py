"""Sender authentication: is the From domain of a mail really the sender's?

The token in a player's address and the From compared with the registered address
(`lgmail.service.inbound`) stop strangers; anyone who learns a player's address and token can
still write a From of their choosing. `check_sender(raw, policy)` adds the stronger check, by
the policy's mode:

- "off": always ok (the default);
- "authentication-results": trust what the local MTA wrote (OpenDKIM, OpenDMARC, policyd-spf,
  rspamd...) in Authentication-Results headers (RFC 8601) carrying its authserv-id;
- "dkim": verify the DKIM signatures ourselves with dkimpy (RFC 6376).

Both say ok only for the one From address that `read_mail` gives the inbound service, and only
when the authenticated domain is aligned with the From domain: the same domain, or the From
domain is a subdomain of it (d=example.org vouches for user@mail.example.org). The other
direction of DMARC's relaxed alignment (d=mail.example.org for user@example.org) needs the
public suffix list to be safe (d=attacker.github.io must not vouch for user@github.io), so it is
refused. A mail with several From headers, or several addresses in its From, is refused.

Authentication-Results can be forged: the sender may write one naming our MTA. The local MTA
prepends its own above the Received header it added itself (RFC 8601 §5), so only the
Authentication-Results headers above the first Received header are trusted, and among them only
those whose authserv-id is ours (case ignored). Milters interleave their own headers
(DKIM-Filter, DMARC-Filter, Received-SPF, X-Spam-*) with their results, so the trusted headers
need not be contiguous: everything above the first Received header was written on this side.
A mail with no Received header at all trusts nothing. Any deeper header claiming our authserv-id
is the sender's: it is ignored, and `strip_forged_results` removes it (RFC 8601 §7.1) from a
copy that is kept or passed on.

In those trusted headers, the mail is ok on: dmarc=pass (when it names a header.from, that must
be the From domain); else dkim=pass with header.d (or the domain of header.i) aligned; else
spf=pass with the domain of smtp.mailfrom aligned. A dmarc=fail for the From domain refuses the
mail whatever else passed: the domain's owner asked for strict alignment, or the MTA saw more
than we do. The headers are read with the RFC 8601 grammar: CFWS anywhere (comments nested,
quoted pairs), quoted strings, a version after the authserv-id, "method/version", a reason,
`ptype.property=value` with an address or a quoted local-part; a result the parser cannot read
is skipped, which can only refuse.

In "dkim" mode every signature (at most `MAX_SIGNATURES`) is tried; one is enough when it
verifies, signs the From header, is not rsa-sha1 (RFC 8301), has no l= (a body length lets
anyone append orders after the signed text) and its d= is aligned. The DNS lookup of the key can
be injected (`dns(name) -> TXT record or None`); by default dkimpy asks DNS through dnspython.
dkimpy is optional: without it, "dkim" mode refuses every mail and says why.

`check_sender` never raises: whatever the bytes, it answers a `Verdict`, not ok when in doubt.
With real DNS each signature's key lookup may take dkimpy's timeout (5 s).
"""

from __future__ import annotations

import importlib
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from email.utils import getaddresses
from typing import Any

from lgmail.mail.auth_results import Result, authserv_id_of, parse_results
from lgmail.mail.reading import read_mail

__all__ = ["MODES", "AuthPolicy", "Verdict", "check_sender", "strip_forged_results"]

log = logging.getLogger(__name__)

MODES = ("off", "authentication-results", "dkim")
#: DKIM signatures tried at most (each costs a DNS lookup)
MAX_SIGNATURES = 5
#: a verdict's reason is cut there (it quotes header values, for the logs and the MJ)
MAX_REASON = 500

Dns = Callable[[bytes], bytes | None]


@dataclass(frozen=True)
class AuthPolicy:
    """How a sender is authenticated; see the module's doc."""

    mode: str = "off"  # "off" | "authentication-results" | "dkim"
    authserv_id: str = ""  # the local MTA's authserv-id (mode authentication-results)

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"unknown sender authentication mode {self.mode!r}: one of {MODES}")
        if self.mode == "authentication-results" and not self.authserv_id.strip():
            raise ValueError("mode authentication-results needs the local MTA's authserv-id")


@dataclass(frozen=True)
class Verdict:
    """ok, the method it rests on ("off", "dmarc", "dkim", "spf"; "none" when not ok), and why."""

    ok: bool
    method: str
    reason: str


def check_sender(raw: bytes, policy: AuthPolicy, *, dns: Dns | None = None) -> Verdict:
    """Whether the From domain of `raw` is authenticated under `policy`. Never raises."""
    if policy.mode == "off":
        return Verdict(True, "off", "sender authentication is off")
    try:
        verdict = _check(bytes(raw), policy, dns)
    except Exception as exc:  # a bug of ours: refuse, never crash the inbox
        log.exception("sender authentication failed")
        return Verdict(False, "none", f"internal error: {type(exc).__name__}")
    return Verdict(verdict.ok, verdict.method, _printable(verdict.reason))


def _printable(text: str) -> str:
    text = "".join(c if c.isprintable() else " " for c in text)
    return text if len(text) <= MAX_REASON else text[: MAX_REASON - 3] + "..."


def strip_forged_results(raw: bytes, authserv_id: str) -> bytes:
    """`raw` without the Authentication-Results headers that claim `authserv_id` but were not
    written by the local MTA (below the first Received header, or all of them when there is no
    Received header). Every other byte is kept as it was."""
    wanted = authserv_id.strip().lower()
    if not wanted:
        return raw
    fields = _split_headers(raw)
    forged = [f for f in _results_fields(fields, wanted) if not f.trusted]
    if not forged:
        return raw
    out: list[bytes] = []
    at = 0
    for f in forged:
        out.append(raw[at : f.start])
        at = f.end
    out.append(raw[at:])
    return b"".join(out)


# ---------------------------------------------------------------------------------------------
# The header block, split as the stdlib's parser splits it (so that we read the same From)


@dataclass(frozen=True)
class _Field:
    name: str  # lower case
    value: str  # unfolded, decoded (UTF-8, else Latin-1)
    start: int  # byte offsets of the whole field in the raw mail, line ends included
    end: int


_LINE = re.compile(rb"[^\r\n]*(?:\r\n|\r|\n|$)")
_HEADER_LINE = re.compile(rb"([\x21-\x39\x3b-\x7e]*):")
_FOLD = re.compile(r"(?:\r\n|\r|\n)(?=[ \t])")


def _split_headers(raw: bytes) -> list[_Field]:
    """The header fields of `raw` in order, as `email.feedparser` splits them: lines end with
    CRLF, CR or LF; a blank line, or a line that is neither a field, a continuation nor a
    "From " line, ends the header block; "From " lines (mbox) and lines opening with ":" are
    skipped, and so is a continuation that follows no field."""
    fields: list[tuple[bytes, int, int]] = []  # name, start, end
    current = False  # whether a continuation line belongs to fields[-1]
    pos = 0
    while pos < len(raw):
        match = _LINE.match(raw, pos)
        if match is None or match.end() == pos:  # pragma: no cover - the pattern always advances
            break
        content = match.group(0).rstrip(b"\r\n")
        if not content:
            break
        if content[:1] in (b" ", b"\t"):
            if current:
                name, start, _ = fields[-1]
                fields[-1] = (name, start, match.end())
        elif content.startswith(b"From "):
            current = False
        else:
            header = _HEADER_LINE.match(content)
            if header is None:
                break
            current = bool(header.group(1))
            if current:
                fields.append((header.group(1), pos, match.end()))
        pos = match.end()
    result = []
    for name, start, end in fields:
        body = raw[start + len(name) + 1 : end]
        result.append(_Field(_decode(name).lower(), _unfold(_decode(body)), start, end))
    return result


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _unfold(value: str) -> str:
    return _FOLD.sub("", value).strip("\r\n").strip()


# ---------------------------------------------------------------------------------------------
# The From domain


def _from_domain(raw: bytes, fields: list[_Field]) -> tuple[str | None, str]:
    """The From domain, or None and why not."""
    froms = [f for f in fields if f.name == "from"]
    if not froms:
        return None, "no From header"
    if len(froms) > 1:
        return None, f"{len(froms)} From headers"
    try:
        pairs = getaddresses([froms[0].value])
    except Exception:
        return None, "unreadable From header"
    addresses = [address for _, address in pairs if address]
    if len(addresses) != 1:
        return None, "the From header must hold one address"
    address = addresses[0]
    if address.strip().lower() != read_mail(raw).sender.strip().lower():
        return None, "the From header reads differently to the mail reader"
    local, at, host = address.rpartition("@")
    domain = _domain(host)
    if not (local and at) or domain is None:
        return None, f"no domain in the From address {address!r}"
    return domain, ""


_DOMAIN = re.compile(r"[a-z0-9_-]+(?:\.[a-z0-9_-]+)*")


def _domain(text: str) -> str | None:
    """A domain name normalized for comparison (lower case, A-labels, no final dot), or None
    for anything else (an address literal, junk)."""
    text = text.strip().strip("<>").strip().rstrip(".").lower()
    if not text.isascii():
        try:
            text = text.encode("idna").decode("ascii")
        except (UnicodeError, ValueError):
            return None
    if len(text) > 253 or not _DOMAIN.fullmatch(text):
        return None
    return text


def _address_domain(text: str) -> str | None:
    """The domain of `local@domain`, `@domain` or a bare `domain`."""
    return _domain(text.rpartition("@")[2])


def _aligned(from_domain: str, authenticated: str | None) -> bool:
    """Relaxed alignment, in the direction that needs no public suffix list: the From domain
    is the authenticated domain or one of its subdomains; a bare TLD vouches for nothing."""
    if authenticated is None or "." not in authenticated:
        return False
    return from_domain == authenticated or from_domain.endswith("." + authenticated)


# ---------------------------------------------------------------------------------------------
# Authentication-Results (RFC 8601)


@dataclass(frozen=True)
class _ResultsField:
    authserv_id: str  # lower case
    trusted: bool  # above the first Received header
    start: int
    end: int
    value: str


def _results_fields(fields: list[_Field], wanted: str) -> list[_ResultsField]:
    """The Authentication-Results fields whose authserv-id is `wanted` (lower case)."""
    found: list[_ResultsField] = []
    above = True
    seen_received = any(f.name == "received" for f in fields)
    for f in fields:
        if f.name == "received":
            above = False
            continue
        if f.name != "authentication-results":
            continue
        authserv_id = authserv_id_of(f.value)
        if authserv_id is None or authserv_id.lower() != wanted:
            continue
        found.append(
            _ResultsField(authserv_id.lower(), above and seen_received, f.start, f.end, f.value)
        )
    return found


def _check_results(raw: bytes, policy: AuthPolicy) -> Verdict:
    wanted = policy.authserv_id.strip().lower()
    fields = _split_headers(raw)
    from_domain, why = _from_domain(raw, fields)
    if from_domain is None:
        return Verdict(False, "none", why)
    found = _results_fields(fields, wanted)
    trusted = [f for f in found if f.trusted]
    forged = len(found) - len(trusted)
    ignored = f" ({forged} deeper header(s) claiming {wanted} ignored)" if forged else ""
    if not trusted:
        return Verdict(
            False,
            "none",
            f"no Authentication-Results from {wanted} above the first Received header{ignored}",
        )
    results = [r for f in trusted for r in parse_results(f.value)[1]]
    seen = "; ".join(_describe(r) for r in results) or "no result"

    dmarc = [r for r in results if r.method == "dmarc" and _dmarc_for(r, from_domain)]
    if any(r.result == "fail" for r in dmarc):
        return Verdict(False, "none", f"dmarc=fail for {from_domain} ({seen}){ignored}")
    if any(r.result == "pass" for r in dmarc):
        return Verdict(True, "dmarc", f"dmarc=pass for {from_domain} ({wanted})")
    for r in results:
        if r.method == "dkim" and r.result == "pass":
            domain = _dkim_domain(r)
            if _aligned(from_domain, domain):
                return Verdict(
                    True, "dkim", f"dkim=pass for d={domain}, aligned with {from_domain} ({wanted})"
                )
    for r in results:
        if r.method == "spf" and r.result == "pass":
            domain = _address_domain(r.props.get("smtp.mailfrom", ""))
            if _aligned(from_domain, domain):
                return Verdict(
                    True,
                    "spf",
                    f"spf=pass for smtp.mailfrom domain {domain}, aligned "
                    f"with {from_domain} ({wanted})",
                )
    return Verdict(False, "none", f"nothing authenticates {from_domain}: {seen}{ignored}")


def _dmarc_for(result: Result, from_domain: str) -> bool:
    """A DMARC result is about our From domain when it names it, or names none."""
    named = result.props.get("header.from")
    return named is None or _address_domain(named) == from_domain


def _dkim_domain(result: Result) -> str | None:
    if "header.d" in result.props:
        return _domain(result.props["header.d"])
    if "header.i" in result.props:
        return _address_domain(result.props["header.i"])
    return None


def _describe(result: Result) -> str:
    shown = [f"{result.method}={result.result}"]
    for key in ("header.from", "header.d", "header.i", "smtp.mailfrom"):
        if key in result.props:
            shown.append(f"{key}={result.props[key][:80]}")
    return " ".join(shown)


# ---------------------------------------------------------------------------------------------
# DKIM (dkimpy)


def _dkimpy() -> Any:
    """The dkim module of dkimpy, or None when it is not installed (it ships no type hints)."""
    try:
        return importlib.import_module("dkim")
    except ImportError:
        return None


def _check_dkim(raw: bytes, dns: Dns | None) -> Verdict:
    dkim = _dkimpy()
    if dkim is None:
        return Verdict(False, "none", "dkim mode needs dkimpy, which is not installed")
    fields = _split_headers(raw)
    from_domain, why = _from_domain(raw, fields)
    if from_domain is None:
        return Verdict(False, "none", why)
    count = sum(1 for f in fields if f.name == "dkim-signature")
    if count == 0:
        return Verdict(False, "none", "no DKIM signature")

    options: dict[str, Any] = {}
    if dns is not None:
        lookup = dns
        options["dnsfunc"] = lambda name, timeout=5: lookup(name)
    notes: list[str] = []
    for idx in range(min(count, MAX_SIGNATURES)):
        try:
            signer = dkim.DKIM(raw, minkey=1024)
            valid = bool(signer.verify(idx=idx, **options))
            tags: dict[bytes, bytes] = dict(signer.signature_fields or {})
            domain = _domain(bytes(signer.domain or b"").decode("ascii", "replace"))
            signed = {bytes(h).lower() for h in (signer.include_headers or ())}
        except Exception as exc:  # dkimpy raises more than DKIMException on junk
            notes.append(f"signature {idx + 1}: {type(exc).__name__}: {str(exc)[:120]}")
            continue
        shown = domain or "?"
        if not valid:
            notes.append(f"d={shown}: does not verify")
        elif tags.get(b"a", b"").lower() == b"rsa-sha1":
            notes.append(f"d={shown}: rsa-sha1 is not accepted (RFC 8301)")
        elif b"l" in tags:
            notes.append(f"d={shown}: l= (body length) is not accepted")
        elif b"from" not in signed:
            notes.append(f"d={shown}: From is not signed")
        elif not _aligned(from_domain, domain):
            notes.append(f"d={shown}: verifies but is not aligned with {from_domain}")
        else:
            return Verdict(
                True, "dkim", f"DKIM signature of d={shown} verified, aligned with {from_domain}"
            )
    if count > MAX_SIGNATURES:
        notes.append(f"{count - MAX_SIGNATURES} more signature(s) not tried")
    return Verdict(False, "none", "; ".join(notes))


def _check(raw: bytes, policy: AuthPolicy, dns: Dns | None) -> Verdict:
    if policy.mode == "authentication-results":
        if not policy.authserv_id.strip():
            return Verdict(False, "none", "no authserv-id configured")
        return _check_results(raw, policy)
    if policy.mode == "dkim":
        return _check_dkim(raw, dns)
    return Verdict(False, "none", f"unknown mode {policy.mode!r}")
