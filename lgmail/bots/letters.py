"""The mails a bot receives: headers, text, and what kind of mail it is (by its French subject).

Standard library only: a bot reads the Maildir as any mail client would.
"""

from __future__ import annotations

import re
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import datetime
from email import policy
from email.message import EmailMessage
from email.parser import BytesHeaderParser, BytesParser
from email.utils import getaddresses, parseaddr, parsedate_to_datetime

#: subject (without the "[game] " tag) -> kind of mail; the first pattern that matches wins
KINDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("role", re.compile(r"^Votre rôle : ")),
    ("step", re.compile(r"^À vous d'agir")),
    ("reminder", re.compile(r"^Rappel")),
    ("witch", re.compile(r"^La victime des loups")),
    ("reaction", re.compile(r"^(Votre dernière balle|Votre successeur)")),
    ("lovers", re.compile(r"^Cupidon vous a ")),
    ("seer", re.compile(r"^Votre vision")),
    (
        "answer",
        re.compile(
            r"^(Ordres? enregistrés?|Ordres? refusés?|Aide$|Aucun ordre|Message publié"
            r"|Message non publié)"
        ),
    ),
    (
        "digest",
        re.compile(
            r"^(Élection du Capitaine|Nuit \d+|Jour \d+|Nouvelles du village|Fin de la partie)$"
        ),
    ),
)
_TAG = re.compile(r"^\s*(?:(?:re|tr|fwd?)\s*:\s*)*\[[^\]]*\]\s*", re.IGNORECASE)


@dataclass(frozen=True)
class Letter:
    """One mail as its reader sees it."""

    #: the Maildir file name (without the ":2,..." flags): names sort in delivery order
    name: str
    to: str
    sender: str
    reply_to: str
    subject: str
    message_id: str
    references: list[str] = field(default_factory=list)
    in_reply_to: str = ""
    text: str = ""
    #: the From header as written ("MJ demo-1 <demo-1@lgmail.localhost>")
    author: str = ""
    date: datetime | None = None

    @property
    def topic(self) -> str:
        """The subject without its "[game]" tag."""
        return _TAG.sub("", self.subject).strip()

    @property
    def kind(self) -> str:
        topic = self.topic
        for kind, pattern in KINDS:
            if pattern.search(topic):
                return kind
        return "other"

    @property
    def lines(self) -> list[str]:
        return self.text.splitlines()


def recipient(raw: bytes) -> str:
    """The address in the To header (lower case), read from the headers only."""
    headers = BytesHeaderParser(policy=policy.default).parsebytes(raw)
    found = getaddresses([str(v) for v in headers.get_all("To", [])])
    return found[0][1].strip().lower() if found else ""


def read_letter(raw: bytes, name: str = "") -> Letter:
    message = BytesParser(policy=policy.default).parsebytes(raw)
    text = ""
    if isinstance(message, EmailMessage):
        body = message.get_body(preferencelist=("plain",))
        if isinstance(body, EmailMessage):
            text = str(body.get_content())
    date = None
    with suppress(TypeError, ValueError):
        date = parsedate_to_datetime(str(message.get("Date", "")))
    return Letter(
        name=name,
        to=parseaddr(str(message.get("To", "")))[1].strip().lower(),
        sender=parseaddr(str(message.get("From", "")))[1].strip().lower(),
        reply_to=parseaddr(str(message.get("Reply-To", "") or message.get("From", "")))[1],
        subject=str(message.get("Subject", "")),
        message_id=str(message.get("Message-ID", "")).strip(),
        references=str(message.get("References", "")).split(),
        in_reply_to=str(message.get("In-Reply-To", "")).strip(),
        text=text,
        author=str(message.get("From", "")),
        date=date,
    )
