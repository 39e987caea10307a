"""Games without a shell (#34), by real SMTP into `serve`, on SQLite and PostgreSQL: an MJ opens
a game at the service's address, players sign up at the game's address and confirm by
replying to their confirmation as a phone does (quoted), a forged sign-up never counts, one
withdraws, a substitute joins, the MJ starts it by mail and every player gets his role; then
the game plays on as any other."""

from __future__ import annotations

import mailbox
import smtplib
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import make_msgid
from pathlib import Path

import pytest

from lgmail.config import settings
from lgmail.rules.view import view
from lgmail.service.games import Games
from lgmail.service.server import Endpoints, Server
from tests.inbound.conftest import free_port

MJ = "mj@club.example.org"
#: who signs up, as his mail client writes the From
PLAYERS = {
    "Alice": "alice@example.org",
    "Bruno": "bruno@example.org",
    "Chloé": "chloe@example.org",
    "David": "david@example.org",
    "Emma": "emma@example.org",
    "Farid": "farid@example.org",
    "Gaëlle": "gaelle@example.org",
    "Hugo": "hugo@example.org",
}


class Club:
    """`serve` on loopback for a store whose `[service]` lets `MJ` open games."""

    def __init__(self, games: Games, port: int) -> None:
        self.games, self.port = games, port
        self.clock = datetime(2026, 12, 6, 18, 0, tzinfo=UTC)

    @property
    def domain(self) -> str:
        return self.games.settings.domain

    def send(
        self,
        sender: str,
        to: str,
        body: str,
        subject: str = "",
        reply_to: EmailMessage | None = None,
    ) -> EmailMessage:
        msg = EmailMessage()
        msg["From"] = sender
        msg["To"] = to
        msg["Subject"] = subject or (f"Re: {reply_to['Subject']}" if reply_to else "lgmail")
        msg["Message-ID"] = make_msgid(domain="example.org")
        if reply_to is not None:
            msg["In-Reply-To"] = reply_to["Message-ID"]
            msg["References"] = reply_to["Message-ID"]
        msg.set_content(body)
        with smtplib.SMTP("127.0.0.1", self.port) as client:
            client.send_message(msg)
        self.drain()
        return msg

    def drain(self) -> None:
        deadline = time.monotonic() + 20
        store = self.games.store
        while store.inbox_pending(1) or store.pending_mail(1):
            assert time.monotonic() < deadline, "the inbox did not drain"
            time.sleep(0.05)

    def mails(self, to: str) -> list[EmailMessage]:
        box = mailbox.Maildir(str(self.games.settings.maildir), create=True)
        out = []
        for key in box.iterkeys():
            msg = BytesParser(policy=policy.default).parsebytes(box.get_bytes(key))
            assert isinstance(msg, EmailMessage)
            if str(msg["To"]) == to:
                out.append(msg)
        return sorted(out, key=lambda m: (str(m["Date"]), str(m["Message-ID"])))

    def answer_to(self, sent: EmailMessage, to: str) -> EmailMessage:
        """The one answer `to` got to `sent`."""
        found = [m for m in self.mails(to) if m["In-Reply-To"] == sent["Message-ID"]]
        assert len(found) == 1, f"{to}: {len(found)} answers to {sent.get_content()[:40]!r}"
        return found[0]


def text(msg: EmailMessage) -> str:
    part = msg.get_body(("plain",))
    assert isinstance(part, EmailMessage)
    return str(part.get_content())


def quoted(msg: EmailMessage, answer: str) -> str:
    """A reply as a phone writes it: the answer, then the mail quoted."""
    said = "\n".join(f"> {line}" for line in text(msg).splitlines())
    return f"{answer}\n\nEnvoyé de mon iPhone\n\nLe 6 déc. 2026 à 19:00, lgmail a écrit :\n{said}\n"


