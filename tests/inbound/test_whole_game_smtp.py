"""Classic games played to their end by real SMTP on loopback (issues #3 and #18): the whole
games of tests/games/*.toml, every order a mail, each answered once; first to the players' and
the MJ's personal addresses, then as players do, replying to the last mail they got."""

from __future__ import annotations

import smtplib
import time
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path
from typing import Any

import pytest

from lgmail.service.server import Endpoints, Server
from tests.inbound.conftest import free_port
from tests.scenario import Scenario, Sent
from tests.test_games import GAMES, check


def drained(game: Scenario) -> None:
    deadline = time.monotonic() + 20
    while game.games.store.inbox_pending(1) or game.games.store.pending_mail(1):
        assert time.monotonic() < deadline, "the inbox did not drain"
        time.sleep(0.05)


@contextmanager
def scripted(path: Path, tmp_path: Path) -> Iterator[tuple[dict[str, Any], Scenario, int]]:
    """The scripted game of `path`, created and started, with `serve` on a loopback port."""
    script = tomllib.loads(path.read_text(encoding="utf-8"))
    game = Scenario(
        tmp_path,
        script["roles"],
        election=script.get("election", False),
        lang=script.get("lang", "fr"),
        variant=script.get("variant", "classic"),
    )
    port = free_port()
    server = Server(game.games, Endpoints(f"127.0.0.1:{port}", None, None), sweep_seconds=0.05)
    server.start()
    try:
        yield script, game, port
    finally:
        server.stop()
    assert game.state.status == "ended"


def senders(play: dict[str, Any]) -> list[str]:
    """Who sends a play's text: the MJ's « fin », or the players'."""
    if play.get("mj") == "end":
        return ["mj@example.org"]
    names = play["from"] if isinstance(play["from"], list) else [play["from"]]
    return [Scenario.email(n) for n in names]


def answered_once(game: Scenario, client: smtplib.SMTP, sender: str, msg: EmailMessage) -> None:
    client.send_message(msg)
    drained(game)
    answers = [m for m in game.mails(sender) if m.in_reply_to == msg["Message-ID"]]
    assert len(answers) == 1, f"{sender}: {msg.get_content()[:40]!r} not answered once"


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_whole_game_by_smtp(path: Path, tmp_path: Path) -> None:
    with scripted(path, tmp_path) as (script, game, port):
        personal = {
            Scenario.email(name): next(
                m for m in game.mails(name) if "rôle" in m.subject or "role" in m.subject
            ).reply_to
            for name in script["roles"]
        }
        personal["mj@example.org"] = game.mails("mj@example.org")[-1].reply_to
        with smtplib.SMTP("127.0.0.1", port) as client:
            for play in script["play"]:
                for sender in senders(play):
                    msg = EmailMessage()
                    msg["From"] = sender
                    msg["To"] = personal[sender]
                    msg["Subject"] = "Re: [village]"
                    msg["Message-ID"] = make_msgid(domain="example.org")
                    msg.set_content(play.get("text", "fin") + "\n\n-- \nEnvoyé de mon iPhone")
                    answered_once(game, client, sender, msg)
                expect = dict(play.get("expect", {}))
                expect.pop("answer", None)
                check(game, expect, None)


def quoted_reply(sender: str, original: Sent, text: str) -> EmailMessage:
    """A phone client's reply to `original`: the new text on top, the mail quoted below."""
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = original.reply_to
    msg["Subject"] = f"Re: {original.subject}"
    msg["Message-ID"] = make_msgid(domain="example.org")
    msg["In-Reply-To"] = original.message_id
    quoted = "\n".join(f"> {line}" for line in original.body.splitlines())
    msg.set_content(
        f"{text}\n\nEnvoyé de mon iPhone\n\n"
        f"Le 30 nov. 2026 à 21:04, MJ village <village@lgmail.localhost> a écrit :\n\n{quoted}\n"
    )
    return msg


def square_of(game: Scenario, player: str) -> tuple[str, Sent]:
    """The square's address, as the footer of the player's last mail from the MJ gives it."""
    for mail in reversed(game.mails(player)):
        for line in mail.body.splitlines():
            if "place, écrivez à" in line or "square, write to" in line:
                return next(w for w in line.split() if "@" in w), mail
    raise AssertionError(f"{player} was never given the square's address")


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_whole_game_replying_to_the_last_mail(path: Path, tmp_path: Path) -> None:
    """#18: every player only ever replies to the last mail he received (digests, relayed
    posts, answers), from a phone that quotes it; before each vote someone debates on the
    square, so the others' last mail is his post: the game ends with the expected winner."""
    with scripted(path, tmp_path) as (script, game, port):
        with smtplib.SMTP("127.0.0.1", port) as client:
            for number, play in enumerate(script["play"]):
                text = play.get("text", "fin")
                if "vote" in text and game.view()["phase"]["kind"] != "night":
                    # a debate first: the others' last mail is now a post on the square
                    poster = senders(play)[0]
                    square, mail = square_of(game, poster)
                    post = quoted_reply(
                        poster, mail, f"Tour {number} : je me méfie de tout le monde ici."
                    )
                    post.replace_header("To", square)
                    answered_once(game, client, poster, post)
                for sender in senders(play):
                    answered_once(
                        game, client, sender, quoted_reply(sender, game.mails(sender)[-1], text)
                    )
                expect = dict(play.get("expect", {}))
                expect.pop("answer", None)
                expect.pop("mail", None)
                check(game, expect, None)
        final = script["play"][-1].get("expect", {})
        if "winner" in final:
            assert game.view()["winner"] == final["winner"]
