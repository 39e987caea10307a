"""Reading the orders of the `thiercelieux` roles (seed 004_c21bac90ae6ca834.txt), French first
with English synonyms, as `tests/test_parser.py` reads the classic ones."""

from __future__ import annotations

import pytest

from lgmail.orders.parse import parse, parse_line
from lgmail.orders.setup_words import role_slug
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refusal
from lgmail.rules.thiercelieux.roles import (
    abominable_sectaire,
    assommeur,
    avocat,
    bouc_emissaire,
    comedien,
    corbeau,
    enfant_sauvage,
    fantome,
    infect_pere_des_loups,
    loup_garou_blanc,
    loup_garou_manipulateur,
    marquise,
    redirecteur,
    renard,
    telepathe,
    voleur,
    voyante,
)

PLAYERS = ["Alice", "Bob", "Bruno", "Chloé", "Jean-Pierre", "Opeth"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("eliminer Bruno", Order(loup_garou_blanc.ELIMINER.kind, ("Bruno",))),
        ("J'élimine Chloe", Order(loup_garou_blanc.ELIMINER.kind, ("Chloé",))),
        ("eliminate bob", Order(loup_garou_blanc.ELIMINER.kind, ("Bob",))),
        # 004: « (ex: "J'infecte Opeth.") »: the pack's victim is infected
        ("J'infecte Opeth.", Order(infect_pere_des_loups.INFECTER.kind)),
        ("infect", Order(infect_pere_des_loups.INFECTER.kind)),
        ("marquer Jean", Order(corbeau.MARQUER.kind, ("Jean-Pierre",))),
        ("mark alice", Order(corbeau.MARQUER.kind, ("Alice",))),
        ("flairer moi", Order(renard.FLAIRER.kind, ("Alice",))),
        ("sniff Chloé", Order(renard.FLAIRER.kind, ("Chloé",))),
        ("modèle Bob", Order(enfant_sauvage.MODELE.kind, ("Bob",))),
        ("model opeth", Order(enfant_sauvage.MODELE.kind, ("Opeth",))),
        (
            "votants Alice, Bob et Chloé",
            Order(bouc_emissaire.VOTANTS.kind, ("Alice", "Bob", "Chloé")),
        ),
        (
            "voters bruno and jean-pierre",
            Order(bouc_emissaire.VOTANTS.kind, ("Bruno", "Jean-Pierre")),
        ),
        ("Je tranche : Bob", Order(Kind.TRANCHER, ("Bob",))),
        # 004: the Avocat's two clients
        ("clients Alice et Bob", Order(avocat.CLIENTS.kind, ("Alice", "Bob"))),
        ("je défends Chloé et Opeth", Order(avocat.CLIENTS.kind, ("Chloé", "Opeth"))),
        ("defend bruno and jean-pierre", Order(avocat.CLIENTS.kind, ("Bruno", "Jean-Pierre"))),
        # 004: the Abominable Sectaire's list and his moves
        ("liste A", Order(abominable_sectaire.LISTE.kind, args=("A",))),
        ("je choisis la liste b", Order(abominable_sectaire.LISTE.kind, args=("B",))),
        ("list A", Order(abominable_sectaire.LISTE.kind, args=("A",))),
        ("deplacer Bob liste B", Order(abominable_sectaire.DEPLACER.kind, ("Bob",), args=("B",))),
        (
            "je déplace moi liste A",
            Order(abominable_sectaire.DEPLACER.kind, ("Alice",), args=("A",)),
        ),
        ("move Chloé list b", Order(abominable_sectaire.DEPLACER.kind, ("Chloé",), args=("B",))),
        ("deplacer Opeth", Order(abominable_sectaire.DEPLACER.kind, ("Opeth",))),
        # 004: the Voleur takes one of his two cards, or stays Voleur
        ("voler voyante", Order(voleur.VOLER.kind, args=("voyante",))),
        (
            "je vole la carte Grand Méchant Loup",
            Order(voleur.VOLER.kind, args=("grand-mechant-loup",)),
        ),
        ("steal hunter", Order(voleur.VOLER.kind, args=("chasseur",))),
        ("rester voleur", Order(voleur.VOLER.kind, args=("voleur",))),
        ("je reste", Order(voleur.VOLER.kind, args=("voleur",))),
        ("stay thief", Order(voleur.VOLER.kind, args=("voleur",))),
        # 004: the Marquise's three actions
        (
            "lettre Le loup est parmi nous",
            Order(marquise.LETTRE.kind, args=("Le loup est parmi nous",)),
        ),
        ("letter: Beware", Order(marquise.LETTRE.kind, args=("Beware",))),
        ("sentence Bob", Order(marquise.SENTENCE.kind, ("Bob",))),
        ("je condamne Opeth", Order(marquise.SENTENCE.kind, ("Opeth",))),
        ("Jeux de pouvoir : Chloé", Order(marquise.JEUX.kind, ("Chloé",))),
        ("jeux jean", Order(marquise.JEUX.kind, ("Jean-Pierre",))),
        ("power play bruno", Order(marquise.JEUX.kind, ("Bruno",))),
        # 004: the Assommeur's knock-out
        ("J'assomme Opeth", Order(assommeur.ASSOMMER.kind, ("Opeth",))),
        ("assommer Chloe", Order(assommeur.ASSOMMER.kind, ("Chloé",))),
        ("knock bob", Order(assommeur.ASSOMMER.kind, ("Bob",))),
        # 004: the Redirecteur's two names
        ("rediriger Bob vers Chloé", Order(redirecteur.REDIRIGER.kind, ("Bob", "Chloé"))),
        (
            "je redirige Jean-Pierre sur Opeth",
            Order(redirecteur.REDIRIGER.kind, ("Jean-Pierre", "Opeth")),
        ),
        ("redirect alice to bruno", Order(redirecteur.REDIRIGER.kind, ("Alice", "Bruno"))),
        # 004: the Télépathe's message, the rest of the line
        (
            "telepathie Bob : Je sais qui tu es.",
            Order(telepathe.TELEPATHIE.kind, ("Bob",), args=("Je sais qui tu es.",)),
        ),
        (
            "Télépathie Jean-Pierre: méfie-toi !",
            Order(telepathe.TELEPATHIE.kind, ("Jean-Pierre",), args=("méfie-toi !",)),
        ),
        ("telepathy opeth: hello", Order(telepathe.TELEPATHIE.kind, ("Opeth",), args=("hello",))),
        # 004: the Fantôme's removal and his Allié; « La voix des morts »
        ("supprimer Bob", Order(fantome.SUPPRIMER.kind, ("Bob",))),
        ("je hante Opeth", Order(fantome.SUPPRIMER.kind, ("Opeth",))),
        ("remove chloe", Order(fantome.SUPPRIMER.kind, ("Chloé",))),
        ("allié Bruno", Order(fantome.ALLIE.kind, ("Bruno",))),
        ("ally jean", Order(fantome.ALLIE.kind, ("Jean-Pierre",))),
        ("voix des morts : Opeth", Order(fantome.VOIX.kind, ("Opeth",))),
        ("je soupçonne Bob", Order(fantome.VOIX.kind, ("Bob",))),
        ("suspect alice", Order(fantome.VOIX.kind, ("Alice",))),
        # 004: the Loup-Garou Manipulateur's visit, then the new recipient
        ("manipuler Bob", Order(loup_garou_manipulateur.MANIPULER.kind, ("Bob",))),
        ("visit chloe", Order(loup_garou_manipulateur.MANIPULER.kind, ("Chloé",))),
        ("detourner Opeth", Order(loup_garou_manipulateur.DETOURNER.kind, ("Opeth",))),
        ("reroute alice", Order(loup_garou_manipulateur.DETOURNER.kind, ("Alice",))),
        # 004: the Comédien becomes one of his three roles for the night
        ("devenir chasseur", Order(comedien.DEVENIR.kind, args=("chasseur",))),
        ("je deviens la Voyante", Order(comedien.DEVENIR.kind, args=("voyante",))),
        ("become elder", Order(comedien.DEVENIR.kind, args=("ancien",))),
    ],
)
def test_orders(text: str, expected: Order) -> None:
    assert parse_line(text, PLAYERS, "Alice") == expected


def test_a_letter_runs_to_the_end_of_the_mail() -> None:
    """004, Marquise: « elle écrit un message de la longueur et de la forme qu'elle souhaite »;
    a letter with no text is unreadable."""
    (line,) = parse("lettre Chers amis,\n\nvote Bob\n-- la plume", PLAYERS, "Alice")
    assert line.result == Order(
        marquise.LETTRE.kind, args=("Chers amis,\n\nvote Bob\n-- la plume",)
    )
    first, letter = parse("sonder Bob\nlettre Adieu", PLAYERS, "Alice")
    assert first.result == Order(voyante.SONDER.kind, ("Bob",))
    assert letter.result == Order(marquise.LETTRE.kind, args=("Adieu",))
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
