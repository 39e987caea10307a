"""ImapPoller against a real Dovecot (see conftest.py)."""

from __future__ import annotations

import imaplib
import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from lgmail.mail.imap import DONE_KEYWORD, ImapPoller
from lgmail.mail.imap_source import FileCursor, ImapSource

from .helpers import Recorder, make_mail, message_id, wait_until
from .server import Dovecot, Mailbox

SEEN = b"\\Seen"
DONE = DONE_KEYWORD.encode()
LOGGER = "lgmail.mail.imap"


def poller_for(
    mailbox: Mailbox,
    tmp_path: Path,
    handler: Recorder,
    query: str = "",
    folder: str = "INBOX",
    **options: float,
) -> ImapPoller:
    source = ImapSource.from_url(mailbox.url(folder, query))
    return ImapPoller(source, handler, FileCursor(tmp_path / "imap-cursor.json"), **options)


@contextmanager
def running(poller: ImapPoller) -> Iterator[threading.Event]:
    """Run the poller in a thread; on exit, stop it and check that it ends promptly."""
    stop = threading.Event()
    thread = threading.Thread(target=poller.run, args=(stop,), daemon=True)
    thread.start()
    try:
        yield stop
    finally:
        stop.set()
        thread.join(timeout=3)
        assert not thread.is_alive(), "run() did not end after stop was set"


def test_new_mails_are_handled_once_each_in_uid_order_and_flagged(
    mailbox: Mailbox, tmp_path: Path
) -> None:
    mailbox.deliver(*(make_mail("a", n) for n in (1, 2, 3)))
    handler = Recorder()
    poller = poller_for(mailbox, tmp_path, handler)
    try:
        assert poller.poll_once() == 3
        assert handler.stored == [message_id("a", n) for n in (1, 2, 3)]
        for _uid, _mid, flags in mailbox.contents():
            assert {SEEN, DONE} <= flags
        assert poller.poll_once() == 0
        mailbox.deliver(make_mail("a", 4))
        assert poller.poll_once() == 1
        assert handler.calls == [message_id("a", n) for n in (1, 2, 3, 4)]
    finally:
        poller.close()


def test_a_handler_failure_leaves_the_mail_for_the_next_poll(
    mailbox: Mailbox, tmp_path: Path
) -> None:
    mailbox.deliver(*(make_mail("f", n) for n in (1, 2, 3)))
    handler = Recorder({message_id("f", 1): ["false"], message_id("f", 2): ["raise"]})
    poller = poller_for(mailbox, tmp_path, handler)
    cursor = FileCursor(tmp_path / "imap-cursor.json")
    try:
        assert poller.poll_once() == 1
        assert handler.stored == [message_id("f", 3)]
        flags = {mid: f for _uid, mid, f in mailbox.contents()}
        # Untouched, not even \Seen: the fetch was a BODY.PEEK[].
        assert flags[message_id("f", 1)] == frozenset()
        assert flags[message_id("f", 2)] == frozenset()
        assert {SEEN, DONE} <= flags[message_id("f", 3)]
        loaded = cursor.load(poller.source.key)
        assert loaded is not None and loaded[1] == 0  # stops before the first failure

        assert poller.poll_once() == 2
        assert handler.stored == [message_id("f", n) for n in (3, 1, 2)]
        assert all({SEEN, DONE} <= f for _uid, _mid, f in mailbox.contents())
        loaded = cursor.load(poller.source.key)
        assert loaded is not None and loaded[1] == 3
        assert poller.poll_once() == 0
        assert handler.calls.count(message_id("f", 3)) == 1
    finally:
        poller.close()


def test_the_cursor_survives_a_restart(mailbox: Mailbox, tmp_path: Path) -> None:
    mailbox.deliver(make_mail("r", 1), make_mail("r", 2))
    first = Recorder()
    poller = poller_for(mailbox, tmp_path, first)
    assert poller.poll_once() == 2
    poller.close()

    # Someone clears our keyword: the cursor alone must keep those two from being handled again.
    with mailbox.client() as client:
        client.select_folder("INBOX")
        client.remove_flags(client.search("ALL"), [DONE_KEYWORD])
    mailbox.deliver(make_mail("r", 3))

    second = Recorder()
    restarted = poller_for(mailbox, tmp_path, second)
    try:
        assert restarted.poll_once() == 1
        assert second.calls == [message_id("r", 3)]
    finally:
        restarted.close()


