"""Fixtures of the sender tests: a second aiosmtpd server on loopback as the relay, a
self-signed certificate made with openssl, and a service whose clock the test moves.

The store runs on SQLite and on PostgreSQL (the fixtures of ``tests/store``).
"""

from __future__ import annotations

import contextlib
import shutil
import socket
import ssl
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email.parser import BytesHeaderParser
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, AuthResult, Envelope, LoginPassword, Session

from lgmail.config import settings
from lgmail.mail.compose import compose
from lgmail.service.games import Games
from lgmail.store.eventstore import EventStore
from lgmail.store.model import MailStatus, OutgoingMail
from tests.store.conftest import backend, pg_admin_url, store_url

__all__ = ["backend", "pg_admin_url", "store_url"]

T0 = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
USER, PASSWORD = "lgmail", "s3cret-relay"


@pytest.fixture(autouse=True)
def _no_relay_in_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LGMAIL_RELAY", raising=False)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# --- the relay ------------------------------------------------------------------------------


@dataclass
class Received:
    mail_from: str
    rcpt_tos: list[str]
    content: bytes
    mail_options: list[str]
    peer: Any
    tls: bool
    login: str | None

    @property
    def message_id(self) -> str:
        return str(BytesHeaderParser().parsebytes(self.content)["Message-ID"])


@dataclass
class Recorder:
    """An aiosmtpd handler that keeps what it accepts. ``data_answers``: what DATA answers,
    one per message, in turn (then 250); ``refuse``: recipients refused at RCPT, with the
    answer to give; ``pipelining``: PIPELINING offered (RFC 2920), as Postfix does (aiosmtpd
    reads pipelined commands but does not offer it); ``pipelined``: for each MAIL, whether the
    client had already sent its RCPT when it came."""

    data_answers: list[str] = field(default_factory=list)
    refuse: dict[str, str] = field(default_factory=dict)
    received: list[Received] = field(default_factory=list)
    data_attempts: int = 0
    ehlos: list[str] = field(default_factory=list)
    pipelining: bool = False
    pipelined: list[bool] = field(default_factory=list)
    #: a refused recipient is still counted, so that DATA is accepted (354) without any: a
    #: relay that RFC 2920's client must still end with a lone dot
    data_without_recipient: bool = False

    async def handle_EHLO(
        self, server: SMTP, session: Session, envelope: Envelope, hostname: str, responses: Any
    ) -> Any:
        session.host_name = hostname
        self.ehlos.append(hostname)
        if self.pipelining:
            responses.insert(-1, "250-PIPELINING")
        return responses

    async def handle_MAIL(
        self, server: SMTP, session: Session, envelope: Envelope, address: str, options: Any
    ) -> str:
        waiting = bytes(getattr(server._reader, "_buffer", b""))  # read, not yet handled
        self.pipelined.append(b"RCPT TO:" in waiting.upper())
        envelope.mail_from = address
        envelope.mail_options.extend(options)
        return "250 OK"

    async def handle_RCPT(
        self, server: SMTP, session: Session, envelope: Envelope, address: str, options: Any
    ) -> str:
        if address in self.refuse:
            if self.data_without_recipient:
                envelope.rcpt_tos.append(address)
            return self.refuse[address]
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        self.data_attempts += 1
        answer = self.data_answers.pop(0) if self.data_answers else "250 OK queued"
        if answer.startswith("250"):
            auth = session.auth_data
            login = auth.login.decode() if isinstance(auth, LoginPassword) else None
            content = envelope.original_content or b""
            self.received.append(
                Received(
                    mail_from=str(envelope.mail_from),
                    rcpt_tos=list(envelope.rcpt_tos),
                    content=content,
                    mail_options=list(envelope.mail_options),
                    peer=session.peer,
                    tls=server.transport is not None
                    and server.transport.get_extra_info("ssl_object") is not None,
                    login=login,
                )
            )
        return answer

    @property
    def message_ids(self) -> list[str]:
        return [r.message_id for r in self.received]


class Relay:
    """A running aiosmtpd server on 127.0.0.1 with a :class:`Recorder`."""

    def __init__(self, controller: Controller, handler: Recorder, port: int) -> None:
        self.controller, self.handler, self.port = controller, handler, port

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.controller.stop()


def authenticator(
    server: SMTP, session: Session, envelope: Envelope, mechanism: str, auth_data: Any
) -> AuthResult:
    ok = isinstance(auth_data, LoginPassword) and auth_data == (
        USER.encode(),
        PASSWORD.encode(),
    )
    if ok:
        session.auth_data = auth_data
    if not ok:
        return AuthResult(success=False, handled=False)  # aiosmtpd answers 535
    return AuthResult(success=True, auth_data=auth_data)