@contextmanager
def club(tmp_path: Path, db: str | None) -> Iterator[Club]:
    data = tmp_path / "data"
    data.mkdir()
    (data / "lgmail.toml").write_text(
        f'[service]\nmj = ["{MJ}"]\ngames_per_mj = 2\n', encoding="utf-8"
    )
    holder: list[Club] = []
    games = Games(settings.load(data, db), now=lambda: holder[0].clock)
    port = free_port()
    server = Server(games, Endpoints(f"127.0.0.1:{port}", None), sweep_seconds=0.05)
    holder.append(Club(games, port))
    server.start()
    try:
        yield holder[0]
    finally:
        server.stop()
        games.store.close()


def test_from_nothing_to_a_running_game_by_mail(tmp_path: Path, database: str | None) -> None:
    with club(tmp_path, database) as c:
        service = f"lgmail@{c.domain}"
        opened = c.send(
            MJ, service, "Nouvelle partie Village\nvariante classic\njoueurs 5-7\n", "Partie"
        )
        answer = c.answer_to(opened, MJ)
        body = text(answer)
        signup_address = f"village@{c.domain}"
        assert signup_address in body
        mj_address = str(answer["Reply-To"])
        assert mj_address.startswith("village+") and mj_address in body
        state = c.games.load("Village")
        assert (state.status, state.mj, state.proposal and state.proposal.max_players) == (
            "signup",
            MJ,
            7,
        )

        confirmations: dict[str, EmailMessage] = {}
        for name, email in PLAYERS.items():
            words = "Je m'inscris" if name != "Hugo" else "remplaçant"
            asked = c.send(f"{name} <{email}>", signup_address, words)
            confirmations[name] = c.answer_to(asked, email)
            reply_to = str(confirmations[name]["Reply-To"])
            assert reply_to.startswith("village+") and reply_to != mj_address
            assert "oui" in text(confirmations[name])
        assert not any(s.confirmed for s in c.games.load("Village").signups)

        # a forged sign-up: its confirmation goes to the real owner, who never answers; a
        # forged « oui » to that owner's address changes nothing
        victim = "victime@example.org"
        c.send(f"Victime <{victim}>", signup_address, "inscription")
        forged_request = c.mails(victim)[-1]
        c.send(
            "pirate@example.org", str(forged_request["Reply-To"]), "oui", reply_to=forged_request
        )
        assert c.mails("pirate@example.org") == []

        for name, email in PLAYERS.items():
            mail = confirmations[name]
            yes = c.send(email, str(mail["Reply-To"]), quoted(mail, "Oui !"), reply_to=mail)
            assert "confirmée" in str(c.answer_to(yes, email)["Subject"])
        signups = {s.name: s for s in c.games.load("Village").signups}
        assert signups["Victime"].confirmed is False
        assert signups["Hugo"].substitute and signups["Hugo"].confirmed

        # Bruno withdraws from his own address; the MJ lists them
        mail = confirmations["Bruno"]
        gone = c.send(PLAYERS["Bruno"], str(mail["Reply-To"]), "désinscription", reply_to=mail)
        assert "retirée" in text(c.answer_to(gone, PLAYERS["Bruno"]))
        listed = c.send(MJ, mj_address, "liste", reply_to=answer)
        roll = text(c.answer_to(listed, MJ))
        assert "alice@example.org" in roll and "bruno@example.org" not in roll
        assert "Hugo <hugo@example.org> : remplaçant" in roll

        started = c.send(MJ, mj_address, "démarrer", reply_to=answer)
        assert "démarrée" in str(c.answer_to(started, MJ)["Subject"])
        state = c.games.load("Village")
        seated = {n for n in PLAYERS if n not in ("Bruno", "Hugo")}
        assert state.status == "running" and set(state.players) == seated
        for name in seated:
            role = [m for m in c.mails(PLAYERS[name]) if "Votre rôle" in str(m["Subject"])]
            assert len(role) == 1, name
            assert state.players[name].email == PLAYERS[name]
            # the sign-up address is his private address now: replies are his orders
            assert role[0]["Reply-To"] == confirmations[name]["Reply-To"]
        left = [m for m in c.mails(PLAYERS["Hugo"]) if "sans vous" in str(m["Subject"])]
        assert len(left) == 1
        assert not any("Votre rôle" in str(m["Subject"]) for m in c.mails(PLAYERS["Bruno"]))
        assert not any("Votre rôle" in str(m["Subject"]) for m in c.mails(victim))

        # the game plays on: a vote in reply to the election's digest is recorded
        assert view(state)["phase"]["kind"] == "election"
        digest = c.mails(PLAYERS["Alice"])[-1]
        vote = c.send(PLAYERS["Alice"], str(digest["Reply-To"]), "vote Chloé", reply_to=digest)
        assert c.answer_to(vote, PLAYERS["Alice"])
        assert any(r.type == "OrderAccepted" for r in c.games.records("Village"))
        # a late sign-up gets one sentence saying the game started
        late = c.send("Zoé <zoe@example.org>", signup_address, "inscription")
        assert "commencé" in text(c.answer_to(late, "zoe@example.org"))


