"""Reading orders (issue #2 §5): one per line, French first with English synonyms, accents and
case ignored, names by unique prefix, extra words tolerated, unreadable lines kept."""

from __future__ import annotations

import pytest

from lgmail.orders.parse import parse, parse_line
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refusal
from lgmail.rules.thiercelieux.roles import cupidon, loup_garou, salvateur, sorciere, voyante

PLAYERS = ["Alice", "Bob", "Bruno", "Chloé", "Jean-Pierre", "Marie Claire", "Élodie"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("vote Bob", Order(Kind.VOTE, ("Bob",))),
        ("VOTE bob", Order(Kind.VOTE, ("Bob",))),
        ("je vote contre Bruno", Order(Kind.VOTE, ("Bruno",))),
        ("I vote for alice", Order(Kind.VOTE, ("Alice",))),
        ("vote blanc", Order(Kind.VOTE, (), blank=True)),
        ("vote Marie Claire", Order(Kind.VOTE, ("Marie Claire",))),
        ("vote elodie", Order(Kind.VOTE, ("Élodie",))),
        ("Je sonde Chloe stp", Order(voyante.SONDER.kind, ("Chloé",))),
        ("probe jean", Order(voyante.SONDER.kind, ("Jean-Pierre",))),
        ("tuer Bru", Order(loup_garou.TUER.kind, ("Bruno",))),
        ("kill chloé please", Order(loup_garou.TUER.kind, ("Chloé",))),
        ("protéger moi", Order(salvateur.PROTEGER.kind, ("Alice",))),
        ("protect Bob", Order(salvateur.PROTEGER.kind, ("Bob",))),
        ("sauver", Order(sorciere.SAUVER.kind)),
        ("save", Order(sorciere.SAUVER.kind)),
        ("empoisonner marie", Order(sorciere.EMPOISONNER.kind, ("Marie Claire",))),
        ("unir Alice et Bob", Order(cupidon.UNIR.kind, ("Alice", "Bob"))),
        ("unite bob and chloe", Order(cupidon.UNIR.kind, ("Bob", "Chloé"))),
        ("tirer Jean-Pierre", Order(Kind.TIRER, ("Jean-Pierre",))),
        ("shoot bruno", Order(Kind.TIRER, ("Bruno",))),
        ("successeur Alice", Order(Kind.SUCCESSEUR, ("Alice",))),
        ("trancher Bob", Order(Kind.TRANCHER, ("Bob",))),
        ("rien", Order(Kind.RIEN)),
        ("nothing", Order(Kind.RIEN)),
        ("aide", Order(Kind.AIDE)),
        ("help", Order(Kind.AIDE)),
        ("vote Alcie", Order(Kind.VOTE, ("Alice",))),
    ],
)
def test_reads_orders(text: str, expected: Order) -> None:
    assert parse_line(text, PLAYERS, me="Alice") == expected


@pytest.mark.parametrize(
    "text",
    [
        "fini",
        "Fini.",
        "j'ai fini",
        "J’ai fini !",
        "c'est fini pour moi",
        "terminé",
        "done",
        "Done.",
        "I'm done",
        "I am done for tonight, thanks",
        "finished",
        "rien d'autre",
        "nothing else",
    ],
)
def test_done_keeps_the_orders_given(text: str) -> None:
    """« fini » (done) says the player is done with the step: the pass of « rien », his orders
    of the step kept."""
    assert parse_line(text, PLAYERS, me="Alice") == Order(Kind.FINI)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("What have you done?", Refusal(Cause.UNREADABLE)),
        ("I'm done with Bob", Refusal(Cause.UNREADABLE)),
        ("Bob a fini sa nuit", Refusal(Cause.UNREADABLE)),
        ("j'ai fini par voter Bob", Order(Kind.VOTE, ("Bob",))),
        ("tuer Bob, fini", Order(loup_garou.TUER.kind, ("Bob",))),
        ("done?", Refusal(Cause.UNREADABLE)),
        ("rien", Order(Kind.RIEN)),
    ],
)
def test_done_inside_a_sentence_is_not_a_pass(text: str, expected: Order | Refusal) -> None:
    """A line is read as « fini » only when it says nothing else: prose that holds "done" or
    « fini » passes no step."""
    assert parse_line(text, PLAYERS, me="Alice") == expected


def test_ambiguous_prefix_names_the_candidates() -> None:
    result = parse_line("vote B", PLAYERS)
    assert isinstance(result, Refusal) and result.cause is Cause.AMBIGUOUS_NAME
    assert result.detail["candidates"] == "Bob, Bruno"


def test_unknown_name_and_unreadable_line() -> None:
    unknown = parse_line("vote Zorro", PLAYERS)
    assert unknown == Refusal(Cause.NO_SUCH_PLAYER, {"written": "Zorro"})
    assert parse_line("bonjour à tous", PLAYERS) == Refusal(Cause.UNREADABLE)
    missing = parse_line("vote", PLAYERS)
    assert isinstance(missing, Refusal) and missing.cause is Cause.UNREADABLE


def test_every_line_is_kept_with_its_meaning() -> None:
    lines = parse("vote Bob\n\nje ne sais pas\nsonder Alice\n", PLAYERS)
    assert [line.text for line in lines] == ["vote Bob", "je ne sais pas", "sonder Alice"]
    assert isinstance(lines[1].result, Refusal)
