"""Work shared by processes (``lgmail.store.work``), on SQLite and PostgreSQL: accepted mail
kept in one synced transaction per group, and the leases by which one process at a time plays
a game's mails, in their order."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import text
from sqlalchemy.exc import StatementError

from lgmail.store.eventstore import EventStore
from lgmail.store.schema import GAME_PREFIX
from lgmail.store.work import Accepted, Work
from tests.store.helpers import T0

RAW = b"From: alice@example.org\r\nSubject: vote\r\n\r\nvote Bruno\r\n"


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def mail(n: int, game: str | None = "village", recipient: str = "village+a@x") -> Accepted:
    return Accepted(f"<m{n}@x>", recipient, RAW, T0, game)


def test_a_group_is_kept_in_one_transaction_once_per_message_id(store: EventStore) -> None:
    work = Work(store)
    kept = work.accept_many([mail(1), mail(2), mail(1), mail(1, recipient="village+b@x")])
    ids = [inbox_id for inbox_id, _ in kept]
    assert [new for _, new in kept] == [True, True, False, True]
    assert ids[0] == ids[2] and len(set(ids)) == 3
    assert [r.id for r in store.inbox_pending()] == sorted(set(ids))
    work.close()


def test_a_group_that_fails_keeps_nothing(store: EventStore) -> None:
    work = Work(store)
    broken = Accepted("<m2@x>", "village+a@x", None, T0, "village")  # type: ignore[arg-type]
    with pytest.raises(Exception):  # noqa: B017 - whatever the driver raises for a NULL raw
        work.accept_many([mail(1), broken])
    assert store.inbox_pending() == []
    work.close()


def test_the_group_commit_is_synced_on_sqlite(store: EventStore, backend: str) -> None:
    if backend != "sqlite":
        pytest.skip("PostgreSQL syncs every commit by default (synchronous_commit=on)")
    work = Work(store)
    work.accept_many([mail(1)])
    with work._synced().engine.connect() as conn:
        assert conn.execute(text("PRAGMA synchronous")).scalar() == 2  # FULL
    with store.engine.connect() as conn:
        assert conn.execute(text("PRAGMA synchronous")).scalar() == 1  # NORMAL elsewhere
    work.close()


def test_sqlite_groups_share_one_kept_synced_connection(store: EventStore, backend: str) -> None:
    """On SQLite the groups are written on one driver connection the writer keeps (no pool
    checkout a group), synced (FULL); a group that fails is rolled back on it and the next
    group is written on it as before."""
    if backend != "sqlite":
        pytest.skip("SQLite only: PostgreSQL's groups go through SQLAlchemy")
    work = Work(store)
    work.accept_many([mail(1)])
    writer = work._synced()
    kept = writer._kept
    assert kept is not None
    driver = kept.driver_connection
    assert driver.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL
    broken = Accepted("<m3@x>", "village+a@x", None, T0, "village")  # type: ignore[arg-type]
    with pytest.raises(sqlite3.IntegrityError):
        work.accept_many([mail(2), broken])
    assert not driver.in_transaction
    work.accept_many([mail(4)])
    assert writer._kept is kept
    assert [r.message_id for r in store.inbox_pending()] == ["<m1@x>", "<m4@x>"]
    work.close()
    assert writer._kept is None


def test_a_lease_is_one_holders_until_it_runs_out(
    open_store: Callable[[], EventStore],
) -> None:
    one, two = Work(open_store()), Work(open_store())
    assert one.take("game:village", "w1", T0, 10)
    assert not two.take("game:village", "w2", at(5), 10)
    assert one.take("game:village", "w1", at(5), 10)  # renewed: until T0 + 15 s
    assert not two.take("game:village", "w2", at(14), 10)
    assert two.take("game:village", "w2", at(15), 10)  # run out: taken over
    assert not one.take("game:village", "w1", at(16), 10)
    one.release("game:village", "w1")  # not his any more: nothing released
    assert not one.take("game:village", "w1", at(17), 10)
    two.release("game:village", "w2")
    assert one.take("game:village", "w1", at(18), 10)


def test_serving_while_a_serve_lease_runs(store: EventStore) -> None:
    work = Work(store)
    assert not work.serving(T0)
    work.take("serve:host:1:0", "host:1:0", T0, 15)
    assert work.serving(T0 + timedelta(seconds=14))
    assert not work.serving(T0 + timedelta(seconds=15))
    assert work.holders("serve:", T0) == ["serve:host:1:0"]


def test_claims_take_a_game_no_one_else_plays(open_store: Callable[[], EventStore]) -> None:
    one, two = Work(open_store()), Work(open_store())
    one.accept_many([mail(1, "village"), mail(2, "hameau"), mail(3, "village"), mail(4, None)])
    first = one.claim("w1", T0, 10, 100)
    assert first is not None and first[0] == "village"
    assert [r.message_id for r in first[1]] == ["<m1@x>", "<m3@x>"]
    second = two.claim("w2", T0, 10, 100)
    assert second is not None and second[0] == "hameau"
    third = two.claim("w3", T0, 10, 100)
    # the rows that name no game are a game of their own: one holder at a time too
    assert third is not None and third[0] == "" and [r.message_id for r in third[1]] == ["<m4@x>"]
    assert two.claim("w4", T0, 10, 100) is None  # all leased
    one.release(GAME_PREFIX + "village", "w1")
    again = two.claim("w4", T0, 10, 100)
    assert again is not None and again[0] == "village"


def test_claims_of_several_games_share_them_out(
    open_store: Callable[[], EventStore],
) -> None:
    """Each of two workers takes half the games with mail waiting (the oldest free ones),
    with `limit` rows in all, and gives them back in one go (#37)."""
    one, two = Work(open_store()), Work(open_store())
    games = ["village", "hameau", "village", "bourg", "ferme", "hameau"]
    one.accept_many([mail(n, game) for n, game in enumerate(games, 1)])
    first = one.claim_games("w1", T0, 10, 100, share=2)
    assert [(g, [r.message_id for r in rows]) for g, rows in first] == [
        ("village", ["<m1@x>", "<m3@x>"]),
        ("hameau", ["<m2@x>", "<m6@x>"]),
    ]
    second = two.claim_games("w2", T0, 10, 3, share=2)  # two left, both free: both taken
    assert [g for g, _ in second] == ["bourg", "ferme"]
    assert two.claim_games("w3", T0, 10, 100, share=2) == []  # all leased
    one.release_games(["village", "hameau"], "w1")
    again = two.claim_games("w3", T0, 10, 3)
    assert [(g, len(rows)) for g, rows in again] == [("village", 2), ("hameau", 1)]


def test_the_time_a_mail_was_received_is_kept_to_the_microsecond(store: EventStore) -> None:
    """The group commit writes SQLite's rows on the driver's connection: the time reads back
    as the same instant, from any time zone."""
    paris = datetime(2026, 3, 10, 21, 29, 59, 123456, tzinfo=ZoneInfo("Europe/Paris"))
    work = Work(store)
    work.accept_many([Accepted("<m1@x>", "village+a@x", RAW, paris, "village")])
    (row,) = store.inbox_pending()
    assert row.received_at == paris and row.received_at.utcoffset() == timedelta(0)
    with pytest.raises((ValueError, StatementError), match="naive"):  # SQLAlchemy wraps it
        work.accept_many([Accepted("<m2@x>", "village+a@x", RAW, paris.replace(tzinfo=None))])
    work.close()
