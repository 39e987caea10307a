"""Mode "authentication-results": the local MTA's verdicts are trusted, the sender's are not."""

from __future__ import annotations

from dataclasses import replace

import pytest

from lgmail.mail import auth
from lgmail.mail.auth import AuthPolicy, check_sender, strip_forged_results
from lgmail.mail.auth_results import Result, parse_results
from lgmail.mail.reading import read_mail
from tests.auth.mails import (
    AUTHSERV_ID,
    DELIVERY,
    GMAIL,
    GMAIL_PASS,
    PLAYER,
    mail,
    postfix_from,
    sent_by,
)

POLICY = AuthPolicy("authentication-results", AUTHSERV_ID)
EVIL = postfix_from("smtp.evil.example", "192.0.2.7")


def results(*lines: str) -> str:
    return "\n".join(f"Authentication-Results: {line}" for line in lines)


def gmail_with(*results_lines: str) -> bytes:
    return mail(DELIVERY, results(*results_lines))


# --- the usual mails ------------------------------------------------------------------------


@pytest.mark.parametrize("eol", ["\r\n", "\n"])
def test_gmail_received_by_postfix_with_opendkim_and_opendmarc(eol: str) -> None:
    verdict = check_sender(mail(DELIVERY, GMAIL_PASS, eol=eol), POLICY)
    assert verdict.ok
    assert verdict.method == "dmarc"
    assert "gmail.com" in verdict.reason


def test_without_opendmarc_the_aligned_dkim_pass_is_enough() -> None:
    raw = mail(
        DELIVERY,
        "Authentication-Results: mx.lgmail.example;\n\tdkim=pass (2048-bit key; unprotected)"
        " header.d=gmail.com header.i=@gmail.com header.a=rsa-sha256 header.s=20230601",
    )
    verdict = check_sender(raw, POLICY)
    assert (verdict.ok, verdict.method) == (True, "dkim")


def test_an_aligned_spf_pass_is_enough() -> None:
    verdict = check_sender(gmail_with(f"{AUTHSERV_ID}; spf=pass smtp.mailfrom={PLAYER}"), POLICY)
    assert (verdict.ok, verdict.method) == (True, "spf")
    verdict = check_sender(gmail_with(f"{AUTHSERV_ID}; spf=pass smtp.mailfrom=gmail.com"), POLICY)
    assert (verdict.ok, verdict.method) == (True, "spf")


def test_off_is_always_ok() -> None:
    verdict = check_sender(b"\x00junk", AuthPolicy())
    assert (verdict.ok, verdict.method) == (True, "off")


def test_the_policy_is_checked_when_made() -> None:
    with pytest.raises(ValueError, match="unknown"):
        AuthPolicy("spf")
    with pytest.raises(ValueError, match="authserv-id"):
        AuthPolicy("authentication-results")
    assert AuthPolicy("dkim").authserv_id == ""


# --- forgeries --------------------------------------------------------------------------------

FORGED = results(
    f"{AUTHSERV_ID}; dmarc=pass (p=none dis=none) header.from=gmail.com",
    f"{AUTHSERV_ID};\n\tdkim=pass header.d=gmail.com header.i=@gmail.com",
    f"{AUTHSERV_ID}; spf=pass smtp.mailfrom=gmail.com",
)


def forged_mail(*local: str) -> bytes:
    """A stranger's server writes From: the player at Gmail, and our own results below its
    Received header; our Postfix adds `local` above its own."""
    return mail(DELIVERY, *local, received=EVIL, sent=sent_by(PLAYER, FORGED))


def test_results_forged_by_the_sender_are_ignored() -> None:
    raw = forged_mail()
    verdict = check_sender(raw, POLICY)
    assert not verdict.ok
    assert verdict.method == "none"
    assert "3 deeper header(s)" in verdict.reason


def test_forged_results_do_not_outweigh_the_local_ones() -> None:
    local = results(
        f"{AUTHSERV_ID}; dmarc=fail (p=none dis=none) header.from=gmail.com",
        f"{AUTHSERV_ID}; spf=fail smtp.mailfrom=gmail.com",
        f"{AUTHSERV_ID}; dkim=none",
    )
    verdict = check_sender(forged_mail(local), POLICY)
    assert not verdict.ok
    assert "dmarc=fail" in verdict.reason


