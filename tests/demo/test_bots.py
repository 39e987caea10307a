"""The mail bots on their own: what they read in the French mails, what they write, and the
rules they keep (a wolf spares its pack, lovers never vote each other, the dead only react)."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

import pytest

from lgmail.bots.letters import Letter
from lgmail.bots.mailbot import MailBot
from lgmail.bots.mind import PHRASES, Mind
from lgmail.mail.reading import orders_text, read_mail
from lgmail.orders.parse import parse
from lgmail.rules.orders import Kind, Order
from lgmail.rules.thiercelieux.roles import loup_garou, sorciere, voyante

PLAYERS = ["Alice", "Bruno", "Chloé", "David", "Élodie", "Fabien", "Gaëlle", "Hugo"]
PRIVATE = "demo-1+private@lgmail.localhost"
_count = 0


def letter(subject: str, text: str, reply_to: str = PRIVATE) -> Letter:
    global _count
    _count += 1
    return Letter(
        name=f"{_count:012d}.x.lgmail",
        to="alice@demo-1.invalid",
        sender="demo-1@lgmail.localhost",
        reply_to=reply_to,
        subject=f"[demo-1] {subject}",
        message_id=f"<demo-1.{_count}.0@lgmail.localhost>",
        references=["<demo-1.thread.x@lgmail.localhost>"],
        text=text,
        author="MJ demo-1 <demo-1@lgmail.localhost>",
        date=datetime(2026, 11, 29, 21, 4, tzinfo=UTC),
    )


def role(me: str, role_name: str, pack: list[str] | None = None) -> Letter:
    meute = f"\nVotre meute : {', '.join(pack)}.\n" if pack else ""
    return letter(
        f"Votre rôle : {role_name}",
        f"Bonjour {me},\n\nLa partie « demo-1 » commence. Vous êtes {role_name}.\n"
        f"Chaque nuit : « tuer NOM ».\n{meute}\nJoueurs : {', '.join(PLAYERS)}.\n"
        "Nous entrons dans la journée d'élection du Capitaine, jusqu'au lundi 30 novembre "
        "à 21h30.\n\nRépondez à ce message avec vos ordres, un par ligne (« aide » pour la "
        "liste).\n",
    )


def digest(title: str, body: str) -> Letter:
    """The MJ's digest: its Reply-To is the player's private address (a reply is orders)."""
    return letter(title, body, reply_to=PRIVATE)


def day(number: int, deaths: str = "") -> Letter:
    return digest(
        f"Jour {number}",
        f"Le jour se lève sur le village.\n{deaths}\nVoici le jour {number}, jusqu'au mardi 1 "
        "décembre à 23h00.\nDébattez, puis votez : « vote NOM » (modifiable jusqu'à la "
        "clôture).\n",
    )


def step(me: str, phase: str, *can: str) -> Letter:
    lines = "".join(f"  {c}\n" for c in can)
    return letter(
        "À vous d'agir",
        f"Bonjour {me},\n\nC'est {phase}. Vous pouvez agir jusqu'au lundi 30 novembre à 6h50 :"
        f"\n{lines}\nRépondez à ce message, un ordre par ligne.\n",
    )


def mind(seed: int = 0) -> Mind:
    return Mind("alice@demo-1.invalid", random.Random(seed), think=(0.0, 0.0))


def play(m: Mind, *letters: Letter) -> list[tuple[Letter | None, list[str]]]:
    """Read `letters`, then do what is due: (the mail replied to, the lines) per task."""
    for one in letters:
        m.read(one, 0.0)
    done = []
    for task in m.ready(1.0):
        anchor = m.addressee(task)
        done.append((anchor, m.orders(task)))
        m.finish(task)
    return done


def orders(line: str) -> list[Order]:
    return [r.result for r in parse(line, PLAYERS, "Alice") if isinstance(r.result, Order)]


@pytest.mark.parametrize("what", sorted(PHRASES))
def test_every_wording_reads_as_the_order_meant(what: str, tmp_path: Path) -> None:
    """Each wording, in a real reply (with a signature, or above the quoted mail, as the bot
    writes them now and then), is read by lgmail as one order on the names written."""
    kind = Kind(what.split("_")[0])
    bot = MailBot("alice@demo-1.invalid", tmp_path, ("127.0.0.1", 1))
    bot.mind.me = "Alice"
    anchor = step("Alice", "la nuit 1", "tuer NOM")
    for seed in range(12):
        bot.rng.seed(seed)
        for wording in PHRASES[what]:
            line = wording.format("Élodie", "Gaëlle")
            raw = bot.reply(anchor, [line]).as_bytes()
            found = orders(orders_text(read_mail(raw)))
            assert len(found) == 1, (line, orders_text(read_mail(raw)))
            assert found[0].kind is kind
            names = ("Élodie", "Gaëlle")[: wording.count("{")]
            assert found[0].targets == names
            assert found[0].blank is (what == "vote_blank")


def test_a_reply_is_threaded_to_its_mail(tmp_path: Path) -> None:
    bot = MailBot("alice@demo-1.invalid", tmp_path, ("127.0.0.1", 1))
    bot.mind.me = "Alice"
    anchor = step("Alice", "la nuit 1", "tuer NOM")
    msg = bot.reply(anchor, ["tuer Bruno"])
    assert msg["To"] == PRIVATE
    assert msg["Subject"] == "Re: [demo-1] À vous d'agir"
    assert msg["In-Reply-To"] == anchor.message_id
    assert str(msg["References"]).split() == [*anchor.references, anchor.message_id]
    assert str(msg["Message-ID"]).endswith("@demo-1.invalid>")
    assert str(msg["From"]) == "Alice <alice@demo-1.invalid>"


def test_a_vote_asked_by_the_digest_is_a_reply_to_the_digest() -> None:
    """#18 item 1: the digest's Reply-To is the private address, so the bot answers it."""
    m = mind()
    election = digest(
        "Élection du Capitaine",
        "La partie commence.\n\nVoici la journée d'élection du Capitaine, jusqu'au lundi 30 "
        "novembre à 21h30.\nVotez pour élire le Capitaine : « vote NOM ».\n",
    )
    # the digest comes before the role mail: the bot waits until it knows the players
    m.read(election, 0.0)
    assert [m.addressee(t) for t in m.ready(1.0)] == [None]
    [(anchor, lines)] = play(m, role("Alice", "Simple Villageois"))
    assert anchor is election and anchor.reply_to == PRIVATE
    assert len(lines) == 1 and orders(lines[0])[0].kind is Kind.VOTE
    assert m.me == "Alice" and m.players == PLAYERS


