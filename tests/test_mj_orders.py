"""The MJ's orders by mail (issue #3 §2): end the step, extend a deadline, pause and resume,
replace a player, strike down ("foudroyer"), post an announcement; French first, English too."""

from __future__ import annotations

from lgmail.mail.addresses import (
    identify,
    is_mj_tag,
    mj_address,
    reply_address,
    route,
    token,
)
from lgmail.orders.mj import duration_minutes, parse_mj
from lgmail.rules.commands import (
    Announce,
    EndStep,
    ExtendDeadline,
    Pause,
    ReplacePlayer,
    Resume,
    RotateLinks,
    StrikeDown,
)
from lgmail.rules.refusal import Cause, Refusal

PLAYERS = ["Alice", "Bruno", "Chloé"]


def results(text: str) -> list[object]:
    return [line.result for line in parse_mj(text, PLAYERS)]


def test_each_order_in_french_and_english() -> None:
    assert results("fin") == [EndStep()] == results("End")
    assert results("prolonger 2h30") == [ExtendDeadline(150)] == results("extend 150m")
    assert results("pause\nreprendre") == [Pause(), Resume()] == results("pause\nresume")
    assert results("foudroyer chloe") == [StrikeDown("Chloé")] == results("strike Chlo")
    assert results("remplacer Bruno par Rémi <remi@example.org>") == [
        ReplacePlayer("Bruno", "remi@example.org", "Rémi")
    ]
    assert results("replace alice with zoe@example.org") == [
        ReplacePlayer("Alice", "zoe@example.org", "zoe")
    ]


def test_new_links_in_french_and_english_and_nothing_else() -> None:
    """#19: « nouveaux liens » gives the web pages new links; « nouveau vote » is not it."""
    assert results("nouveaux liens\nNew links\nliens") == [RotateLinks()] * 3
    assert results("nouveau vote") == [Refusal(Cause.UNREADABLE)]


def test_an_announcement_takes_the_rest_of_the_mail() -> None:
    assert results("annonce Bonsoir à tous,\nle vote ferme à 21h30.") == [
        Announce("Bonsoir à tous,\nle vote ferme à 21h30.")
    ]


def test_unreadable_and_unknown_are_kept() -> None:
    unreadable, unknown, duration = results("bonjour\nfoudroyer Zorro\nprolonger longtemps")
    assert unreadable == Refusal(Cause.UNREADABLE)
    assert isinstance(unknown, Refusal) and unknown.cause is Cause.NO_SUCH_PLAYER
    assert isinstance(duration, Refusal) and duration.cause is Cause.UNREADABLE


def test_durations() -> None:
    assert duration_minutes("47h30") == 2850
    assert duration_minutes("2j") == duration_minutes("2d") == 2880
    assert duration_minutes("90") == 90
    assert duration_minutes("soon") is None


def test_addresses_route_and_identify() -> None:
    secret = b"k" * 32
    personal = reply_address(secret, "Le Village", "Alice@Example.org", "jeu.example")
    assert personal.startswith("le-village+") and personal.endswith("@jeu.example")
    tag = route(personal.upper().replace("JEU.EXAMPLE", "jeu.example"), "JEU.example")
    assert tag is not None and tag.slug == "le-village"
    assert tag.tag == token(secret, "Le Village", "alice@example.org")
    emails = [("Bruno", "bruno@example.org"), ("Alice", "alice@example.org")]
    assert identify(secret, "Le Village", emails, tag.tag or "") == ("Alice", "mj")
    assert identify(secret, "Le Village", emails, "aaaaaaaaaaaaaaaa") is None
    assert identify(b"x" * 32, "Le Village", emails, tag.tag or "") is None
    # the MJ's own address: a token of his registered address, never a player's, never "mj"
    mj = mj_address(secret, "Le Village", "MJ@Example.org", "jeu.example")
    mj_tag = route(mj, "jeu.example")
    assert mj_tag is not None and mj_tag.tag not in (None, "mj")
    assert is_mj_tag(secret, "Le Village", "mj@example.org", mj_tag.tag or "")
    assert not is_mj_tag(secret, "Le Village", "alice@example.org", mj_tag.tag or "")
    assert identify(secret, "Le Village", emails, mj_tag.tag or "") is None
    assert route("le-village@elsewhere.example", "jeu.example") is None


def test_the_mj_voids_a_murmur_by_mail() -> None:
    """002_9504e6e276dc5f60.txt: « votre message sera remplacé par des 0 sans avertissement »:
    the MJ voids a murmur ("annuler murmure NOM" / "void murmur NAME")."""
    from lgmail.rules.commands import VoidMurmur

    players = ["Alice", "Bob"]
    fr, en, bad = parse_mj("annuler murmure alice\nvoid murmur Bob\nannuler Bob", players)
    assert (fr.result, en.result) == (VoidMurmur("Alice"), VoidMurmur("Bob"))
    assert not isinstance(bad.result, VoidMurmur)
