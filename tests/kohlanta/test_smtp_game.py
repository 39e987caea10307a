"""Rule set `kohlanta` (seed 000, ../shared/seeds/000_34f6f2cfe008970d.txt, lines 1-116,
« LG KOH-LANTA »): one whole game, from the deal to the jury, every player's order sent by real
SMTP to `lgmail serve` on loopback, as a player answers from his mail client the last mail he
got from the game (to its Reply-To, from his own address, with a Message-ID of his client's,
In-Reply-To and References). Only the MJ's hand (`sc.end()`) is played directly.

The deal (`play.deal(12)`): « rouges » Alice, Bruno, Chloe, David, Emma, Farid; « jaunes »
Gina, Hugo, Ines, Jules, Karim, Lea; the stratèges Alice, Bruno, Gina, Hugo; Sportifs Alice,
Chloe, Emma, Gina, Ines, Karim, the others Survivalistes.

The game:
- day 0: the rouges elect Alice, the jaunes Jules (« chacune des deux tribus doit élire un chef
  de tribu »);
- night 1: the stratèges' secret votes, every Survivaliste's « collier N » (a wrong number, so
  that no necklace is found), Karim and Lea ally (« s'il [...] est un bisounours qui a donné son
  nom, alors l'alliance [...] a lieu »), Chloe tries David in vain;
- days 1-3, the tribe phase (« La tribu perdante ira au vote »): Alice (the rouges' chief, who
  then names Farid: « S'il meure, il nomme un successeur »), Gina (after a 4-4 tie the jaunes'
  chief Jules breaks: « une demande au chef de tribu de départager »), Chloe; each winning chief
  takes the first comfort offered (« le chef de tribu en choisit un des deux »);
- night 4, the ambassadors (« les deux chefs d'équipe doivent nommer un joueur »): Farid twice;
- days 4-7, the individual phase: David, Emma, Ines, Jules (jurors from now on);
- night 8 opens the final phase with Bruno, Farid, Hugo, Karim, Lea (two stratèges, three
  bisounours: the stratèges are no strict majority); day 8, the orientation (« chacun vote pour
  deux joueurs »): Lea and Bruno; day 9: Karim; the finalists Farid (bisounours) and Hugo
  (stratège) of different camps: the jury (« les bisounours votent en premier, puis [...] on
  ajoute automatiquement au stratège finaliste 1 vote par stratège présent dans les votants »):
  David, Emma, Ines, Jules for Farid, Lea and Karim for Hugo, Bruno's vote added to Hugo: 4-3,
  the bisounours win.

Checked at the end: the game ended on the jury's vote, its winner is a camp, every mail sent in
was answered once (each order recorded, none refused), no mail reached a juror from his
elimination to the end but « Vous êtes membre du jury », « Le vote final » and the answers to
his own mails (« on ne doit donc rien lui révéler de la partie »), and the end mail gives every
player's camp and role (« Quand un joueur est éliminé, le MJ indique son camp et son rôle »).
"""

from __future__ import annotations

import smtplib
import time
import uuid
from email.message import EmailMessage
from pathlib import Path

from lgmail.rules.kohlanta import council, jury
from lgmail.rules.kohlanta.alliance import ally_of
from lgmail.rules.kohlanta.cards import CAMPS, ROLE_NAMES, camp, is_juror, role_of
from lgmail.rules.kohlanta.challenge import CANON, LINES
from tests.inbound.conftest import running
from tests.kohlanta.play import deal, game
from tests.scenario import Scenario, Sent

ROUGES = ["Alice", "Bruno", "Chloe", "David", "Emma", "Farid"]
JAUNES = ["Gina", "Hugo", "Ines", "Jules", "Karim", "Lea"]
PLAYERS = ROUGES + JAUNES
JUROR_NOTICE, JURY_CALL = "Vous êtes membre du jury", "Le vote final"
#: what a stratège and a bisounours are called in the mails
CAMP_NAMES = {"stratege": "Stratège", "bisounours": "Bisounours"}


