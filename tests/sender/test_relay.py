"""Mail leaves through a real SMTP relay (aiosmtpd on loopback): envelopes, one connection per
batch, STARTTLS, implicit TLS, AUTH; the Maildir when no relay is configured."""

from __future__ import annotations

import re
from collections.abc import Callable
from email.parser import BytesParser
from email.policy import default

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lgmail.mail.relay import SmtpRelay, TemporaryFailure, crlf
from lgmail.mail.sender import MaildirSender, sender_for
from lgmail.rules.commands import Seat

from .conftest import PASSWORD, USER, Relay, Service, Tls, authenticator, same_bytes

PLAYERS = ["Alice", "Bruno", "Chloé", "David", "Emma", "Fanny"]


def _ascii(name: str) -> str:
    return name.lower().replace("é", "e")


def _seats() -> list[Seat]:
    return [Seat(name, f"{_ascii(name)}@example.org", "fr") for name in PLAYERS]


def test_a_game_s_mail_goes_to_the_relay_on_one_connection(
    service: Service, start_relay: Callable[..., Relay]
) -> None:
    relay = start_relay()
    games = service.configure(relay=relay.address)
    games.create("village", "classic", _seats(), mj="mj@example.org", seed=7)
    before = len(relay.handler.received)
    games.start("village")

    received = relay.handler.received
    assert len(received) > before + len(PLAYERS), "the roles did not reach the relay"
    assert service.store.pending_mail() == []
    assert not (service.data / "maildir").exists()  # the relay replaces the Maildir
    # Each mail: from the game's address (its From), to its one recipient.
    for r in received:
        message = BytesParser(policy=default).parsebytes(r.content)
        assert r.mail_from == "village@lgmail.test"
        assert r.rcpt_tos == [str(message["To"].addresses[0].addr_spec)]
        assert "BODY=8BITMIME" in r.mail_options or r.content.isascii()
    assert len(set(relay.handler.message_ids)) == len(received)  # each mail once
    assert {r.rcpt_tos[0] for r in received} >= {f"{_ascii(n)}@example.org" for n in PLAYERS}
    # The start's mails went on one connection, which said EHLO with the game domain.
    assert len({r.peer for r in received[before:]}) == 1
    assert set(relay.handler.ehlos) == {"lgmail.test"}

    ehlos = len(relay.handler.ehlos)
    assert games.flush() == 0  # nothing due: no connection at all
    assert len(relay.handler.ehlos) == ehlos


def test_outbox_bytes_and_message_id_reach_the_relay(
    service: Service, start_relay: Callable[..., Relay]
) -> None:
    relay = start_relay()
    games = service.configure(relay=relay.address)
    ids = service.write("a@example.org", "b@example.org", body="Le loup a mangé Émile.")
    assert games.flush() == 2
    assert len({r.peer for r in relay.handler.received}) == 1  # one connection for the batch
    for outbox_id, r in zip(ids, relay.handler.received, strict=True):
        assert same_bytes(r.content, service.raw(outbox_id))
        assert r.message_id == f"<village.{ids.index(outbox_id) + 1}@lgmail.test>"
        # é in the body, quoted-printable: the mail is 7-bit clean, no 8BITMIME needed
        assert r.content.isascii() and "BODY=8BITMIME" not in r.mail_options
        text = BytesParser(policy=default).parsebytes(r.content).get_body(("plain",))
        assert text is not None and text.get_content().strip() == "Le loup a mangé Émile."
        assert service.status(outbox_id).sent_at == service.clock


def test_a_relay_offering_pipelining_gets_mail_rcpt_and_data_at_once(
    service: Service, start_relay: Callable[..., Relay]
) -> None:
    """RFC 2920: with a relay that offers PIPELINING, each mail's MAIL, RCPT and DATA go in
    one write (the RCPT is there when the relay reads the MAIL); a line that starts with a
    dot reaches it as it was written (RFC 5321's dot-stuffing undone by the relay)."""
    relay = start_relay()
    games = service.configure(relay=relay.address)
    body = ".\n.. deux points\nLe loup a mangé Émile.\n."
    ids = service.write("a@example.org", "b@example.org", body=body)
    assert games.flush() == 2
    assert relay.handler.pipelined == [relay.handler.pipelining] * 2
    for outbox_id, r in zip(ids, relay.handler.received, strict=True):
        assert same_bytes(r.content, service.raw(outbox_id))
        text = BytesParser(policy=default).parsebytes(r.content).get_body(("plain",))
        assert text is not None and text.get_content().splitlines() == body.splitlines()


