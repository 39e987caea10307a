"""Rule set `maisons`, seed 001 (../shared/seeds/001_f67e2344efefe72c.txt), « Envoi de MP »:
« tous les MPs passent par le MJ, qui les transmet au joueur concerné ». By real SMTP, on every
right registered in `RIGHTS`, no relayed MP (nor the answer to it, where the right allows one)
carries its sender's address, or a header that names him: From, Reply-To, Sender,
Return-Path, Received, Message-ID, In-Reply-To, References.

Each mail sent in carries what a real client would put there: a From with the player's name,
a Sender, a Message-ID on a host of his own, and a References chain, so that a header passed
through from the inbound mail would be caught."""

from __future__ import annotations

import email
from collections.abc import Callable
from dataclasses import dataclass
from email import policy
from email.message import EmailMessage
from email.utils import getaddresses
from pathlib import Path

import pytest

import lgmail.rules.maisons.roles  # noqa: F401  (each role module registers its rights)
from lgmail.rules.commands import StrikeDown
from lgmail.rules.maisons.mp import RIGHTS
from lgmail.rules.maisons.role import CATALOGUE
from tests.inbound.conftest import Live, running
from tests.inbound.test_smtp import send, wait_for
from tests.maisons.conftest import game, night
from tests.scenario import Scenario