@pytest.fixture(params=["pipelining", "one command at a time"])
def start_relay(request: pytest.FixtureRequest) -> Iterator[Callable[..., Relay]]:
    """``start_relay(handler=None, port=None, **aiosmtpd_options)``: a relay, stopped after
    the test; each test runs with a relay that offers PIPELINING and with one that does not."""
    started: list[Relay] = []

    def start(handler: Recorder | None = None, port: int | None = None, **options: Any) -> Relay:
        handler = handler or Recorder()
        handler.pipelining = request.param == "pipelining"
        port = port or free_port()
        controller = Controller(handler, hostname="127.0.0.1", port=port, **options)
        controller.start()
        relay = Relay(controller, handler, port)
        started.append(relay)
        return relay

    yield start
    for relay in started:
        with contextlib.suppress(AssertionError, RuntimeError):  # stopped by the test
            relay.stop()


# --- TLS ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tls:
    certfile: Path
    keyfile: Path

    def server_context(self) -> ssl.SSLContext:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(self.certfile, self.keyfile)
        return context


@pytest.fixture(scope="session")
def tls(tmp_path_factory: pytest.TempPathFactory) -> Tls:
    """A self-signed certificate for 127.0.0.1 and localhost (openssl req)."""
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.fail("openssl is needed to make the relay's test certificate", pytrace=False)
    folder = tmp_path_factory.mktemp("tls")
    cert, key = folder / "relay.pem", folder / "relay.key"
    subprocess.run(
        [
            openssl,
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "2",
            "-subj",
            "/CN=127.0.0.1",
            "-addext",
            "subjectAltName=IP:127.0.0.1,DNS:localhost",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
    )
    return Tls(cert, key)


# --- the service ----------------------------------------------------------------------------


class Service:
    """Games on a data directory whose ``lgmail.toml`` the test writes, with a movable clock."""

    def __init__(self, data: Path, db_url: str) -> None:
        self.data, self.db_url = data, db_url
        self.clock = T0
        self.store = EventStore(db_url)
        self._games: Games | None = None
        self._count = 0

    def configure(self, relay: str | None = None, **mail: Any) -> Games:
        """Write ``[mail]`` settings (``relay`` included) to ``lgmail.toml`` and open Games on
        them."""
        if relay is not None:
            mail["relay"] = relay
        lines = ["[mail]", 'domain = "lgmail.test"']
        lines += [f"{key} = {_toml(value)}" for key, value in mail.items()]
        (self.data / "lgmail.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
        conf = settings.load(self.data, self.db_url)
        self._games = Games(conf, store=self.store, now=lambda: self.clock)
        return self._games

    @property
    def games(self) -> Games:
        assert self._games is not None, "configure() first"
        return self._games

    def later(self, **delta: float) -> datetime:
        self.clock += timedelta(**delta)
        return self.clock

    def write(self, *recipients: str, body: str = "Le village s'endort.") -> list[int]:
        """Outbox rows to ``recipients`` (one append, as the service writes them)."""
        mails = []
        for recipient in recipients:
            self._count += 1
            mails.append(
                OutgoingMail(
                    f"<village.{self._count}@lgmail.test>",
                    "village",
                    recipient,
                    compose(
                        sender="MJ village <village@lgmail.test>",
                        recipient=recipient,
                        reply_to="village@lgmail.test",
                        subject="[village] Nuit 1",
                        body=body,
                        message_id=f"<village.{self._count}@lgmail.test>",
                        date=self.clock,
                    ),
                )
            )
        game = f"village-{self._count}"
        self.store.append(game, 0, [], self.clock, outbox=mails)
        ids = {m.message_id: i for i, m in self.store.pending_mail(1000)}
        return [ids[m.message_id] for m in mails]

    def status(self, outbox_id: int) -> MailStatus:
        return self.store.mail_status([outbox_id])[outbox_id]

    def raw(self, outbox_id: int) -> bytes:
        with self.store.engine.connect() as conn:
            from sqlalchemy import select

            from lgmail.store.schema import outbox

            return bytes(
                conn.execute(select(outbox.c.raw).where(outbox.c.id == outbox_id)).scalar_one()
            )


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"') + '"'


@pytest.fixture
def service(store_url: str, tmp_path: Path) -> Iterator[Service]:
    data = tmp_path / "data"
    data.mkdir()
    svc = Service(data, store_url)
    yield svc
    svc.store.close()


def same_bytes(sent: bytes, raw: bytes) -> bool:
    """What the relay received is the outbox row (SMTP makes line ends CRLF)."""
    return sent.replace(b"\r\n", b"\n").rstrip(b"\n") == raw.replace(b"\r\n", b"\n").rstrip(b"\n")