def test_who_may_open_games_and_the_limits(tmp_path: Path) -> None:
    with club(tmp_path, None) as c:
        service = f"lgmail@{c.domain}"
        stranger = "intrus@example.org"
        first = c.send(stranger, service, "nouvelle partie Pirate")
        assert "ne peut pas ouvrir" in text(c.answer_to(first, stranger))
        c.send(stranger, service, "nouvelle partie Pirate2")
        assert len(c.mails(stranger)) == 1, "one refusal a day at most"
        assert c.games.store.games() == []

        unreadable = c.send(MJ, service, "nouvelle partie A\nvariante inconnue\njoueurs 9-3\n")
        said = text(c.answer_to(unreadable, MJ))
        assert "Rien n'a été créé" in said or "rien" in said.lower()
        assert c.games.store.games() == []

        c.send(MJ, service, "nouvelle partie A")
        taken = c.send(MJ, service, "nouvelle partie A")
        assert "A-2" in text(c.answer_to(taken, MJ))
        c.send(MJ, service, "new game B\nlanguage en")
        assert c.games.load("B").lang == "en"
        over = c.send(MJ, service, "nouvelle partie C")
        assert "au plus" in text(c.answer_to(over, MJ)) or "(2)" in text(c.answer_to(over, MJ))
        assert sorted(c.games.store.games()) == ["A", "B"]

        # a vacation reply to the service is never answered
        auto = EmailMessage()
        auto["From"] = MJ
        auto["To"] = service
        auto["Subject"] = "Réponse automatique : absent"
        auto["Auto-Submitted"] = "auto-replied"
        auto["Message-ID"] = make_msgid(domain="example.org")
        auto.set_content("Je suis absent du bureau.")
        before = len(c.mails(MJ))
        with smtplib.SMTP("127.0.0.1", c.port) as client:
            client.send_message(auto)
        c.drain()
        assert len(c.mails(MJ)) == before


@pytest.mark.parametrize("variant", ["classic"])
def test_a_name_taken_is_answered_with_the_choices(tmp_path: Path, variant: str) -> None:
    with club(tmp_path, None) as c:
        opened = c.send(MJ, f"lgmail@{c.domain}", f"nouvelle partie Bourg\nvariante {variant}")
        assert c.answer_to(opened, MJ)
        first = c.send("Alice <alice@example.org>", f"bourg@{c.domain}", "inscription Alice")
        mail = c.answer_to(first, "alice@example.org")
        c.send("alice@example.org", str(mail["Reply-To"]), "oui", reply_to=mail)
        second = c.send("Alice <alice@other.example>", f"bourg@{c.domain}", "inscription Alice")
        said = text(c.answer_to(second, "alice@other.example"))
        assert "déjà pris" in said and "Alice A." in said
        assert [s.email for s in c.games.load("Bourg").signups] == ["alice@example.org"]
