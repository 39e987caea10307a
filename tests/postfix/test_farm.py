"""A farm, as `deploy/README.md` documents it (``tests.postfix.farm``): three `lgmail serve`
processes on one PostgreSQL behind one Postfix, a hundred games played by mail through it, the
worker that takes the LMTP deliveries SIGKILLed in the middle of the day's votes.

Checked: every step of every game is closed once; every order is applied once and answered; no
outgoing mail is lost (every outbox row reached the players' server); the mails delivered twice
are counted (at-least-once: at most the ones in flight in the killed worker). How long an
answer takes is `bench/farm.py`'s figure; here only a loose bound."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest
from sqlalchemy import select

from lgmail.service.workers import CONNECTIONS
from lgmail.store.schema import outbox
from tests.postfix.farm import figures, headers, play, running

GAMES = int(os.environ.get("LGMAIL_FARM_GAMES", "100"))


def test_three_workers_behind_postfix_one_killed(
    tmp_path: Path, postfix_ok: None, request: pytest.FixtureRequest
) -> None:
    if os.environ.get("LGMAIL_TEST_PG") == "none":
        pytest.skip("LGMAIL_TEST_PG=none: a farm needs PostgreSQL")
    pg_schema = str(request.getfixturevalue("pg_schema"))
    with running(tmp_path, pg_schema, GAMES) as farm:
        play(farm)
        admin, players = farm.admin, farm.players
        orders = set(players.sent_at)

        # every step closed once, every order applied once
        for game in farm.games:
            records = list(admin.records(game))
            closed = Counter(str(r.payload["step"]) for r in records if r.type == "StepClosed")
            assert closed and set(closed.values()) == {1}, (game, closed)
            assert sum(r.type == "GameEnded" for r in records) == 1
        applied = Counter(
            r.cause for g in farm.games for r in admin.records(g) if r.type == "OrderAccepted"
        )
        assert applied == {f"mail:{mid}": 1 for mid in orders}

        # no mail lost: every outbox row reached the players' server; duplicates counted
        delivered = Counter(str(headers(r.content)["Message-ID"]) for r in players.sink.received)
        with admin.store.engine.connect() as conn:
            written = {str(mid) for (mid,) in conn.execute(select(outbox.c.message_id))}
        assert written and written <= set(delivered), "an outgoing mail was lost"
        duplicates = {mid: n for mid, n in delivered.items() if n > 1}
        # at-least-once: only what the killed worker had in flight may come twice
        assert len(duplicates) <= CONNECTIONS, duplicates
        # a loose bound: the figure to read and compare is bench/farm.py's
        delays = players.delays()
        assert len(delays) == len(orders) and max(delays) < 60, figures(delays)
