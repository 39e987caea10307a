"""The service's use cases on the real store: a concurrent writer makes the command be decided
again on fresh state; mails leave through the outbox once; a whole game runs on PostgreSQL too."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path

import pytest

from lgmail.config import settings
from lgmail.rules.dump import dump
from lgmail.rules.state import GameState
from lgmail.service.games import Games
from lgmail.store.eventstore import EventStore
from lgmail.store.model import NewEvent, OutgoingMail, RecordedEvent, Summary
from tests.conftest import PG
from tests.scenario import START, Scenario

BACKENDS = ["sqlite"] + ([] if PG == "none" else ["postgresql"])

ROLES = {"Alice": "loup-garou", "Bruno": "voyante", "Chloe": "villageois", "David": "villageois"}


@pytest.fixture
def db(request: pytest.FixtureRequest) -> str | None:
    backend = request.node.callspec.params["backend"]
    return None if backend == "sqlite" else str(request.getfixturevalue("pg_schema"))


class RacingStore(EventStore):
    """A store whose first append lets another writer get there first (a real second append
    through its own connection), so the first one meets a real version conflict."""

    def __init__(self, url: str, rival: Games, game: str, rival_text: tuple[str, str]) -> None:
        super().__init__(url)
        self.rival, self.game, self.rival_text = rival, game, rival_text
        self.raced = False

    def append(
        self,
        game: str,
        expected_version: int,
        events: Sequence[NewEvent],
        recorded_at: datetime,
        outbox: Sequence[OutgoingMail] = (),
        snapshot: str | None = None,
        inbox: tuple[int, str] | None = None,
        inboxes: Sequence[tuple[int, str]] = (),
        summary: Summary | None = None,
    ) -> list[RecordedEvent]:
        if not self.raced:
            self.raced = True
            email, text = self.rival_text
            assert self.rival.act(self.game, email, text).ok
        return super().append(
            game, expected_version, events, recorded_at, outbox, snapshot, inbox, inboxes, summary
        )


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_concurrent_writer_makes_the_command_decided_again(
    backend: str, db: str | None, tmp_path: Path
) -> None:
    name = f"race-{uuid.uuid4().hex[:8]}"
    game = Scenario(tmp_path, ROLES, name=name, db=db)
    conf = game.games.settings
    rival = Games(conf, now=lambda: START)
    racing = RacingStore(conf.db_url, rival, name, ("bruno@example.org", "sonder Alice"))
    mine = Games(conf, store=racing, now=lambda: START)
    answer = mine.act(name, "alice@example.org", "tuer Chloe")
    assert answer.ok and racing.raced
    # both orders are in the log: Bruno's (the rival's) first, then Alice's decided again
    kinds = [(e["player"], e["kind"]) for e in game.events("OrderAccepted")]
    assert kinds == [("Bruno", "sonder"), ("Alice", "tuer")]
    # the night closed once (both acted) and only once
    assert len(game.events("DawnBroke")) == 1
    assert not game.alive("Chloe")
    racing.close()
    rival.store.close()


@pytest.mark.parametrize("backend", BACKENDS)
def test_every_mail_lands_once_in_the_maildir(backend: str, db: str | None, tmp_path: Path) -> None:
    name = f"mail-{uuid.uuid4().hex[:8]}"
    game = Scenario(tmp_path, ROLES, name=name, db=db)
    first = game.mails()
    assert {m.to for m in first} >= {Scenario.email(n) for n in ROLES} | {"mj@example.org"}
    assert len({m.message_id for m in first}) == len(first)
    assert game.games.flush() == 0  # nothing left in the outbox: no mail sent twice
    assert len(game.mails()) == len(first)
    roles = [m for m in first if m.subject.startswith(f"[{name}] Votre rôle")]
    assert len(roles) == len(ROLES)
    alice = next(m for m in roles if m.to == "alice@example.org")
    assert alice.reply_to.startswith(f"{name}+") and alice.reply_to.endswith("@lgmail.localhost")
    assert "Loup-Garou" in alice.body


@pytest.mark.skipif(PG == "none", reason="LGMAIL_TEST_PG=none")
def test_a_whole_game_on_postgresql(tmp_path: Path, pg_schema: str) -> None:
    name = f"pg-{uuid.uuid4().hex[:8]}"
    game = Scenario(tmp_path, ROLES, name=name, db=pg_schema)
    game.ok("Alice", "tuer Chloe")
    game.ok("Bruno", "sonder Alice")
    assert game.phase() == ("day", 1)
    assert "Alice est Loup-Garou" in game.mails("Bruno")[-2].body or any(
        "Alice est Loup-Garou" in m.body for m in game.mails("Bruno")
    )
    game.ok("Bruno", "vote Alice")
    game.ok("David", "vote Alice")
    game.end()
    state = game.state
    assert state.winner == "village" and state.winners == ["Bruno", "Chloe", "David"]
    same, _ = game.games.replay(name)
    assert same


def test_the_data_directory_is_created_on_first_use(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b"
    conf = settings.load(target)
    store = EventStore(conf.db_url)
    assert (target / "lgmail.sqlite3").exists() and (target / "secret.key").exists()
    store.close()


def test_maildir_delivery_is_not_repeated_after_a_crash(tmp_path: Path) -> None:
    from lgmail.mail.maildir import deliver, name_for

    box = tmp_path / "maildir"
    name = name_for(7, "<a@b>")
    assert deliver(box, b"Subject: x\r\n\r\nbody\r\n", name)
    assert not deliver(box, b"Subject: x\r\n\r\nbody\r\n", name)  # re-delivered: kept once
    (box / "new" / name).rename(box / "cur" / f"{name}:2,S")  # the reader has seen it
    assert not deliver(box, b"Subject: x\r\n\r\nbody\r\n", name)
    assert list((box / "new").iterdir()) == [] and list((box / "tmp").iterdir()) == []
    assert name_for(8, "<a@b>") > name


def test_mails_are_text_and_html_and_each_player_has_one_thread(tmp_path: Path) -> None:
    import mailbox
    from email import policy
    from email.parser import BytesParser

    game = Scenario(tmp_path, ROLES)
    game.ok("Alice", "tuer Chloe")
    game.ok("Bruno", "sonder Alice")
    box = mailbox.Maildir(str(game.games.settings.maildir), create=False)
    parsed = [
        BytesParser(policy=policy.default).parsebytes(box.get_bytes(k)) for k in box.iterkeys()
    ]
    by_player: dict[str, set[str]] = {}
    for msg in parsed:
        assert msg.get_content_type() == "multipart/alternative"
        html = msg.get_body(preferencelist=("html",))
        text = msg.get_body(preferencelist=("plain",))
        assert html is not None and text is not None
        first_line = text.get_content().strip().splitlines()[0]
        escaped = first_line.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        assert escaped.replace("'", "&#39;").replace('"', "&#34;") in html.get_content()
        root = str(msg["References"]).split()[0]
        by_player.setdefault(str(msg["To"]), set()).add(root)
    assert all(len(roots) == 1 for roots in by_player.values())  # one thread per player
    assert len({r for roots in by_player.values() for r in roots}) == len(by_player)


def test_a_state_handed_out_never_changes_under_its_reader(tmp_path: Path) -> None:
    """`peek` and a transaction hand out the game's cached state, shared: what a page or the
    scheduler reads in one thread is not changed in place by a command committed in another
    (a tick at 21:30 while the game's page is rendered); that command works on a copy, and
    reads the same game as a state read from the log."""
    game = Scenario(tmp_path, ROLES, name="partage")
    games = game.games

    def in_a_thread(work: Callable[[], GameState]) -> GameState:
        done: list[GameState] = []
        reader = threading.Thread(target=lambda: done.append(work()))
        reader.start()
        reader.join()
        return done[0]

    peeked = in_a_thread(lambda: games.peek("partage"))  # a page's reading
    before = dump(peeked)
    answer, committed, _ = games.play("partage", "bruno@example.org", "sonder Alice", "test")
    assert answer.ok and committed.version == peeked.version + 1
    assert dump(peeked) == before  # the reader's state did not move
    after_first = dump(committed)
    assert games.peek("partage") is committed  # kept as it was handed out, no copy made

    def alice_kills() -> GameState:
        answer, state, _ = games.play("partage", "alice@example.org", "tuer Chloe", "test")
        assert answer.ok
        return state

    latest = in_a_thread(alice_kills)
    assert dump(committed) == after_first  # this thread's state did not move either
    assert not latest.players["Chloe"].alive and latest.version > committed.version
    assert dump(games.peek("partage")) == dump(games.load("partage")) == dump(latest)
    fresh = Games(games.settings, now=lambda: START)
    assert dump(fresh.load("partage")) == dump(latest)
    fresh.store.close()
