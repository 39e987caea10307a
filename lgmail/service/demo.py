"""`lgmail demo`: a whole classic game played by mail, on the embedded defaults.

The demo creates a game in the data directory (SQLite, outgoing mail into the Maildir), starts
the service (`lgmail serve`'s `Server`) with its SMTP listener on a free loopback port, and lets
one bot per player (``lgmail.bots``: code apart from the service, which knows only its address
and reads only its mails) play it by replying to the mails it finds in the Maildir. The game's
clock runs `RATE` times as fast as the wall clock (a real second is ten game minutes), and its
phases are short, so the game ends within about a minute. Then it prints the public transcript
(the digests the MJ received, read from the Maildir), the winners, and where the mails are.
"""

from __future__ import annotations

import contextlib
import dataclasses
import re
import socket
import sys
import time
import unicodedata
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import parseaddr
from pathlib import Path
from typing import Any, TextIO

from lgmail.bots.mailbot import MailBot
from lgmail.mail.addresses import slug
from lgmail.rules.commands import Pause, Seat
from lgmail.service.games import Games
from lgmail.service.scheduler import Clock
from lgmail.service.server import Endpoints, Server
from lgmail.service.transactions import GameError

MJ = "mj@demo.invalid"
NAMES = [
    "Alice",
    "Bruno",
    "Chloé",
    "David",
    "Élodie",
    "Fabien",
    "Gaëlle",
    "Hugo",
    "Inès",
    "Julien",
    "Karim",
    "Léa",
    "Marc",
    "Nadia",
    "Olivier",
    "Pauline",
    "Quentin",
    "Rose",
    "Sami",
    "Thaïs",
]
MIN_PLAYERS, MAX_PLAYERS = 5, 20
#: game time runs this many times as fast as real time: a real second is ten game minutes
RATE = 600.0
#: real seconds after which the demo gives up waiting for the end
LIMIT = 90.0
#: the demo's rule options: short phases (game time), a day that closes once all have voted
OPTIONS: dict[str, Any] = {
    "election_minutes": 120,
    "day_minutes": 240,
    "night_minutes": 120,
    "reaction_minutes": 30,
    "reminder_minutes": 20,
    "day_closes_early": True,
}
#: the bots' thinking time before they answer, in real seconds (min, max)
THINK = (0.2, 1.6)
DEMO_GAME = re.compile(r"demo-\d+")
WINNER = {"village": "du Village", "loups": "des Loups-Garous", "amoureux": "des Amoureux"}


class FastClock:
    """Game time from `start`, `rate` times as fast as the wall clock."""

    def __init__(self, start: datetime, rate: float) -> None:
        self.start, self.rate = start, rate
        self.t0 = time.monotonic()

    def now(self) -> datetime:
        return self.start + timedelta(seconds=(time.monotonic() - self.t0) * self.rate)

    @property
    def clock(self) -> Clock:
        return Clock(self.now, self.rate)


