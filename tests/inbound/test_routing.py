"""Where a reply goes (#18 items 1, 2): a reply to the MJ's mail (digests included) is orders; a
reply to a relayed post continues its channel, unless it reads as orders the sender may give
now; every mail says in its footer where a reply goes and how to write on the square. All
through real SMTP into the running service."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.inbound.conftest import ROLES, Live, running
from tests.inbound.test_smtp import answers, send, wait_for
from tests.scenario import Scenario, Sent


@pytest.fixture
def election(tmp_path: Path, database: str | None) -> Iterator[Live]:
    """The classic game of `live`, opening on the Capitaine's election (a vote by day)."""
    with running(Scenario(tmp_path, ROLES, db=database, election=True)) as served:
        yield served


def digest(live: Live, player: str) -> Sent:
    return next(m for m in reversed(live.game.mails(player)) if "Élection" in m.subject)


def square_address(live: Live, player: str) -> str:
    """The square's address, as the footer of the player's digest gives it."""
    body = digest(live, player).body
    line = next(line for line in body.splitlines() if "sur la place, écrivez à" in line)
    return next(word for word in line.split() if "@" in word)


def test_a_reply_to_the_digest_is_a_vote_not_a_post(election: Live) -> None:
    """#18 item 1: « vote Emma » in reply to the « Élection du Capitaine » digest is counted,
    relayed to nobody, and answered with the vote."""
    live = election
    mail = digest(live, "Bruno")
    assert "vote NOM" in mail.body and mail.reply_to == live.reply_address("Bruno")
    before = len(live.game.mails())
    msg = live.mail("bruno@example.org", mail.reply_to, "vote Emma", subject=f"Re: {mail.subject}")
    send(live, msg)
    wait_for(lambda: bool(answers(live, "Bruno", msg["Message-ID"])))
    (answer,) = answers(live, "Bruno", msg["Message-ID"])
    assert "Vote enregistré pour Emma" in answer.body
    assert [e["targets"] for e in live.game.events("OrderAccepted")] == [["Emma"]]
    assert live.game.events("MessagePosted") == []
    assert len(live.game.mails()) == before + 1  # the answer, and nothing relayed


def test_every_mail_says_where_a_reply_goes(election: Live) -> None:
    """#18 item 1: the digest's footer says a reply is orders and gives the square's address;
    a relayed post's footer says a reply stays on the square; the MJ's, that it is his orders."""
    live = election
    square = square_address(live, "Alice")
    assert square != live.reply_address("Alice") and square.endswith("@lgmail.localhost")
    assert "Répondre à ce message écrit au MJ" in digest(live, "Alice").body
    mj = next(m for m in reversed(live.game.mails("mj@example.org")) if "Élection" in m.subject)
    assert "ordres de MJ" in mj.body and "+mj@" not in mj.reply_to
    text = "Bonjour à tous, je me méfie de Chloé depuis le début."
    msg = live.mail("alice@example.org", square, text, subject="Sur la place")
    send(live, msg)
    wait_for(lambda: any(text in m.body for m in live.game.mails("Bruno")))
    relayed = next(m for m in live.game.mails("Bruno") if text in m.body)
    assert "Répondre à ce message écrit sur la place du village" in relayed.body
    assert relayed.reply_to == square_address(live, "Bruno")
    assert [e["author"] for e in live.game.events("MessagePosted")] == ["Alice"]


def test_an_order_written_on_the_square_is_played_not_published(election: Live) -> None:
    """#18 item 2: « vote Emma » to the square is played as a vote, published to nobody, and
    the answer says so and how to write on the square."""
    live = election
    msg = live.mail("chloé@example.org", square_address(live, "Chloé"), "Je vote Emma")
    send(live, msg)
    wait_for(lambda: bool(answers(live, "Chloé", msg["Message-ID"])))
    (answer,) = answers(live, "Chloé", msg["Message-ID"])
    assert "se lit comme des ordres" in answer.body and "n'a pas été publié" in answer.body
    assert "Vote enregistré pour Emma" in answer.body
    assert [e["player"] for e in live.game.events("OrderAccepted")] == ["Chloé"]
    assert live.game.events("MessagePosted") == []


def test_prose_after_an_order_on_the_square_is_not_published_either(election: Live) -> None:
    """#18 item 2, a mail mixing an order and prose on the square: its first line reads as an
    order, so the whole mail is played as orders (the prose is answered as conversation) and
    nothing is published: a line meant for the MJ never reaches the village."""
    live = election
    text = "vote David\nIl n'a rien dit depuis hier, c'est suspect."
    msg = live.mail("emma@example.org", square_address(live, "Emma"), text)
    send(live, msg)
    wait_for(lambda: bool(answers(live, "Emma", msg["Message-ID"])))
    assert [e["targets"] for e in live.game.events("OrderAccepted")] == [["David"]]
    assert live.game.events("MessagePosted") == []


def test_a_sentence_that_names_an_order_is_debate(election: Live) -> None:
    """#18 item 2: a long sentence on the square that mentions a vote is relayed, not played."""
    live = election
    text = "Si on vote Emma aujourd'hui, on perd notre meilleure piste contre les loups."
    msg = live.mail("david@example.org", square_address(live, "David"), text)
    send(live, msg)
    wait_for(lambda: bool(live.game.events("MessagePosted")))
    assert live.game.events("OrderAccepted") == []
    assert live.game.events("MessagePosted")[0]["text"] == text
