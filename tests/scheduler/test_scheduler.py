"""The deadline scheduler of `lgmail serve` (issue: "APScheduler runs inside serve"): its jobs
come from the log at start-up; a deadline that passed while no service ran is resolved once at
start; a job closes a step at its deadline; an order that closes a step early moves the job; two
services on one PostgreSQL close a step once and deliver each mail once."""

from __future__ import annotations

import mailbox
import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import delete, select

from lgmail.config import settings
from lgmail.rules.commands import ExtendDeadline, Seat
from lgmail.service.games import Games
from lgmail.service.scheduler import Clock
from lgmail.service.server import Endpoints, Server
from lgmail.service.summaries import summary_of
from lgmail.store.eventstore import EventStore
from lgmail.store.model import RecordedEvent
from lgmail.store.schema import game_summaries, outbox
from tests.conftest import PG
from tests.scenario import START, Scenario
from tests.scheduler.conftest import FastClock, wait_for

ROLES = {"Alice": "loup-garou", "Bruno": "voyante", "Chloe": "villageois", "David": "villageois"}
NO_LISTENER = Endpoints(None, None, None)
#: no safety-net sweep during a test but the worker's first round: the scheduler is the clock
NO_SWEEP = 3600.0


def test_a_deadline_passed_while_no_service_ran_is_resolved_once_at_start(
    tmp_path: Path,
) -> None:
    game = Scenario(tmp_path, ROLES, options={"night_minutes": 60})
    night = game.state.step
    assert night is not None and night.deadline == START + timedelta(minutes=60)
    # the service comes back at 22:30 (a clock fixed there): the night's deadline has passed
    later = START + timedelta(minutes=90)
    games = Games(game.games.settings, now=lambda: later)
    for _ in ("start", "restart"):
        server = Server(games, NO_LISTENER, sweep_seconds=NO_SWEEP, clock=Clock(games.now, 0))
        server.start()
        try:
            closed = [r for r in game.games.records(game.name) if r.type == "StepClosed"]
            assert [(r.payload["step"], r.payload["reason"], r.cause) for r in closed] == [
                ("loups", "deadline", "deadline")
            ]
            assert closed[0].recorded_at == later
            assert len(game.events("DawnBroke")) == 1
            assert game.phase() == ("day", 1) and game.step() == "vote"
            # the day's deadline is in the future of a fixed clock: it never comes
            assert server.scheduler.scheduled(game.name) is None
        finally:
            server.stop()


def test_a_job_closes_the_night_at_its_deadline_without_mail_or_sweep(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES, options={"night_minutes": 10, "day_minutes": 24 * 60})
    night = game.state.step
    assert night is not None
    mails = len(game.mails())
    fast = FastClock(START)  # the night's 10 minutes: one real second
    games = Games(game.games.settings, now=fast.now)
    server = Server(games, NO_LISTENER, sweep_seconds=NO_SWEEP, clock=fast.clock)
    server.start()
    try:
        assert server.scheduler.scheduled(game.name) == night.deadline
        assert not game.events("StepClosed")
        wait_for(lambda: game.events("DawnBroke"), timeout=15)
        day = game.state.step
        assert day is not None and day.name == "vote"
        wait_for(lambda: server.scheduler.scheduled(game.name) == day.deadline, timeout=5)
        # the dawn's mails: the tick woke the worker, whose round delivers them
        wait_for(lambda: len(game.mails()) > mails, timeout=10)
    finally:
        server.stop()
    closed = [r for r in game.games.records(game.name) if r.type == "StepClosed"]
    assert [(r.payload["reason"], r.cause) for r in closed] == [("deadline", "deadline")]
    # resolved when the game's clock reached the deadline (a real 0.5 s is 5 game minutes)
    assert night.deadline <= closed[0].recorded_at < night.deadline + timedelta(minutes=5)
    assert [e["kind"] for e in game.events("PhaseOpened")] == ["night", "day"]
    assert len(game.mails()) > mails  # the dawn's mails went out
    assert not games.store.inbox_pending(1)  # no mail played a part


def order(server: Server, game: Scenario, player: str, text: str) -> None:
    """`player` mails `text` to their personal address (the Reply-To of their role mail)."""
    role = next(m for m in game.mails(player) if "Votre rôle" in m.subject)
    msg = EmailMessage()
    msg["From"] = Scenario.email(player)
    msg["To"] = role.reply_to
    msg["Subject"] = f"Re: {role.subject}"
    msg["Message-ID"] = make_msgid(domain="example.org")
    msg.set_content(text)
    server.inbound.accept(msg.as_bytes(), [role.reply_to])
    server.wake()
    wait_for(lambda: not server.games.store.inbox_pending(1))