@pytest.mark.parametrize("seed", range(40))
def test_a_wolf_never_targets_its_pack_nor_its_lover(seed: int) -> None:
    m = mind(seed)
    lovers = letter(
        "Cupidon vous a frappé·e",
        "Bonjour Alice,\n\nCupidon vous a uni·e à Bruno. Si l'un de vous meurt, l'autre meurt "
        "de chagrin.\n",
    )
    play(m, role("Alice", "Loup-Garou", ["David", "Hugo"]), lovers)
    assert m.wolf and m.pack == ["David", "Hugo"] and m.lover == "Bruno"
    night = digest("Nuit 1", "Voici la nuit 1, jusqu'au lundi 30 novembre.\nLe village s'endort.\n")
    [(_, lines)] = play(m, night, step("Alice", "la nuit 1", "tuer NOM"))
    [order] = orders(lines[0])
    assert order.kind is loup_garou.TUER.kind and order.target not in (
        "Alice",
        "David",
        "Hugo",
        "Bruno",
    )
    [(_, lines)] = play(m, day(1))
    [vote] = orders(lines[0])
    assert vote.kind is Kind.VOTE and vote.target not in ("Alice", "David", "Hugo", "Bruno")


@pytest.mark.parametrize("seed", range(40))
def test_lovers_never_vote_each_other(seed: int) -> None:
    m = mind(seed)
    lovers = letter("Cupidon vous a frappé·e", "Cupidon vous a uni·e à Élodie. Si l'un ...\n")
    deaths = "\n".join(
        f"{n} est mort·e (dévoré·e par les loups). Son rôle : Simple Villageois."
        for n in ("Bruno", "Chloé", "David", "Fabien", "Gaëlle")
    )
    [(_, lines)] = play(m, role("Alice", "Simple Villageois"), lovers, day(3, deaths))
    # Alice, Élodie and Hugo alive: never Élodie, never the dead
    assert orders(lines[0])[0].target == "Hugo"


