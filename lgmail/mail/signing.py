"""DKIM: every outgoing mail signed with the game domain's key (dkimpy), so that the big
providers accept it, and the DNS records an MJ publishes for the domain.

The key is made by `lgmail dkim-key` (RSA 2048, with the openssl binary, as dkimpy's
`dknewkey` does), kept 0600 in the data directory unless `[dkim] key` names another file; the
selector is `[dkim] selector`. A mail is signed once, when it enters the outbox: a mail sent
again after a crash carries the same signature.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

import dkim
from dkim import dknewkey

from lgmail.config.schema import ConfigError

#: the headers a signature covers (those a reader sees and the threading ones)
SIGNED = (
    b"from",
    b"to",
    b"reply-to",
    b"subject",
    b"date",
    b"message-id",
    b"in-reply-to",
    b"references",
    b"auto-submitted",
    b"mime-version",
    b"content-type",
)


@dataclass(frozen=True)
class Signer:
    """Signs with `selector`._domainkey.`domain`'s private key (PEM)."""

    selector: str
    domain: str
    key: bytes

    def sign(self, raw: bytes) -> bytes:
        """`raw` with a DKIM-Signature header on top (relaxed/relaxed, rsa-sha256)."""
        present = {line.split(b":", 1)[0].strip().lower() for line in _head(raw)}
        signature: bytes = dkim.sign(
            raw,
            self.selector.encode(),
            self.domain.encode(),
            self.key,
            canonicalize=(b"relaxed", b"relaxed"),
            include_headers=[h for h in SIGNED if h in present],
        )
        newline = b"\r\n" if b"\r\n" in raw[:200] else b"\n"
        return signature.replace(b"\r\n", newline) + raw


def _head(raw: bytes) -> list[bytes]:
    head = raw.replace(b"\r\n", b"\n").split(b"\n\n", 1)[0]
    return [line for line in head.split(b"\n") if line and not line[:1].isspace()]


def new_key(path: Path) -> None:
    """Make an RSA key at `path` (0600), as dkimpy's dknewkey does."""
    path.parent.mkdir(parents=True, exist_ok=True)
    umask = os.umask(0o077)
    try:
        dknewkey.GenRSAKeys(str(path), verbose=False)
    finally:
        os.umask(umask)
    path.chmod(0o600)


def dns_value(path: Path) -> str:
    """The TXT value of `selector._domainkey.DOMAIN` for the key at `path`."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "record.dns"
        dknewkey.ExtractRSADnsPublicKey(str(path), str(out), verbose=False)
        return out.read_text(encoding="ascii").strip()


def signer_for(selector: str | None, domain: str, key_path: Path) -> Signer | None:
    """The signer the configuration asks for, or None (no `[dkim] selector`). A selector
    without its key is an error: mail would go out unsigned."""
    if not selector:
        return None
    if not key_path.exists():
        raise ConfigError(
            f"[dkim] selector is set but there is no key at {key_path}: run `lgmail dkim-key`"
        )
    return Signer(selector, domain, key_path.read_bytes())