def drained(sc: Scenario, seconds: float = 20.0) -> None:
    """The listener's inbox processed and the outbox delivered to the Maildir."""
    store = sc.games.store
    deadline = time.monotonic() + seconds
    while store.inbox_pending(1) or store.pending_mail(1):
        assert time.monotonic() < deadline, "the inbox or the outbox did not drain"
        time.sleep(0.02)


class Table:
    """The twelve players at their mail clients, and what reached each of them: `inbox[name]`
    holds each mail with what its reader was when it came ("alive", "out" before the merge,
    "juror", "ended"); `sent[name]` the Message-IDs of his mails."""

    def __init__(self, sc: Scenario, port: int) -> None:
        self.sc, self.port = sc, port
        self.sent: dict[str, list[str]] = {n: [] for n in PLAYERS}
        self.inbox: dict[str, list[tuple[str, Sent]]] = {n: [] for n in PLAYERS}
        self.watch()

    # --- the players' mails -------------------------------------------------------------------

    def reply(self, name: str, text: str) -> EmailMessage:
        """`name`'s answer to the last mail he got from the game, as his client writes it."""
        last = self.sc.mails(name)[-1]
        msg = EmailMessage()
        msg["From"] = f"{name} <{Scenario.email(name)}>"
        msg["To"] = last.reply_to
        msg["Subject"] = last.subject if last.subject.startswith("Re:") else f"Re: {last.subject}"
        msg["Message-ID"] = f"<{uuid.uuid4().hex}@{name.lower()}-phone.example.org>"
        msg["In-Reply-To"] = last.message_id
        msg["References"] = " ".join([*last.references.split(), last.message_id])
        msg.set_content(f"{text}\n\n-- \n{name}, envoyé de mon téléphone\n")
        return msg

    def send(self, orders: dict[str, str]) -> None:
        """Each player's mail of `orders` (player -> text) sent by SMTP in one session, in that
        order, each written as an answer to the last mail its player got; once all are
        processed, each is answered once, every order in it recorded."""
        sent: list[tuple[str, str, EmailMessage]] = []
        with smtplib.SMTP("127.0.0.1", self.port) as client:
            for name, text in orders.items():
                msg = self.reply(name, text)
                client.send_message(msg)
                self.sent[name].append(str(msg["Message-ID"]))
                sent.append((name, text, msg))
        drained(self.sc)
        self.watch()
        for name, text, msg in sent:
            answers = [m for m in self.sc.mails(name) if m.in_reply_to == msg["Message-ID"]]
            assert len(answers) == 1, f"{name}: {text!r} answered {len(answers)} times"
            (answer,) = answers
            assert "enregistr" in answer.subject and "refus" not in answer.subject, (
                f"{name}: {text!r} -> {answer.subject}\n{answer.content}"
            )

    # --- the MJ's hand --------------------------------------------------------------------

    def end(self) -> None:
        """The MJ ends the step."""
        self.sc.end()
        drained(self.sc)
        self.watch()

    def end_phase(self) -> None:
        """The MJ ends steps until the phase changes (or the game ends)."""
        at = self.sc.phase()
        while self.sc.phase() == at and self.sc.state.status == "running":
            self.end()

    # --- what reached whom ----------------------------------------------------------------

    def watch(self) -> None:
        s = self.sc.state
        for name, p in s.players.items():
            if s.ended:
                stage = "ended"
            elif p.alive:
                stage = "alive"
            else:
                stage = "juror" if is_juror(s, name) else "out"
            for mail in self.sc.new_mails(name):
                self.inbox[name].append((stage, mail))


# --- the game's moves ----------------------------------------------------------------------------


def wrong_number(sc: Scenario) -> str:
    """A necklace number that is not the « nombre collier »."""
    number = int(sc.state.extra["colliers"]["number"])
    return str(number % 6 + 1)