def test_a_new_uidvalidity_starts_over_but_skips_mail_already_done(
    mailbox: Mailbox, tmp_path: Path
) -> None:
    folder = "Lgmail In"
    with mailbox.client() as client:
        client.create_folder(folder)
        client.append(folder, make_mail("v", 1))
        client.append(folder, make_mail("v", 2))
        old_validity = client.folder_status(folder, ["UIDVALIDITY"])[b"UIDVALIDITY"]
    handler = Recorder()
    poller = poller_for(mailbox, tmp_path, handler, folder=folder)
    try:
        assert poller.poll_once() == 2
        poller.close()
        time.sleep(1.1)  # Dovecot derives a new UIDVALIDITY from the clock
        with mailbox.client() as client:
            client.delete_folder(folder)
            client.create_folder(folder)
            # A restored copy of a mail already handled, then two new ones: UIDs 1, 2, 3.
            client.append(folder, make_mail("v", 1), flags=[DONE_KEYWORD])
            client.append(folder, make_mail("v", 3))
            client.append(folder, make_mail("v", 4))
            new_validity = client.folder_status(folder, ["UIDVALIDITY"])[b"UIDVALIDITY"]
        assert new_validity != old_validity
        # With the old cursor (last UID 2) only UID 3 would be read; both new mails are handled.
        assert poller.poll_once() == 2
        assert handler.calls == [message_id("v", n) for n in (1, 2, 3, 4)]
        assert FileCursor(tmp_path / "imap-cursor.json").load(poller.source.key) == (
            new_validity,
            3,
        )
    finally:
        poller.close()


def test_move_to_a_folder_created_on_demand(mailbox: Mailbox, tmp_path: Path) -> None:
    mailbox.deliver(make_mail("m", 1), make_mail("m", 2))
    handler = Recorder({message_id("m", 2): ["false"]})
    poller = poller_for(mailbox, tmp_path, handler, query="move=Processed")
    try:
        assert poller.poll_once() == 1
        assert [mid for _uid, mid, _f in mailbox.contents()] == [message_id("m", 2)]
        moved = mailbox.contents("Processed")
        assert [mid for _uid, mid, _f in moved] == [message_id("m", 1)]
        assert SEEN in moved[0][2]
        assert poller.poll_once() == 1
        assert mailbox.contents() == []
        assert len(mailbox.contents("Processed")) == 2
    finally:
        poller.close()


def test_move_falls_back_to_copy_delete_expunge(bare_mailbox: Mailbox, tmp_path: Path) -> None:
    with bare_mailbox.client() as client:
        assert not client.has_capability("MOVE") and not client.has_capability("UIDPLUS")
    bare_mailbox.deliver(make_mail("c", 1), make_mail("c", 2))
    handler = Recorder()
    poller = poller_for(bare_mailbox, tmp_path, handler, query="move=Done")
    try:
        assert poller.poll_once() == 2
        assert bare_mailbox.contents() == []
        assert [mid for _uid, mid, _f in bare_mailbox.contents("Done")] == [
            message_id("c", 1),
            message_id("c", 2),
        ]
        assert poller.poll_once() == 0
    finally:
        poller.close()


