"""Optional sender authentication (issue #3 §2): with `[mail] auth = "authentication-results"`,
an order is applied only when the local MTA's Authentication-Results (our authserv-id, added
above its Received header) vouch for the From domain; one the sender wrote himself counts for
nothing (RFC 8601 §7.1)."""

from __future__ import annotations

from email.utils import make_msgid
from pathlib import Path

from lgmail.service.inbound import Inbound
from tests.scenario import Scenario

ROLES = {"Alice": "loup-garou", "Bruno": "voyante", "Chloe": "villageois", "David": "villageois"}
MX = "mx.lgmail.example"


def raw(reply_to: str, results_on_top: str | None, forged_deep: str | None = None) -> bytes:
    lines = []
    if results_on_top:
        lines.append(f"Authentication-Results: {MX}; {results_on_top}")
    lines += [
        f"Received: from mail-sor-f41.google.com (mail-sor-f41.google.com [209.85.220.41])"
        f" by {MX} (Postfix) with ESMTPS id 4Lq2; Mon, 30 Nov 2026 21:04:05 +0100",
    ]
    if forged_deep:
        lines.append(f"Authentication-Results: {MX}; {forged_deep}")
    lines += [
        "From: Bruno <bruno@example.org>",
        f"To: {reply_to}",
        "Subject: Re: [village] Votre rôle",
        f"Message-ID: {make_msgid(domain='example.org')}",
        "Content-Type: text/plain; charset=utf-8",
        "",
        "sonder Alice",
    ]
    return "\r\n".join(lines).encode()


def setup(tmp_path: Path) -> tuple[Scenario, Inbound, str]:
    data = tmp_path / "data"
    data.mkdir()
    (data / "lgmail.toml").write_text(
        f'[mail]\nauth = "authentication-results"\nauthserv_id = "{MX}"\n', encoding="utf-8"
    )
    game = Scenario(tmp_path, ROLES)
    reply_to = next(m for m in game.mails("Bruno") if "Votre rôle" in m.subject).reply_to
    return game, Inbound(game.games), reply_to


def test_an_order_vouched_for_by_the_local_mta_is_applied(tmp_path: Path) -> None:
    game, inbound, reply_to = setup(tmp_path)
    mail = raw(reply_to, "dkim=pass header.d=example.org; dmarc=pass header.from=example.org")
    (inbox_id,) = inbound.accept(mail, [reply_to])
    assert inbound.process(inbox_id).outcome == "applied"
    assert len(game.events("OrderAccepted")) == 1


def test_results_written_by_the_sender_count_for_nothing(tmp_path: Path) -> None:
    game, inbound, reply_to = setup(tmp_path)
    mail = raw(reply_to, None, forged_deep="dmarc=pass header.from=example.org")
    (inbox_id,) = inbound.accept(mail, [reply_to])
    assert inbound.process(inbox_id).outcome == "forged"
    assert game.events("OrderAccepted") == []
    assert any("Quelqu'un a tenté" in m.subject for m in game.mails("Bruno"))


def test_a_failed_check_changes_nothing(tmp_path: Path) -> None:
    game, inbound, reply_to = setup(tmp_path)
    mail = raw(reply_to, "dkim=fail header.d=example.org; dmarc=fail header.from=example.org")
    (inbox_id,) = inbound.accept(mail, [reply_to])
    assert inbound.process(inbox_id).outcome == "forged"
    assert game.events("OrderAccepted") == []