def test_an_order_that_closes_the_step_early_moves_the_job(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES, options={"night_minutes": 600, "day_minutes": 600})
    night = game.state.step
    assert night is not None
    fast = FastClock(START)  # the night's 10 hours: a real minute, longer than this test
    games = Games(game.games.settings, now=fast.now)
    server = Server(games, NO_LISTENER, sweep_seconds=NO_SWEEP, clock=fast.clock)
    server.start()
    try:
        assert server.scheduler.scheduled(game.name) == night.deadline
        order(server, game, "Alice", "tuer Chloe")
        assert game.step() == "loups"  # Bruno has not acted yet
        assert server.scheduler.scheduled(game.name) == night.deadline
        order(server, game, "Bruno", "sonder Alice")
        # both acted: the night closed early, the day opened with a deadline of its own
        day = game.state.step
        assert day is not None and day.name == "vote" and day.deadline > night.deadline
        # the worker, having played the mail, schedules the game again (no sweep, no job ran)
        wait_for(lambda: server.scheduler.scheduled(game.name) == day.deadline, timeout=5)
    finally:
        server.stop()
    closed = game.events("StepClosed")
    assert [e["reason"] for e in closed] == ["complete"]
    assert not game.alive("Chloe")


@pytest.mark.skipif(PG == "none", reason="LGMAIL_TEST_PG=none")
def test_two_services_on_one_postgresql_close_a_step_once_and_mail_once(
    tmp_path: Path, pg_schema: str
) -> None:
    data = tmp_path / "data"
    # the games were created three hours ago; their night (one hour) ended two hours ago,
    # while no service ran: both services, started together, resolve them at start-up
    past = datetime.now(UTC).replace(microsecond=0) - timedelta(hours=3)
    games = Games(settings.load(data, pg_schema), now=lambda: past)
    seats = [Seat(n, Scenario.email(n), "fr") for n in ROLES]
    names = [f"duo-{i}" for i in range(3)]
    for name in names:
        options = {"election": False, "night_minutes": 60}
        games.create(name, "classic", seats, roles=ROLES, options=options, mj="mj@example.org")
        games.start(name)
    assert all(games.load(n).step is not None for n in names)

    command = [sys.executable, "-m", "lgmail", "--data", str(data), "--db", pg_schema]
    command += ["serve", "--no-smtp"]
    env = {k: v for k, v in os.environ.items() if k not in ("LGMAIL_NOW", "LGMAIL_HOME")}
    logs = [tmp_path / f"serve-{i}.log" for i in range(2)]
    handles = [log.open("w") for log in logs]
    services = [
        subprocess.Popen(command, stdout=h, stderr=subprocess.STDOUT, env=env) for h in handles
    ]
    try:

        def serving() -> bool:
            for service, log in zip(services, logs, strict=True):
                assert service.poll() is None, log.read_text()
            return all("lgmail: serving" in log.read_text() for log in logs)

        wait_for(serving, timeout=30, step=0.1)
        wait_for(
            lambda: (
                all(games.load(n).phase == "day" for n in names) and not games.store.pending_mail(1)
            ),
            timeout=15,
        )
        time.sleep(0.5)  # room for a second closing or a second delivery, were there one
    finally:
        for service in services:
            service.send_signal(signal.SIGTERM)
        for service in services:
            try:
                service.wait(timeout=15)
            except subprocess.TimeoutExpired:
                service.kill()
        for handle in handles:
            handle.close()
    texts = [log.read_text() for log in logs]
    assert all(service.returncode == 0 for service in services), texts

    for name in names:
        records = games.records(name)
        closed = [r for r in records if r.type == "StepClosed"]
        assert [(r.payload["step"], r.payload["reason"]) for r in closed] == [
            ("loups", "deadline")
        ], name
        assert len([r for r in records if r.type == "DawnBroke"]) == 1, name
        assert [r.payload["kind"] for r in records if r.type == "PhaseOpened"] == ["night", "day"]
        # each service derived the day's deadline from the log and scheduled it
        day = games.load(name).step
        assert day is not None
        assert all(f"{name}: deadline {day.deadline} scheduled" in text for text in texts)

    # every outbox row sent, and delivered once: one Maildir file per row, no Message-ID twice
    with games.store.engine.connect() as conn:
        rows = conn.execute(select(outbox.c.id, outbox.c.message_id, outbox.c.sent_at)).all()
    assert all(row.sent_at is not None for row in rows)
    box = mailbox.Maildir(str(games.settings.maildir), create=False)
    files = sorted(box.keys())
    assert len(files) == len(rows)
    assert sorted(int(key.split(".")[0]) for key in files) == sorted(row.id for row in rows)
    message_ids = [box[key]["Message-ID"] for key in files]
    assert sorted(message_ids) == sorted(row.message_id for row in rows)
    assert len(set(message_ids)) == len(message_ids)
    games.store.close()


