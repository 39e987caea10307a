"""Soin (PRO-LOUP, VIE), seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt, « LG LE CINQUIÈME
ÉLÉMENT »): « Le joueur ciblé gagne 1 cœur. Vous ne pouvez pas vous cibler sauf si vous êtes le
dernier loup en vie ou que tous les autres loups en vie sont au maximum de cœurs possible au début
de la nuit. »; « Si à tout moment dans la partie, le nombre de cœurs d'un joueur devrait dépasser
NC+1, il ne conserve que NC+1 cœurs [...]. Un joueur ne peut pas gagner plus d'un cœur chaque
nuit. »; « 1> SOIN + RÉGÉNÉRATION : Note : si un même joueur devrait recevoir plusieurs cœurs
durant la nuit, il n'en gagne qu'un ».

The deal is `TEN` (Alice, FEU, and Bruno the wolves; NC = 2, at most 3 hearts), or eleven players
with a third wolf, Karim (NC = 3)."""

from __future__ import annotations

from pathlib import Path

from tests.cinquieme.drive import elected, hearts
from tests.cinquieme.drive import hearts_changes as changes
from tests.cinquieme.drive import orders_night as night
from tests.cinquieme.play import TEN
from tests.scenario import Scenario

POWERS = {
    "Alice": "ignifugé et traçage",
    "Bruno": "ignifugé et soin",
    "Ines": "régénération et ignifugé",
}
ELEVEN = dict(TEN, Karim="loup:feu")


def start(
    folder: Path,
    powers: dict[str, str] = POWERS,
    roles: dict[str, str] = TEN,
    mayor: str = "Jules",
) -> Scenario:
    """The game dealt as `roles`, the powers of `powers` chosen (the others drawn), `mayor`
    elected: night 1."""
    return elected(folder, powers, mayor, roles)


def test_the_target_gains_a_heart(tmp_path: Path) -> None:
    """« Le joueur ciblé gagne 1 cœur »: David, 2 hearts, goes to 3 and is told (« le MJ indique
    par MP à chaque joueur le nombre de cœurs qu'il lui reste si son total a changé »)."""
    sc = start(tmp_path)
    night(sc, {"Alice": "attaquer Gina", "Bruno": "attaquer Hugo\nsoin David"})
    assert changes(sc, "David") == [(3, "soin")]
    (told,) = [m for m in sc.mails("David") if "Vos cœurs" in m.subject]
    assert "Il vous reste 3 cœurs." in told.content


def test_never_above_nc_plus_one(tmp_path: Path) -> None:
    """« il ne conserve que NC+1 cœurs »: David healed on night 1 (3) and again on night 2 stays
    at 3, and is told nothing (his total did not change)."""
    sc = start(tmp_path)
    night(sc, {"Alice": "attaquer Gina", "Bruno": "attaquer Hugo\nsoin David"})
    sc.end()  # day 1: no vote, no stake
    night(sc, {"Alice": "attaquer Gina", "Bruno": "attaquer Farid\nsoin David"})
    assert hearts(sc, "David") == 3
    assert changes(sc, "David") == [(3, "soin")]
    assert len([m for m in sc.mails("David") if "Vos cœurs" in m.subject]) == 1


def test_one_heart_a_night_with_a_regeneration(tmp_path: Path) -> None:
    """« Un joueur ne peut pas gagner plus d'un cœur chaque nuit »: Ines, at 1 heart, healed by
    Bruno and regenerating herself the same night, gains one."""
    sc = start(tmp_path)
    night(sc, {"Alice": "attaquer Ines", "Bruno": "attaquer Hugo"})
    assert hearts(sc, "Ines") == 1
    sc.end()
    night(
        sc, {"Alice": "attaquer Gina", "Bruno": "attaquer Farid\nsoin Ines", "Ines": "régénération"}
    )
    assert hearts(sc, "Ines") == 2
    assert changes(sc, "Ines") == [(1, "attaque"), (2, "soin")]


def test_himself_refused_while_another_wolf_lacks_hearts(tmp_path: Path) -> None:
    """« Vous ne pouvez pas vous cibler sauf si [...] tous les autres loups en vie sont au
    maximum de cœurs possible au début de la nuit »: night 1 Alice has 2 of 3."""
    sc = start(tmp_path)
    answer = sc.refused("Bruno", "soin Bruno", "not_allowed")
    assert "dernier loup" in answer.text
    sc.ok("Bruno", "soin Alice")


def test_himself_when_the_others_were_at_the_maximum(tmp_path: Path) -> None:
    """« ou que tous les autres loups en vie sont au maximum de cœurs possible au début de la
    nuit »: Bruno heals Alice to 3 on night 1; night 2 he heals himself."""
    sc = start(tmp_path)
    night(sc, {"Alice": "attaquer Gina", "Bruno": "attaquer Hugo\nsoin Alice"})
    assert hearts(sc, "Alice") == 3
    sc.end()
    assert sc.state.extra["coeurs-au-soir"]["Alice"] == 3
    night(sc, {"Alice": "attaquer Gina", "Bruno": "attaquer Farid\nsoin Bruno"})
    assert changes(sc, "Bruno") == [(3, "soin")]


def test_himself_refused_while_one_of_the_others_lacks_hearts(tmp_path: Path) -> None:
    """« tous les autres loups »: three wolves (NC = 3); Alice at 4 as night 2 begins, Karim at 3:
    Bruno may not heal himself."""
    sc = start(tmp_path, dict(POWERS, Karim="ignifugé et traçage"), ELEVEN)
    assert sc.state.extra["nc"] == 3
    night(
        sc,
        {"Alice": "attaquer Gina", "Bruno": "attaquer Hugo\nsoin Alice", "Karim": "attaquer Emma"},
    )
    assert hearts(sc, "Alice") == 4 and hearts(sc, "Karim") == 3
    sc.end()
    sc.refused("Bruno", "soin Bruno", "not_allowed")
    sc.ok("Bruno", "soin Karim")


def test_himself_as_the_last_wolf(tmp_path: Path) -> None:
    """« sauf si vous êtes le dernier loup en vie »: Alice (FEU) burns on day 1 (NC = 2 wounds of
    FEU, and one more); night 2 Bruno heals himself."""
    sc = start(tmp_path)
    night(sc, {"Alice": "attaquer Gina", "Bruno": "attaquer Hugo"})
    for name in sc.state.living_names():
        sc.ok(name, "vote Alice" if name != "Alice" else "vote Chloe")
    sc.end()
    assert not sc.alive("Alice") and sc.phase() == ("night", 2)
    night(sc, {"Bruno": "attaquer Farid\nsoin Bruno"})
    assert changes(sc, "Bruno") == [(3, "soin")]


def test_a_target_needed_and_living(tmp_path: Path) -> None:
    """« Le joueur ciblé »: Soin names a living player."""
    sc = start(tmp_path)
    sc.refused("Bruno", "soin", "not_allowed")
    night(sc, {"Alice": "attaquer Gina", "Bruno": "attaquer Gina"})
    assert not sc.alive("Gina")
    sc.end()
    sc.refused("Bruno", "soin Gina", "not_allowed")
