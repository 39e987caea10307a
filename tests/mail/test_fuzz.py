"""Properties of `read_mail` with hypothesis: it never raises, whatever the bytes; what it
returns is always storable; and a plain mail built with the stdlib reads back as written.

Run harder with HYPOTHESIS_PROFILE=soak."""

from __future__ import annotations

import base64
import quopri
from email.message import EmailMessage
from email.policy import SMTP
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lgmail.mail.html_text import html_to_text
from lgmail.mail.quotes import strip_reply
from lgmail.mail.reading import ReadMail, orders_text, read_mail

WORDS = [
    "vote",
    "Bruno",
    "Chloé",
    "tuer",
    "sauver",
    "rien",
    "aide",
    "je",
    "sonde",
    "stp",
    "Émile",
    "cœur",
    "10",
    "€",
    "l'ancien",
    "protéger",
    "poison",
    "kill",
    "probe",
    "Zoë",
]
CHARSETS = ["utf-8", "iso-8859-1", "iso-8859-15", "windows-1252", "utf-16", "x-bogus", "us-ascii"]
HEADERS = [
    "From",
    "To",
    "Cc",
    "Subject",
    "Message-ID",
    "In-Reply-To",
    "References",
    "Auto-Submitted",
    "Precedence",
    "Return-Path",
    "Content-Type",
    "Content-Transfer-Encoding",
    "Content-Disposition",
    "List-Id",
    "X-Auto-Response-Suppress",
    "Delivered-To",
]

HEADER_VALUES = ["<>", "auto-replied", "no", "bulk", "Alice <a@b.org>", "<x@y>", "=?bogus?Q?x?="]

lines = st.lists(
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=5).map(" ".join),
    min_size=1,
    max_size=6,
)
junk_text = st.text(st.characters(blacklist_categories=["Cs"], codec=None), min_size=0, max_size=60)


def check(mail: ReadMail) -> None:
    """What any reading must look like: types right, every string storable (UTF-8, no NUL)."""
    assert isinstance(mail, ReadMail)
    strings: list[Any] = [
        mail.sender,
        mail.sender_name,
        mail.subject,
        mail.text,
        *mail.recipients,
        *mail.attachments,
        *mail.references,
    ]
    strings += [s for s in (mail.message_id, mail.in_reply_to, mail.automatic) if s is not None]
    if mail.bounce is not None:
        strings += [*mail.bounce.recipients, mail.bounce.action, mail.bounce.status]
        assert isinstance(mail.bounce.permanent, bool)
    for value in strings:
        assert isinstance(value, str)
        value.encode("utf-8")
        assert "\x00" not in value
    assert isinstance(mail.html_only, bool)
    assert isinstance(orders_text(mail), str)
    assert mail.text == mail.text.strip("\n")


@st.composite
def leaf(draw: st.DrawFn) -> EmailMessage:
    part = EmailMessage()
    kind = draw(st.sampled_from(["plain", "html", "image", "octet", "junk"]))
    if kind in {"plain", "html"}:
        body = "\n".join(draw(lines)) + "\n"
        if kind == "html":
            body = "".join(f"<div>{line}</div>" for line in body.splitlines())
        charset = draw(st.sampled_from(["utf-8", "utf-16", "iso-8859-1", "windows-1252"]))
        try:
            body.encode(charset)
        except UnicodeEncodeError:
            charset = "utf-8"
        cte = draw(st.sampled_from(["quoted-printable", "base64", "8bit"]))
        if charset == "utf-16":
            cte = "base64"
        part.set_content(body, subtype=kind, charset=charset, cte=cte)
    elif kind == "image":
        part.set_content(
            draw(st.binary(max_size=40)),
            maintype="image",
            subtype="jpeg",
            filename=draw(st.sampled_from(["IMG_1.jpg", "photo été.jpg", "a b.jpg"])),
        )
    elif kind == "octet":
        part.set_content(draw(st.binary(max_size=40)), maintype="application", subtype="zip")
    else:
        part["Content-Type"] = draw(
            st.sampled_from(
                ["text/plain; charset=x-bogus", "multipart/mixed", "text/html; charset=", "a/b/c"]
            )
        )
        part.set_payload(draw(st.binary(max_size=40)).decode("latin-1"))
    return part


@st.composite
def tree(draw: st.DrawFn, depth: int = 0) -> EmailMessage:
    if depth >= 3 or draw(st.booleans()):
        return draw(leaf())
    node = EmailMessage()
    children = draw(st.lists(tree(depth + 1), min_size=1, max_size=3))
    subtype = draw(st.sampled_from(["mixed", "alternative", "related", "report", "signed"]))
    node["Content-Type"] = f'multipart/{subtype}; boundary="=_level{depth}"'
    node.set_payload([])
    for child in children:
        node.attach(child)
    return node


