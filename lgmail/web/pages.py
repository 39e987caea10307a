"""What each page shows, as plain data for its template: the topic, a player's page and the
MJ's desk. A player's page holds his view (`lgmail.rules.view.view`), the orders he may give
now (`lgmail.service.hints.can_do`) and the mails written to him, which were rendered from his
view; the desk holds the MJ's view, the log with its causes and the outbox."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import parseaddr
from typing import Any

from lgmail.rules.decide import pending_actors
from lgmail.rules.roles import ROLES
from lgmail.rules.state import GameState
from lgmail.rules.view import view
from lgmail.service.hints import can_do
from lgmail.service.transcript import line
from lgmail.store import EventStore, RecordedEvent
from lgmail.store.archive import mails_to, undelivered

#: the log lines the desk shows (the latest)
LOG_LINES = 2000


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


def player_page(store: EventStore, state: GameState, name: str) -> dict[str, Any]:
    """A player's page: his view, what he may do now and until when, his mails."""
    seen = view(state, name)
    me = state.players[name]
    spec = ROLES.get(me.role)
    mine = mails_to(store.engine, state.name, me.email)
    return {
        "view": seen,
        "me": name,
        "seat": next(p for p in seen["players"] if p["name"] == name),
        "help": spec.help.get(me.lang, spec.help.get("fr", "")) if spec else "",
        "can": can_do(state, name) if state.status == "running" else [],
        "letters": [letter(m.raw, m.created_at) for m in reversed(mine)],  # the latest first
    }


def mj_desk(store: EventStore, state: GameState, records: list[RecordedEvent]) -> dict[str, Any]:
    """The MJ's desk: the whole state, who has not acted in the open step, the log with its
    causes, the mails not delivered and the bounces."""
    whole = view(state, None)
    waiting = pending_actors(state).get(state.step.name, []) if state.step else []
    log = [
        {"version": r.version, "line": line(r), "cause": r.cause, "mail": _mail_cause(r.cause)}
        for r in records[-LOG_LINES:]
    ]
    bounces = [r.payload for r in records if r.type == "MailBounced"]
    mj_letters = (
        [letter(m.raw, m.created_at) for m in mails_to(store.engine, state.name, state.mj)]
        if state.mj
        else []
    )
    return {
        "view": whole,
        "waiting": waiting,
        "log": log,
        "undelivered": undelivered(store.engine, state.name),
        "bounces": bounces,
        "letters": mj_letters[::-1][:50],  # the latest first
    }


def _mail_cause(cause: str) -> str | None:
    """The Message-ID of the mail an event came from (its cause "mail:<id>"), else None."""
    kind, _, rest = cause.partition(":")
    return rest if kind == "mail" and rest.startswith("<") else None