def test_the_dead_only_react() -> None:
    m = mind()
    play(m, role("Alice", "Chasseur"))
    died = day(1, "Alice est mort·e (dévoré·e par les loups). Son rôle : Chasseur.")
    shot = letter(
        "Votre dernière balle",
        "Bonjour Alice,\n\nVous êtes mort·e, mais il vous reste une balle. Répondez « tirer "
        "NOM » avant le lundi 30 novembre à 22h00 ;\nsans réponse, vous ne tirerez pas.\n",
    )
    done = play(m, died, shot)
    assert [lines for _, lines in done if lines] == [done[-1][1]]
    [order] = orders(done[-1][1][0])
    assert order.kind is Kind.TIRER and order.target != "Alice"
    assert done[-1][0] is shot
    morning = day(2)
    assert play(m, morning) == [(morning, [])]


def test_the_witch_saves_only_a_victim_she_was_told() -> None:
    for seed in range(30):
        m = mind(seed)
        play(m, role("Alice", "Sorcière"))
        m.read(digest("Nuit 1", "Voici la nuit 1, jusqu'au lundi.\nLe village s'endort.\n"), 0)
        told = letter(
            "La victime des loups",
            "Bonjour Alice,\n\nCette nuit, les loups ont choisi Bruno.\nRépondez « sauver » ...\n",
        )
        [(_, lines)] = play(m, told, step("Alice", "la nuit 1", "sauver", "empoisonner NOM"))
        kinds = [o.kind for line in lines for o in orders(line)]
        assert kinds and set(kinds) <= {
            sorciere.SAUVER.kind,
            sorciere.EMPOISONNER.kind,
            Kind.RIEN,
            Kind.FINI,
        }
        assert all(o.target != "Bruno" for line in lines for o in orders(line) if o.targets)
        # night 2, no victim told (life potion used, or none to save): no "sauver"
        m.read(digest("Nuit 2", "Voici la nuit 2, jusqu'au mardi.\nLe village s'endort.\n"), 0)
        [(_, lines)] = play(m, step("Alice", "la nuit 2", "sauver", "empoisonner NOM"))
        assert sorciere.SAUVER.kind not in [o.kind for line in lines for o in orders(line)]


def test_the_end_stops_the_bot() -> None:
    m = mind()
    play(m, role("Alice", "Simple Villageois"))
    end = digest(
        "Fin de la partie",
        "Le jour se lève sur le village.\n\nLa partie est terminée : victoire du Village !\n",
    )
    assert play(m, day(1), end) == []
    assert m.over


def test_a_bot_reads_each_mail_once_in_delivery_order(tmp_path: Path) -> None:
    maildir = tmp_path / "maildir"
    for sub in ("new", "cur", "tmp"):
        (maildir / sub).mkdir(parents=True)
    old = MailBot("alice@demo-1.invalid", maildir, ("127.0.0.1", 1)).reply(
        role("Alice", "Villageois"), ["vote Bruno"]
    )
    del old["To"]
    old["To"] = "alice@demo-1.invalid"
    (maildir / "new" / "000000000001.a.lgmail").write_bytes(old.as_bytes())
    bot = MailBot("alice@demo-1.invalid", maildir, ("127.0.0.1", 1))
    bot._files()  # what `start` does: the mail already there belongs to an earlier game
    for number, to in ((3, "alice@demo-1.invalid"), (2, "bruno@demo-1.invalid")):
        (maildir / "new" / f"{number:012d}.b.lgmail").write_bytes(
            old.as_bytes().replace(b"alice@demo-1.invalid", to.encode())
        )
    (maildir / "cur" / "000000000004.c.lgmail:2,S").write_bytes(old.as_bytes())
    assert [x.name for x in bot.check()] == ["000000000003.b.lgmail", "000000000004.c.lgmail"]
    assert bot.check() == []


def reminder(me: str, phase: str, *can: str) -> Letter:
    lines = "".join(f"  {c}\n" for c in can)
    return letter(
        "Rappel : plus que peu de temps",
        f"Bonjour {me},\n\nVous n'avez pas encore agi pour {phase}. L'étape se termine le lundi "
        f"30 novembre à 6h50.\nVous pouvez :\n{lines}",
    )


def test_a_reminder_asks_for_what_was_not_answered_only() -> None:
    m = mind()
    play(m, role("Alice", "Voyante"))
    [(_, lines)] = play(m, step("Alice", "la nuit 1", "sonder NOM"))
    assert orders(lines[0])[0].kind is voyante.SONDER.kind
    # the orders crossed the reminder: nothing more
    assert play(m, reminder("Alice", "la nuit 1", "sonder NOM")) == []
    # a step known by its reminder only
    [(anchor, lines)] = play(m, reminder("Alice", "la nuit 2", "sonder NOM"))
    assert anchor is not None and anchor.kind == "reminder"
    assert orders(lines[0])[0].kind is voyante.SONDER.kind
