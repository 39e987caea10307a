"""Reading the orders of the `thiercelieux` roles (seed 004_c21bac90ae6ca834.txt), French first
with English synonyms, as `tests/test_parser.py` reads the classic ones."""

from __future__ import annotations

import pytest

from lgmail.orders.parse import parse, parse_line
from lgmail.orders.setup_words import role_slug
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refusal

PLAYERS = ["Alice", "Bob", "Bruno", "Chloé", "Jean-Pierre", "Opeth"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("eliminer Bruno", Order(Kind.ELIMINER, ("Bruno",))),
        ("J'élimine Chloe", Order(Kind.ELIMINER, ("Chloé",))),
        ("eliminate bob", Order(Kind.ELIMINER, ("Bob",))),
        # 004: « (ex: "J'infecte Opeth.") »: the pack's victim is infected
        ("J'infecte Opeth.", Order(Kind.INFECTER)),
        ("infect", Order(Kind.INFECTER)),
        ("marquer Jean", Order(Kind.MARQUER, ("Jean-Pierre",))),
        ("mark alice", Order(Kind.MARQUER, ("Alice",))),
        ("flairer moi", Order(Kind.FLAIRER, ("Alice",))),
        ("sniff Chloé", Order(Kind.FLAIRER, ("Chloé",))),
        ("modèle Bob", Order(Kind.MODELE, ("Bob",))),
        ("model opeth", Order(Kind.MODELE, ("Opeth",))),
        ("votants Alice, Bob et Chloé", Order(Kind.VOTANTS, ("Alice", "Bob", "Chloé"))),
        ("voters bruno and jean-pierre", Order(Kind.VOTANTS, ("Bruno", "Jean-Pierre"))),
        ("Je tranche : Bob", Order(Kind.TRANCHER, ("Bob",))),
        # 004: the Avocat's two clients
        ("clients Alice et Bob", Order(Kind.CLIENTS, ("Alice", "Bob"))),
        ("je défends Chloé et Opeth", Order(Kind.CLIENTS, ("Chloé", "Opeth"))),
        ("defend bruno and jean-pierre", Order(Kind.CLIENTS, ("Bruno", "Jean-Pierre"))),
        # 004: the Abominable Sectaire's list and his moves
        ("liste A", Order(Kind.LISTE, args=("A",))),
        ("je choisis la liste b", Order(Kind.LISTE, args=("B",))),
        ("list A", Order(Kind.LISTE, args=("A",))),
        ("deplacer Bob liste B", Order(Kind.DEPLACER, ("Bob",), args=("B",))),
        ("je déplace moi liste A", Order(Kind.DEPLACER, ("Alice",), args=("A",))),
        ("move Chloé list b", Order(Kind.DEPLACER, ("Chloé",), args=("B",))),
        ("deplacer Opeth", Order(Kind.DEPLACER, ("Opeth",))),
        # 004: the Voleur takes one of his two cards, or stays Voleur
        ("voler voyante", Order(Kind.VOLER, args=("voyante",))),
        ("je vole la carte Grand Méchant Loup", Order(Kind.VOLER, args=("grand-mechant-loup",))),
        ("steal hunter", Order(Kind.VOLER, args=("chasseur",))),
        ("rester voleur", Order(Kind.VOLER, args=("voleur",))),
        ("je reste", Order(Kind.VOLER, args=("voleur",))),
        ("stay thief", Order(Kind.VOLER, args=("voleur",))),
        # 004: the Marquise's three actions
        ("lettre Le loup est parmi nous", Order(Kind.LETTRE, args=("Le loup est parmi nous",))),
        ("letter: Beware", Order(Kind.LETTRE, args=("Beware",))),
        ("sentence Bob", Order(Kind.SENTENCE, ("Bob",))),
        ("je condamne Opeth", Order(Kind.SENTENCE, ("Opeth",))),
        ("Jeux de pouvoir : Chloé", Order(Kind.JEUX, ("Chloé",))),
        ("jeux jean", Order(Kind.JEUX, ("Jean-Pierre",))),
        ("power play bruno", Order(Kind.JEUX, ("Bruno",))),
        # 004: the Assommeur's knock-out
        ("J'assomme Opeth", Order(Kind.ASSOMMER, ("Opeth",))),
        ("assommer Chloe", Order(Kind.ASSOMMER, ("Chloé",))),
        ("knock bob", Order(Kind.ASSOMMER, ("Bob",))),
        # 004: the Redirecteur's two names
        ("rediriger Bob vers Chloé", Order(Kind.REDIRIGER, ("Bob", "Chloé"))),
        ("je redirige Jean-Pierre sur Opeth", Order(Kind.REDIRIGER, ("Jean-Pierre", "Opeth"))),
        ("redirect alice to bruno", Order(Kind.REDIRIGER, ("Alice", "Bruno"))),
        # 004: the Télépathe's message, the rest of the line
        (
            "telepathie Bob : Je sais qui tu es.",
            Order(Kind.TELEPATHIE, ("Bob",), args=("Je sais qui tu es.",)),
        ),
        (
            "Télépathie Jean-Pierre: méfie-toi !",
            Order(Kind.TELEPATHIE, ("Jean-Pierre",), args=("méfie-toi !",)),
        ),
        ("telepathy opeth: hello", Order(Kind.TELEPATHIE, ("Opeth",), args=("hello",))),
        # 004: the Fantôme's removal and his Allié; « La voix des morts »
        ("supprimer Bob", Order(Kind.SUPPRIMER, ("Bob",))),
        ("je hante Opeth", Order(Kind.SUPPRIMER, ("Opeth",))),
        ("remove chloe", Order(Kind.SUPPRIMER, ("Chloé",))),
        ("allié Bruno", Order(Kind.ALLIE, ("Bruno",))),
        ("ally jean", Order(Kind.ALLIE, ("Jean-Pierre",))),
        ("voix des morts : Opeth", Order(Kind.VOIX, ("Opeth",))),
        ("je soupçonne Bob", Order(Kind.VOIX, ("Bob",))),
        ("suspect alice", Order(Kind.VOIX, ("Alice",))),
        # 004: the Loup-Garou Manipulateur's visit, then the new recipient
        ("manipuler Bob", Order(Kind.MANIPULER, ("Bob",))),
        ("visit chloe", Order(Kind.MANIPULER, ("Chloé",))),
        ("detourner Opeth", Order(Kind.DETOURNER, ("Opeth",))),
        ("reroute alice", Order(Kind.DETOURNER, ("Alice",))),
        # 004: the Comédien becomes one of his three roles for the night
        ("devenir chasseur", Order(Kind.DEVENIR, args=("chasseur",))),
        ("je deviens la Voyante", Order(Kind.DEVENIR, args=("voyante",))),
        ("become elder", Order(Kind.DEVENIR, args=("ancien",))),
    ],
)
def test_orders(text: str, expected: Order) -> None:
    assert parse_line(text, PLAYERS, "Alice") == expected