DEAL = {
    "Alice": "loup-garou:araignee+voyante+espion+meneur+planque",
    "Bruno": "villageois:lache+salvateur+meneur+chanoine+jardinier",
    "Chloe": "villageois:voyante+planque+detective+baron+entete",
    "David": "villageois:chamane+assassin+salbatar+institutrice+espion",
    "Emma": "villageois:joueur-de-tarot+chanoine+espion+institutrice+paranoiaque",
    "Fanny": "loup-garou:pigeonnier+detective+jardinier+baron+croque-mort",
}
#: the Lâche's Important pile: the first half of 001's list
IMPORTANT = "importants : " + ", ".join(
    CATALOGUE[r].names["fr"] for r in sorted(CATALOGUE)[: len(CATALOGUE) // 2]
)
#: the headers that must never carry the sender
WATCHED = (
    "From",
    "Reply-To",
    "Sender",
    "Return-Path",
    "Received",
    "Message-ID",
    "In-Reply-To",
    "References",
)
#: the headers that hold message ids (threading)
THREADING = ("Message-ID", "In-Reply-To", "References")


@dataclass(frozen=True)
class Leg:
    """The MP to send by SMTP once its setup is played: `sender` writes `line` (the right's
    order line) to `recipient`; `back` receives the recipient's answer (None: the right allows
    none)."""

    sender: str
    recipient: str
    line: str
    back: str | None


def to_day(g: Scenario) -> None:
    """Night 1 (the Lâche splits his piles), then day 1 rises."""
    g.ok("Bruno", IMPORTANT)
    night(g, {})
    assert g.phase() == ("day", 1)


def araignee(g: Scenario) -> Leg:
    """001, Araignée: « Ces joueurs peuvent s'échanger deux MP chacun »."""
    to_day(g)
    g.ok("Alice", "tisser Chloe et Emma")
    return Leg("Chloe", "Emma", "araignée : à Emma", back="Chloe")


def chamane(g: Scenario) -> Leg:
    """001, Chamane: « tous les joueurs peuvent discuter entre eux par MP direct »."""
    to_day(g)
    g.ok("David", "chamaniser")
    return Leg("Bruno", "Emma", "chamane : à Emma", back="Bruno")


def lache(g: Scenario) -> Leg:
    """001, Lâche: « les joueurs choisis ne peuvent répondre ni ne savent qui est le Lâche »."""
    to_day(g)
    return Leg("Bruno", "Emma", "lâche : à Emma", back=None)


def pigeonnier(g: Scenario) -> Leg:
    """001, Pigeonnier: « Ce joueur peut ensuite envoyer le pigeon avec un MP vers un autre
    joueur de son choix »: Emma, holding Fanny's pigeon, sends it on to Chloe; Chloe's answer
    flies home to Fanny."""
    to_day(g)
    g.ok("Fanny", "pigeonnier : à Emma\nPremier vol.")
    return Leg("Emma", "Chloe", "pigeonnier : à Chloe", back="Fanny")


BANK = {
    **DEAL,
    "Chloe": "villageois:paume+planque+detective+baron+entete",
    "Emma": "villageois:banquier+chanoine+espion+institutrice+paranoiaque",
}


def banquier(g: Scenario) -> Leg:
    """001, Banquier: « Un Banquier peut envoyer des MP à un Paumé et en recevoir une réponse »."""
    to_day(g)
    return Leg("Emma", "Chloe", "banquier : à Chloe", back="Emma")


def paume(g: Scenario) -> Leg:
    """001, Banquier: « le Paumé peut envoyer un unique MP au Banquier »."""
    to_day(g)
    return Leg("Chloe", "Emma", "paumé : à Emma", back="Chloe")


GHOST = {**DEAL, "Chloe": "villageois:fantome+planque+detective+baron+entete"}


def fantome(g: Scenario) -> Leg:
    """001, Fantôme: « La personne avec qui il parle ne saura pas qui est son interlocuteur »:
    Chloe, dead, haunts Emma's house and writes to her."""
    g.ok("Bruno", IMPORTANT)
    night(g, {})
    g.mj(StrikeDown("Chloe"))
    g.later(hours=48)
    g.ok("Chloe", "hanter la maison de Emma")
    night(g, {})
    assert g.phase() == ("day", 2)
    return Leg("Chloe", "Emma", "fantôme : à Emma", back="Chloe")


#: right slug -> its setup: plays a game of DEAL to the moment the MP may be sent
SETUPS: dict[str, Callable[[Scenario], Leg]] = {
    "araignee": araignee,
    "chamane": chamane,
    "lache": lache,
    "pigeonnier": pigeonnier,
    "banquier": banquier,
    "paume": paume,
    "fantome": fantome,
}
#: the deal each setup is played on, where it is not DEAL
DEALS = {"banquier": BANK, "paume": BANK, "fantome": GHOST}


def host(name: str) -> str:
    """A host of the player's own, as his mail client names its Message-IDs."""
    return f"{name.lower()}-phone.example.org"


def inbound(live: Live, name: str, to: str, body: str, key: str, thread: list[str]) -> EmailMessage:
    """`name`'s mail to `to`, as his client writes it: his name in From, a Sender, a
    Message-ID on his own host, In-Reply-To and References (`thread`, then his own older
    mail)."""
    address = Scenario.email(name)
    msg = live.mail(f"{name} <{address}>", to, body, Sender=address)
    del msg["Message-ID"]
    msg["Message-ID"] = f"<{key}@{host(name)}>"
    older = f"<{key}.older@{host(name)}>"
    if thread:
        msg["In-Reply-To"] = thread[-1]
    msg["References"] = " ".join([*thread, older])
    return msg


def delivered(g: Scenario, to: str, marker: str) -> list[tuple[bytes, EmailMessage]]:
    """The raw bytes (and the parsed mail) of every mail in the Maildir to `to` whose text says
    `marker`."""
    out = []
    for path in sorted(Path(g.games.settings.maildir, "new").iterdir()):
        raw = path.read_bytes()
        msg = email.message_from_bytes(raw, policy=policy.default)
        assert isinstance(msg, EmailMessage)
        if str(msg["To"]) == Scenario.email(to) and marker in text(msg):
            out.append((raw, msg))
    return out


def text(msg: EmailMessage) -> str:
    """The decoded text of every part."""
    return "\n".join(
        str(part.get_content())
        for part in msg.walk()
        if isinstance(part, EmailMessage) and part.get_content_maintype() == "text"
    )


def relay(
    g: Scenario, live: Live, msg: EmailMessage, sender: str, to: str, marker: str
) -> EmailMessage:
    """Send `sender`'s mail `msg` by SMTP; the one mail relayed to `to` saying `marker`, its
    raw bytes and its text checked free of `sender`'s address."""
    send(live, msg)
    wait_for(lambda: bool(delivered(g, to, marker)))
    ((raw, out),) = delivered(g, to, marker)
    address = Scenario.email(sender)
    assert address.encode() not in raw.lower(), f"{address} in the raw mail to {to}"
    assert address not in text(out).lower(), f"{address} in the text of the mail to {to}"
    return out


def leaks(g: Scenario, out: EmailMessage, sender: str, sent: EmailMessage) -> list[str]:
    """Each header of `out` (relayed from `sender`'s mail `sent`) that names him, carries his
    address or an id of his client's, or threads on an id not of the game's domain."""
    address = Scenario.email(sender)
    traces = {address, address.partition("@")[0], sender.lower(), host(sender)}
    ours = "@" + g.games.settings.domain.lower() + ">"
    theirs = {i for h in THREADING for i in str(sent[h] or "").split() if not i.endswith(ours)}
    found = []
    for header in WATCHED:
        for value in out.get_all(header) or []:
            lowered = str(value).lower()
            found += [f"{header}: {value!r} names {t!r}" for t in sorted(traces) if t in lowered]
            found += [f"{header}: {value!r} carries {i!r}" for i in sorted(theirs) if i in value]
            if header in THREADING:
                found += [
                    f"{header}: {i!r} is not of the game's domain"
                    for i in lowered.split()
                    if not i.endswith(ours)
                ]
    return found


def reply_address(out: EmailMessage) -> str:
    ((_, address),) = getaddresses([str(out["Reply-To"])])
    return address


def test_every_right_to_send_mps_has_a_setup() -> None:
    """001, « Envoi de MP »: « Plusieurs rôles permettent l'envoi de MPs entre joueurs »: each
    right registered is played below (a right added later fails here until it is)."""
    assert set(SETUPS) == set(RIGHTS)


@pytest.mark.parametrize("slug", sorted(SETUPS))
def test_no_relayed_mp_names_its_sender_in_its_headers(tmp_path: Path, slug: str) -> None:
    """001, « Envoi de MP »: « tous les MPs passent par le MJ, qui les transmet au joueur
    concerné »: the MP on right `slug`, sent by SMTP, reaches its recipient from the game
    with no header naming its sender, nor his address anywhere; the answer to it, where the
    right allows one, reaches back the same way, not naming the recipient either."""
    g = game(tmp_path, DEALS.get(slug, DEAL))
    leg = SETUPS[slug](g)
    assert RIGHTS[slug].holds(g.state, g.state.players[leg.sender])
    found: list[str] = []
    with running(g) as live:
        mark = f"Message {slug} de test."
        first = inbound(
            live, leg.sender, live.reply_address(leg.sender), f"{leg.line}\n{mark}", slug, []
        )
        mp = relay(g, live, first, leg.sender, leg.recipient, mark)
        found += leaks(g, mp, leg.sender, first)
        to_answer = reply_address(mp)
        assert Scenario.email(leg.sender) not in to_answer.lower()
        assert leg.sender.lower() not in to_answer.lower()
        # no reply: the answer goes to the MJ, on the recipient's own orders line
        assert (to_answer == live.reply_address(leg.recipient)) == (leg.back is None)
        if leg.back is not None:
            answer = f"Réponse {slug} de test."
            thread = [*str(mp["References"] or "").split(), str(mp["Message-ID"])]
            second = inbound(live, leg.recipient, to_answer, answer, f"{slug}.re", thread)
            back = relay(g, live, second, leg.recipient, leg.back, answer)
            found += leaks(g, back, leg.recipient, second)
            assert leg.recipient.lower() not in reply_address(back).lower()
    assert not found, "\n".join(found)
