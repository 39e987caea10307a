"""Mode "dkim": signatures verified with dkimpy, the key's DNS record given by the test."""

from __future__ import annotations

import base64
import shutil
import subprocess
from pathlib import Path

import pytest

from lgmail.mail import auth
from lgmail.mail.auth import AuthPolicy, check_sender
from tests.auth.mails import DELIVERY, TO, mail, postfix_from

dkim = pytest.importorskip("dkim")

POLICY = AuthPolicy("dkim")
SELECTOR = b"lg2026"
DOMAIN = b"players.example"
SENDER = "bruno@players.example"


class Key:
    """An RSA key pair: the private key in PEM for dkimpy's signer, the public one as the
    base64 DER SubjectPublicKeyInfo that goes in a DKIM record's p= tag."""

    def __init__(self, private_pem: bytes, public_der: bytes) -> None:
        self.private_pem = private_pem
        self.p = base64.b64encode(public_der)

    def record(self) -> bytes:
        return b"v=DKIM1; k=rsa; p=" + self.p


def new_key(tmp: Path, bits: int = 2048) -> Key:
    """With the `cryptography` package when it is there, else `openssl` (and `openssl` for a
    key too small for `cryptography`, which refuses less than 1024 bits)."""
    try:
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import rsa

        if bits < 1024:
            raise ImportError("cryptography makes no key this small")
    except ImportError:
        openssl = shutil.which("openssl")
        if openssl is None:
            pytest.skip("neither cryptography nor openssl to make an RSA key")
        pem = tmp / f"key{bits}.pem"
        subprocess.run(
            [openssl, "genrsa", "-out", str(pem), str(bits)], check=True, capture_output=True
        )
        der = subprocess.run(
            [openssl, "rsa", "-in", str(pem), "-pubout", "-outform", "DER"],
            check=True,
            capture_output=True,
        ).stdout
        return Key(pem.read_bytes(), der)
    private = rsa.generate_private_key(public_exponent=65537, key_size=bits)
    pem_bytes = private.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.TraditionalOpenSSL,
        serialization.NoEncryption(),
    )
    der = private.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    return Key(pem_bytes, der)


@pytest.fixture(scope="module")
def key(tmp_path_factory: pytest.TempPathFactory) -> Key:
    return new_key(tmp_path_factory.mktemp("dkim"))


@pytest.fixture(scope="module")
def other_key(tmp_path_factory: pytest.TempPathFactory) -> Key:
    return new_key(tmp_path_factory.mktemp("dkim-other"))


class Dns:
    """A fake DNS: TXT records by name, and the names asked for."""

    def __init__(self, records: dict[bytes, bytes]) -> None:
        self.records = records
        self.asked: list[bytes] = []

    def __call__(self, name: bytes) -> bytes | None:
        self.asked.append(name)
        return self.records.get(name)


def key_name(selector: bytes = SELECTOR, domain: bytes = DOMAIN) -> bytes:
    return selector + b"._domainkey." + domain + b"."


def body_mail(sender: str = SENDER, body: str = "vote Chloé\nsonde Alice\n") -> bytes:
    text = (
        f"From: Bruno <{sender}>\n"
        f"To: {TO}\n"
        "Subject: Re: [village] Nuit 2\n"
        "Date: Mon, 30 Nov 2026 21:05:00 +0100\n"
        "Message-ID: <20261130210500.1@players.example>\n"
        "MIME-Version: 1.0\n"
        'Content-Type: text/plain; charset="UTF-8"\n'
        "Content-Transfer-Encoding: 8bit\n"
        "\n"
        f"{body}"
    )
    return text.replace("\n", "\r\n").encode("utf-8")


def sign(message: bytes, key: Key, domain: bytes = DOMAIN, **options: object) -> bytes:
    signature: bytes = dkim.sign(message, SELECTOR, domain, key.private_pem, **options)
    return signature + message


def delivered(signed: bytes) -> bytes:
    """As our Postfix hands it over: its trace on top, the signed mail unchanged below."""
    return mail(
        DELIVERY,
        received=postfix_from("mail.players.example", "198.51.100.25"),
        sent=signed.decode("utf-8"),
    )


def test_a_valid_aligned_signature(key: Key) -> None:
    dns = Dns({key_name(): key.record()})
    verdict = check_sender(sign(body_mail(), key), POLICY, dns=dns)
    assert (verdict.ok, verdict.method) == (True, "dkim")
    assert "d=players.example" in verdict.reason
    assert dns.asked == [key_name()]


def test_it_survives_delivery(key: Key) -> None:
    dns = Dns({key_name(): key.record()})
    assert check_sender(delivered(sign(body_mail(), key)), POLICY, dns=dns).ok


def test_a_modified_body_fails(key: Key) -> None:
    dns = Dns({key_name(): key.record()})
    signed = sign(body_mail(), key)
    forged = signed.replace(b"vote Chlo", b"vote Alic")
    assert forged != signed
    verdict = check_sender(forged, POLICY, dns=dns)
    assert not verdict.ok
    assert "body hash mismatch" in verdict.reason


