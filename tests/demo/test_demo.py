"""`lgmail demo` as a newcomer runs it: a subprocess on a fresh data directory. Bots play a whole
classic game by mail (SMTP in, Maildir out) on a fast clock; the game ends within about a
minute, the transcript and the winners are printed, and the store shows that every order came
by mail and every mail was answered once.

The runs start together (a module fixture) and each test waits for its own.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path

import pytest
from sqlalchemy import select

from lgmail.store.eventstore import EventStore
from lgmail.store.schema import inbox

#: (seed, players): the default game, the smallest, and a large one with every role
RUNS = [(2026, 8), (7, 5), (13, 13)]
#: real seconds a run may take (the demo itself gives up after 90)
LIMIT = 90.0
ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Run:
    """One `lgmail demo` subprocess, read to its end by a thread of its own (its duration is
    its own, whatever the order the tests wait in)."""

    data: Path
    process: subprocess.Popen[str]
    began: float = field(default_factory=time.monotonic)
    seconds: float = 0.0
    out: str = ""
    err: str = ""

    def __post_init__(self) -> None:
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        self.out, self.err = self.process.communicate()
        self.seconds = time.monotonic() - self.began

    def wait(self) -> Run:
        self._reader.join(LIMIT + 60)
        assert not self._reader.is_alive(), f"lgmail demo still running after {LIMIT + 60} s"
        return self


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[tuple[int, int], Run]]:
    env = {
        k: v for k, v in os.environ.items() if k not in ("LGMAIL_DB", "LGMAIL_RELAY", "LGMAIL_NOW")
    }
    started = {}
    for seed, players in RUNS:
        data = tmp_path_factory.mktemp(f"demo-{seed}-{players}")
        command = [sys.executable, "-m", "lgmail", "--data", str(data), "demo", "--seed", str(seed)]
        if players != 8:
            command += ["--players", str(players)]
        process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        started[(seed, players)] = Run(data, process)
    yield started
    for run in started.values():
        if run.process.poll() is None:
            run.process.kill()


def _maildir(folder: Path) -> list[EmailMessage]:
    paths = sorted(p for sub in ("new", "cur") for p in (folder / sub).glob("*"))
    parser = BytesParser(policy=policy.default)
    return [
        m for m in (parser.parsebytes(p.read_bytes()) for p in paths) if isinstance(m, EmailMessage)
    ]


@pytest.mark.parametrize(("seed", "players"), RUNS, ids=[f"seed{s}-{p}p" for s, p in RUNS])
def test_demo_plays_a_whole_game_by_mail(
    runs: dict[tuple[int, int], Run], seed: int, players: int
) -> None:
    run = runs[(seed, players)].wait()
    print(f"lgmail demo --seed {seed} --players {players}: {run.seconds:.1f} s")
    assert run.process.returncode == 0, run.out + run.err
    assert run.seconds < LIMIT
    out = run.out

    # the public transcript: the election's result, a dawn, the end; the winners; the mails
    assert "--- [demo-1] Élection du Capitaine" in out
    assert "Votes pour l'élection du Capitaine :" in out
    assert "est élu·e Capitaine." in out or "Pas de Capitaine" in out
    assert "Le jour se lève sur le village." in out
    assert "La partie est terminée : victoire" in out
    assert "\nVainqueurs : " in out
    maildir = run.data.resolve() / "maildir"
    assert f"Les mails envoyés sont dans {maildir}" in out

    store = EventStore.for_data_dir(run.data)
    try:
        records = store.read("demo-1")
        with store.engine.begin() as conn:
            received = conn.execute(select(inbox.c.message_id, inbox.c.outcome)).all()
    finally:
        store.close()
    types = [r.type for r in records]
    assert "GameEnded" in types
    assert len(next(r for r in records if r.type == "RolesDealt").payload["roles"]) == players

    # the bots played by mail only: every order accepted came from a mail the service received
    ids = {message_id for message_id, _ in received}
    orders = [r for r in records if r.type == "OrderAccepted"]
    assert orders
    for record in orders:
        assert record.cause.startswith("mail:<"), record
        assert record.cause.removeprefix("mail:") in ids
    # ... to their private address (a reply to a digest would have been posted on the square)
    assert {outcome for _, outcome in received} <= {"applied", "refused"}

    # every mail of a bot got exactly one answer, in the Maildir
    mails = _maildir(maildir)
    sent = _maildir(run.data / "bots" / "demo-1")
    assert {str(m["Message-ID"]) for m in sent} == ids
    answers: dict[str, int] = {}
    for mail in mails:
        answers[str(mail.get("In-Reply-To", ""))] = answers.get(str(mail["In-Reply-To"]), 0) + 1
    for mail in sent:
        assert answers.get(str(mail["Message-ID"])) == 1, mail["Message-ID"]
        assert str(mail["Subject"]).startswith("Re: [demo-1] ")
        assert mail["In-Reply-To"] and str(mail["In-Reply-To"]) in str(mail["References"])
    refused = [_text(m) for m in mails if str(m["Subject"]) == "[demo-1] Ordre refusé"]
    assert not refused, refused


def _text(mail: EmailMessage) -> str:
    part = mail.get_body(preferencelist=("plain",))
    return str(part.get_content()) if isinstance(part, EmailMessage) else ""


def test_a_second_demo_in_the_same_data_directory(runs: dict[tuple[int, int], Run]) -> None:
    """`make demo` run again: a new game demo-2 beside demo-1; its bots ignore demo-1's mail."""
    first = runs[(2026, 8)].wait()
    began = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "lgmail", "--data", str(first.data), "demo", "--players", "5"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=LIMIT + 60,
    )
    print(f"second demo: {time.monotonic() - began:.1f} s")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "--- [demo-2] Fin de la partie" in done.stdout
    assert "[demo-1]" not in done.stdout
    store = EventStore.for_data_dir(first.data)
    try:
        assert store.games() == ["demo-1", "demo-2"]
        with store.engine.begin() as conn:
            outcomes = [row.outcome for row in conn.execute(select(inbox.c.outcome))]
    finally:
        store.close()
    assert set(outcomes) <= {"applied", "refused"}
    assert len(_maildir(first.data / "bots" / "demo-2")) > 0


def test_the_demo_keeps_away_from_real_games(tmp_path: Path) -> None:
    """The demo's service would run every game of the store on its fast clock: it refuses a
    data directory with games other than demos."""
    from lgmail.config import settings
    from lgmail.rules.commands import Seat
    from lgmail.service.demo import run_demo
    from lgmail.service.games import Games

    games = Games(settings.load(tmp_path))
    seats = [Seat(n, f"{n.lower()}@example.org") for n in ("Ana", "Bob", "Cid", "Dan", "Eve")]
    games.create("village", "classic", seats)
    try:
        assert run_demo(games, 5, 1) == 2
        assert games.store.games() == ["village"]
    finally:
        games.store.close()
