"""#38 item 0: every channel a player writes in has its address in his mails, so that anyone
can write its first message: the den's in a wolf's role mail (text and HTML parts), the
stratèges' in Koh-Lanta (000: « Pendant les nuits, les stratèges peuvent se consulter en
privé »), and in every rule set the footer names exactly the channels the rules let him write
in (open now, or his but closed for now). The first message is mailed to the address the mails
gave, through the inbox and the routing of `serve`, and the others receive it."""

from __future__ import annotations

import mailbox
import re
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import make_msgid
from pathlib import Path

import pytest

from lgmail.mail.addresses import reply_address
from lgmail.rules.variants import VARIANTS
from lgmail.service.inbound import Inbound
from lgmail.service.outgoing import channels_of
from tests.kohlanta.drive import start as kohlanta_night
from tests.scenario import Scenario

WOLVES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Chloé": "voyante",
    "David": "villageois",
    "Emma": "villageois",
}


def role_mail(game: Scenario, name: str) -> EmailMessage:
    box = mailbox.Maildir(str(game.games.settings.maildir), create=True)
    for key in box.iterkeys():
        msg = BytesParser(policy=policy.default).parsebytes(box.get_bytes(key))
        assert isinstance(msg, EmailMessage)
        if str(msg["To"]) == game.email(name) and "rôle" in str(msg["Subject"]):
            return msg
    raise AssertionError(f"no role mail for {name}")


def part(msg: EmailMessage, kind: str) -> str:
    found = msg.get_body((kind,))
    assert isinstance(found, EmailMessage)
    return str(found.get_content())


def write(game: Scenario, name: str, to: str, text: str) -> None:
    msg = EmailMessage()
    msg["From"] = game.email(name)
    msg["To"] = to
    msg["Subject"] = "meute"
    msg["Message-ID"] = make_msgid(domain="example.org")
    msg.set_content(text)
    inbound = Inbound(game.games)
    for inbox_id in inbound.accept(msg.as_bytes(), [to]):
        inbound.process(inbox_id)


def address(game: Scenario, name: str, channel: str) -> str:
    conf = game.games.settings
    return reply_address(conf.secret, game.name, game.email(name), conf.domain, channel)


def test_a_wolf_writes_the_dens_first_message_from_his_role_mail(tmp_path: Path) -> None:
    """003/004: the wolves consult at night; the den's address is in the role mail."""
    game = Scenario(tmp_path, WOLVES)
    den = address(game, "Alice", "meute")
    mail = role_mail(game, "Alice")
    assert den in part(mail, "plain") and den in part(mail, "html")
    assert den not in part(role_mail(game, "Chloé"), "plain")
    write(game, "Alice", den, "Bonsoir la meute, on commence par qui ?")
    posts = [m for m in game.mails("Bruno") if "Bonsoir la meute" in m.content]
    assert len(posts) == 1 and "(village)" in posts[0].sender
    assert posts[0].reply_to == address(game, "Bruno", "meute")
    assert not [m for m in game.mails("Chloé") if "Bonsoir la meute" in m.content]


def test_a_stratege_writes_to_the_strateges_at_night(tmp_path: Path) -> None:
    """000: « Pendant les nuits, les stratèges peuvent se consulter en privé »."""
    game = kohlanta_night(tmp_path)
    assert game.state.phase == "night"
    night_mail = game.mails("Alice")[-1]
    den = address(game, "Alice", "strateges")
    assert den in night_mail.body
    write(game, "Alice", den, "On vise Chloe cette nuit ?")
    readers = {
        name
        for name in game.state.players
        if any("On vise Chloe" in m.content for m in game.mails(name))
    }
    assert readers - {"Alice"} == {"Bruno", "Gina", "Hugo"}  # Alice: her answer quotes it


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_mail_names_the_channels_the_rules_let_him_write_in(
    tmp_path: Path, variant: str
) -> None:
    names = [f"Joueur{chr(65 + i)}" for i in range(12)]
    game = Scenario(
        tmp_path, {n: "" for n in names}, variant=variant, drawn=True, seed=3, election=False
    )
    state = game.state
    for name in names:
        footer = game.mails(name)[-1].body.split("\n-- \n", 1)[1]
        listed = set(re.findall(r"village\+\w+@", footer))
        for channel, _ in channels_of(state, name):
            if channel == "place":
                continue  # the square's address is said in every footer already
            assert address(game, name, channel).split("@")[0] + "@" in listed, (name, channel)


def test_the_lovers_write_to_each_other_from_the_address_cupidon_s_night_gave(
    tmp_path: Path,
) -> None:
    """003 (Cupidon): « ... deux joueurs qui seront amoureux »; the lovers' channel (004's
    « Chez Gusteau ») has its address in the mails they get once united."""
    roles = {**WOLVES, "Cyril": "cupidon"}
    game = Scenario(tmp_path, roles)
    game.ok("Cyril", "unir David et Emma")
    lovers = address(game, "David", "amoureux")
    assert any(lovers in m.body for m in game.mails("David"))
    write(game, "David", lovers, "Je t'aime, ne dis rien au village")
    assert any("Je t'aime" in m.content for m in game.mails("Emma"))
    assert not any("Je t'aime" in m.content for m in game.mails("Bruno"))


def test_the_dead_find_the_cemeterys_address_in_their_mails(tmp_path: Path) -> None:
    """003: « Les joueurs éliminés ne doivent ni communiquer ... »: the dead talk among
    themselves in the cemetery, whose address their mails give once they are dead."""
    game = Scenario(tmp_path, WOLVES)
    game.ok("Alice", "tuer David")
    game.ok("Bruno", "tuer David")
    game.ok("Chloé", "rien")
    assert not game.alive("David")
    cemetery = address(game, "David", "cimetiere")
    assert cemetery in game.mails("David")[-1].body
    assert cemetery not in game.mails("Emma")[-1].body  # the living have no such address
    write(game, "David", cemetery, "Bonjour les morts")
    assert game.events("MessagePosted")[-1]["channel"] == "cimetiere"
