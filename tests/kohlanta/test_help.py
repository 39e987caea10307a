"""Rule set `kohlanta` (seed 000, ../shared/seeds/000_34f6f2cfe008970d.txt, « LG KOH-LANTA »):
what `aide` tells a player comes from 000's rules and his situation, what he may send now, not
the kernel's « vote NOM, vote blanc, rien, aide ».

The deal (`play.deal(12)`): « rouges » Alice, Bruno, Chloe, David, Emma, Farid; « jaunes » Gina,
Hugo, Ines, Jules, Karim, Lea; the stratèges Alice, Bruno, Gina, Hugo; Sportifs Alice, Chloe,
Emma, Gina, Ines, Karim, the others Survivalistes; Alice and Gina elected chiefs on day 0
(`drive.elected`).
"""

from __future__ import annotations

from pathlib import Path

from tests.kohlanta.drive import ELECTED, TRIBES, day_one, elected, offer, win
from tests.kohlanta.play import game

KERNEL = "Ordres : vote NOM, vote blanc, rien, aide"
NOTHING = "Vous n'avez rien à faire pour le moment"


def test_the_winning_chief_is_offered_his_comfort_by_aide_during_the_vote(
    tmp_path: Path,
) -> None:
    """Seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt), « LES RÉCOMPENSES DE CONFORT »:
    « le MJ leur propose deux conforts, et le chef de tribu en choisit un des deux »: while the
    jaunes vote, Alice, chief of the rouges who won, asks « aide »: it names her two comforts
    and « Vous pouvez » offers `confort`; a jaune's help gives the vote, not the comfort."""
    sc = day_one(tmp_path)
    win(sc, "rouges")
    assert sc.step() == "vote"
    first, second = offer(sc)
    told = sc.ok("Alice", "aide").text
    assert NOTHING not in told and KERNEL not in told, told
    assert f"« confort {first} » ou « confort {second} »" in told, told
    assert "Vous pouvez : confort" in told, told
    assert "vous en êtes le chef" in told
    assert "le vote du jour" not in told, "the rouges do not vote today"
    voter = sc.ok("Hugo", "aide").text
    assert "« vote NOM » (ou « vote blanc ») : le vote du jour" in voter, voter
    assert "confort" not in voter and KERNEL not in voter
    sc.ok("Alice", f"confort {first}")
    assert sc.state.extra["conforts"]["offer"]["choices"] == [first, second]


def test_aide_at_night_gives_each_his_own_orders(tmp_path: Path) -> None:
    """Seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt), « NUIT (PHASE EN TRIBUS) »: a
    stratège « peut [...] mettre un vote à l'avance » or ally with another stratège; « Chaque
    survivaliste envoie au MJ un chiffre entre 1 et 6 »; a bisounours not allied « peut donner
    un nom d'un joueur de sa tribu ». Night 1: Bruno (stratège, Survivaliste), David
    (bisounours, Survivaliste), Chloe (bisounours, Sportive)."""
    sc = elected(tmp_path)
    bruno = sc.ok("Bruno", "aide").text
    assert "« vote NOM » : votre vote secret" in bruno, bruno
    assert "« alliance NOM » : vous allier avec un autre stratège" in bruno
    assert "« collier 4 »" in bruno and "« fini »" in bruno
    david = sc.ok("David", "aide").text
    assert "« vote NOM » : votre vote secret" not in david and KERNEL not in david, david
    assert "« alliance NOM » : un joueur de votre tribu" in david
    assert "« collier 4 »" in david and "Votre tribu : rouges (chef : Alice)." in david
    chloe = sc.ok("Chloe", "aide").text
    assert "« collier 4 »" not in chloe, "a Sportive does not look for the necklace"
    assert "Votre rôle : Sportif" in chloe


def test_aide_on_the_challenge_gives_its_table_as_the_commitment_writes_it(
    tmp_path: Path,
) -> None:
    """Seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt), « JOUR (PHASE EN TRIBUS) »: « Chaque
    joueur envoie au MJ quelles options il pense qu'a cette épreuve »: day 1's help gives the
    four lines, and the vote that follows; in English too."""
    sc = day_one(tmp_path)
    told = sc.ok("Emma", "aide").text
    assert "vos propositions pour l'épreuve du jour" in told, told
    assert "PHYSIQUE | PUZZLE | EQUILIBRE | HYBRIDE" in told
    assert "le vote du jour (après l'épreuve ; si votre tribu la gagne, elle ne vote pas)" in told
    assert KERNEL not in told


def test_aide_in_english(tmp_path: Path) -> None:
    """Seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt): the same help in a player's
    language."""
    sc = game(tmp_path, langs={"Alice": "en"})
    for tribe, names in TRIBES.items():
        for name in names:
            sc.ok(name, f"vote {ELECTED[tribe]}")
    sc.end()  # day 0
    sc.end()  # night 1
    win(sc, "rouges")
    first, second = offer(sc)
    told = sc.ok("Alice", "aide").text
    assert f'"confort {first}" or "confort {second}"' in told, told
    assert "Orders: vote NAME" not in told
