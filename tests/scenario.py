"""A scenario harness: players and roles given, mails played, state and mails asserted.

It drives the real service (event store on SQLite in a temporary folder, outbox, Maildir) with a
clock the test moves, through the same parser and `decide` as a player's mail.
"""

from __future__ import annotations

import mailbox
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path
from typing import Any

from lgmail.config import settings
from lgmail.rules.commands import Seat
from lgmail.rules.state import GameState
from lgmail.rules.view import view
from lgmail.service.games import Answer, Games, MjCommand

START = datetime(2026, 11, 29, 21, 0, tzinfo=UTC)


@dataclass
class Sent:
    to: str
    subject: str
    body: str
    message_id: str
    reply_to: str
    in_reply_to: str = ""
    references: str = ""
    sender: str = ""

    @property
    def content(self) -> str:
        """The body without its footer (where a reply goes: each reader's own addresses)."""
        return self.body.split("\n-- \n", 1)[0]


class Scenario:
    """`Scenario(tmp_path, {"Alice": "loup-garou", ...})` creates and starts a classic game
    (another rule set with `variant`)."""

    def __init__(
        self,
        folder: Path,
        roles: dict[str, str],
        *,
        election: bool = False,
        options: dict[str, Any] | None = None,
        name: str = "village",
        lang: str = "fr",
        langs: dict[str, str] | None = None,
        genders: dict[str, str] | None = None,
        mj: str | None = "mj@example.org",
        start: bool = True,
        db: str | None = None,
        variant: str = "classic",
        substitutes: list[str] | None = None,
        at: datetime = START,
        drawn: bool = False,
        seed: int | None = None,
    ) -> None:
        """`drawn`: the roles are drawn (recorded), `roles` then only names the players;
        `seed`: every draw of the game comes from it (the deal's included)."""
        self.clock = at
        self.games = Games(settings.load(folder / "data", db), now=lambda: self.clock)
        self.name = name
        opts = dict(options or {})
        opts.setdefault("election", election)
        if substitutes is not None:
            opts["substitutes"] = substitutes
        seats = [
            Seat(n, self.email(n), (langs or {}).get(n, lang), (genders or {}).get(n, ""))
            for n in roles
        ]
        dealt = None if drawn else roles
        self.games.create(
            name, variant, seats, lang=lang, roles=dealt, options=opts, mj=mj, seed=seed
        )
        self._seen: set[str] = set()
        self._parsed: dict[str, Sent] = {}
        if start:
            self.games.start(name)

    # --- playing ---------------------------------------------------------------------------

    @staticmethod
    def email(name: str) -> str:
        return f"{name.lower()}@example.org"

    def act(self, player: str, text: str) -> Answer:
        return self.games.act(self.name, self.email(player), text)

    def post(self, player: str, channel: str, text: str) -> Answer:
        answer, _, _ = self.games.post(self.name, self.email(player), channel, text)
        return answer

    def ok(self, player: str, text: str) -> Answer:
        answer = self.act(player, text)
        assert answer.ok, answer.text
        return answer

    def refused(self, player: str, text: str, cause: str) -> Answer:
        before = self.games.store.version(self.name)
        answer = self.act(player, text)
        assert not answer.ok, answer.text
        assert any(line.get("cause") == cause for line in answer.lines), answer.lines
        # a refused order changes nothing but, where absences cost the seat (002), presence
        new = [r.type for r in self.games.store.read(self.name, after_version=before)]
        assert set(new) <= {"PlayerPresent"}, f"a refused order changed the log: {new}"
        return answer

    def mj(self, command: MjCommand) -> None:
        """The MJ's hand: extend, pause, resume, strike down, replace, announce."""
        self.games.mj(self.name, command)

    def end(self) -> None:
        """The MJ ends the current step."""
        self.games.end_step(self.name)

    def later(self, **delta: float) -> None:
        """Move the clock, then let due deadlines resolve (as the scheduler would)."""
        self.clock += timedelta(**delta)
        self.games.tick(self.name)

    # --- looking -------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.games.load(self.name)

    def view(self, player: str | None = None) -> dict[str, Any]:
        return view(self.state, player)

    def alive(self, player: str) -> bool:
        return self.state.players[player].alive

    def events(self, type_name: str | None = None) -> list[dict[str, Any]]:
        return [
            {"type": r.type, **r.payload}
            for r in self.games.records(self.name)
            if type_name is None or r.type == type_name
        ]

    def phase(self) -> tuple[str, int]:
        s = self.state
        return s.phase, s.number

    def step(self) -> str | None:
        s = self.state
        return s.step.name if s.step else None

    def mails(self, to: str | None = None) -> list[Sent]:
        """Every mail in the Maildir so far (to `to`'s address when given), oldest first."""
        box = mailbox.Maildir(str(self.games.settings.maildir), create=True)
        out = []
        for key in sorted(box.iterkeys(), key=_delivered):
            if key in self._parsed:  # a mail once written does not change: read it once
                out.append(self._parsed[key])
                continue
            msg = BytesParser(policy=policy.default).parsebytes(box.get_bytes(key))
            assert isinstance(msg, EmailMessage)
            self._parsed[key] = Sent(
                str(msg["To"]),
                str(msg["Subject"]),
                _text(msg),
                str(msg["Message-ID"]),
                str(msg["Reply-To"]),
                str(msg["In-Reply-To"] or ""),
                str(msg["References"] or ""),
                str(msg["From"]),
            )
            out.append(self._parsed[key])
        if to is not None:
            address = to if "@" in to else self.email(to)
            out = [m for m in out if m.to == address]
        return out

    def new_mails(self, to: str | None = None) -> list[Sent]:
        """Mails not returned by an earlier call of new_mails."""
        fresh = [m for m in self.mails(to) if m.message_id not in self._seen]
        self._seen.update(m.message_id for m in fresh)
        return fresh


class Watching(Scenario):
    """A scenario that looks after every move (`moved`): what a test checks of each mail as it
    comes (who may read what, when)."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.moved(step_end=False)

    def act(self, player: str, text: str) -> Answer:
        answer = super().act(player, text)
        self.moved(step_end=False)
        return answer

    def end(self) -> None:
        super().end()
        self.moved(step_end=True)

    def later(self, **delta: float) -> None:
        super().later(**delta)
        self.moved(step_end=True)

    def moved(self, step_end: bool) -> None:
        """After a player's mail (`step_end` False), or the MJ's or the clock's move."""


def _delivered(key: str) -> str:
    """Maildir names start with the outbox row's number: the order the mails were written."""
    return key


def _text(message: EmailMessage) -> str:
    """The text/plain part of a mail (ours are multipart/alternative: text and HTML)."""
    part = message.get_body(preferencelist=("plain",))
    return str(part.get_content()) if isinstance(part, EmailMessage) else ""
