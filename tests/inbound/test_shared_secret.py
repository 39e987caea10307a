"""Several workers on one database: each data directory has its own `secret.key`, but the key
of the reply addresses' tokens is the database's, so a token minted by one worker is known by
every other (it was refused as a wrong address)."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

from lgmail.config import settings
from lgmail.service.games import Games
from lgmail.service.inbound import Inbound
from tests.scenario import Scenario

ROLES = {"Alice": "loup-garou", "Bruno": "voyante", "Chloe": "villageois", "David": "villageois"}


def test_a_token_minted_by_one_worker_is_known_by_another(
    tmp_path: Path, database: str | None
) -> None:
    url = database or f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    first = Scenario(tmp_path / "first", ROLES, db=url)
    other = Games(settings.load(tmp_path / "second" / "data", url), now=lambda: first.clock)
    assert (tmp_path / "second" / "data" / "secret.key").read_bytes() != (
        tmp_path / "first" / "data" / "secret.key"
    ).read_bytes()
    assert other.settings.secret == first.games.settings.secret
    role = next(m for m in first.mails("Bruno") if "Votre rôle" in m.subject)
    order = EmailMessage()
    order["From"] = "bruno@example.org"
    order["To"] = role.reply_to
    order["Subject"] = "Re: " + role.subject
    order["Message-ID"] = make_msgid(domain="example.org")
    order.set_content("sonder Alice")
    inbound = Inbound(other)
    (inbox_id,) = inbound.accept(order.as_bytes(), [role.reply_to])
    assert inbound.process(inbox_id).outcome == "applied"
    assert [e["player"] for e in first.events("OrderAccepted")] == ["Bruno"]