def night(t: Table, secret: dict[str, str], more: dict[str, str] | None = None) -> None:
    """A night: each stratège's secret vote (`secret`: stratège -> name), each Survivaliste's
    wrong necklace number, `more` lines; then the MJ ends the night if it is still on."""
    sc = t.sc
    s = sc.state
    at = sc.phase()
    assert sc.step() == "nuit", sc.phase()
    orders: dict[str, list[str]] = {}
    for name, target in secret.items():
        orders.setdefault(name, []).append(f"vote {target}")
    collier = wrong_number(sc) if not s.extra.get("finale") else ""
    for p in s.living():
        if collier and role_of(p) == "survivaliste":
            orders.setdefault(p.name, []).append(f"collier {collier}")
    for name, line in (more or {}).items():
        orders.setdefault(name, []).append(line)
    t.send({n: "\n".join(lines) for n, lines in orders.items()})
    if sc.phase() == at:
        t.end_phase()
    assert sc.phase() != at


def guesses(sc: Scenario) -> tuple[str, str]:
    """Today's exact challenge, and a guess with every line wrong (read from the state, as the
    MJ knows it)."""
    challenge = sc.state.extra["epreuve"]["challenge"]
    right = " / ".join(CANON[a] for a in challenge)
    wrong = " / ".join(
        CANON[next(x for x in line if x != a)] for line, a in zip(LINES, challenge, strict=True)
    )
    return right, wrong


def challenge(t: Table, winner: str) -> None:
    """The day's challenge: `winner` (a tribe, or a player after the merge) guesses it exactly,
    everyone else wrong on every line; it is won at once."""
    sc = t.sc
    assert sc.step() == "epreuve", (sc.phase(), sc.step())
    right, wrong = guesses(sc)
    s = sc.state
    tribes = s.extra["tribus"]
    t.send({n: right if winner in (n, tribes[n]) else wrong for n in s.living_names()})
    assert sc.step() == "vote", "the challenge is won at once"
    assert sc.state.extra["epreuve"]["winner"] == winner


def comfort(t: Table) -> None:
    """The winning tribe's chief takes the first comfort offered."""
    sc = t.sc
    offer = sc.state.extra["conforts"]["offer"]
    assert offer.get("day") == sc.state.number, offer
    head = sc.state.extra["chefs"][offer["tribe"]]
    t.send({head: f"confort {offer['choices'][0]}"})


def vote(t: Table, out: str, votes: dict[str, str] | None = None) -> None:
    """Every voter votes for `out` (`out` himself and his ally for somebody else) unless
    `votes` says otherwise; the MJ ends the vote."""
    sc = t.sc
    s = sc.state
    eligible = council.eligible(s)
    mails: dict[str, str] = {}
    for voter in council.voters(s):
        if votes and voter in votes:
            mails[voter] = votes[voter]
        elif voter != out and ally_of(s, voter) != out:
            mails[voter] = f"vote {out}"
        else:
            other = [n for n in eligible if n not in (voter, out, ally_of(s, voter))]
            mails[voter] = f"vote {other[0]}"
    t.send(mails)
    t.end()


def answer_reactions(t: Table, kind: str, text: str) -> None:
    """The one awaited reaction of `kind`, answered by mail with `text`."""
    (reaction,) = [r for r in t.sc.state.reactions if r.kind == kind]
    t.send({reaction.player: text})
    assert not [r for r in t.sc.state.reactions if r.kind == kind]


def day(t: Table, winner: str, out: str, successor: str = "") -> None:
    """A day of the tribe or the individual phase: the challenge, the comfort (tribe phase),
    the vote; an eliminated chief names `successor`; then night rises."""
    sc = t.sc
    number = sc.phase()[1]
    challenge(t, winner)
    if winner in ("rouges", "jaunes"):
        comfort(t)
    vote(t, out)
    assert not sc.alive(out), f"{out} is out"
    if successor:
        answer_reactions(t, "successeur", f"successeur {successor}")
    assert not sc.state.reactions, sc.state.reactions
    if sc.phase() == ("day", number):
        t.end_phase()
    assert sc.phase() == ("night", number + 1), sc.phase()


# --- the test ------------------------------------------------------------------------------------