class HeldTick(Games):
    """Games whose tick, from the scheduler's thread, waits for `release` (after `entered`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.entered, self.release = threading.Event(), threading.Event()

    def tick(self, name: str) -> list[Any]:
        if threading.current_thread().name.startswith("ThreadPoolExecutor"):
            self.entered.set()
            self.release.wait(30)
        return super().tick(name)


def test_stopping_while_a_job_runs_waits_for_it_and_returns(tmp_path: Path) -> None:
    """A job that sets its next job while the service stops (APScheduler's shutdown holds its
    job store's lock while it waits for the running jobs): stop() still returns."""
    game = Scenario(tmp_path, ROLES, options={"night_minutes": 10, "day_minutes": 24 * 60})
    fast = FastClock(START)
    games = HeldTick(game.games.settings, now=fast.now)
    server = Server(games, NO_LISTENER, sweep_seconds=NO_SWEEP, clock=fast.clock)
    server.start()
    assert games.entered.wait(15), "the night's job never ran"
    stopping = threading.Thread(target=server.stop)
    stopping.start()
    # the shutdown has begun (APScheduler marks itself stopped first), then the job goes on
    wait_for(lambda: not server.scheduler._scheduler.running, timeout=15)
    games.release.set()
    stopping.join(15)
    assert not stopping.is_alive(), "stop() hangs"
    # the job's tick was applied: the night closed at its deadline, and no job is left
    assert [e["kind"] for e in game.events("PhaseOpened")] == ["night", "day"]
    assert server.scheduler.scheduled(game.name) is None


def test_the_sweep_reschedules_the_games_another_process_changed_and_only_those(
    tmp_path: Path,
) -> None:
    """The worker's sweep reads which games have events since the sweep before last (#37: its
    cost follows what changed, not the games in the store): the MJ's extension written by
    another process moves the game's job; a game nobody touched is not read again."""
    game = Scenario(tmp_path, ROLES, options={"night_minutes": 60})
    other = Scenario(tmp_path, ROLES, name="hameau", options={"night_minutes": 60})
    night = game.state.step
    assert night is not None
    games = Games(game.games.settings, now=lambda: START)
    # a game clock that stands still, whose jobs wait in real seconds
    server = Server(games, NO_LISTENER, sweep_seconds=0.1, clock=Clock(games.now, 1.0))
    server.start()
    try:
        assert server.scheduler.scheduled(game.name) == night.deadline
        # `lgmail game extend` from a shell: another process, the same store
        admin = Games(game.games.settings, now=lambda: START)
        admin.mj(game.name, ExtendDeadline(30))
        later = night.deadline + timedelta(minutes=30)
        wait_for(lambda: server.scheduler.scheduled(game.name) == later, timeout=15)
        assert server.scheduler.scheduled(other.name) == START + timedelta(minutes=60)
        # what the sweeps read: the extended game, until one sweep after its change
        seen = set(server.worker.changed()) | set(server.worker.changed())
        assert seen <= {game.name}
        assert server.worker.changed() == []
    finally:
        server.stop()


class CountingStore(EventStore):
    """A store that counts the reads of each game's log."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.reads: Counter[str] = Counter()

    def read(
        self, game: str, after_version: int = 0, upto_version: int | None = None
    ) -> list[RecordedEvent]:
        self.reads[game] += 1
        return super().read(game, after_version, upto_version)


def test_the_start_up_schedules_from_the_summaries_and_reads_only_what_it_must(
    tmp_path: Path,
) -> None:
    """#37: a service's start-up reads the games' summaries (written with each commit) and
    schedules a game whose deadline is to come without reading its log; a game whose summary
    is missing (stored before summaries were) is read, ticked, and gets its summary."""
    game = Scenario(tmp_path, ROLES, options={"night_minutes": 60})
    old = Scenario(tmp_path, ROLES, name="hameau", options={"night_minutes": 30})
    with game.games.store.engine.begin() as conn:
        conn.execute(delete(game_summaries).where(game_summaries.c.game == old.name))
    store = CountingStore(game.games.settings.db_url)
    games = Games(game.games.settings, store=store, now=lambda: START)
    server = Server(games, NO_LISTENER, sweep_seconds=NO_SWEEP, clock=Clock(games.now, 1.0))
    server.start()
    try:
        assert server.scheduler.scheduled(game.name) == START + timedelta(minutes=60)
        assert server.scheduler.scheduled(old.name) == START + timedelta(minutes=30)
        assert store.reads[game.name] == 0
        assert store.reads[old.name] >= 1
        assert {s.game: s for s in store.summaries()}[old.name] == summary_of(old.state)
    finally:
        server.stop()
