"""`lgmail demo`: a whole classic game played by bots through the same path as players' mail
(the parser, `decide`, the outbox), on the embedded defaults."""

from __future__ import annotations

import mailbox
import random
import re
from datetime import UTC, datetime, timedelta
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path

from lgmail.rules.commands import Seat
from lgmail.service.bots import orders_for
from lgmail.service.games import Games

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
MAX_ROUNDS = 200


def run_demo(games: Games, players: int, seed: int) -> int:
    rng = random.Random(seed)
    clock = [datetime(2026, 11, 29, 21, 0, tzinfo=UTC)]
    games.now = lambda: clock[0]
    name = f"demo-{len(games.store.games()) + 1}"
    seats = [Seat(n, f"{n.lower()}@demo.invalid") for n in NAMES[: max(4, min(players, 20))]]
    games.create(name, "classic", seats, seed=seed, mj=MJ)
    state = games.start(name)
    print(f"Partie {name} : {len(seats)} joueurs.\n")
    for _ in range(MAX_ROUNDS):
        state = games.load(name)
        if state.status == "ended":
            break
        acted = False
        for player in list(state.players):
            state = games.load(name)
            lines = orders_for(state, player, rng)
            if lines:
                games.act(name, state.players[player].email, "\n".join(lines), cause="demo:bot")
                acted = True
        state = games.load(name)
        clock[0] += timedelta(minutes=30)
        if state.status == "running" and not acted:
            games.end_step(name)
    state = games.load(name)
    for text in digests(games.settings.maildir, MJ):
        print(text)
    print(f"Vainqueur : {state.winner} ({', '.join(state.winners)})")
    print(f"Les mails envoyés sont dans {games.settings.maildir}")
    return 0 if state.status == "ended" else 1


def digests(maildir: Path, recipient: str) -> list[str]:
    """The public digests the MJ received, in the order of the log."""
    box = mailbox.Maildir(str(maildir), create=True)
    found: list[tuple[tuple[int, int], str]] = []
    for key in box.iterkeys():
        message = BytesParser(policy=policy.default).parsebytes(box.get_bytes(key))
        if message["To"] != recipient:
            continue
        numbers = re.findall(r"\.(\d+)\.(\d+)@", message["Message-ID"] or "")
        order = (int(numbers[0][0]), int(numbers[0][1])) if numbers else (0, 0)
        body = _text(message) if isinstance(message, EmailMessage) else ""
        found.append((order, f"--- {message['Subject']}\n{body}"))
    return [text for _, text in sorted(found)]


def _text(message: EmailMessage) -> str:
    """The text/plain part of a mail (ours are multipart/alternative: text and HTML)."""
    part = message.get_body(preferencelist=("plain",))
    return str(part.get_content()) if isinstance(part, EmailMessage) else ""