def test_bounce_address_is_the_envelope_sender(
    service: Service, start_relay: Callable[..., Relay]
) -> None:
    relay = start_relay()
    games = service.configure(relay=relay.address, bounce="bounces@lgmail.test")
    service.write("a@example.org")
    assert games.flush() == 1
    [r] = relay.handler.received
    # on the game domain, tagged with the game and the recipient (VERP: #17 item 4)
    assert r.mail_from.startswith("bounces+") and r.mail_from.endswith("@lgmail.test")
    assert r.rcpt_tos == ["a@example.org"]


def test_a_bounce_address_elsewhere_is_the_envelope_sender_as_it_is(
    service: Service, start_relay: Callable[..., Relay]
) -> None:
    relay = start_relay()
    games = service.configure(relay=relay.address, bounce="bounces@provider.example")
    service.write("a@example.org")
    assert games.flush() == 1
    [r] = relay.handler.received
    assert (r.mail_from, r.rcpt_tos) == ("bounces@provider.example", ["a@example.org"])


@pytest.mark.parametrize("mechanism", ["PLAIN", "LOGIN"])
def test_starttls_and_auth(
    service: Service, start_relay: Callable[..., Relay], tls: Tls, mechanism: str
) -> None:
    relay = start_relay(
        tls_context=tls.server_context(),
        require_starttls=True,
        authenticator=authenticator,
        auth_required=True,
        auth_exclude_mechanism=[m for m in ("PLAIN", "LOGIN") if m != mechanism],
    )
    games = service.configure(
        relay=relay.address,
        relay_starttls=True,
        relay_user=USER,
        relay_password=PASSWORD,
        relay_cafile=str(tls.certfile),
    )
    [outbox_id] = service.write("a@example.org")
    assert games.flush() == 1
    [r] = relay.handler.received
    assert r.tls and r.login == USER
    assert service.status(outbox_id).sent_at is not None


@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS:UserWarning")
def test_implicit_tls(service: Service, start_relay: Callable[..., Relay], tls: Tls) -> None:
    # aiosmtpd only counts STARTTLS as TLS for AUTH: on SMTPS the whole session is TLS.
    relay = start_relay(
        ssl_context=tls.server_context(),
        authenticator=authenticator,
        auth_required=True,
        auth_require_tls=False,
    )
    games = service.configure(
        relay=relay.address,
        relay_ssl=True,
        relay_user=USER,
        relay_password=PASSWORD,
        relay_cafile=str(tls.certfile),
    )
    service.write("a@example.org")
    assert games.flush() == 1
    [r] = relay.handler.received
    assert r.tls and r.login == USER


@pytest.mark.parametrize(
    ("mail_settings", "error"),
    [
        ({"relay_password": "wrong"}, "535"),  # refused login
        ({"relay_starttls": False}, "SMTPNotSupportedError"),  # no AUTH offered in clear
        ({"relay_cafile": None}, "CERTIFICATE_VERIFY_FAILED"),  # self-signed, system CAs
    ],
)
def test_tls_or_login_problems_defer_the_mail(
    service: Service,
    start_relay: Callable[..., Relay],
    tls: Tls,
    mail_settings: dict[str, object],
    error: str,
) -> None:
    relay = start_relay(
        tls_context=tls.server_context(),
        authenticator=authenticator,
        auth_required=True,
    )
    config: dict[str, object] = {
        "relay_starttls": True,
        "relay_user": USER,
        "relay_password": PASSWORD,
        "relay_cafile": str(tls.certfile),
    }
    config.update(mail_settings)
    games = service.configure(
        relay=relay.address, **{k: v for k, v in config.items() if v is not None}
    )
    [outbox_id] = service.write("a@example.org")
    assert games.flush() == 0
    status = service.status(outbox_id)
    assert status.attempts == 1 and status.failed_at is None  # the configuration, not the mail
    assert status.last_error is not None and error in status.last_error
    assert relay.handler.received == []


def test_non_ascii_addresses_need_smtputf8(
    service: Service, start_relay: Callable[..., Relay]
) -> None:
    plain = start_relay(enable_SMTPUTF8=False)  # aiosmtpd's Controller offers it by default
    games = service.configure(relay=plain.address)
    [refused] = service.write("chloé@example.org")
    assert games.flush() == 0
    status = service.status(refused)
    assert status.failed_at == service.clock and "SMTPUTF8" in (status.last_error or "")

    utf8 = start_relay(enable_SMTPUTF8=True)
    games = service.configure(relay=utf8.address)
    service.write("chloé@example.org")
    assert games.flush() == 1
    [r] = utf8.handler.received
    assert r.rcpt_tos == ["chloé@example.org"] and "SMTPUTF8" in r.mail_options
    assert plain.handler.data_attempts == 0