def test_forged_results_put_on_top_of_a_mail_without_received_header() -> None:
    """Mail that never went through our MTA (no Received header at all) trusts nothing."""
    raw = mail(FORGED, received="", sent=sent_by(PLAYER).split("\n", 3)[3])
    assert b"Received:" not in raw
    assert not check_sender(raw, POLICY).ok
    assert b"Authentication-Results" not in strip_forged_results(raw, AUTHSERV_ID)


def test_strip_forged_results_removes_only_the_deeper_ones() -> None:
    local = results(f"{AUTHSERV_ID}; dkim=none", "spam.lgmail.example; dmarc=pass")
    other = results("smtp.evil.example; dkim=pass header.d=evil.example")
    raw = mail(DELIVERY, local, received=EVIL, sent=sent_by(PLAYER, FORGED, other))
    clean = mail(DELIVERY, local, received=EVIL, sent=sent_by(PLAYER, other))
    assert strip_forged_results(raw, AUTHSERV_ID) == clean
    assert strip_forged_results(raw, "MX.LGMAIL.Example") == clean
    assert strip_forged_results(clean, AUTHSERV_ID) == clean
    assert strip_forged_results(raw, "") == raw
    genuine = mail(DELIVERY, GMAIL_PASS)
    assert strip_forged_results(genuine, AUTHSERV_ID) == genuine


def test_strip_keeps_lf_and_folded_forgeries_out() -> None:
    raw = mail(DELIVERY, received=EVIL, sent=sent_by(PLAYER, FORGED), eol="\n")
    stripped = strip_forged_results(raw, AUTHSERV_ID)
    assert stripped == mail(DELIVERY, received=EVIL, sent=sent_by(PLAYER), eol="\n")
    assert b"header.i" not in stripped


def test_results_of_another_authserv_id_are_not_ours() -> None:
    raw = gmail_with("spam.lgmail.example; dmarc=pass header.from=gmail.com")
    assert not check_sender(raw, POLICY).ok


def test_the_authserv_id_is_compared_without_case() -> None:
    assert check_sender(gmail_with("MX.LGMail.Example; dmarc=pass"), POLICY).ok
    upper = AuthPolicy("authentication-results", "MX.LGMAIL.EXAMPLE")
    assert check_sender(mail(DELIVERY, GMAIL_PASS), upper).ok


def test_received_spf_is_not_a_received_header() -> None:
    received_spf = (
        "Received-SPF: Pass (mailfrom) identity=mailfrom; client-ip=209.85.128.54;"
        " helo=mail-wm1-f54.google.com; envelope-from=bruno.martin@gmail.com;"
        " receiver=<UNKNOWN>"
    )
    raw = mail(DELIVERY, results(f"{AUTHSERV_ID}; dmarc=pass"), received_spf)
    assert check_sender(raw, POLICY).ok


# --- results that do not authenticate the From ----------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        f"{AUTHSERV_ID}; dmarc=fail (p=reject dis=none) header.from=gmail.com",
        f"{AUTHSERV_ID}; dmarc=none header.from=gmail.com",
        f"{AUTHSERV_ID}; dkim=fail (bad signature) header.d=gmail.com",
        f"{AUTHSERV_ID}; dkim=neutral (body hash did not verify) header.d=gmail.com",
        f"{AUTHSERV_ID}; spf=softfail smtp.mailfrom=gmail.com",
        f"{AUTHSERV_ID}; spf=pass smtp.helo=mail-wm1-f54.google.com",
        f"{AUTHSERV_ID}; dkim=pass",
        f"{AUTHSERV_ID}; none",
        f"{AUTHSERV_ID} 1; none",
        f"{AUTHSERV_ID}",
    ],
)
def test_fail_and_empty_results(line: str) -> None:
    verdict = check_sender(gmail_with(line), POLICY)
    assert not verdict.ok
    assert verdict.method == "none"


