"""Processing a received mail (issue #3 §2, §4): bounces recorded against the player for the
MJ, answers rate-limited per sender, a mail with attachments answered with a word on them, a
player writing to the game's address told to reply from their own mails, a stranger ignored."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest

from lgmail.rules.commands import Seat
from lgmail.service import loops
from lgmail.service.inbound import Inbound
from tests.scenario import Scenario

ROLES = {"Alice": "loup-garou", "Bruno": "voyante", "Chloe": "villageois", "David": "villageois"}


def game_and_inbound(tmp_path: Path, election: bool = False) -> tuple[Scenario, Inbound]:
    game = Scenario(tmp_path, ROLES, election=election)
    return game, Inbound(game.games)


def reply_to(game: Scenario, player: str) -> str:
    return next(
        m for m in game.mails(player) if "rôle" in m.subject or "role" in m.subject
    ).reply_to


def mail(sender: str, to: str, body: str) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = "Re: [village] Votre rôle"
    msg["Message-ID"] = make_msgid(domain="example.org")
    msg.set_content(body)
    return msg


def deliver(inbound: Inbound, msg: EmailMessage, to: str | None = None) -> str:
    (inbox_id,) = inbound.accept(msg.as_bytes(), [to or str(msg["To"])])
    return inbound.process(inbox_id).outcome


def test_a_bounce_is_recorded_against_the_player_and_not_answered(tmp_path: Path) -> None:
    game, inbound = game_and_inbound(tmp_path)
    bounce = (Path(__file__).parents[1] / "mail" / "corpus" / "postfix-en-bounce.eml").read_bytes()
    bounce = bounce.replace(b"bruno.oldaddress@free.fr", b"bruno@example.org")
    before = len(game.mails())
    (inbox_id,) = inbound.accept(bounce, ["village@lgmail.localhost"])
    assert inbound.process(inbox_id).outcome == "bounce"
    assert game.events("MailBounced") == [
        {"type": "MailBounced", "name": "Bruno", "email": "bruno@example.org", "status": "5.1.1"}
    ]
    assert len(game.mails()) == before


def test_orders_are_always_answered_and_automatic_answers_are_capped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """#18 items 9 and 10: a human order is always answered, however lively the game; the
    other answers (here, mails read as conversation) are capped per address, and the same
    unreadable text twice in a row is answered once."""
    game, inbound = game_and_inbound(tmp_path, election=True)
    monkeypatch.setattr(loops, "AUTO_ANSWERS_PER_DAY", 3)
    address = reply_to(game, "Chloe")
    before = len(game.mails("Chloe"))
    outcomes = [
        deliver(inbound, mail("chloe@example.org", address, f"vote {n}"))
        for n in ("Alice", "Bruno", "David", "Alice", "Bruno")
    ]
    assert outcomes == ["applied"] * 5
    assert len(game.events("OrderAccepted")) == 5
    assert len(game.mails("Chloe")) == before + 5  # every order answered
    prose = [f"Bonjour, message numéro {i} sans ordre" for i in range(5)]
    outcomes = [deliver(inbound, mail("chloe@example.org", address, p)) for p in prose]
    assert outcomes == ["refused"] * 5
    assert len(game.mails("Chloe")) == before + 5 + 3  # three automatic answers, then silence
    # an order is answered even past the cap
    assert deliver(inbound, mail("chloe@example.org", address, "vote David")) == "applied"
    assert len(game.mails("Chloe")) == before + 9


def test_the_same_unreadable_text_again_gets_no_second_answer(tmp_path: Path) -> None:
    """#18 item 9: a responder that answers our answer with the same text is answered once."""
    game, inbound = game_and_inbound(tmp_path, election=True)
    address = reply_to(game, "Chloe")
    before = len(game.mails("Chloe"))
    for _ in range(3):
        assert deliver(inbound, mail("chloe@example.org", address, "Je lis ça demain.")) == (
            "refused"
        )
    assert len(game.mails("Chloe")) == before + 1


def test_attachments_are_ignored_with_a_word(tmp_path: Path) -> None:
    game, inbound = game_and_inbound(tmp_path)
    msg = mail("alice@example.org", reply_to(game, "Alice"), "tuer Chloe")
    msg.add_attachment(b"\x89PNG....", maintype="image", subtype="png", filename="lune.png")
    assert deliver(inbound, msg) == "applied"
    answer = game.mails("Alice")[-1]
    assert "Victime désignée : Chloe" in answer.body
    assert "Pièces jointes ignorées : lune.png" in answer.body


