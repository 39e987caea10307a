"""The words of sign-ups by mail (#34, `lgmail.orders.signup`), read from real-looking mails:
a player's « je m'inscris » from a phone, a « Oui » above the quoted confirmation, the MJ's
lines to open a game."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lgmail.mail.reading import orders_text, read_mail
from lgmail.orders.signup import closing, mj_lines, player_word, players

NOW = datetime(2026, 12, 6, 18, 0, tzinfo=UTC)

PHONE_YES = (
    "From: =?utf-8?q?Chlo=C3=A9?= <chloe@example.org>\r\n"
    "To: village+abc@lgmail.example\r\n"
    "Subject: Re: [Village] Confirmez votre inscription\r\n"
    "Message-ID: <1@example.org>\r\n"
    "Content-Type: text/plain; charset=utf-8\r\n"
    "Content-Transfer-Encoding: 8bit\r\n\r\n"
    "Oui !\r\n\r\nEnvoyé de mon iPhone\r\n\r\n"
    "> Le 6 déc. 2026 à 19:00, MJ Village <village@lgmail.example> a écrit :\r\n"
    ">\r\n> Bonjour Chloé,\r\n> Vous demandez à jouer à « Village ». Pour confirmer, répondez"
    " « oui ».\r\n> désinscription\r\n"
).encode()


@pytest.mark.parametrize(
    ("text", "kind", "name", "lang"),
    [
        ("Je m'inscris !", "join", "", "fr"),
        ("Je m’inscris", "join", "", "fr"),
        ("inscription Chloé", "join", "Chloé", "fr"),
        ("Inscription : Jean-Marc", "join", "Jean-Marc", "fr"),
        ("Bonjour,\ninscription Zoé\nMerci", "join", "Zoé", "fr"),
        ("Remplaçant", "substitute", "", "fr"),
        ("remplaçante Léa", "substitute", "Léa", "fr"),
        ("join Bob", "join", "Bob", "en"),
        ("Désinscription", "leave", "", "fr"),
        ("leave", "leave", "", "en"),
        ("Oui merci", "yes", "", "fr"),
        ("yes", "yes", "", "en"),
    ],
)
def test_a_players_words(text: str, kind: str, name: str, lang: str) -> None:
    word = player_word(text)
    assert word is not None
    assert (word.kind, word.name, word.lang) == (kind, name, lang)


def test_prose_is_no_sign_up() -> None:
    assert player_word("Bonjour, c'est quand la prochaine partie ?") is None
    assert player_word("") is None


def test_a_yes_above_the_quoted_confirmation_is_a_yes() -> None:
    """The quoted confirmation (which names « désinscription ») is never read."""
    mail = read_mail(PHONE_YES)
    word = player_word(orders_text(mail))
    assert word is not None and word.kind == "yes"


def test_the_mjs_lines_to_open_a_game() -> None:
    text = (
        "Nouvelle partie : Village des Brumes\n"
        "Variante Thiercelieux\n"
        "joueurs 8 à 16\n"
        "inscriptions jusqu'au 12/12 à 21h30\n"
        "composition loup-garou:2,voyante,sorcière\n"
        "option demarrage_auto=true\n"
        "option day_minutes=2850\n"
        "je ne sais pas\n"
    )
    lines = mj_lines(text, "Europe/Paris", NOW)
    read = {line.kind: line.value for line in lines if not line.problem}
    assert read["new"] == "Village des Brumes"
    assert read["variant"] == "thiercelieux"
    assert read["players"] == (8, 16)
    assert read["closes"].isoformat() == "2026-12-12T21:30:00+01:00"
    assert read["composition"] == ("loup-garou", "loup-garou", "voyante", "sorciere")
    assert ("demarrage_auto", True) in [x.value for x in lines if x.kind == "option"]
    assert [x.problem for x in lines if x.kind == "unknown"] == ["unknown"]


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("12/12", "2026-12-12T21:30:00+01:00"),
        ("12/12 21:30", "2026-12-12T21:30:00+01:00"),
        ("12/12/2026 à 20h", "2026-12-12T20:00:00+01:00"),
        ("3/1 21h30", "2027-01-03T21:30:00+01:00"),  # the next such date
        ("2026-12-20T21:30:00+01:00", "2026-12-20T21:30:00+01:00"),
    ],
)
def test_closing_dates_as_mjs_write_them(written: str, expected: str) -> None:
    moment = closing(written, "Europe/Paris", NOW)
    assert moment is not None and moment.isoformat() == expected


def test_unreadable_bounds_and_dates() -> None:
    assert players("8-16") == (8, 16) and players("12") == (None, 12)
    assert players("beaucoup") is None
    assert closing("demain", "Europe/Paris", NOW) is None
    assert closing("31/02", "Europe/Paris", NOW) is None
