"""Lines of a reply that only look like orders (issue #38, items 7 and 8): a quote's header is
never an order, an English weekday is no « tue » on a line that reads as a date, and an order
word is an order only when what follows it reads as its arguments ("See also the rules page" is
prose, "see Alice" the Voyante's probe)."""

from __future__ import annotations

from email.message import EmailMessage

import pytest

from lgmail.mail.reading import read_mail
from lgmail.orders.kernel_verbs import Verbs, verbs_of
from lgmail.orders.parse import opens_with_order, parse, parse_line
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refusal
from lgmail.rules.thiercelieux.roles import loup_garou, voyante
from lgmail.service.answers import line_of

PLAYERS = ["Alice", "Bob", "Bruno", "Chloé", "Sep"]
VOYANTE = verbs_of("thiercelieux")  # has the Voyante, and the wolves' « tuer »
NO_VOYANTE = verbs_of("cinquieme-element")  # no « sonder » at all

GLUED = "On Tue, Sep 25, 2012 at 8:00 AM, John <john@example.com>wrote:"


def prose(text: str, verbs: Verbs = VOYANTE) -> bool:
    """Whether the answer would quote `text` as conversation, not refuse it as an order."""
    (line,) = parse(text, PLAYERS, "Alice", verbs)
    return not isinstance(line.result, Order) and bool(
        line_of(line.text, line.result, verbs)["prose"]
    )


# ------------------------------------------------------------------ item 7


@pytest.mark.parametrize(
    ("header", "order"),
    [
        (GLUED, "tue Bruno"),
        ("On Tue, Sep 25, 2012 at 8:00 AM, John <john@example.com> wrote:", "Tue Bob!"),
        ("On Tue, Sep 25, 2012 at 8:00 AM, John <john@example.com>", "je tue Chloé"),  # wrapped
        ("On Tue, Nov 24, 2026 at 9:04 PM MJ <village@lg.example.org> wrote:", "tue Sep"),
        ("Tue, 25 Sep 2012 08:00:00 +0200", "tue Bruno"),
        ("Le jeu. 30 nov. 2026 à 21:04, MJ <village@lg.example.org> a écrit :", "tue Bruno"),
    ],
)
def test_a_quote_header_is_never_an_order(header: str, order: str) -> None:
    """The header is conversation, never a refused « tue »; « tue » naming a player is still
    the wolves' order (a player may even be called Sep)."""
    assert parse_line(header, PLAYERS, "Alice", VOYANTE) == Refusal(Cause.UNREADABLE)
    assert not opens_with_order(header, VOYANTE)
    assert prose(header)
    killed = parse_line(order, PLAYERS, "Alice", VOYANTE)
    assert isinstance(killed, Order) and killed.kind is loup_garou.TUER.kind


def test_the_glued_attribution_is_stripped_and_not_refused() -> None:
    """The mail of item 7: read, its text is « vote Alice » alone; were the header line left,
    it would still be no refused order."""
    msg = EmailMessage()
    msg["From"] = "Alice <alice@example.org>"
    msg["To"] = "village+k3j5w2xqa7m4@lg.example.org"
    msg["Subject"] = "Re: [village] Day 1"
    msg.set_content(f"vote Alice\n\n{GLUED}\n\n> vote Bruno\n> Answer « vote NAME ».\n")
    text = read_mail(msg.as_bytes()).text
    assert text == "vote Alice"
    lines = parse(f"{text}\n{GLUED}", PLAYERS, "Chloé", VOYANTE)
    assert lines[0].result == Order(Kind.VOTE, ("Alice",))
    assert [line_of(line.text, line.result, VOYANTE)["prose"] for line in lines] == [False, True]


# ------------------------------------------------------------------ item 8


@pytest.mark.parametrize(
    ("sentence", "order"),
    [
        ("See also the rules page", "see Alice"),
        ("See also the rules page: https://example.org/rules", "See Alice please"),
        ("See you tomorrow", "sonder Alice"),
        ("See below.", "je sonde Alice"),
        ("See what Bruno said yesterday", "see alice"),
        ("Vois ce qu'il a dit hier", "vois Alice"),
        ("Voir ci-dessous", "voir Alice"),
    ],
)
def test_an_order_word_followed_by_prose_is_prose(sentence: str, order: str) -> None:
    """The sentence is conversation, the probe an order where the rule set has the Voyante,
    and neither is one where it has none."""
    assert parse_line(sentence, PLAYERS, "Bruno", VOYANTE) == Refusal(Cause.UNREADABLE)
    assert not opens_with_order(sentence, VOYANTE)
    assert prose(sentence)
    assert parse_line(order, PLAYERS, "Bruno", VOYANTE) == Order(voyante.SONDER.kind, ("Alice",))
    assert opens_with_order(order, VOYANTE)
    assert prose(sentence, NO_VOYANTE)
    assert not isinstance(parse_line(order, PLAYERS, "Bruno", NO_VOYANTE), Order)


def test_names_after_the_order_word_still_read() -> None:
    """Among sentences, an order naming a player stays one, and a name that is nobody's is
    still refused with its reason, not passed off as conversation."""
    text = "Name it as you like\nje vote aussi Alice\nvote for the liar Bruno\nsonder Zorro\n"
    lines = parse(text, PLAYERS, "Chloé", VOYANTE)
    assert [line.result for line in lines] == [
        Refusal(Cause.UNREADABLE),
        Order(Kind.VOTE, ("Alice",)),
        Order(Kind.VOTE, ("Bruno",)),
        Refusal(Cause.NO_SUCH_PLAYER, {"written": "Zorro"}),
    ]
    assert [line_of(line.text, line.result, VOYANTE)["prose"] for line in lines] == [
        True,
        False,
        False,
        False,
    ]


def test_a_mail_of_item_8_has_one_order_and_no_refusal() -> None:
    text = "vote Alice\nSee also the rules page\n\nSee you tomorrow,\nChloé\n"
    lines = [line_of(line.text, line.result, VOYANTE) for line in parse(text, PLAYERS, "Chloé")]
    orders = [line for line in lines if not line["prose"]]
    assert [line["ok"] for line in orders] == [True]
    assert [line["text"] for line in lines if line["prose"]] == [
        "See also the rules page",
        "See you tomorrow,",
        "Chloé",
    ]
