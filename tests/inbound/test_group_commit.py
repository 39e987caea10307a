"""The listeners answer 250 only once a mail is kept, synced (``lgmail.service.committer``):
the mails of sessions that end together are written in one transaction, and when that write
fails every session of the group gets a 451 and none of its mails is kept. Real SMTP on
loopback, on SQLite and PostgreSQL."""

from __future__ import annotations

import smtplib
import threading
import time
from collections.abc import Callable, Sequence
from email.message import EmailMessage

import pytest

from lgmail.store import inbox as store_inbox
from lgmail.store.work import Accepted
from tests.inbound.conftest import Live
from tests.scheduler.conftest import wait_for


def send(live: Live, msg: EmailMessage) -> int:
    """SMTP to the listener: the reply code to DATA."""
    try:
        with smtplib.SMTP("127.0.0.1", live.smtp, timeout=10) as client:
            client.send_message(msg)
    except smtplib.SMTPDataError as error:
        return error.smtp_code
    return 250


def in_background(
    live: Live, msgs: Sequence[EmailMessage]
) -> tuple[list[threading.Thread], dict[str, int]]:
    codes: dict[str, int] = {}

    def one(msg: EmailMessage) -> None:
        codes[msg["Message-ID"]] = send(live, msg)

    threads = [threading.Thread(target=one, args=(m,)) for m in msgs]
    for thread in threads:
        thread.start()
    return threads, codes


def kept(live: Live, msg: EmailMessage) -> bool:
    with live.game.games.store.engine.connect() as conn:
        return (
            conn.execute(
                store_inbox._FIND, {"message_id": msg["Message-ID"], "recipient": msg["To"].lower()}
            ).first()
            is not None
        )


class Gate:
    """A committer's write held at the gate until opened: what waits is counted."""

    def __init__(self, write: Callable[[Sequence[Accepted]], object]) -> None:
        self.write = write
        self.open = threading.Event()
        self.groups: list[int] = []
        #: mails that reached the gate
        self.arrived = 0

    def __call__(self, rows: Sequence[Accepted]) -> object:
        self.arrived += len(rows)
        self.open.wait(20)
        self.groups.append(len(rows))
        return self.write(rows)


def votes(live: Live, count: int) -> list[EmailMessage]:
    voters = ["Bruno", "Chloé", "David", "Emma", "Alice"]
    return [
        live.mail(live.game.email(v), live.reply_address(v), "vote Alice") for v in voters[:count]
    ]


def test_the_250_waits_until_the_mail_is_kept(live: Live) -> None:
    gate = Gate(live.server.committer.write)
    live.server.committer.write = gate
    (msg,) = votes(live, 1)
    threads, codes = in_background(live, [msg])
    time.sleep(0.5)
    assert threads[0].is_alive() and not codes, "no answer while the mail is not kept"
    assert not kept(live, msg)
    gate.open.set()
    threads[0].join(10)
    assert codes == {msg["Message-ID"]: 250}
    assert kept(live, msg)
    wait_for(
        lambda: len(live.game.mails("Bruno")) > 0 and "Alice" in live.game.mails("Bruno")[-1].body
    )


def test_sessions_that_end_together_are_kept_in_one_group(live: Live) -> None:
    committer = live.server.committer
    gate = Gate(committer.write)
    committer.write = gate
    first, *rest = votes(live, 5)
    threads, codes = in_background(live, [first])
    wait_for(lambda: committer._queue.qsize() == 0 and threads[0].is_alive())
    time.sleep(0.2)  # the first mail is at the gate: the committer is busy with it
    more, more_codes = in_background(live, rest)
    wait_for(lambda: committer._queue.qsize() == len(rest))
    gate.open.set()
    for thread in threads + more:
        thread.join(10)
    assert set(codes.values()) == set(more_codes.values()) == {250}
    assert gate.groups == [1, 4]
    assert all(kept(live, m) for m in [first, *rest])


def test_a_failed_group_answers_451_to_each_session_and_keeps_none(live: Live) -> None:
    committer = live.server.committer
    work = committer.work

    def fails_after_writing(rows: Sequence[Accepted]) -> None:
        with work._synced().begin() as conn:
            for row in rows:
                store_inbox.add(conn, row.message_id, row.recipient, row.raw, row.received_at)
            raise OSError("No space left on device")

    gate = Gate(fails_after_writing)
    committer.write = gate
    msgs = votes(live, 3)
    threads, codes = in_background(live, msgs)
    wait_for(lambda: committer._queue.qsize() + gate.arrived == len(msgs))
    gate.open.set()
    for thread in threads:
        thread.join(10)
    assert set(codes.values()) == {451}
    assert not any(kept(live, m) for m in msgs), "nothing of a failed group is kept"
    # the sending MTA tries again later: kept once, played once
    committer.write = work.accept_many
    assert [send(live, m) for m in msgs] == [250, 250, 250]
    assert [send(live, m) for m in msgs] == [250, 250, 250]
    ids = {m["Message-ID"] for m in msgs}

    def answers() -> list[str]:
        return [a.in_reply_to for a in live.game.mails() if a.in_reply_to in ids]

    wait_for(lambda: len(answers()) == len(msgs))
    time.sleep(0.5)
    assert sorted(answers()) == sorted(ids), "each answered once"


@pytest.fixture(autouse=True)
def _quick(live: Live) -> None:
    """The worker thread sweeps often: the tests wait on it."""
    live.server.sweep_seconds = 0.2
