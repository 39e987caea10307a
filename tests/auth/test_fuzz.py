"""Properties with hypothesis: `check_sender` never raises and never needs its safety net,
whatever the bytes and the mode; `strip_forged_results` is idempotent and changes no verdict.

Run harder with HYPOTHESIS_PROFILE=soak."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lgmail.mail.auth import AuthPolicy, Verdict, check_sender, strip_forged_results
from lgmail.mail.auth_results import parse_results
from tests.auth.mails import AUTHSERV_ID, DELIVERY, GMAIL_PASS, mail

POLICIES = [
    AuthPolicy(),
    AuthPolicy("authentication-results", AUTHSERV_ID),
    AuthPolicy("dkim"),
]

DKIM_RECORD = (
    b"v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQDwIRP/UC3SBsEmGqZ9ZJW3/DkMo"
    b"GeLnQg1fWn7/zYtIxN2SnFCjxOCKG9v3b4jYfcTNh5ijSpSP8kOahBxe7zV1q6UeCiAQ2uP6cBG4FTFDbjJR7"
    b"bCrpFQNZ0vNLHzhlge9dMXx66XWIk1hXL5Ii1JKwmnzW2L2chfBJYw6VwIDAQAB"
)


def fake_dns(answer: bytes | None) -> Callable[[bytes], bytes | None]:
    def dns(name: bytes) -> bytes | None:
        return answer

    return dns


def sane(verdict: Verdict, policy: AuthPolicy) -> None:
    assert isinstance(verdict, Verdict)
    assert verdict.method in {"off", "dmarc", "dkim", "spf", "none"}
    assert verdict.ok == (verdict.method != "none")
    assert not verdict.reason.startswith("internal error"), verdict.reason
    if policy.mode == "off":
        assert verdict.ok


DNS_ANSWERS = st.sampled_from([None, b"", DKIM_RECORD, b"v=DKIM1; p=\xff\x00", b"k=ed25519; p=AA"])


@given(raw=st.binary(max_size=3000), answer=DNS_ANSWERS)
@settings(suppress_health_check=[HealthCheck.too_slow])
def test_never_raises_on_arbitrary_bytes(raw: bytes, answer: bytes | None) -> None:
    for policy in POLICIES:
        sane(check_sender(raw, policy, dns=fake_dns(answer)), policy)


# Mails made of the pieces the code looks at, shuffled and broken
PIECES = [
    "Received: from x (x [192.0.2.1]) by mx.lgmail.example (Postfix)",
    "Received-SPF: Pass (mailfrom) identity=mailfrom",
    "From: Bruno <bruno.martin@gmail.com>",
    "From: a@b.example, c@d.example",
    "From: =?utf-8?q?Bruno=40gmail.com?= <eve@evil.example>",
    "From bruno@gmail.com Mon Nov 30 21:05:12 2026",
    "Authentication-Results: mx.lgmail.example; dmarc=pass header.from=gmail.com",
    "Authentication-Results: mx.lgmail.example; dkim=pass header.d=gmail.com",
    "Authentication-Results: mx.lgmail.example; spf=pass smtp.mailfrom=gmail.com",
    'Authentication-Results: "mx.lgmail.example" 1 ; dkim/1 = pass (x (y)) reason="a;b"',
    "Authentication-Results: mx.lgmail.example; dkim=pass header.d=",
    "Authentication-Results: mx.lgmail.example; none",
    "Authentication-Results: (",
    'Authentication-Results: "',
    "Authentication-Results:",
    "DKIM-Signature: v=1; a=rsa-sha256; d=gmail.com; s=s; h=from; bh=AAAA; b=AAAA",
    "DKIM-Signature: v=1; a=rsa-sha256; d=gmail.com; s=s; h=from; bh=AAAA; b=AAAA; l=3",
    "DKIM-Signature: d=\xe9; s=; b=",
    "DKIM-Signature: ;;;==",
    "\tfolded continuation",
    " header.d=gmail.com",
    ": no name",
    "no colon at all",
    "Subject: =?utf-8?b?w6k=?=",
    "",
]


@st.composite
def mails(draw: st.DrawFn) -> bytes:
    lines = draw(
        st.lists(
            st.one_of(st.sampled_from(PIECES), st.text(max_size=60)),
            max_size=14,
        )
    )
    eol = draw(st.sampled_from(["\r\n", "\n", "\r"]))
    body = draw(st.text(max_size=40))
    return (eol.join(lines) + eol + eol + body).encode("utf-8", "surrogatepass")


@given(raw=mails(), answer=DNS_ANSWERS)
@settings(suppress_health_check=[HealthCheck.too_slow])
def test_never_raises_on_mail_like_bytes(raw: bytes, answer: bytes | None) -> None:
    for policy in POLICIES:
        sane(check_sender(raw, policy, dns=fake_dns(answer)), policy)


@given(raw=st.one_of(mails(), st.binary(max_size=1000)))
def test_strip_forged_results_is_idempotent_and_keeps_the_verdict(raw: bytes) -> None:
    policy = POLICIES[1]
    stripped = strip_forged_results(raw, AUTHSERV_ID)
    assert strip_forged_results(stripped, AUTHSERV_ID) == stripped
    assert len(stripped) <= len(raw)
    assert check_sender(stripped, policy).ok == check_sender(raw, policy).ok
    assert strip_forged_results(raw, "") == raw


@given(value=st.text(max_size=200))
def test_parse_results_never_raises(value: str) -> None:
    authserv_id, found = parse_results(value)
    assert authserv_id is None or authserv_id
    for result in found:
        assert result.method == result.method.lower()


@pytest.mark.parametrize("cut", [1, 40, 400, 700])
def test_truncated_mails(cut: int) -> None:
    raw = mail(DELIVERY, GMAIL_PASS)
    for policy in POLICIES:
        sane(check_sender(raw[:cut], policy, dns=fake_dns(None)), policy)
