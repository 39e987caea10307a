"""A bot player: it polls the Maildir for the mails addressed to it and replies by SMTP.

The Maildir (`new/` and `cur/`) is shared with every other reader: a bot moves nothing, it reads
each file once, in the order of the files' names (the order of delivery), and keeps those whose
To is its address. Its replies are real replies: to the mail's Reply-To, "Re: <subject>", a
Message-ID of its own, In-Reply-To and References, the orders one a line, now and then above a
quote of the mail or with a signature, as mail clients write them.
"""

from __future__ import annotations

import logging
import os
import random
import smtplib
import threading
import time
from datetime import datetime
from email.message import EmailMessage
from email.utils import formataddr, formatdate, make_msgid
from pathlib import Path

from lgmail.bots.letters import Letter, read_letter, recipient
from lgmail.bots.mind import Mind, Task

log = logging.getLogger(__name__)

DAYS = ("lun.", "mar.", "mer.", "jeu.", "ven.", "sam.", "dim.")
MONTHS = (
    "janv.",
    "févr.",
    "mars",
    "avr.",
    "mai",
    "juin",
    "juil.",
    "août",
    "sept.",
    "oct.",
    "nov.",
    "déc.",
)
SIGNATURES = ("-- \n{me}", "Envoyé de mon iPhone", "-- \n{me}\nEnvoyé depuis mon mobile")


class MailBot:
    """One player. `seed` makes its choices repeatable given the same mails; `think`: the
    seconds it waits (min, max) before answering; `sent`: a Maildir where it keeps a copy of
    what it sends (its "Sent" folder), if given."""

    def __init__(
        self,
        address: str,
        maildir: Path,
        smtp: tuple[str, int],
        seed: int | str = 0,
        *,
        think: tuple[float, float] = (0.2, 1.6),
        poll: float = 0.1,
        sent: Path | None = None,
    ) -> None:
        self.address = address.strip().lower()
        self.maildir = Path(maildir)
        self.smtp = smtp
        self.rng = random.Random(str(seed))
        self.mind = Mind(self.address, self.rng, think)
        self.poll = poll
        self.sent_folder = sent
        #: the Message-IDs of the mails sent, in order
        self.sent: list[str] = []
        self.errors: list[str] = []
        self._seen: set[str] = set()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # --- life ------------------------------------------------------------------------------

    def start(self) -> None:
        """Skip what the mailbox already holds (mail of an earlier game), then play in a
        thread of its own until the game ends or `stop`."""
        self._files()  # marks the files there as seen
        self._thread = threading.Thread(target=self.run, name=f"bot-{self.address}", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 10.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def run(self) -> None:
        while not self._stop.is_set():
            try:
                self.step(time.monotonic())
            except Exception as error:  # a bot that stumbles keeps playing
                log.exception("%s: step failed", self.address)
                self.errors.append(repr(error))
            if self.mind.over and not self.mind.pending:
                return
            self._stop.wait(self.poll)

    def step(self, now: float) -> None:
        """Read the new mails, then do what is due."""
        for letter in self.check():
            self.mind.read(letter, now)
        for task in self.mind.ready(now):
            if self._stop.is_set():
                return
            self._do(task, now)

    # --- reading -----------------------------------------------------------------------------

    def _files(self) -> list[tuple[str, Path]]:
        """The files not seen yet, by name (delivery order); they are seen from now on."""
        found: list[tuple[str, Path]] = []
        for sub in ("new", "cur"):
            folder = self.maildir / sub
            try:
                names = os.listdir(folder)
            except FileNotFoundError:
                continue
            for file_name in names:
                base = file_name.split(":", 1)[0]
                if base.startswith(".") or base in self._seen:
                    continue
                self._seen.add(base)
                found.append((base, folder / file_name))
        return sorted(found)

    def check(self) -> list[Letter]:
        """The new mails addressed to this bot, in delivery order."""
        letters = []
        for base, path in self._files():
            try:
                raw = path.read_bytes()
            except FileNotFoundError:  # moved to cur/ meanwhile: read it there
                moved = next((self.maildir / "cur").glob(f"{base}:*"), None)
                if moved is None:
                    continue
                raw = moved.read_bytes()
            if recipient(raw) == self.address:
                letters.append(read_letter(raw, base))
        return letters

    # --- writing -----------------------------------------------------------------------------

    def _do(self, task: Task, now: float) -> None:
        anchor = self.mind.addressee(task)
        if anchor is None:
            self.mind.postpone(task, now + self.poll)
            return
        lines = self.mind.orders(task)
        self.mind.finish(task)
        if lines:
            self.send(self.reply(anchor, lines))

    def reply(self, anchor: Letter, lines: list[str]) -> EmailMessage:
        """A reply to `anchor` carrying `lines`."""
        msg = EmailMessage()
        msg["From"] = formataddr((self.mind.me, self.address)) if self.mind.me else self.address
        msg["To"] = anchor.reply_to
        subject = anchor.subject
        msg["Subject"] = subject if subject.lower().startswith("re:") else f"Re: {subject}"
        msg["Date"] = formatdate(localtime=True)
        msg["Message-ID"] = make_msgid(
            idstring=self.address.split("@")[0], domain=self.address.split("@")[-1]
        )
        if anchor.message_id:
            msg["In-Reply-To"] = anchor.message_id
            msg["References"] = " ".join([*anchor.references, anchor.message_id])
        msg.set_content(self.body(anchor, lines))
        return msg

    def body(self, anchor: Letter, lines: list[str]) -> str:
        """The orders, one a line; now and then a signature, or the mail quoted below."""
        text = "\n".join(lines) + "\n"
        roll = self.rng.random()
        if roll < 0.25:
            signature = self.rng.choice(SIGNATURES).format(me=self.mind.me or "")
            text += f"\n{signature}\n"
        elif roll < 0.5 and anchor.text.strip():
            quoted = "\n".join(f"> {line}".rstrip() for line in anchor.text.strip().splitlines())
            text += f"\n{_attribution(anchor)}\n{quoted}\n"
        return text

    def send(self, msg: EmailMessage, attempts: int = 3) -> None:
        host, port = self.smtp
        for attempt in range(attempts):
            try:
                with smtplib.SMTP(host, port, timeout=10) as client:
                    client.send_message(msg)
                break
            except (OSError, smtplib.SMTPException) as error:
                if attempt + 1 == attempts:
                    self.errors.append(f"{msg['Message-ID']}: {error!r}")
                    log.warning("%s: could not send %s: %s", self.address, msg["Subject"], error)
                    return
                time.sleep(0.2)
        self.sent.append(str(msg["Message-ID"]))
        if self.sent_folder is not None:
            _keep(self.sent_folder, msg, f"{time.time_ns()}.{self.address}.{len(self.sent)}")


def _attribution(anchor: Letter) -> str:
    """ "Le lun. 30 nov. 2026 à 21:04, MJ demo-1 <demo-1@lgmail.localhost> a écrit :" """
    when = (anchor.date or datetime.now()).astimezone()
    day = f"{DAYS[when.weekday()]} {when.day} {MONTHS[when.month - 1]} {when.year}"
    return f"Le {day} à {when:%H:%M}, {anchor.author} a écrit :"


def _keep(folder: Path, msg: EmailMessage, name: str) -> None:
    """Write `msg` into the Maildir `folder` (through tmp/, as Maildir wants)."""
    for sub in ("tmp", "new", "cur"):
        (folder / sub).mkdir(parents=True, exist_ok=True)
    temporary = folder / "tmp" / name
    temporary.write_bytes(msg.as_bytes())
    os.replace(temporary, folder / "new" / name)
