"""Rule set `cinquieme-element` (seed 000, ../shared/seeds/000_34f6f2cfe008970d.txt, lines
117-222, « LG LE CINQUIÈME ÉLÉMENT »): one whole game of ten, from the choice of the powers to the
villagers' win, every player's order sent by real SMTP to `lgmail serve` on loopback, as a player
answers from his mail client the last mail he got from the game (to its Reply-To, from his own
address, with a Message-ID of his client's, In-Reply-To and References). Only the MJ's hand
(`sc.end()`) is played directly.

The deal is `TEN`: Alice (FEU) and Bruno (TERRE) the wolves, NC = 2 (at most 3 hearts).

The game:
- day 0: each chooses his two powers (« chaque villageois doit choisir de manière caché un
  pouvoir de villageois et un pouvoir universel [...] Les loups font pareil avec un pouvoir
  universel et un pouvoir de loup »), everyone elects Chloe (« Jour 0, les villageois élisent un
  maire »);
- night 1: Alice's attack of EAU (Élémentaliste) kills Hugo (EAU) and she is told so; Bruno
  attacks David (1) and heals Alice (3); Chloe observes Alice; Emma's Justice of TERRE takes
  Bruno to 1; Farid's Oeil-de-Lynx answers at once (nobody at the maximum); Gina regenerates (3);
- day 1: Alice burns (a FEU stake: NC = 2 wounds and one more for her vulnerability, 3 hearts);
- night 2: Bruno, the last wolf, heals himself (2) and attacks Chloe, whom Gina (at the maximum)
  regenerates first (3, then 2); Chloe observes Bruno; Farid's Oeil-de-Lynx names Gina, David's
  Truffe-de-Lynx Bruno and himself;
- day 2: Bruno burns (2 hearts, two wounds of FEU): no wolf is left, the villagers win.

Checked: the game ended with the villagers' win, every mail sent in was answered once, in its
thread (each order recorded, none refused), the immediate answers and the night's private mails
reached their players.
"""

from __future__ import annotations

import smtplib
import time
import uuid
from email.message import EmailMessage
from pathlib import Path

from tests.cinquieme.drive import hearts
from tests.cinquieme.play import TEN, game
from tests.inbound.conftest import running
from tests.scenario import Scenario

PLAYERS = list(TEN)
POWERS = {
    "Alice": "ignifugé et élémentaliste",
    "Bruno": "ignifugé et soin",
    "Chloe": "observation et ignifugé",
    "David": "immunité diplomatique et truffe-de-lynx",
    "Emma": "justice et ignifugé",
    "Farid": "oeil-de-lynx et ignifugé",
    "Gina": "régénération et ascension",
    "Hugo": "observation et impitoyable",
    "Ines": "justice et autopsie",
    "Jules": "régénération et ignifugé",
}


def drained(sc: Scenario, seconds: float = 20.0) -> None:
    """The listener's inbox processed and the outbox delivered to the Maildir."""
    store = sc.games.store
    deadline = time.monotonic() + seconds
    while store.inbox_pending(1) or store.pending_mail(1):
        assert time.monotonic() < deadline, "the inbox or the outbox did not drain"
        time.sleep(0.02)


class Table:
    """The ten players at their mail clients: `sent[name]` the Message-IDs of their mails."""

    def __init__(self, sc: Scenario, port: int) -> None:
        self.sc, self.port = sc, port
        self.sent: dict[str, list[str]] = {n: [] for n in PLAYERS}

    def reply(self, name: str, text: str) -> EmailMessage:
        """`name`'s answer to the last mail he got from the game, as his client writes it."""
        last = self.sc.mails(name)[-1]
        msg = EmailMessage()
        msg["From"] = f"{name} <{Scenario.email(name)}>"
        msg["To"] = last.reply_to
        msg["Subject"] = last.subject if last.subject.startswith("Re:") else f"Re: {last.subject}"
        msg["Message-ID"] = f"<{uuid.uuid4().hex}@{name.lower()}-mail.example.org>"
        msg["In-Reply-To"] = last.message_id
        msg["References"] = " ".join([*last.references.split(), last.message_id])
        msg.set_content(f"{text}\n\n-- \n{name}\n")
        return msg

    def send(self, orders: dict[str, str]) -> None:
        """Each player's mail of `orders` (player -> text), in that order, one SMTP session;
        once all are processed, each is answered once, every order in it recorded."""
        sent: list[tuple[str, str, EmailMessage]] = []
        with smtplib.SMTP("127.0.0.1", self.port) as client:
            for name, text in orders.items():
                msg = self.reply(name, text)
                client.send_message(msg)
                self.sent[name].append(str(msg["Message-ID"]))
                sent.append((name, text, msg))
                drained(self.sc)  # the next one answers the mails this one caused
        for name, text, msg in sent:
            answers = [m for m in self.sc.mails(name) if m.in_reply_to == msg["Message-ID"]]
            assert len(answers) == 1, f"{name}: {text!r} answered {len(answers)} times"
            (answer,) = answers
            assert "enregistr" in answer.subject and "refus" not in answer.subject, (
                f"{name}: {text!r} -> {answer.subject}\n{answer.content}"
            )

    def end(self) -> None:
        """The MJ ends the step."""
        self.sc.end()
        drained(self.sc)


