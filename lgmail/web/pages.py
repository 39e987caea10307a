"""What each page shows, as plain data for its template: the topic, a player's page and the
MJ's desk. A player's page holds his view (`lgmail.rules.view.view`), the orders he may give
now (`lgmail.service.hints.can_do`) and the mails written to him, which were rendered from his
view; the desk holds the MJ's view and the outbox (its log: `lgmail.web.journal`)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import parseaddr
from typing import Any

from lgmail.rules.flow import pending_actors
from lgmail.rules.state import SQUARE, GameState
from lgmail.rules.variants import variant_of
from lgmail.rules.view import view
from lgmail.service.hints import can_do
from lgmail.store.archive import mails_to, undelivered
from lgmail.store.eventstore import EventStore
from lgmail.store.model import RecordedEvent


@dataclass(frozen=True)
class Letter:
    """A mail as its reader got it: who it shows as its sender, when, its subject and text."""

    sender: str
    at: datetime
    subject: str
    text: str


def letter(raw: bytes, at: datetime) -> Letter:
    """The readable part of one of our mails: its text without the signature (the footer)."""
    msg = BytesParser(policy=policy.default).parsebytes(raw)
    assert isinstance(msg, EmailMessage)
    part = msg.get_body(preferencelist=("plain",))
    text = str(part.get_content()) if isinstance(part, EmailMessage) else ""
    text = text.split("\n-- \n", 1)[0].rstrip()
    shown, _ = parseaddr(str(msg["From"] or ""))
    return Letter(shown, at, str(msg["Subject"] or ""), text)


class Letters:
    """The outbox's mails as their readers got them, each read once (a mail written does not
    change; its MIME parsing is most of a player's page): the latest `size` kept."""

    def __init__(self, size: int = 20000) -> None:
        self.size = size
        self._read: OrderedDict[int, Letter] = OrderedDict()
        self._lock = threading.Lock()

    def to(self, store: EventStore, game: str, email: str) -> list[Letter]:
        """The mails of `game` to `email`, the latest first."""
        out = []
        for mail in reversed(mails_to(store.engine, game, email)):
            with self._lock:
                known = self._read.get(mail.id)
            if known is None:
                known = letter(mail.raw, mail.created_at)
                with self._lock:
                    self._read[mail.id] = known
                    while len(self._read) > self.size:
                        self._read.popitem(last=False)
            out.append(known)
        return out


def channels_of(records: list[RecordedEvent], name: str) -> dict[str, list[dict[str, Any]]]:
    """The posts of the channels `name` wrote or read on besides the square (the den, the
    lovers', the crypt, private messages...), by channel, in order: those he wrote, and those
    relayed to him when they were posted."""
    out: dict[str, list[dict[str, Any]]] = {}
    for r in records:
        if r.type != "MessagePosted" or r.payload["channel"] == SQUARE:
            continue
        if r.payload["author"] == name or name in r.payload["readers"]:
            post = {"author": r.payload["author"], "text": r.payload["text"], "at": r.recorded_at}
            out.setdefault(r.payload["channel"], []).append(post)
    return out


def player_page(
    store: EventStore,
    state: GameState,
    name: str,
    letters: Letters | None = None,
    records: list[RecordedEvent] | None = None,
) -> dict[str, Any]:
    """A player's page: his view, what he may do now and until when, his channels, his
    mails."""
    seen = view(state, name)
    me = state.players[name]
    spec = variant_of(state).roles.get(me.role)
    return {
        "view": seen,
        "me": name,
        "seat": next(p for p in seen["players"] if p["name"] == name),
        "help": spec.help.get(me.lang, spec.help.get("fr", "")) if spec else "",
        "can": can_do(state, name) if state.status == "running" else [],
        "letters": (letters or Letters()).to(store, state.name, me.email),
        "channels": channels_of(records if records is not None else [], name),
    }


def mj_desk(
    store: EventStore,
    state: GameState,
    records: list[RecordedEvent],
    letters: Letters | None = None,
) -> dict[str, Any]:
    """The MJ's desk: the whole state, who has not acted in the open step, the mails not
    delivered and the bounces (its log: `lgmail.web.journal`)."""
    whole = view(state, None)
    waiting = pending_actors(state).get(state.step.name, []) if state.step else []
    bounces = [r.payload for r in records if r.type == "MailBounced"]
    mj_letters = (letters or Letters()).to(store, state.name, state.mj) if state.mj else []
    return {
        "view": whole,
        "waiting": waiting,
        "undelivered": undelivered(store.engine, state.name),
        "bounces": bounces,
        "letters": mj_letters[:50],
    }