def test_relay_and_maildir_senders_from_settings(service: Service, tls: Tls) -> None:
    maildir = sender_for(service.configure().settings)
    assert isinstance(maildir, MaildirSender) and maildir.path == service.data / "maildir"
    relay = sender_for(
        service.configure(
            relay="smtp.example.org:587",
            relay_starttls=True,
            relay_user=USER,
            relay_password=PASSWORD,
            relay_timeout=5,
            bounce="b@lgmail.test",
        ).settings
    )
    assert isinstance(relay, SmtpRelay)
    assert (relay.host, relay.port) == ("smtp.example.org", 587)
    assert (relay.starttls, relay.ssl) == (True, False)
    assert (relay.user, relay.password, relay.timeout, relay.bounce) == (
        USER,
        PASSWORD,
        5.0,
        "b@lgmail.test",
    )
    assert relay.local_hostname == "lgmail.test"
    smtps = sender_for(service.configure(relay="[::1]", relay_ssl=True).settings)
    assert isinstance(smtps, SmtpRelay) and (smtps.host, smtps.port) == ("::1", 465)
    assert isinstance(sender_for(service.configure(relay="mx").settings), SmtpRelay)
    with pytest.raises(ValueError, match="exclude"):
        SmtpRelay("h", 25, starttls=True, ssl=True)


def test_no_relay_means_the_maildir(service: Service) -> None:
    games = service.configure()
    [outbox_id] = service.write("a@example.org")
    assert games.flush() == 1
    [path] = (service.data / "maildir" / "new").iterdir()
    assert path.read_bytes() == service.raw(outbox_id)


def test_maildir_trouble_is_temporary(service: Service) -> None:
    games = service.configure()
    (service.data / "maildir").write_text("a file where the Maildir should be")
    [outbox_id] = service.write("a@example.org")
    assert games.flush() == 0
    status = service.status(outbox_id)
    assert status.attempts == 1 and status.next_attempt_at is not None
    (service.data / "maildir").unlink()
    service.later(minutes=1)
    assert games.flush() == 1


def test_unreachable_relay_is_a_temporary_failure_of_open() -> None:
    from .conftest import free_port

    relay = SmtpRelay("127.0.0.1", free_port(), timeout=2)
    with pytest.raises(TemporaryFailure) as caught:
        relay.open()
    assert caught.value.relay_down
    assert "ConnectionRefusedError" in str(caught.value)
    relay.close()  # nothing open: nothing to do


def test_deliveries_at_once_send_each_mail_once(
    service: Service, start_relay: Callable[..., Relay]
) -> None:
    """``flush(connections=3)``: three deliveries at once, each on its own connection with
    its own claims (leases on SQLite, row locks on PostgreSQL): every mail goes out once."""
    relay = start_relay()
    games = service.configure(relay=relay.address)
    ids = service.write(*[f"p{i}@example.org" for i in range(70)])
    assert games.flush(connections=3) == 70
    assert sorted(relay.handler.message_ids) == sorted(
        f"<village.{i}@lgmail.test>" for i in range(1, 71)
    )
    assert service.store.pending_mail() == []
    assert all(service.status(i).sent_at is not None for i in ids)
    assert 1 <= len({r.peer for r in relay.handler.received}) <= 3
    assert games.flush(connections=3) == 0


def test_a_delivery_with_nothing_to_send_opens_no_session(
    service: Service, start_relay: Callable[..., Relay]
) -> None:
    """Several deliveries at once for one mail: the one that takes it opens a session, the
    others find nothing to send and open none (Postfix counts every session it serves)."""
    relay = start_relay()
    games = service.configure(relay=relay.address)
    service.write("p1@example.org")
    assert games.flush(connections=4) == 1
    assert relay.handler.message_ids == ["<village.1@lgmail.test>"]
    assert len(relay.handler.ehlos) == 1


@given(st.lists(st.sampled_from([b"a", b"b", b".", b"\r", b"\n", b"\r\n"]), max_size=40))
def test_every_line_ending_goes_to_the_relay_as_crlf(parts: list[bytes]) -> None:
    """`crlf`: CRLF, a lone CR and a lone LF each end a line, written CRLF (SMTP's); the same
    as the regular expression that says so."""
    raw = b"".join(parts)
    assert crlf(raw) == re.sub(rb"\r\n|\r(?!\n)|\n", b"\r\n", raw)