def test_a_letter_runs_to_the_end_of_the_mail() -> None:
    """004, Marquise: « elle écrit un message de la longueur et de la forme qu'elle souhaite »;
    a letter with no text is unreadable."""
    (line,) = parse("lettre Chers amis,\n\nvote Bob\n-- la plume", PLAYERS, "Alice")
    assert line.result == Order(Kind.LETTRE, args=("Chers amis,\n\nvote Bob\n-- la plume",))
    first, letter = parse("sonder Bob\nlettre Adieu", PLAYERS, "Alice")
    assert first.result == Order(Kind.SONDER, ("Bob",))
    assert letter.result == Order(Kind.LETTRE, args=("Adieu",))
    assert parse_line("lettre", PLAYERS, "Alice") == Refusal(Cause.UNREADABLE, {"missing": "text"})


def test_voters_need_a_name() -> None:
    assert parse_line("votants", PLAYERS, "Alice") == Refusal(Cause.UNREADABLE, {"missing": "name"})
    got = parse_line("votants Alice, Zorro", PLAYERS, "Alice")
    assert isinstance(got, Refusal) and got.cause is Cause.NO_SUCH_PLAYER


@pytest.mark.parametrize(
    ("written", "slug"),
    [
        ("Deux Sœurs", "deux-soeurs"),
        ("Sœur", "deux-soeurs"),
        ("Bouc-émissaire", "bouc-emissaire"),
        ("Infect Père des Loups", "infect-pere-des-loups"),
        ("IPL", "infect-pere-des-loups"),
        ("GML", "grand-mechant-loup"),
        ("Loup-Garou Blanc", "loup-garou-blanc"),
        ("Joueur de Flûte", "joueur-de-flute"),
        ("Loup Égaré", "loup-egare"),
        ("Villageois-Villageois", "villageois-villageois"),
        ("Métronome", "metronome"),
        ("Avocat", "avocat"),
        ("Abominable Sectaire", "abominable-sectaire"),
        ("Voleur", "voleur"),
        ("Comédien", "comedien"),
    ],
)
def test_roles_by_their_french_names(written: str, slug: str) -> None:
    """`lgmail game create --variant thiercelieux --roles/--composition` take 004's names."""
    assert role_slug(written, "thiercelieux") == slug


def test_a_list_needs_its_letter() -> None:
    assert parse_line("liste", PLAYERS, "Alice") == Refusal(Cause.UNREADABLE, {"missing": "list"})


def test_a_card_needs_its_role() -> None:
    assert parse_line("voler", PLAYERS, "Alice") == Refusal(Cause.UNREADABLE, {"missing": "role"})


def test_a_role_to_become_needs_its_name() -> None:
    got = parse_line("devenir", PLAYERS, "Alice")
    assert got == Refusal(Cause.UNREADABLE, {"missing": "role"})