def test_appended_lines_fail(key: Key) -> None:
    dns = Dns({key_name(): key.record()})
    forged = sign(body_mail(), key) + b"tuer Emma\r\n"
    assert not check_sender(forged, POLICY, dns=dns).ok


def test_a_modified_from_fails(key: Key) -> None:
    dns = Dns({key_name(): key.record()})
    signed = sign(body_mail(), key)
    forged = signed.replace(b"From: Bruno <", b"From: Chloe <")
    assert not check_sender(forged, POLICY, dns=dns).ok
    # nor can a second From be slipped in above the signed one
    forged = b"From: Eve <bruno@players.example>\r\n" + signed
    verdict = check_sender(forged, POLICY, dns=dns)
    assert not verdict.ok
    assert verdict.reason == "2 From headers"


def test_another_domain_is_not_aligned(key: Key) -> None:
    """evil.example signs its own mail claiming to come from players.example: it verifies,
    but vouches for evil.example only."""
    dns = Dns({key_name(domain=b"evil.example"): key.record()})
    verdict = check_sender(sign(body_mail(), key, domain=b"evil.example"), POLICY, dns=dns)
    assert not verdict.ok
    assert "verifies but is not aligned" in verdict.reason


def test_the_parent_domain_vouches_for_a_subdomain(key: Key) -> None:
    dns = Dns({key_name(): key.record()})
    signed = sign(body_mail(sender="mj@village.players.example"), key)
    assert check_sender(signed, POLICY, dns=dns).ok
    dns = Dns({key_name(domain=b"village.players.example"): key.record()})
    signed = sign(body_mail(), key, domain=b"village.players.example")
    assert not check_sender(signed, POLICY, dns=dns).ok


def test_the_wrong_key_fails(key: Key, other_key: Key) -> None:
    dns = Dns({key_name(): other_key.record()})
    verdict = check_sender(sign(body_mail(), key), POLICY, dns=dns)
    assert not verdict.ok
    assert "does not verify" in verdict.reason


def test_no_key_in_dns(key: Key) -> None:
    verdict = check_sender(sign(body_mail(), key), POLICY, dns=Dns({}))
    assert not verdict.ok
    assert "d=players.example" in verdict.reason


def test_a_revoked_or_junk_key(key: Key) -> None:
    for record in [b"v=DKIM1; k=rsa; p=", b"v=DKIM1; k=rsa; p=bm90IGEga2V5", b"\xff\x00junk"]:
        verdict = check_sender(sign(body_mail(), key), POLICY, dns=Dns({key_name(): record}))
        assert not verdict.ok, record


def test_no_signature() -> None:
    verdict = check_sender(body_mail(), POLICY, dns=Dns({}))
    assert not verdict.ok
    assert verdict.reason == "no DKIM signature"


def test_one_good_signature_among_others(key: Key, other_key: Key) -> None:
    """A mailing list's signature on top, the author's below it: one aligned one is enough."""
    dns = Dns({key_name(): key.record(), key_name(domain=b"lists.example"): other_key.record()})
    signed = sign(body_mail(), key)
    both = sign(signed, other_key, domain=b"lists.example")
    verdict = check_sender(both, POLICY, dns=dns)
    assert verdict.ok
    assert "not aligned" not in verdict.reason
    assert dns.asked == [key_name(domain=b"lists.example"), key_name()]


def test_a_body_length_limit_is_refused(key: Key) -> None:
    dns = Dns({key_name(): key.record()})
    signed = sign(body_mail(), key, length=True)
    assert b" l=" in signed or b";l=" in signed or b"; l=" in signed
    verdict = check_sender(signed + b"tuer Emma\r\n", POLICY, dns=dns)
    assert not verdict.ok
    assert "l= (body length)" in verdict.reason


def test_rsa_sha1_is_refused(key: Key) -> None:
    dns = Dns({key_name(): key.record()})
    signed = sign(body_mail(), key, signature_algorithm=b"rsa-sha1")
    verdict = check_sender(signed, POLICY, dns=dns)
    assert not verdict.ok
    assert "rsa-sha1" in verdict.reason


def test_a_small_key_is_refused(tmp_path: Path) -> None:
    small = new_key(tmp_path, bits=512)
    dns = Dns({key_name(): small.record()})
    verdict = check_sender(sign(body_mail(), small), POLICY, dns=dns)
    assert not verdict.ok
    assert "too small" in verdict.reason


def test_many_signatures_are_not_all_tried(key: Key) -> None:
    signed = body_mail()
    for n in range(auth.MAX_SIGNATURES + 3):
        signed = sign(signed, key, domain=f"d{n}.example".encode())
    dns = Dns({})
    verdict = check_sender(signed, POLICY, dns=dns)
    assert not verdict.ok
    assert len(dns.asked) == auth.MAX_SIGNATURES
    assert "3 more signature(s) not tried" in verdict.reason


def test_without_dkimpy_the_mode_refuses(key: Key, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(auth, "_dkimpy", lambda: None)
    dns = Dns({key_name(): key.record()})
    verdict = check_sender(sign(body_mail(), key), POLICY, dns=dns)
    assert not verdict.ok
    assert "dkimpy" in verdict.reason
