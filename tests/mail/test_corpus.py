"""Every mail of the corpus against its expected reading (`<name>.expected.json` beside it).

The corpus holds hand-written raw mails shaped like what each client sends, named
`<client>-<lang>-<what>.eml`. The expected file always gives `text`, `automatic` (a boolean),
`attachments` and `html_only`; it may give any other field of `ReadMail`, `orders_text`, and
`bounce` (recipients, action, status, permanent)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from lgmail.mail.reading import ReadMail, orders_text, read_mail

CORPUS = Path(__file__).parent / "corpus"
MAILS = sorted(CORPUS.glob("*.eml"))


def expected(eml: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(eml.with_name(eml.stem + ".expected.json").read_text("utf-8"))
    return data


def actual(mail: ReadMail, key: str) -> Any:
    if key == "automatic":
        return mail.automatic is not None
    if key == "orders_text":
        return orders_text(mail)
    if key == "bounce":
        if mail.bounce is None:
            return None
        b = mail.bounce
        return {
            "recipients": b.recipients,
            "action": b.action,
            "status": b.status,
            "permanent": b.permanent,
        }
    return getattr(mail, key)


@pytest.mark.parametrize("eml", MAILS, ids=[m.stem for m in MAILS])
def test_corpus_mail(eml: Path) -> None:
    want = expected(eml)
    for key in ("text", "automatic", "attachments", "html_only"):
        assert key in want, f"{eml.name}: the expected file must give {key}"
    mail = read_mail(eml.read_bytes())
    for key, value in want.items():
        assert actual(mail, key) == value, f"{eml.name}: {key}"
    if not want["automatic"] and "bounce" not in want:
        assert mail.bounce is None
    if "orders_text" not in want and mail.text:
        assert orders_text(mail) == mail.text


def test_every_expected_file_has_its_mail() -> None:
    for path in CORPUS.glob("*.expected.json"):
        assert path.with_name(path.name.removesuffix(".expected.json") + ".eml").exists()


@pytest.mark.parametrize("client", ["gmail", "outlook", "thunderbird", "apple", "iphone"])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_each_client_replies_in_each_language(client: str, lang: str) -> None:
    mail = CORPUS / f"{client}-{lang}-reply.eml"
    assert mail.exists()
    want = expected(mail)
    assert not want["automatic"]
    assert want["text"]


def test_names_follow_the_pattern() -> None:
    for mail in MAILS:
        client, lang, what = mail.stem.split("-", 2)
        assert client.isalpha() and lang in {"fr", "en"} and what
