"""Mails that arrived together are played together (``Inbound.process_many``): each game's
players' orders in one transaction, with the very events, answers and Message-IDs that
processing them one by one gives, in the order they came (a second mail from the same player,
or a mail that is not orders, first commits what came before it)."""

from __future__ import annotations

import json
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from lgmail.service.inbound import Inbound
from lgmail.store.eventstore import EventStore
from lgmail.store.schema import inbox, outbox
from tests.scenario import Scenario

ROLES = {"Alice": "loup-garou", "Bruno": "voyante", "Chloe": "villageois", "David": "villageois"}


def reply_to(game: Scenario, player: str) -> str:
    return next(m for m in game.mails(player) if "rôle" in m.subject).reply_to


def mail(sender: str, to: str, body: str, n: int) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = "Re: [village] Votre rôle"
    msg["Message-ID"] = f"<m{n}@example.org>"
    msg.set_content(body)
    return msg.as_bytes()


def night_mails(game: Scenario) -> list[tuple[bytes, str]]:
    """A night's mails, as they might come in one burst: orders, a refusal, a second mail
    from the same wolf, a stranger's mail in the middle, a line not understood."""
    plan = [
        ("Alice", "tuer David"),
        ("Chloe", "vote Alice"),  # refused: no vote at night
        ("Bruno", "je sonde Alice stp"),
        (None, "bonjour"),  # a stranger, to the game's address
        ("Alice", "tuer Chloe"),  # too late: the wolves' step closed when all had acted
        ("David", "bonjour à tous"),
    ]
    out = []
    public = f"{game.name}@lgmail.localhost"
    for n, (player, text) in enumerate(plan):
        to = public if player is None else reply_to(game, player)
        sender = "x@example.net" if player is None else Scenario.email(player)
        out.append((mail(sender, to, text, n), to))
    return out


def written(game: Scenario) -> str:
    """The game's log, outbox and inbox outcomes, its name written "village" (two games are
    compared; on PostgreSQL they share one schema, so the second has another name)."""
    store = game.games.store
    with store.engine.connect() as conn:
        mails = conn.execute(
            select(outbox.c.message_id, outbox.c.recipient).where(outbox.c.game == game.name)
        ).all()
        outcomes = conn.execute(
            select(inbox.c.message_id, inbox.c.outcome).where(
                inbox.c.recipient.like(f"{game.name}%")
            )
        ).all()
    records = store.read(game.name)
    seen = {
        "events": [(r.version, r.type, r.payload, r.cause) for r in records],
        "mails": sorted(tuple(m) for m in mails),
        "outcomes": sorted(tuple(o) for o in outcomes),
    }
    return json.dumps(seen, sort_keys=True, default=str).replace(game.name, "village")


def test_a_burst_is_played_together_as_it_would_be_one_by_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, database: str | None
) -> None:
    together = Scenario(tmp_path / "together", ROLES, db=database)
    one_by_one = Scenario(tmp_path / "one-by-one", ROLES, name="hameau", db=database)
    assert written(together) == written(one_by_one)  # the same game so far

    appends: list[int] = []
    real_append = EventStore.append

    def counting(self: EventStore, *args: Any, **kwargs: Any) -> Any:
        appends.append(len(kwargs.get("inboxes", ())) + (kwargs.get("inbox") is not None))
        return real_append(self, *args, **kwargs)

    batch = Inbound(together.games)
    for raw, to in night_mails(together):
        batch.accept(raw, [to])
    monkeypatch.setattr(EventStore, "append", counting)
    rows = together.games.store.inbox_pending(100)
    done = batch.process_many(rows)
    assert [d.outcome for d in done] == [
        "applied",  # Alice, Chloé and Bruno together, committed before...
        "refused",
        "applied",
        "stranger",  # ... the stranger's mail, alone; then Alice again and David together
        "refused",
        "refused",
    ]
    # two appends: three inbox rows marked with their events, then two (the stranger's row
    # is closed without an append)
    assert appends == [3, 2]
    assert together.games.store.inbox_pending(100) == []

    single = Inbound(one_by_one.games)
    for raw, to in night_mails(one_by_one):
        (inbox_id,) = single.accept(raw, [to])
        single.process(inbox_id)
    assert written(together) == written(one_by_one)
    wolves = together.events("WolvesChose")
    assert wolves and wolves[-1]["victim"] == "David"