def messages_of(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [record.getMessage() for record in caplog.records if record.name == LOGGER]


def test_idle_picks_up_new_mail_and_stop_ends_it(
    mailbox: Mailbox, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger=LOGGER)
    mailbox.deliver(make_mail("i", 1))
    handler = Recorder()
    poller = poller_for(mailbox, tmp_path, handler)
    with running(poller) as stop:
        assert wait_until(lambda: len(handler.stored) == 1, 5)
        assert wait_until(lambda: any("idling" in m for m in messages_of(caplog)), 2)
        time.sleep(0.3)
        sent = time.monotonic()
        mailbox.deliver(make_mail("i", 2))
        assert wait_until(lambda: len(handler.stored) == 2, 3)
        assert time.monotonic() - sent < 2.5
        assert wait_until(lambda: sum("idling" in m for m in messages_of(caplog)) == 2, 2)
        stopping = time.monotonic()
        stop.set()
    assert time.monotonic() - stopping < 1.5
    messages = messages_of(caplog)
    assert any("IDLE done (new mail)" in m for m in messages)
    assert any("IDLE done (stop)" in m for m in messages)
    assert sum(m.startswith("connecting to") for m in messages) == 1
    assert handler.calls == [message_id("i", 1), message_id("i", 2)]


def test_idle_is_reissued_after_idle_seconds(
    mailbox: Mailbox, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger=LOGGER)
    handler = Recorder()
    poller = poller_for(mailbox, tmp_path, handler, idle_seconds=0.4)
    with running(poller):
        assert wait_until(
            lambda: sum("IDLE done (timeout)" in m for m in messages_of(caplog)) >= 3, 5
        )
    messages = messages_of(caplog)
    assert sum(m.startswith("connecting to") for m in messages) == 1
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


def test_mail_arriving_just_before_idle_is_not_missed(
    mailbox: Mailbox, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A mail delivered while the poller handles another is announced with the poll's own
    answers, or with the "+ idling" continuation: both must wake it up, not the IDLE timeout."""
    caplog.set_level(logging.DEBUG, logger=LOGGER)
    inner = Recorder()

    def handler(raw: bytes) -> bool:
        if not inner.stored:  # while handling the first one, the second arrives
            mailbox.deliver(make_mail("b", 2))
        return inner(raw)

    mailbox.deliver(make_mail("b", 1))
    source = ImapSource.from_url(mailbox.url())
    poller = ImapPoller(source, handler, FileCursor(tmp_path / "c.json"), idle_seconds=60)
    with running(poller):
        assert wait_until(lambda: len(inner.stored) == 2, 3)
    assert inner.stored == [message_id("b", 1), message_id("b", 2)]


def test_mail_announced_with_the_idle_continuation_is_not_missed(
    mailbox: Mailbox, tmp_path: Path
) -> None:
    """A mail delivered after the poll's last command and before IDLE: Dovecot announces it in
    the same packet as "+ idling", which imaplib reads into its buffer, out of select()'s view."""

    class DeliveringCursor(FileCursor):
        delivered = False

        def save(self, key: str, uidvalidity: int, last_uid: int) -> None:
            super().save(key, uidvalidity, last_uid)
            if last_uid == 1 and not self.delivered:  # the poll's last step before IDLE
                self.delivered = True
                mailbox.deliver(make_mail("e", 2))

    handler = Recorder()
    mailbox.deliver(make_mail("e", 1))
    source = ImapSource.from_url(mailbox.url())
    poller = ImapPoller(source, handler, DeliveringCursor(tmp_path / "c.json"), idle_seconds=60)
    with running(poller):
        assert wait_until(lambda: len(handler.stored) == 2, 3)
    assert handler.stored == [message_id("e", 1), message_id("e", 2)]


def test_without_idle_it_polls_every_poll_seconds(bare_mailbox: Mailbox, tmp_path: Path) -> None:
    handler = Recorder()
    poller = poller_for(bare_mailbox, tmp_path, handler, poll_seconds=0.3)
    with running(poller):
        time.sleep(0.3)
        bare_mailbox.deliver(make_mail("p", 1))
        assert wait_until(lambda: len(handler.stored) == 1, 3)
    assert handler.calls == [message_id("p", 1)]


def test_poll_once_replaces_a_dropped_connection(
    dovecot: Dovecot, mailbox: Mailbox, tmp_path: Path
) -> None:
    handler = Recorder()
    poller = poller_for(mailbox, tmp_path, handler)
    try:
        assert poller.poll_once() == 0
        dovecot.kick(mailbox.user)
        mailbox.deliver(make_mail("k", 1))
        assert poller.poll_once() == 1
    finally:
        poller.close()


def test_run_reconnects_after_the_server_drops_the_connection(
    dovecot: Dovecot, mailbox: Mailbox, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger=LOGGER)
    handler = Recorder()
    poller = poller_for(mailbox, tmp_path, handler, reconnect_delay=0.2)
    with running(poller):
        mailbox.deliver(make_mail("d", 1))
        assert wait_until(lambda: len(handler.stored) == 1, 5)
        dovecot.kick(mailbox.user)  # while it idles
        assert wait_until(
            lambda: sum(r.getMessage().startswith("connecting to") for r in caplog.records) >= 2,
            5,
        )
        mailbox.deliver(make_mail("d", 2))
        assert wait_until(lambda: len(handler.stored) == 2, 5)
    assert handler.calls == [message_id("d", 1), message_id("d", 2)]


def test_run_survives_a_server_restart_without_busy_looping(
    dovecot: Dovecot, mailbox: Mailbox, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger=LOGGER)
    handler = Recorder()
    poller = poller_for(mailbox, tmp_path, handler, reconnect_delay=0.1, max_reconnect_delay=0.4)
    with running(poller):
        mailbox.deliver(make_mail("s", 1))
        assert wait_until(lambda: len(handler.stored) == 1, 5)
        dovecot.stop()
        try:
            before = sum(m.startswith("connecting to") for m in messages_of(caplog))
            time.sleep(2.0)
            attempts = sum(m.startswith("connecting to") for m in messages_of(caplog)) - before
            # Backoff 0.1, 0.2, 0.4, 0.4, ...: about five tries in 2 s, not thousands.
            assert 2 <= attempts <= 8
        finally:
            dovecot.start()
        mailbox.deliver(make_mail("s", 2))
        assert wait_until(lambda: len(handler.stored) == 2, 5)
    assert handler.calls == [message_id("s", 1), message_id("s", 2)]


def test_run_waits_out_server_refusals(
    mailbox: Mailbox, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A NO from the server (here: no such folder yet) is logged and retried with backoff."""
    caplog.set_level(logging.INFO, logger=LOGGER)
    handler = Recorder()
    poller = poller_for(
        mailbox, tmp_path, handler, folder="Later", reconnect_delay=0.1, max_reconnect_delay=0.2
    )
    with running(poller):
        assert wait_until(
            lambda: sum("failed" in m for m in messages_of(caplog)) >= 2,
            3,
        )
        with mailbox.client() as client:
            client.create_folder("Later")
            client.append("Later", make_mail("l", 1))
        assert wait_until(lambda: len(handler.stored) == 1, 3)
    failures = [r for r in caplog.records if r.name == LOGGER and r.levelno >= logging.WARNING]
    assert failures and all(r.exc_info is None for r in failures)  # one line each, no traceback


def test_move_mode_moves_mail_already_marked_done_without_handling_it(
    mailbox: Mailbox, tmp_path: Path
) -> None:
    """E.g. mail handled before ``move=`` was set, or whose move failed."""
    mailbox.deliver(make_mail("o", 1), flags=("\\Seen", DONE_KEYWORD))
    mailbox.deliver(make_mail("o", 2))
    handler = Recorder()
    poller = poller_for(mailbox, tmp_path, handler, query="move=Processed")
    try:
        assert poller.poll_once() == 1
        assert handler.calls == [message_id("o", 2)]
        assert mailbox.contents() == []
        assert [mid for _uid, mid, _f in mailbox.contents("Processed")] == [
            message_id("o", 1),
            message_id("o", 2),
        ]
    finally:
        poller.close()


def test_starttls_never_falls_back_to_plain_text(mailbox: Mailbox, tmp_path: Path) -> None:
    """The test server offers no STARTTLS: the poller must not log in (password in clear)."""
    mailbox.deliver(make_mail("t", 1))
    handler = Recorder()
    poller = poller_for(mailbox, tmp_path, handler, query="starttls=1")
    with pytest.raises(imaplib.IMAP4.error, match="STARTTLS"):
        poller.poll_once()
    assert handler.calls == []