@pytest.mark.parametrize(
    "line",
    [
        f"{AUTHSERV_ID}; dkim=pass header.d=evil.example",
        f"{AUTHSERV_ID}; dkim=pass header.d=gmail.com.evil.example",
        f"{AUTHSERV_ID}; dkim=pass header.d=evilgmail.com",
        f"{AUTHSERV_ID}; dkim=pass header.d=com",
        f"{AUTHSERV_ID}; dkim=pass header.i=@evil.example",
        f"{AUTHSERV_ID}; dkim=pass header.d=mail.gmail.com",  # needs the public suffix list
        f"{AUTHSERV_ID}; spf=pass smtp.mailfrom=bounces@evil.example",
        f"{AUTHSERV_ID}; dmarc=pass header.from=evil.example",
    ],
)
def test_unaligned_passes(line: str) -> None:
    verdict = check_sender(gmail_with(line), POLICY)
    assert not verdict.ok, line
    assert "nothing authenticates gmail.com" in verdict.reason


def test_a_dmarc_fail_outweighs_an_aligned_dkim_pass() -> None:
    raw = gmail_with(
        f"{AUTHSERV_ID}; dmarc=fail (p=reject dis=reject) header.from=gmail.com",
        f"{AUTHSERV_ID}; dkim=pass header.d=gmail.com",
    )
    assert not check_sender(raw, POLICY).ok
    # a DMARC result about another domain is no veto
    raw = gmail_with(
        f"{AUTHSERV_ID}; dmarc=fail header.from=evil.example",
        f"{AUTHSERV_ID}; dkim=pass header.d=gmail.com",
    )
    assert check_sender(raw, POLICY).ok


def test_a_subdomain_of_the_signing_domain_is_aligned() -> None:
    sender = "mj@lists.example.org"
    sent = sent_by(sender)
    for line, ok in [
        ("dkim=pass header.d=example.org", True),
        ("dkim=pass header.i=@example.org", True),
        ("dkim=pass header.i=robot@lists.example.org", True),
        ("spf=pass smtp.mailfrom=bounce@example.org", True),
        ("dkim=pass header.d=other.example.org", False),
        ("dkim=pass header.d=org", False),
    ]:
        raw = mail(DELIVERY, results(f"{AUTHSERV_ID}; {line}"), received=EVIL, sent=sent)
        assert check_sender(raw, POLICY).ok is ok, line


def test_the_from_domain_case_and_final_dot_are_ignored() -> None:
    sent = sent_by("Bruno.Martin@GMail.COM")
    raw = mail(results(f"{AUTHSERV_ID}; dkim=pass header.d=gmail.com."), received=EVIL, sent=sent)
    assert check_sender(raw, POLICY).ok


# --- the From header ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("from_lines", "why"),
    [
        ("", "no From"),
        ("From: Bruno <bruno.martin@gmail.com>\nFrom: Eve <eve@evil.example>", "2 From"),
        ("From: bruno.martin@gmail.com, eve@evil.example", "one address"),
        ("From: undisclosed-recipients:;", "one address"),
        ("From: bruno@[192.0.2.7]", "no domain"),
    ],
)
def test_a_from_header_that_is_not_one_address_is_refused(from_lines: str, why: str) -> None:
    sent = GMAIL.replace(f"From: Bruno Martin <{PLAYER}>\n", from_lines and from_lines + "\n")
    raw = mail(DELIVERY, GMAIL_PASS, sent=sent)
    verdict = check_sender(raw, POLICY)
    assert not verdict.ok
    assert why in verdict.reason


def test_a_from_read_differently_by_the_mail_reader_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    raw = mail(DELIVERY, GMAIL_PASS)
    monkeypatch.setattr(
        auth, "read_mail", lambda data: replace(read_mail(data), sender="e@evil.example")
    )
    verdict = check_sender(raw, POLICY)
    assert not verdict.ok
    assert "reads differently" in verdict.reason


def test_a_stray_from_line_in_the_header_block_is_skipped() -> None:
    """As the stdlib's parser does (a misplaced envelope header), so both read one From."""
    sent = GMAIL.replace("MIME-Version: 1.0", "From eve@evil.example  Mon Nov 30 21:05:12 2026")
    assert check_sender(mail(DELIVERY, GMAIL_PASS, sent=sent), POLICY).ok


def test_an_mbox_from_line_is_skipped() -> None:
    raw = b"From bruno.martin@gmail.com  Mon Nov 30 21:05:12 2026\n" + mail(
        DELIVERY, GMAIL_PASS, eol="\n"
    )
    assert check_sender(raw, POLICY).ok


# --- several headers, odd formatting -----------------------------------------------------------


