"""Channels (issue #3 §6; 003: "les commérages commencent sur le forum", "Les joueurs éliminés
ne doivent ni communiquer ..."; 004: "La clairière des Loups", "Chez Gusteau", the cemetery):
who may write where and when, who reads it, each relayed message an event showing the poster's
game name and never their address."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

from lgmail.service.inbound import Inbound
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Chloe": "cupidon",
    "David": "villageois",
    "Emma": "villageois",
    "Fanny": "villageois",
}


def test_the_square_by_day_to_everyone_refused_at_night(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES, election=True)
    answer = game.post("David", "place", "Je me présente : votez pour moi !")
    assert answer.ok and "sur la place du village (5 destinataires)" in answer.text
    (posted,) = game.events("MessagePosted")
    assert posted["author"] == "David" and posted["channel"] == "place"
    assert sorted(posted["readers"]) == ["Alice", "Bruno", "Chloe", "Emma", "Fanny"]
    relayed = game.mails("Emma")[-1]
    assert relayed.subject == "[village] David sur la place"
    assert "Je me présente : votez pour moi !" in relayed.body
    assert "david@example.org" not in relayed.body + relayed.sender
    assert relayed.sender == '"David (village)" <village@lgmail.localhost>'
    game.end()  # night 1
    refused = game.post("David", "place", "Qui a fait du bruit ?")
    assert not refused.ok
    assert "ce n'est pas le moment : la place du village ne s'anime que le jour" in refused.text
    assert len(game.events("MessagePosted")) == 1


def test_the_den_for_the_living_wolves_at_night(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    assert game.post("Alice", "meute", "On mange Emma ?").ok
    (posted,) = game.events("MessagePosted")
    assert posted["readers"] == ["Bruno"]
    assert "On mange Emma ?" in game.mails("Bruno")[-1].body
    assert not any("On mange Emma" in m.body for m in game.mails("Emma"))
    refused = game.post("David", "meute", "je suis un loup aussi")
    assert not refused.ok and "votre rôle ne permet pas" in refused.text


def test_the_lovers_talk_among_themselves(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    game.ok("Chloe", "unir Emma et Fanny")
    assert game.post("Emma", "amoureux", "Je suis villageoise, et toi ?").ok
    assert game.events("MessagePosted")[0]["readers"] == ["Fanny"]
    assert not game.post("David", "amoureux", "coucou").ok


def test_the_cemetery_is_for_the_dead_only_and_the_dead_no_longer_talk_to_the_living(
    tmp_path: Path,
) -> None:
    game = Scenario(tmp_path, ROLES)
    game.ok("Alice", "tuer David")
    game.ok("Bruno", "tuer David")
    game.ok("Chloe", "rien")
    assert not game.alive("David")
    assert not game.post("Emma", "cimetiere", "je veux voir").ok
    assert not game.post("David", "place", "C'était Alice !").ok
    assert game.post("David", "cimetiere", "Bonjour les morts").ok
    assert game.events("MessagePosted")[-1]["readers"] == []


def test_writing_to_the_square_address_a_digest_gives_posts_on_the_square(
    tmp_path: Path,
) -> None:
    """A reply to the digest is orders (#18 item 1); its footer gives the square's address."""
    game = Scenario(tmp_path, ROLES, election=True)
    digest = next(m for m in game.mails("Emma") if "Élection du Capitaine" in m.subject)
    role = next(m for m in game.mails("Emma") if "Votre rôle" in m.subject)
    assert digest.reply_to == role.reply_to  # the MJ's: a reply is orders
    line = next(line for line in digest.body.splitlines() if "sur la place, écrivez" in line)
    square = next(word for word in line.split() if "@" in word)
    msg = EmailMessage()
    msg["From"] = "emma@example.org"
    msg["To"] = square
    msg["Subject"] = "Re: " + digest.subject
    msg["Message-ID"] = make_msgid(domain="example.org")
    msg.set_content("Bonjour à tous !\n\nLe dim. 29 nov. 2026 à 22:00, MJ a écrit :\n> Voici")
    inbound = Inbound(game.games)
    (inbox_id,) = inbound.accept(msg.as_bytes(), [square])
    assert inbound.process(inbox_id).outcome == "posted"
    posted = game.events("MessagePosted")
    assert [p["text"] for p in posted] == ["Bonjour à tous !"]
    answer = game.mails("Emma")[-1]
    assert answer.in_reply_to == msg["Message-ID"] and "Message publié" in answer.subject
    assert (
        "Emma (village)" in str(game.mails("David")[-1].subject)
        or "Emma sur la place" in game.mails("David")[-1].subject
    )