def test_a_player_writing_to_the_game_address_is_told_how_to_play(tmp_path: Path) -> None:
    game, inbound = game_and_inbound(tmp_path)
    outcome = deliver(inbound, mail("alice@example.org", "village@lgmail.localhost", "tuer Chloe"))
    assert outcome == "wrong-address"
    assert game.events("OrderAccepted") == []
    assert "Répondez depuis vos messages de la partie" in game.mails("Alice")[-1].subject


def test_a_stranger_is_neither_obeyed_nor_answered(tmp_path: Path) -> None:
    game, inbound = game_and_inbound(tmp_path)
    before = len(game.mails())
    outcome = deliver(inbound, mail("spam@elsewhere.example", "village@lgmail.localhost", "hi"))
    assert outcome == "stranger" and len(game.mails()) == before


def test_an_unknown_token_from_a_player_is_not_obeyed(tmp_path: Path) -> None:
    game, inbound = game_and_inbound(tmp_path)
    outcome = deliver(
        inbound,
        mail("alice@example.org", "village+aaaaaaaaaaaaaaaa@lgmail.localhost", "tuer Chloe"),
    )
    assert outcome == "wrong-address" and game.events("OrderAccepted") == []


def test_a_mail_with_no_text_part_is_answered_with_what_was_not_understood(
    tmp_path: Path,
) -> None:
    game, inbound = game_and_inbound(tmp_path)
    msg = EmailMessage()
    msg["From"] = "bruno@example.org"
    msg["To"] = reply_to(game, "Bruno")
    msg["Subject"] = "photo"
    msg["Message-ID"] = make_msgid(domain="example.org")
    msg.set_content(b"\x89PNG....", maintype="image", subtype="png", filename="x.png")
    assert deliver(inbound, msg) == "refused"
    answer = game.mails("Bruno")[-1]
    assert answer.subject == "[village] Aucun ordre dans votre message"
    assert "> photo\nCette ligne a été lue comme de la conversation" in answer.body
    assert game.events("OrderAccepted") == []


def test_an_html_only_mail_from_a_phone_in_english(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES, langs={"Bruno": "en"})
    inbound = Inbound(game.games)
    msg = EmailMessage()
    msg["From"] = "Bruno <bruno@example.org>"
    msg["To"] = reply_to(game, "Bruno")
    msg["Subject"] = "Re: [village] Your role"
    msg["Message-ID"] = make_msgid(domain="example.org")
    msg.set_content(
        "<div dir='ltr'>I probe <b>Alice</b> please<br></div><div><br>"
        "<div class='gmail_quote'>On Mon, Nov 30 MJ wrote:<blockquote>vote X"
        "</blockquote></div></div>",
        subtype="html",
    )
    assert deliver(inbound, msg) == "applied"
    answer = game.mails("Bruno")[-1]
    assert "You will probe Alice" in answer.body


def test_a_dsn_to_the_bare_bounce_address_finds_its_game_by_the_outbox(tmp_path: Path) -> None:
    """#37: a DSN to the untagged bounce address names only the failed address; the game is
    the one that last mailed it (an index's look-up, not every game's players read), and a
    DSN for an address no game mailed is closed."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "lgmail.toml").write_text(
        '[mail]\nbounce = "bounces@lgmail.localhost"\n', encoding="utf-8"
    )
    game, inbound = game_and_inbound(tmp_path)
    seats = [Seat(n, f"{n.lower()}@hameau.example") for n in ("Zoe", "Yann", "Xavier", "Will")]
    roles = dict(zip([s.name for s in seats], ROLES.values(), strict=True))
    game.games.create("hameau", "classic", seats, roles=roles, mj="mj@example.org")
    game.games.start("hameau")
    corpus = Path(__file__).parents[1] / "mail" / "corpus" / "postfix-en-bounce.eml"

    def dsn_for(address: bytes) -> str:
        raw = corpus.read_bytes().replace(b"bruno.oldaddress@free.fr", address)
        raw = raw.replace(b"4Lq2Xy0Zk9z9sTw", address)  # a Message-ID of its own
        (inbox_id,) = inbound.accept(raw, ["bounces@lgmail.localhost"])
        return inbound.process(inbox_id).outcome

    assert dsn_for(b"yann@hameau.example") == "bounce"
    bounced = game.games.records("hameau")[-1]
    assert (bounced.type, bounced.payload["name"]) == ("MailBounced", "Yann")
    assert game.events("MailBounced") == []  # the other game is not touched
    assert dsn_for(b"nobody@elsewhere.example") == "bounce: no game"