def test_rspamd_puts_every_result_in_one_header() -> None:
    raw = gmail_with(
        f"{AUTHSERV_ID};\n\tdkim=pass header.d=gmail.com header.s=20230601 header.b=Xk3bq9Zs;\n"
        "\tspf=pass (mx.lgmail.example: domain of bruno.martin@gmail.com designates"
        " 209.85.128.54 as permitted sender) smtp.mailfrom=bruno.martin@gmail.com;\n"
        "\tdmarc=pass (policy=none) header.from=gmail.com"
    )
    assert check_sender(raw, POLICY).method == "dmarc"


def test_two_signatures_one_failing() -> None:
    raw = gmail_with(
        f'{AUTHSERV_ID};\n\tdkim=fail reason="signature verification failed" '
        "header.d=gmail.com header.i=@gmail.com",
        f"{AUTHSERV_ID};\n\tdkim=pass header.d=1e100.net header.i=@1e100.net",
        f"{AUTHSERV_ID};\n\tdkim=pass header.d=gmail.com header.i=@gmail.com",
    )
    assert check_sender(raw, POLICY).method == "dkim"


WEIRD = [
    # folded everywhere, tabs, a version, a quoted authserv-id
    '"mx.lgmail.example"\n  1 ;\n\tdkim\n\t=\n\tpass\n\theader.d\n\t=\n\tgmail.com',
    # comments everywhere, nested and with quoted pairs
    "(ours) mx.lgmail.example (2.6.1 \\) (nested (deeper))) ; (a) dkim (b) = (c) pass"
    " (d (e)) header (f) . (g) d (h) = (i) gmail.com (j)",
    # method version, upper case, reason, quoted property value
    'mx.lgmail.example; DKIM/1=PASS reason="good signature; dmarc=pass" header.D="gmail.com"',
    # a result the parser cannot read, then one it can
    "mx.lgmail.example; dkim=pass header.d; dkim=pass header.d=gmail.com",
    # a trailing semicolon and junk results
    "mx.lgmail.example;;; ===; dkim=pass header.d=gmail.com;",
    # an address with a quoted local part
    'mx.lgmail.example; spf=pass smtp.mailfrom="bruno martin"@gmail.com',
]


@pytest.mark.parametrize("line", WEIRD)
def test_weird_but_valid_formatting(line: str) -> None:
    assert check_sender(gmail_with(line), POLICY).ok, line


SNEAKY = [
    # a pass inside a comment or a quoted string is no result
    "mx.lgmail.example; dkim=fail (; dmarc=pass) header.d=gmail.com",
    'mx.lgmail.example; dkim=fail reason="; dmarc=pass" header.d=gmail.com',
    "mx.lgmail.example; dkim=fail (unterminated; dmarc=pass header.d=gmail.com",
    'mx.lgmail.example; dkim=fail reason="unterminated; dmarc=pass',
    # the authserv-id is a whole value, not a prefix
    "mx.lgmail.example.evil.example; dmarc=pass",
    "mx.lgmail.examplex; dmarc=pass",
    # ptype.property, not any word
    "mx.lgmail.example; dkim=pass header.dd=gmail.com",
    "mx.lgmail.example; dkim=pass header.d.x=gmail.com",
]


@pytest.mark.parametrize("line", SNEAKY)
def test_sneaky_formatting_is_not_a_pass(line: str) -> None:
    assert not check_sender(gmail_with(line), POLICY).ok, line


def test_parse_results() -> None:
    authserv_id, found = parse_results(
        'example.com 1; dkim/1=pass (good) reason="ok" header.d=example.org header.i=@example.org;'
        " spf=fail smtp.mailfrom=x@evil.example; auth=pass smtp.auth=bruno; none-such; iprev=pass"
        " policy.iprev=192.0.2.200"
    )
    assert authserv_id == "example.com"
    assert found == [
        Result(
            "dkim", "pass", {"reason": "ok", "header.d": "example.org", "header.i": "@example.org"}
        ),
        Result("spf", "fail", {"smtp.mailfrom": "x@evil.example"}),
        Result("auth", "pass", {"smtp.auth": "bruno"}),
        Result("iprev", "pass", {"policy.iprev": "192.0.2.200"}),
    ]
    assert parse_results("  (no id)  ") == (None, [])
    assert parse_results("example.com; none") == ("example.com", [])
