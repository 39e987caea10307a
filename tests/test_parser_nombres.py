"""Reading 002's orders (002_9504e6e276dc5f60.txt, "Les Nombres"), French first with English
synonyms: the PAD and its withdrawal, the lottery's numbers, the testament, a murmur, an
excuse, the jackpot's share, the blank vote."""

from __future__ import annotations

import pytest

from lgmail.orders.parse import parse_line
from lgmail.rules.nombres import verbs
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refusal

PLAYERS = ["Alice", "Bob", "Bruno", "Chloé", "Jean-Pierre", "Marie Claire", "Élodie"]
TWENTY = tuple(str(n) for n in range(1, 21))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("pad Chloé voyante", Order(verbs.PAD.kind, ("Chloé",), args=("voyante",))),
        ("PAD chloe Seer", Order(verbs.PAD.kind, ("Chloé",), args=("voyante",))),
        ("guess bob witch", Order(verbs.PAD.kind, ("Bob",), args=("sorciere",))),
        ("je devine Élodie Chasseur", Order(verbs.PAD.kind, ("Élodie",), args=("chasseur",))),
        (
            "pad Marie Claire simple villageois",
            Order(verbs.PAD.kind, ("Marie Claire",), args=("villageois",)),
        ),
        ("retirer le PAD", Order(verbs.RETIRER.kind)),
        ("pad retiré", Order(verbs.RETIRER.kind)),
        ("withdraw the pad", Order(verbs.RETIRER.kind)),
        ("nombres " + " ".join(TWENTY), Order(verbs.NOMBRES.kind, args=TWENTY)),
        ("numbers: " + ", ".join(TWENTY), Order(verbs.NOMBRES.kind, args=TWENTY)),
        (
            "testament Bob, Chloé, Marie Claire, Élodie",
            Order(verbs.TESTAMENT.kind, ("Bob", "Chloé", "Marie Claire", "Élodie")),
        ),
        ("testament Bob Chloé", Order(verbs.TESTAMENT.kind, ("Bob", "Chloé"))),
        ("heirs bob then alice", Order(verbs.TESTAMENT.kind, ("Bob", "Alice"))),
        ("murmure Bruno est un loup !", Order(verbs.MURMURE.kind, args=("Bruno est un loup !",))),
        ("whisper: « the wolf is Bob »", Order(verbs.MURMURE.kind, args=("the wolf is Bob",))),
        ("mur-mur Élodie ment", Order(verbs.MURMURE.kind, args=("Élodie ment",))),
        ("excuse 3", Order(verbs.EXCUSE.kind, args=("3",))),
        ("je serai absente jour 2", Order(verbs.EXCUSE.kind, args=("2",))),
        ("away", Order(verbs.EXCUSE.kind)),
        ("partager Bob et Chloé", Order(verbs.PARTAGER.kind, ("Bob", "Chloé"))),
        ("share with bob and alice", Order(verbs.PARTAGER.kind, ("Bob", "Alice"))),
        ("vote blanc", Order(Kind.VOTE, (), blank=True)),
        ("blank vote", Order(Kind.VOTE, (), blank=True)),
    ],
)
def test_reads_the_orders_of_les_nombres(text: str, expected: Order) -> None:
    assert parse_line(text, PLAYERS, me="Alice") == expected


def test_a_pad_without_a_role_is_unreadable() -> None:
    assert parse_line("pad Bob", PLAYERS) == Refusal(Cause.UNREADABLE, {"missing": "role"})


def test_a_murmur_without_text_is_unreadable() -> None:
    assert parse_line("murmure", PLAYERS) == Refusal(Cause.UNREADABLE, {"missing": "text"})