def private(sc: Scenario, name: str, subject: str) -> list[str]:
    """The bodies of `name`'s mails whose subject ends with `subject`."""
    return [m.content for m in sc.mails(name) if m.subject.endswith(subject)]


def test_a_whole_game_by_smtp_to_the_villagers_win(tmp_path: Path) -> None:
    sc = game(tmp_path)
    with running(sc) as live:
        t = Table(sc, live.smtp)

        # JOUR 0: the powers, then the mayor
        assert sc.phase() == ("election", 0) and sc.step() == "pouvoirs"
        t.send({n: f"pouvoirs {POWERS[n]}" for n in PLAYERS})
        assert sc.step() == "election", "every choice in: the step closes"
        assert sc.state.players["Alice"].powers == ["ignifuge", "elementaliste"]
        t.send({n: "vote Chloe" for n in PLAYERS})
        t.end()
        assert sc.phase() == ("night", 1) and sc.state.captain == "Chloe"
        (wolves,) = private(sc, "Bruno", "Le camp des loups")
        assert "Alice, Bruno" in wolves

        # NUIT 1
        t.send(
            {
                "Farid": "oeil-de-lynx",
                "Alice": "attaquer Hugo\nélémentaliste eau",
                "Bruno": "attaquer David\nsoin Alice",
                "Chloe": "observation Alice",
                "David": "immunité diplomatique",
                "Emma": "justice Bruno terre",
                "Gina": "régénération",
                "Hugo": "rien",
                "Ines": "rien",
                "Jules": "ignifugé",
            }
        )
        assert sc.phase() == ("day", 1), "every order in: the night closes"
        (eye,) = private(sc, "Farid", "Oeil-de-Lynx")
        assert "Personne n'est au maximum de cœurs." in eye
        assert not sc.alive("Hugo")
        (element,) = private(sc, "Alice", "Élémentaliste")
        assert "Hugo est mort·e : sa vulnérabilité était EAU." in element
        (seen,) = private(sc, "Chloe", "Observation")
        assert "Alice : pouvoir universel Ignifugé, vulnérabilité FEU." in seen
        assert [hearts(sc, n) for n in ("Alice", "Bruno", "David", "Gina")] == [3, 1, 1, 3]

        # JOUR 1: Alice burns
        t.send(
            {
                n: "vote Chloe" if n in ("Alice", "Bruno") else "vote Alice"
                for n in sc.state.living_names()
            }
        )
        t.end()
        assert not sc.alive("Alice") and sc.phase() == ("night", 2)

        # NUIT 2
        t.send(
            {
                "Bruno": "attaquer Chloe\nsoin Bruno",
                "Gina": "régénération Chloe",
                "Chloe": "observation Bruno",
                "Farid": "oeil-de-lynx",
                "David": "truffe-de-lynx",
                "Emma": "rien",
                "Ines": "rien",
                "Jules": "rien",
            }
        )
        assert sc.phase() == ("day", 2)
        eyes = private(sc, "Farid", "Oeil-de-Lynx")
        assert "Au maximum de cœurs : Gina." in eyes[-1]
        (nose,) = private(sc, "David", "Truffe-de-Lynx")
        assert "N'ont plus qu'un cœur : Bruno, David." in nose
        assert [hearts(sc, n) for n in ("Bruno", "Chloe")] == [2, 2]

        # JOUR 2: Bruno burns, the last wolf
        t.send({n: "vote Chloe" if n == "Bruno" else "vote Bruno" for n in sc.state.living_names()})
        if sc.state.status == "running":
            t.end()

    s = sc.state
    assert s.status == "ended" and s.winner == "villageois"
    assert sorted(s.winners) == sorted(n for n in PLAYERS if n not in ("Alice", "Bruno"))
    (ended,) = sc.events("GameEnded")
    assert ended["winner"] == "villageois"

    # every mail sent in was answered, once, in its thread
    for name, ids in t.sent.items():
        mails = sc.mails(name)
        for message_id in ids:
            got = [m for m in mails if m.in_reply_to == message_id]
            assert len(got) == 1, f"{name}'s {message_id} answered {len(got)} times"
            assert message_id in got[0].references
