"""The domain's role addresses (RFC 2142 §2): mail to `postmaster@DOMAIN` or `abuse@DOMAIN` is
handed to the person `[mail] postmaster` names, the original attached whole (a DMARC report, a
provider's complaint: automatic mail too, since a person reads it), so that the records `lgmail
dns` prints name an address that exists."""

from __future__ import annotations

import hashlib
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import format_datetime, formataddr

from lgmail.config.settings import Settings
from lgmail.mail.reading import ReadMail
from lgmail.service.games import Games
from lgmail.service.reception import Processed
from lgmail.store.model import OutgoingMail

#: the role addresses of RFC 2142 lgmail answers for
ROLES = ("postmaster", "abuse")


def forwards(conf: Settings, address: str) -> bool:
    """Whether `address` is a role address of the game domain that reaches a person."""
    local, _, host = address.strip().strip("<>").lower().rpartition("@")
    if not conf.postmaster or local not in ROLES or host != conf.domain.lower():
        return False
    # never to a role address of its own (a loop): the person is elsewhere
    person_local, _, person_host = conf.postmaster.lower().rpartition("@")
    return not (person_local in ROLES and person_host == conf.domain.lower())


def forward(games: Games, inbox_id: int, recipient: str, raw: bytes, mail: ReadMail) -> Processed:
    """The mail to `recipient`, attached to a mail to the postmaster person; one transaction
    with the inbox row's outcome."""
    conf = games.settings
    person = conf.postmaster or ""
    digest = hashlib.sha256(raw).hexdigest()[:20]
    message_id = f"<{conf.service_address}.fwd.{digest}@{conf.domain}>"
    out = EmailMessage()
    out["From"] = formataddr(("lgmail", conf.service_email))
    out["To"] = person
    out["Subject"] = f"[{recipient}] {mail.subject or '(no subject)'}"
    out["Message-ID"] = message_id
    out["Date"] = format_datetime(games.now())
    out["Auto-Submitted"] = "auto-forwarded"
    out.set_content(
        f"A mail to {recipient}, from {mail.sender or 'the null sender'}, is attached whole.\n"
    )
    out.add_attachment(message_from_bytes(raw, policy=policy.default))
    data = out.as_bytes(policy=policy.SMTP)
    if games.signer is not None:
        data = games.signer.sign(data)
    forwarded = OutgoingMail(message_id, conf.service_address, person, data)
    games.store.inbox_answer(inbox_id, "forwarded", [forwarded], games.now())
    games.after_commit()
    return Processed("forwarded")
