"""Chaude haleine (PRO-LOUP, FEU), seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt, « LG LE
CINQUIÈME ÉLÉMENT »): « Durant la nuit où ce pouvoir est activé, quand vous attaquez un joueur, ce
joueur subit aussi une blessure de type FEU. »; « À chaque fois qu'un joueur subit des blessures
de l'élément dont il est vulnérable, il subit une blessure supplémentaire »; at the night's end,
« 2> ATTAQUES NORMALE DES LOUPS + CHAUDE HALEINE et ÉLÉMENTALISTE ».

Eleven players, three wolves (« 11 à 15 joueurs : 3 loups »): NC = 3, everyone starts with 3
hearts, so that a victim survives the two wounds."""

from __future__ import annotations

from pathlib import Path

from tests.cinquieme.drive import elected, wounds
from tests.cinquieme.drive import orders_night as night
from tests.scenario import Scenario

#: « 11 joueurs : +1 vulnérable FEU par rapport à 10 joueurs »
ELEVEN = {
    "Alice": "loup:feu",
    "Bruno": "loup:terre",
    "Karim": "loup:feu",
    "Chloe": "villageois:eau",
    "David": "villageois:air",
    "Emma": "villageois:vie",
    "Farid": "villageois:feu",
    "Gina": "villageois:terre",
    "Hugo": "villageois:eau",
    "Ines": "villageois:air",
    "Jules": "villageois:vie",
}
POWERS = {
    "Alice": "ignifugé et chaude haleine",
    "Bruno": "ignifugé et soin",
    "Karim": "ignifugé et traçage",
    "Farid": "observation et ignifugé",
    "Gina": "observation et ignifugé",
}


def start(folder: Path, powers: dict[str, str] = POWERS, mayor: str = "Jules") -> Scenario:
    """The game of `ELEVEN`, the powers of `powers` chosen (the others drawn), `mayor` elected:
    night 1."""
    sc = elected(folder, powers, mayor, ELEVEN)
    assert sc.state.extra["nc"] == 3
    return sc


def test_the_victim_also_takes_a_wound_of_fire(tmp_path: Path) -> None:
    """« ce joueur subit aussi une blessure de type FEU »: Gina (TERRE) loses a heart to the
    attack (VIE) and one to the fire; David, attacked by Bruno, one."""
    sc = start(tmp_path)
    night(
        sc,
        {
            "Alice": "attaquer Gina\nchaude haleine",
            "Bruno": "attaquer David",
            "Karim": "attaquer Ines",
        },
    )
    assert wounds(sc, "Gina") == [(2, "attaque", "vie"), (1, "chaude-haleine", "feu")]
    assert wounds(sc, "David") == [(2, "attaque", "vie")]
    (told,) = [m for m in sc.mails("Gina") if "Vos cœurs" in m.subject]
    assert "Il vous reste 1 cœur." in told.content


def test_vulnerable_to_fire_one_more(tmp_path: Path) -> None:
    """« À chaque fois qu'un joueur subit des blessures de l'élément dont il est vulnérable, il
    subit une blessure supplémentaire »: Farid (FEU) loses one to the attack and two to the
    fire: 3 hearts, dead."""
    sc = start(tmp_path)
    night(
        sc,
        {
            "Alice": "attaquer Farid\nchaude-haleine",
            "Bruno": "attaquer David",
            "Karim": "attaquer Ines",
        },
    )
    assert wounds(sc, "Farid") == [(2, "attaque", "vie"), (0, "chaude-haleine", "feu")]
    assert not sc.alive("Farid")


def test_fireproof_victim_one_fire_wound_less(tmp_path: Path) -> None:
    """Ignifugé: « si vous [...] subissez des blessures de type feu durant la nuit en cours, vous
    subissez 1 blessure de feu de moins. Aussi, si vous êtes vulnérable au feu, votre
    vulnérabilité n'est plus effective »: Farid (FEU), fireproof, loses only the attack's
    heart."""
    sc = start(tmp_path)
    night(
        sc,
        {
            "Alice": "attaquer Farid\nchaude haleine",
            "Bruno": "attaquer David",
            "Karim": "attaquer Ines",
            "Farid": "ignifugé",
        },
    )
    assert wounds(sc, "Farid") == [(2, "attaque", "vie")]


def test_only_the_night_it_is_used(tmp_path: Path) -> None:
    """« Durant la nuit où ce pouvoir est activé »: night 2, Alice attacks Gina without it: one
    wound."""
    sc = start(tmp_path)
    night(
        sc,
        {
            "Alice": "attaquer Gina\nchaude haleine",
            "Bruno": "attaquer David",
            "Karim": "attaquer Ines",
        },
    )
    sc.end()  # day 1: no vote, no stake
    assert sc.phase() == ("night", 2)
    night(sc, {"Alice": "attaquer Hugo", "Bruno": "attaquer Chloe", "Karim": "attaquer Jules"})
    assert wounds(sc, "Hugo") == [(2, "attaque", "vie")]


def test_each_wolf_his_own_victim(tmp_path: Path) -> None:
    """« quand vous attaquez un joueur »: the fire follows Alice's attack only; Bruno's on the
    same Gina is of VIE alone: 3 - 1 - 1 - 1 = 0."""
    sc = start(tmp_path)
    night(
        sc,
        {
            "Alice": "attaquer Gina\nchaude haleine",
            "Bruno": "attaquer Gina",
            "Karim": "attaquer Ines",
        },
    )
    assert [w[2] for w in wounds(sc, "Gina")] == ["vie", "feu", "vie"]
    assert not sc.alive("Gina")


def test_the_attack_drawn_burns_too(tmp_path: Path) -> None:
    """« Chaque loup est obligé d'attaquer chaque nuit »: Alice names nobody; her attack is
    drawn among the living villagers when the MJ ends the night, and it burns."""
    sc = start(tmp_path)
    sc.ok("Alice", "chaude haleine")
    sc.ok("Bruno", "attaquer David\nrien")
    sc.ok("Karim", "attaquer David\nrien")
    for name in sc.state.living_names():
        if name not in ("Alice", "Bruno", "Karim"):
            sc.ok(name, "rien")
    assert sc.phase() == ("night", 1), "a wolf without an attack keeps the night open"
    sc.end()
    (drawn,) = [e for e in sc.events("Ordered") if e["player"] == "Alice" and e["key"] == "attaque"]
    victim = drawn["value"][0]
    assert victim not in ("Alice", "Bruno", "Karim")
    assert ("chaude-haleine", "feu") in [(w[1], w[2]) for w in wounds(sc, victim)]
