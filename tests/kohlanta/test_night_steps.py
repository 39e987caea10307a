"""Rule set `kohlanta` (seed 000, ../shared/seeds/000_34f6f2cfe008970d.txt, lines 39-58,
« LG KOH-LANTA »): « NUIT (PHASE EN TRIBUS) » and its « Ordre de résolution », played through
players' mails: the night that closes once everyone has acted, or said « fini ». Each test quotes
the sentence of 000 it plays, or the ruling.

The deal (`play.deal(12)`): « rouges » Alice, Bruno, Chloe, David, Emma, Farid; « jaunes » Gina,
Hugo, Ines, Jules, Karim, Lea; the stratèges Alice, Bruno, Gina, Hugo; Sportifs Alice, Chloe,
Emma, Gina, Ines, Karim, the Survivalistes Bruno, David, Farid, Hugo, Jules, Lea. Day 0 elects
Farid and Jules chiefs (`drive.start`). A day is played by a tribe sending the exact challenge
(it wins), the other a wrong one; then the losing tribe votes as each test says.
"""

from __future__ import annotations

from pathlib import Path

from tests.kohlanta.drive import JAUNES, challenge, everyone_votes, night, start, vote

# --- the night's end --------------------------------------------------------------------------


def test_the_night_ends_once_everyone_who_can_act_has_acted(tmp_path: Path) -> None:
    """000, « Ordre de résolution »: « Réception pendant la nuit des messages des stratèges, et
    de ceux qui veulent utiliser leur collier d'immunité », then the results. Ruling: the night
    closes as soon as every player has done each thing he may (or said « fini »)."""
    sc = start(tmp_path)
    orders = {
        "Alice": "vote Chloe",
        "Bruno": "vote Emma\ncollier 1",
        "Chloe": "alliance David",
        "David": "alliance Chloe\ncollier 2",
        "Emma": "alliance Farid",
        "Farid": "alliance Emma\ncollier 3",
        "Gina": "alliance Hugo",
        "Hugo": "alliance Gina\ncollier 4",
        "Ines": "alliance Jules",
        "Jules": "alliance Ines\ncollier 5",
        "Karim": "alliance Lea",
    }
    for name, text in orders.items():
        sc.ok(name, text)
    assert sc.phase() == ("night", 1)
    sc.ok("Lea", "collier 6")
    assert sc.phase() == ("night", 1), "Lea may still name an ally"
    sc.ok("Lea", "alliance Karim")
    assert sc.phase() == ("day", 1), "nobody left to act: the night closes"
    assert len(sc.events("Allied")) == 5


def test_fini_ends_a_players_night(tmp_path: Path) -> None:
    """A player who says « fini » has done what he meant to: the night does not wait for him;
    one with nothing left to do (an allied Sportif bisounours) is not waited for."""
    sc = start(tmp_path)
    night(sc, {"Ines": "alliance Karim", "Karim": "alliance Ines"})
    challenge(sc, "rouges")  # the jaunes get no comfort (a Feu would give them probes)
    vote(sc, everyone_votes(sc, JAUNES, "Gina", "Lea"))
    for name in sc.state.living_names():
        if name not in ("Ines", "Karim", "Lea"):
            sc.ok(name, "fini")
    assert sc.phase() == ("night", 2)
    sc.ok("Lea", "fini")
    assert sc.phase() == ("day", 2), "Ines and Karim, allied Sportifs, have nothing to do"