def test_a_whole_game_by_smtp_to_the_jury(tmp_path: Path) -> None:
    sc = game(tmp_path, 12, seed=1, roles=deal(12))
    with running(sc) as live:
        t = Table(sc, live.smtp)
        strateges = [n for n in PLAYERS if camp(sc.state.players[n]) == "stratege"]
        assert strateges == ["Alice", "Bruno", "Gina", "Hugo"]

        # JOUR 0: « chacune des deux tribus doit élire un chef de tribu »
        assert sc.phase() == ("election", 0)
        t.send({n: f"vote {'Alice' if n in ROUGES else 'Jules'}" for n in PLAYERS})
        t.end_phase()
        assert sc.phase() == ("night", 1)
        assert sc.state.extra["chefs"] == {"rouges": "Alice", "jaunes": "Jules"}

        # PHASE EN TRIBUS, 12 -> 9
        night(
            t,
            {"Alice": "Chloe", "Bruno": "Alice", "Gina": "Alice", "Hugo": "Alice"},
            {"Karim": "alliance Lea", "Lea": "alliance Karim", "Chloe": "alliance David"},
        )
        assert sc.phase() == ("day", 1)
        assert ally_of(sc.state, "Karim") == "Lea" and ally_of(sc.state, "Chloe") is None
        day(t, "jaunes", "Alice", successor="Farid")
        assert sc.state.extra["chefs"]["rouges"] == "Farid"

        # day 2: the jaunes lose; a 4-4 tie (Bruno's secret vote on Gina, Gina's on Ines,
        # Hugo's on Bruno of the rouges, who have the totem: not counted), which Jules breaks
        night(t, {"Bruno": "Gina", "Gina": "Ines", "Hugo": "Bruno"})
        challenge(t, "rouges")
        comfort(t)
        split = {n: "vote Gina" for n in ("Ines", "Jules", "Karim")}
        split |= {n: "vote Ines" for n in ("Gina", "Hugo", "Lea")}
        vote(t, "Gina", split)
        (verdict,) = [e for e in sc.events("VerdictGiven") if e["day"] == 2]
        assert sorted(verdict["tied"]) == ["Gina", "Ines"], verdict
        (reaction,) = sc.state.reactions
        assert (reaction.kind, reaction.player) == ("trancher", "Jules")
        answer_reactions(t, "trancher", "trancher Gina")
        assert not sc.alive("Gina") and sc.alive("Ines")
        if sc.phase() == ("day", 2):
            t.end_phase()
        assert sc.phase() == ("night", 3)

        night(t, {"Bruno": "Chloe", "Hugo": "Chloe"})
        day(t, "jaunes", "Chloe")
        assert len(sc.state.living()) == 9

        # TRANSITION: the ambassadors, then the merge
        assert sc.state.extra.get("ambassadeurs") == 4
        night(
            t,
            {"Bruno": "David", "Hugo": "David"},
            {"Farid": "ambassadeur Farid", "Jules": "ambassadeur Farid"},
        )
        assert sc.state.extra["chefs"] == {"blanche": "Farid"}

        # PHASE EN INDIVIDUEL, 9 -> 5: each day a player wins the totem, another goes
        day(t, "Farid", "David")
        night(t, {"Bruno": "Emma", "Hugo": "Emma"})
        day(t, "Hugo", "Emma")
        night(t, {"Bruno": "Ines", "Hugo": "Ines"})
        day(t, "Karim", "Ines")
        night(t, {"Bruno": "Jules", "Hugo": "Jules"})
        day(t, "Lea", "Jules")
        left = sorted(sc.state.living_names())
        assert left == ["Bruno", "Farid", "Hugo", "Karim", "Lea"]

        # PHASE FINALE: the last secret votes, then the orientation (two names each)
        night(t, {"Bruno": "Lea", "Hugo": "Lea"})
        assert sc.state.extra.get("finale") and ally_of(sc.state, "Karim") is None
        assert sc.phase() == ("day", 8) and council.orientation(sc.state)
        t.send(
            {
                "Farid": "vote Bruno et Lea",
                "Karim": "vote Bruno et Lea",
                "Hugo": "vote Bruno et Lea",
                "Bruno": "vote Karim et Lea",
                "Lea": "vote Bruno et Karim",
            }
        )
        t.end_phase()
        (oriented,) = [e for e in sc.events("VerdictGiven") if e["day"] == 8]
        assert oriented["orientation"] and sorted(oriented["out"]) == ["Bruno", "Lea"]
        assert oriented["votes"] == {"Bruno": 4, "Lea": 4, "Karim": 2}
        assert oriented["secret"] == {"Lea": 2}  # « ne pas oublier [...] les votes de nuit »
        assert sorted(sc.state.living_names()) == ["Farid", "Hugo", "Karim"]
        assert sc.phase() == ("day", 9)

        # the last vote, 3 -> 2: Farid (bisounours) and Hugo (stratège)
        t.send({"Farid": "vote Karim", "Hugo": "vote Karim", "Karim": "vote Hugo"})
        t.end()
        assert sorted(jury.finalists(sc.state)) == ["Farid", "Hugo"]
        assert sc.step() == "jury"
        voting = jury.voting(sc.state)
        assert sorted(voting) == ["David", "Emma", "Ines", "Jules", "Karim", "Lea"]
        t.send({n: f"vote {'Hugo' if n in ('Lea', 'Karim') else 'Farid'}" for n in voting})
        if sc.state.status == "running":
            t.end_phase()

    # the end: the jury's vote, a camp's win
    s = sc.state
    assert s.status == "ended"
    (voted,) = sc.events("JuryVoted")
    assert voted["bisounours"] == {"Farid": 4, "Hugo": 2}
    assert voted["strateges"] == {"Farid": 0, "Hugo": 1}
    assert voted["winner"] == "Farid" and voted["camp"] == "bisounours"
    assert s.winner in CAMPS and s.winner == "bisounours"
    kinds = [e["type"] for e in sc.events()]
    assert kinds.count("GameEnded") == 1
    assert kinds.index("JuryVoted") < kinds.index("GameEnded")
    assert "Eliminated" not in kinds[kinds.index("JuryVoted") :]
    (end_event,) = sc.events("GameEnded")
    assert end_event["winner"] == "bisounours"
    assert sorted(end_event["winners"]) == sorted(n for n in PLAYERS if n not in strateges)

    # every mail sent in was answered, once, in its thread
    for name, ids in t.sent.items():
        mails = sc.mails(name)
        for message_id in ids:
            got = [m for m in mails if m.in_reply_to == message_id]
            assert len(got) == 1, f"{name}'s {message_id} answered {len(got)} times"
            assert message_id in got[0].references

    # the jurors heard nothing of the game from their elimination to the end
    jurors = [n for n in PLAYERS if is_juror(s, n)]
    assert sorted(jurors) == ["Bruno", "David", "Emma", "Ines", "Jules", "Karim", "Lea"]
    for name in jurors:
        told = [
            m.subject
            for stage, m in t.inbox[name]
            if stage == "juror"
            and JUROR_NOTICE not in m.subject
            and JURY_CALL not in m.subject
            and m.in_reply_to not in t.sent[name]
        ]
        assert not told, f"{name}, juror, got {told}"
        kept = [m.subject for stage, m in t.inbox[name] if stage == "juror"]
        assert any(JUROR_NOTICE in x for x in kept) and any(JURY_CALL in x for x in kept), kept

    # the end mail gives every player's camp and role (« Alice : stratège, sportif, ... »)
    for name in PLAYERS:
        (end,) = [m for stage, m in t.inbox[name] if stage == "ended" and not m.in_reply_to]
        assert "Fin de la partie" in end.subject and "victoire des bisounours" in end.content
        for other in PLAYERS:
            p = s.players[other]
            (line,) = [x for x in end.content.splitlines() if x.strip().startswith(f"{other} :")]
            said = [w.strip().lower() for w in line.split(":", 1)[1].split(",")]
            assert CAMP_NAMES[camp(p)].lower() == said[0], f"{name}'s end mail: {line!r}"
            assert ROLE_NAMES[role_of(p)]["fr"].lower() == said[1], f"{name}'s end mail: {line!r}"