def run_demo(
    games: Games,
    players: int = 8,
    seed: int = 2026,
    *,
    out: TextIO | None = None,
    limit: float = LIMIT,
    rate: float = RATE,
) -> int:
    """Play a demo game to its end; 0 when it ended, 1 when `limit` came first, 2 when the
    data directory holds other games than demos (the demo's service would run them too)."""
    write = _printer(out or sys.stdout)
    others = [g for g in games.store.games() if not DEMO_GAME.fullmatch(g)]
    if others:
        print(
            f"lgmail demo: {games.settings.data} holds games other than demos "
            f"({', '.join(others[:5])}); run the demo with --data elsewhere",
            file=sys.stderr,
        )
        return 2
    count = max(MIN_PLAYERS, min(players, MAX_PLAYERS))
    # the embedded defaults whatever the data directory's configuration: mail into the Maildir
    settings = dataclasses.replace(games.settings, relay=None, auth="off")
    clock = FastClock(datetime.now(UTC).replace(microsecond=0), rate)
    demo = Games(settings, store=games.store, now=clock.now)
    name = _free_name(demo)
    domain = f"{slug(name)}.invalid"
    seats = [Seat(n, f"{_ascii(n)}@{domain}") for n in NAMES[:count]]
    demo.create(name, "classic", seats, seed=seed, mj=MJ, options=OPTIONS)
    port = _free_port()
    server = Server(
        demo, Endpoints(f"127.0.0.1:{port}", None, None), sweep_seconds=1.0, clock=clock.clock
    )
    sent = settings.data / "bots" / name
    bots = [
        MailBot(
            seat.email,
            settings.maildir,
            ("127.0.0.1", port),
            f"{seed}:{seat.email}",
            think=THINK,
            sent=sent,
        )
        for seat in seats
    ]
    write(
        f"Partie {name} : {count} joueurs ({', '.join(s.name for s in seats)}), "
        f"joués par des bots qui répondent aux mails.\n"
        f"Serveur SMTP sur 127.0.0.1:{port} ; horloge du jeu {rate:g} fois plus rapide "
        f"(une seconde = {rate / 60:g} minutes de jeu).\n"
        "La partie se joue...\n"
    )
    began = time.monotonic()
    interrupted = False
    server.start()
    try:
        for bot in bots:
            bot.start()
        demo.start(name)
        server.scheduler.reschedule(name)
        ended = _wait(lambda: demo.load(name).status == "ended", limit)
        for bot in bots:
            bot.stop()
        _wait(lambda: _drained(demo), 20.0)
    except KeyboardInterrupt:
        ended, interrupted = False, True
    finally:
        for bot in bots:
            bot.stop(timeout=1.0)
        server.stop()
    took = time.monotonic() - began
    if demo.load(name).status == "running":
        # paused, so that no later service (the next demo's) runs it on
        with contextlib.suppress(GameError):
            demo.mj(name, Pause())
    state = demo.load(name)
    mails = _mailbox(settings.maildir)
    for subject, text in digests(mails, MJ, name):
        write(f"--- {subject}\n{text.rstrip()}\n")
    if state.status == "ended":
        camp = WINNER.get(state.winner or "", "de personne")
        winners = ", ".join(state.winners) or "aucun"
        write(f"Vainqueurs : {winners} (victoire {camp}).")
    elif interrupted:
        write("La partie a été interrompue.")
    else:
        write(f"La partie n'est pas terminée au bout de {limit:g} secondes.")
    asked = {message_id for bot in bots for message_id in bot.sent}
    answers = [m for m in mails if str(m.get("In-Reply-To", "")).strip() in asked]
    refused = sum(1 for m in answers if "Ordre refusé" in str(m.get("Subject", "")))
    game_time = clock.now() - clock.start
    write(
        f"Durée : {took:.0f} s ({_hours(game_time)} de jeu) ; {len(asked)} mails des joueurs, "
        f"{len(answers)} réponses dont {refused} refus."
    )
    write(f"Les mails envoyés sont dans {settings.maildir}")
    write(f"Les mails des joueurs (les bots) sont dans {sent}")
    for bot in bots:
        for error in bot.errors:
            print(f"lgmail demo: {bot.address}: {error}", file=sys.stderr)
    if interrupted:
        return 130
    return 0 if ended and state.status == "ended" else 1


def _mailbox(maildir: Path) -> list[EmailMessage]:
    """The mails of the Maildir (`new/` and `cur/`), in delivery order (their files' names)."""
    found: list[tuple[str, Path]] = []
    for sub in ("new", "cur"):
        folder = maildir / sub
        if folder.is_dir():
            found += [(path.name.split(":", 1)[0], path) for path in folder.iterdir()]
    parser = BytesParser(policy=policy.default)
    mails = [parser.parsebytes(path.read_bytes()) for _, path in sorted(found)]
    return [m for m in mails if isinstance(m, EmailMessage)]


def digests(mails: list[EmailMessage], mj: str, game: str) -> list[tuple[str, str]]:
    """The public digests of `game` the MJ received, in order: (subject, text)."""
    found: list[tuple[str, str]] = []
    for message in mails:
        subject = str(message.get("Subject", ""))
        to = parseaddr(str(message.get("To", "")))[1].lower()
        if to != mj.lower() or not _is_digest(subject, game):
            continue
        part = message.get_body(preferencelist=("plain",))
        found.append((subject, str(part.get_content()) if isinstance(part, EmailMessage) else ""))
    return found


def _is_digest(subject: str, game: str) -> bool:
    tag = f"[{game}] "
    if not subject.startswith(tag):
        return False
    title = subject[len(tag) :]
    return bool(
        re.fullmatch(
            r"Élection du Capitaine|Nuit \d+|Jour \d+|Nouvelles du village|Fin de la partie",
            title,
        )
    )


def _printer(out: TextIO) -> Callable[[str], None]:
    def write(text: str) -> None:
        print(text, file=out, flush=True)

    return write


def _wait(done: Callable[[], bool], seconds: float, step: float = 0.1) -> bool:
    end = time.monotonic() + seconds
    while not done():
        if time.monotonic() >= end:
            return False
        time.sleep(step)
    return True


def _drained(games: Games) -> bool:
    """No mail waiting to be processed, none waiting to go out."""
    return not games.store.inbox_pending(1) and not games.store.pending_mail(1)


def _free_name(games: Games) -> str:
    taken = {slug(g) for g in games.store.games()}
    number = 1
    while slug(f"demo-{number}") in taken:
        number += 1
    return f"demo-{number}"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _ascii(name: str) -> str:
    """ "Élodie" -> "elodie" (the local part of a bot's address)."""
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", folded.lower()).strip("-") or "joueur"


def _hours(span: timedelta) -> str:
    minutes = int(span.total_seconds() // 60)
    days, minutes = divmod(minutes, 24 * 60)
    hours, minutes = divmod(minutes, 60)
    parts = [f"{days} j"] if days else []
    return " ".join([*parts, f"{hours} h {minutes:02d}"])
