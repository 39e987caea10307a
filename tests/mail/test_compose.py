"""Outgoing mail bytes (``lgmail.mail.compose``): 7-bit clean (quoted-printable UTF-8 bodies,
encoded headers) and read back by any parser exactly as written, whatever the text."""

from __future__ import annotations

from datetime import UTC, datetime
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import formataddr

from hypothesis import given
from hypothesis import strategies as st

from lgmail.mail.compose import compose

#: what templates produce: any character but the controls other than a line end or a tab
TEXT = st.text(
    st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="\r")
    | st.sampled_from("\n\t")
)
LINE = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), max_size=200)
WHEN = datetime(2026, 11, 29, 21, 30, tzinfo=UTC)


def parsed(raw: bytes) -> EmailMessage:
    message = BytesParser(policy=policy.default).parsebytes(raw)
    assert isinstance(message, EmailMessage)
    return message


@given(subject=LINE, body=TEXT, html=st.none() | TEXT, name=LINE)
def test_what_is_written_is_read_back(subject: str, body: str, html: str | None, name: str) -> None:
    raw = compose(
        sender=formataddr((name, "village@lgmail.test")),  # as the service writes it
        recipient="alice@example.org",
        reply_to="village+k3x9q@lgmail.test",
        subject=subject,
        body=body,
        message_id="<village.3.0@lgmail.test>",
        date=WHEN,
        in_reply_to="<m1@example.org>",
        references=["<m0@example.org>", "<m1@example.org>"],
        html=html,
    )
    assert raw.isascii()
    assert all(len(line) <= 998 for line in raw.split(b"\n"))
    message = parsed(raw)
    assert " ".join(str(message["Subject"]).split()) == " ".join(subject.split())
    shown = message["From"].addresses[0]
    assert shown.addr_spec == "village@lgmail.test"
    assert " ".join(shown.display_name.split()) == " ".join(name.split())
    assert message["Reply-To"] == "village+k3x9q@lgmail.test"
    assert message["Message-ID"] == "<village.3.0@lgmail.test>"
    assert message["In-Reply-To"] == "<m1@example.org>"
    assert message["References"].split() == ["<m0@example.org>", "<m1@example.org>"]
    assert message["Auto-Submitted"] == "auto-generated"
    plain = message.get_body(("plain",))
    assert plain is not None and plain.get_content() == body
    if html is None:
        assert not message.is_multipart()
    else:
        rich = message.get_body(("html",))
        assert rich is not None and rich.get_content() == html


def test_a_non_ascii_recipient_takes_the_smtputf8_path() -> None:
    raw = compose(
        sender="MJ <village@lgmail.test>",
        recipient="chloé@exemple.fr",
        reply_to="village+k3x9q@lgmail.test",
        subject="Votre rôle",
        body="Vous êtes Sorcière.",
        message_id="<village.1.0@lgmail.test>",
        date=WHEN,
    )
    message = parsed(raw)
    assert message["To"] == "chloé@exemple.fr"
    body = message.get_body(("plain",))
    assert body is not None and body.get_content().strip() == "Vous êtes Sorcière."
