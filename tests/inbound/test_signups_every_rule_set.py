"""From nothing to a running game of every rule set without a shell (#34): the MJ opens it at
the service's address with `variante`, twelve players sign up and confirm by mail, the MJ
mails `démarrer`, every player gets his role and his first mail to his address is played as
any player's. Each mail goes through the inbox, the reading and the routing of `serve` (the
SMTP socket itself is `test_signups_smtp.py`'s)."""

from __future__ import annotations

import mailbox
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import make_msgid
from pathlib import Path

import pytest

from lgmail.config import settings
from lgmail.rules.variants import VARIANTS
from lgmail.service.games import Games
from lgmail.service.inbound import Inbound

MJ = "mj@club.example.org"
NAMES = [
    "Alice", "Bruno", "Chloé", "David", "Emma", "Farid",
    "Gaëlle", "Hugo", "Inès", "Jules", "Karim", "Léa",
]  # fmt: skip


class Post:
    def __init__(self, folder: Path) -> None:
        data = folder / "data"
        data.mkdir()
        (data / "lgmail.toml").write_text(f'[service]\nmj = ["{MJ}"]\n', encoding="utf-8")
        self.games = Games(settings.load(data))
        self.inbound = Inbound(self.games)
        self.domain = self.games.settings.domain

    def send(self, sender: str, to: str, body: str, reply_to: EmailMessage | None = None) -> str:
        msg = EmailMessage()
        msg["From"] = sender
        msg["To"] = to
        msg["Subject"] = f"Re: {reply_to['Subject']}" if reply_to else "partie"
        msg["Message-ID"] = make_msgid(domain="example.org")
        if reply_to is not None:
            msg["In-Reply-To"] = reply_to["Message-ID"]
        msg.set_content(body)
        for inbox_id in self.inbound.accept(msg.as_bytes(), [to]):
            self.inbound.process(inbox_id)
        return str(msg["Message-ID"])

    def mails(self, to: str) -> list[EmailMessage]:
        box = mailbox.Maildir(str(self.games.settings.maildir), create=True)
        found = []
        for key in box.iterkeys():
            msg = BytesParser(policy=policy.default).parsebytes(box.get_bytes(key))
            assert isinstance(msg, EmailMessage)
            if str(msg["To"]) == to:
                found.append(msg)
        return found

    def answer(self, to: str, message_id: str) -> EmailMessage:
        found = [m for m in self.mails(to) if m["In-Reply-To"] == message_id]
        assert len(found) == 1, (to, len(found))
        return found[0]


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_rule_set_from_nothing_by_mail(tmp_path: Path, variant: str) -> None:
    post = Post(tmp_path)
    opened = post.send(MJ, f"lgmail@{post.domain}", f"nouvelle partie Bourg\nvariante {variant}")
    mj_mail = post.answer(MJ, opened)
    assert post.games.load("Bourg").variant == variant
    address = f"bourg@{post.domain}"
    emails = {name: f"joueur{i}@example.org" for i, name in enumerate(NAMES)}
    for name, email in emails.items():
        asked = post.answer(email, post.send(f"{name} <{email}>", address, "inscription"))
        post.send(email, str(asked["Reply-To"]), "oui", reply_to=asked)
    started = post.send(MJ, str(mj_mail["Reply-To"]), "démarrer", reply_to=mj_mail)
    said = post.answer(MJ, started)
    state = post.games.load("Bourg")
    assert state.status == "running", said.get_body(("plain",))
    assert sorted(state.players) == sorted(NAMES)
    for name, email in emails.items():
        role = [m for m in post.mails(email) if "rôle" in str(m["Subject"])]
        assert len(role) == 1, (name, [str(m["Subject"]) for m in post.mails(email)])
    # his first mail to his own address is played as any player's: answered once
    first = role[0]
    asked_help = post.send(email, str(first["Reply-To"]), "aide", reply_to=first)
    assert post.answer(email, asked_help)