@st.composite
def messages(draw: st.DrawFn) -> bytes:
    msg = draw(tree())
    for name in draw(st.lists(st.sampled_from(HEADERS), max_size=6)):
        if name.lower() in {"content-type", "content-transfer-encoding"}:
            continue
        value = draw(
            st.one_of(
                junk_text,
                st.sampled_from(HEADER_VALUES),
            )
        )
        try:
            msg[name] = value
        except Exception:
            continue
    for policy in (SMTP, SMTP.clone(utf8=True)):
        try:
            return msg.as_bytes(policy=policy)
        except Exception:
            continue
    return b"From: a@b\n\n" + draw(st.binary(max_size=200))


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    data = bytearray(draw(messages()))
    for _ in range(draw(st.integers(0, 4))):
        at = draw(st.integers(0, len(data)))
        op = draw(st.sampled_from(["insert", "delete", "flip", "truncate", "duplicate"]))
        if op == "insert":
            data[at:at] = draw(
                st.one_of(
                    st.binary(max_size=12),
                    st.sampled_from(
                        [b"\r\n\r\n", b"--", b"=?", b"=\r\n", b"<", b">", b"\x00", b"\xff"]
                    ),
                )
            )
        elif op == "delete":
            del data[at : at + draw(st.integers(1, 30))]
        elif op == "flip" and at < len(data):
            data[at] ^= draw(st.integers(1, 255))
        elif op == "truncate":
            del data[at:]
        elif op == "duplicate":
            data[at:at] = data[at : at + draw(st.integers(1, 200))]
    return bytes(data)


@given(st.binary(max_size=2000))
def test_never_raises_on_any_bytes(raw: bytes) -> None:
    check(read_mail(raw))


@given(st.text(max_size=500))
def test_never_raises_on_any_text(text: str) -> None:
    check(read_mail(text.encode("utf-8", "surrogatepass")))
    assert isinstance(strip_reply(text), str)
    assert isinstance(html_to_text(text), str)


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(messages())
def test_never_raises_on_built_mails(raw: bytes) -> None:
    check(read_mail(raw))


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutated())
def test_never_raises_on_mutated_mails(raw: bytes) -> None:
    check(read_mail(raw))


@given(
    lines,
    st.sampled_from(CHARSETS),
    st.sampled_from(["quoted-printable", "base64", "8bit", "7bit"]),
    st.booleans(),
)
def test_plain_mails_read_back(body: list[str], charset: str, cte: str, crlf: bool) -> None:
    text = "\n".join(body)
    codec = {"x-bogus": "utf-8"}.get(charset, charset)
    try:
        data = (text + "\n").encode(codec)
    except UnicodeEncodeError:
        data = (text + "\n").encode("utf-8")
        charset = codec = "utf-8"
    if (cte == "7bit" and not data.isascii()) or charset == "utf-16":
        cte = "base64"  # UTF-16 holds line break bytes: only base64 carries it
    if cte == "quoted-printable":
        data = quopri.encodestring(data)
    elif cte == "base64":
        data = base64.encodebytes(data)
    head = (
        "From: =?utf-8?q?Chlo=C3=A9?= <chloe@example.org>\n"
        "Subject: =?utf-8?q?Re=3A_=5Bvillage=5D_vote?=\n"
        f'Content-Type: text/plain; charset="{charset}"\n'
        f"Content-Transfer-Encoding: {cte}\n\n"
    ).encode()
    raw = head + data
    if crlf:
        raw = raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    mail = read_mail(raw)
    check(mail)
    assert mail.text == text
    assert (mail.sender, mail.sender_name, mail.subject) == (
        "chloe@example.org",
        "Chloé",
        "[village] vote",
    )
    assert orders_text(mail) == text


@given(lines, lines)
def test_replies_lose_their_quotes(new: list[str], old: list[str]) -> None:
    """Whatever the orders and the quoted mail, only the orders are left."""
    quoted = "\n".join("> " + line for line in old)
    for attribution in (
        "Le lun. 30 nov. 2026 à 21:04, MJ Loup-Garou <village@lg.example.org> a\nécrit :",
        "On Mon, Nov 30, 2026 at 9:04 PM MJ Loup-Garou <village@lg.example.org>\nwrote:",
    ):
        text = "\n".join(new) + f"\n\n{attribution}\n\n{quoted}\n"
        assert strip_reply(text) == "\n".join(new)
    outlook = "De : MJ\nEnvoyé : lundi\nÀ : Alice\nObjet : x\n\n" + "\n".join(old)
    assert strip_reply("\n".join(new) + "\n\n" + outlook) == "\n".join(new)
