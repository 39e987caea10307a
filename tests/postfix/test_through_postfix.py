"""lgmail behind a real Postfix, configured as `deploy/postfix.md` says (LMTP to `lgmail serve`,
unknown recipients refused at Postfix's edge, answers relayed by Postfix): an order through
Postfix is applied; its answer leaves through Postfix; an unknown recipient is refused at RCPT
and no bounce is sent (no backscatter); a bounce comes back and is recorded."""

from __future__ import annotations

import shutil
import smtplib
import tempfile
import time
from collections.abc import Iterator
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller

from lgmail.service.server import Endpoints, Server
from tests.inbound.conftest import free_port
from tests.postfix.conftest import until
from tests.postfix.instance import Postfix
from tests.scenario import Scenario
from tests.sender.conftest import Recorder

ROLES = {"Alice": "loup-garou", "Bruno": "voyante", "Chloe": "villageois", "David": "villageois"}
DOMAIN = "lgmail.localhost"
CORPUS = Path(__file__).parents[1] / "mail" / "corpus"


def postfix_main(lmtp: int, sink: int) -> dict[str, str]:
    """The main.cf lines of deploy/postfix.md (LMTP mode), the players' domain routed to the
    test's sink instead of the Internet."""
    return {
        "myhostname": f"mx.{DOMAIN}",
        "relay_domains": DOMAIN,
        "transport_maps": (
            f"inline:{{ {DOMAIN}=lmtp:inet:127.0.0.1:{lmtp}, example.org=smtp:[127.0.0.1]:{sink} }}"
        ),
        "lmtp_destination_recipient_limit": "1",
        # no backscatter: an address lgmail refuses is refused here, at RCPT (lgmail is asked)
        "smtpd_recipient_restrictions": (
            f"check_recipient_access inline:{{ {DOMAIN}=reject_unverified_recipient }}"
        ),
        "unverified_recipient_reject_code": "550",
        "address_verify_negative_refresh_time": "1s",
    }


@pytest.fixture
def sink() -> Iterator[tuple[Recorder, int]]:
    recorder, port = Recorder(), free_port()
    controller = Controller(recorder, hostname="127.0.0.1", port=port)
    controller.start()
    yield recorder, port
    controller.stop()


def test_lgmail_behind_postfix(
    tmp_path: Path, postfix_ok: None, sink: tuple[Recorder, int]
) -> None:
    recorder, sink_port = sink
    lmtp, smtp = free_port(), free_port()
    # Postfix's own user reads its folders: not under pytest's private temporary folder
    folder = Path(tempfile.mkdtemp(prefix="lgmail-postfix-"))
    folder.chmod(0o755)
    postfix = Postfix(folder, smtp, postfix_main(lmtp, sink_port))
    postfix.start()
    try:
        data = tmp_path / "data"
        data.mkdir()
        (data / "lgmail.toml").write_text(
            f'[mail]\nrelay = "127.0.0.1:{smtp}"\nbounce = "bounces@{DOMAIN}"\n',
            encoding="utf-8",
        )
        game = Scenario(tmp_path, ROLES)
        server = Server(game.games, Endpoints(None, f"127.0.0.1:{lmtp}"), sweep_seconds=0.2)
        server.start()
        try:
            _check(game, postfix, recorder, smtp)
        finally:
            server.stop()
    except BaseException:
        print(postfix.log())
        raise
    finally:
        postfix.stop()
        shutil.rmtree(folder, ignore_errors=True)


def _read(raw: bytes) -> EmailMessage:
    mail = message_from_bytes(raw, policy=policy.default)
    assert isinstance(mail, EmailMessage)
    return mail


def _check(game: Scenario, postfix: Postfix, recorder: Recorder, smtp: int) -> None:
    # the role mails left through Postfix, to the players' domain
    role = until(
        lambda: next((r for r in recorder.received if r.rcpt_tos == ["bruno@example.org"]), None)
    )
    assert role is not None, "Bruno's role mail came through Postfix"
    verp = role.mail_from  # type: ignore[attr-defined]
    assert verp.startswith("bounces+village.") and verp.endswith(f"@{DOMAIN}")
    reply_to = str(_read(role.content)["Reply-To"])  # type: ignore[attr-defined]

    # an order through Postfix is applied, and answered through Postfix
    order = EmailMessage()
    order["From"] = "Bruno <bruno@example.org>"
    order["To"] = reply_to
    order["Subject"] = "Re: [village] Votre rôle"
    order["Message-ID"] = make_msgid(domain="example.org")
    order.set_content("sonder Alice")
    before = len(recorder.received)
    with smtplib.SMTP("127.0.0.1", smtp, timeout=60) as client:
        client.sendmail("bruno@example.org", [reply_to], order.as_bytes())
        assert until(lambda: game.events("OrderAccepted")), "the order reached lgmail"
        answer = until(
            lambda: [
                r
                for r in recorder.received[before:]
                if r.rcpt_tos == ["bruno@example.org"] and _read(r.content)["In-Reply-To"]
            ]
        )
        assert answer, "the answer left through Postfix"

        # an unknown recipient is refused at RCPT: Postfix asks lgmail, which refuses it
        with pytest.raises(smtplib.SMTPRecipientsRefused) as refused:
            client.sendmail(
                "stranger@example.org", [f"nosuch@{DOMAIN}"], b"Subject: x\r\n\r\nx\r\n"
            )
        ((code, _),) = refused.value.recipients.values()
        assert code == 550

        # a bounce of a game mail comes back to its VERP address and is recorded
        dsn = (CORPUS / "postfix-en-bounce.eml").read_bytes()
        dsn = dsn.replace(b"bruno.oldaddress@free.fr", b"bruno@example.org")
        dsn = dsn.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
        client.sendmail("", [verp], dsn)
    assert until(lambda: game.events("MailBounced")), "the bounce was recorded"
    # no backscatter: nothing went to the stranger
    time.sleep(2)
    assert not [r for r in recorder.received if "stranger@example.org" in r.rcpt_tos]
