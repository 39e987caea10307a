"""Traçage (PRO-LOUP, TERRE), seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt, « LG LE
CINQUIÈME ÉLÉMENT »): « En fin de nuit, le MJ vous indique, sans indiquer qui a fait quoi, les
noms de tous les joueurs qui vous ont ciblés durant cette nuit avec Observation, Justice ou
Régénération, ainsi que des joueurs qui ont utilisé Oeil-de-Lynx durant la nuit en cours
(seulement si vous étiez au maximum de cœurs au moment de l'utilisation), et Immunité
diplomatique si le joueur a voté contre vous durant la précédente journée. (Rappel : vous n'avez
que les noms mélangés sans indication exacte de qui a fait quoi). »

The deal is `TEN` (Alice and Bruno the wolves, NC = 2, at most 3 hearts)."""

from __future__ import annotations

from pathlib import Path

from tests.cinquieme.drive import elected, hearts
from tests.cinquieme.drive import orders_night as night
from tests.scenario import Scenario

#: each one's two powers (a villager: pro-villageois and universel; a wolf: universel, pro-loup)
POWERS = {
    "Alice": "ignifugé et traçage",
    "Bruno": "ignifugé et soin",
    "Chloe": "observation et ignifugé",
    "David": "immunité diplomatique et ignifugé",
    "Emma": "justice et ignifugé",
    "Farid": "observation et ignifugé",
    "Gina": "oeil-de-lynx et ignifugé",
    "Hugo": "immunité diplomatique et ignifugé",
    "Ines": "régénération et ignifugé",
    "Jules": "oeil-de-lynx et ignifugé",
}


def start(folder: Path, powers: dict[str, str] = POWERS, mayor: str = "Jules") -> Scenario:
    """The game of `TEN`, each one's powers chosen, `mayor` elected: night 1."""
    return elected(folder, powers, mayor)


def traced(sc: Scenario, owner: str) -> list[list[str]]:
    """The names each Traçage of `owner` gave, night after night."""
    return [
        e["told"]["names"]
        for e in sc.events("PowerAnswered")
        if e["player"] == owner and e["power"] == "tracage"
    ]


def test_observation_and_justice_on_him_are_traced_not_on_others(tmp_path: Path) -> None:
    """« les noms de tous les joueurs qui vous ont ciblés durant cette nuit avec Observation,
    Justice »: Chloe's Observation and Emma's Justice (a wrong element: it still aims at him)
    are traced; Farid's Observation of Bruno, Ines's Régénération of herself, and David's
    Immunité (no stake the day before) are not."""
    sc = start(tmp_path)
    night(
        sc,
        {
            "Alice": "attaquer Gina\ntraçage",
            "Bruno": "attaquer Hugo",
            "Chloe": "observation Alice",
            "Emma": "justice Alice terre",
            "Farid": "observation Bruno",
            "Ines": "régénération",
            "David": "immunité diplomatique",
        },
    )
    assert sc.phase() == ("day", 1)
    assert traced(sc, "Alice") == [["Chloe", "Emma"]]
    assert hearts(sc, "Alice") == 2, "Justice of the wrong element: no wound"
    (mail,) = [m for m in sc.mails("Alice") if "Traçage" in m.subject]
    assert "Cette nuit, votre trace mène à : Chloe, Emma." in mail.content
    assert "observation" not in mail.content.lower() and "justice" not in mail.content.lower()


def test_the_names_are_mixed_not_who_did_what(tmp_path: Path) -> None:
    """« sans indiquer qui a fait quoi [...] vous n'avez que les noms mélangés »: the names come
    in alphabetical order whatever the mails' order or the powers, each once."""
    sc = start(tmp_path)
    night(
        sc,
        {
            "Emma": "justice Alice feu",
            "Farid": "observation Alice",
            "Chloe": "observation Alice",
            "Alice": "attaquer Gina\ntraçage",
            "Bruno": "attaquer Hugo",
        },
    )
    assert traced(sc, "Alice") == [["Chloe", "Emma", "Farid"]]
    (mail,) = [m for m in sc.mails("Alice") if "Traçage" in m.subject]
    assert "Chloe, Emma, Farid." in mail.content
    # Emma's Justice of FEU, Alice's vulnerability: a wound, untold to Emma
    assert hearts(sc, "Alice") == 1


def test_nobody_on_him_the_answer_says_so(tmp_path: Path) -> None:
    """« le MJ vous indique [...] les noms de tous les joueurs qui vous ont ciblés »: none."""
    sc = start(tmp_path)
    night(sc, {"Alice": "attaquer Gina\ntraçage", "Bruno": "attaquer Hugo"})
    assert traced(sc, "Alice") == [[]]
    (mail,) = [m for m in sc.mails("Alice") if "Traçage" in m.subject]
    assert "personne n'a laissé de trace sur vous" in mail.content


def test_lynx_eye_traced_only_with_him_at_the_maximum(tmp_path: Path) -> None:
    """« des joueurs qui ont utilisé Oeil-de-Lynx durant la nuit en cours (seulement si vous
    étiez au maximum de cœurs au moment de l'utilisation) »: night 1 Alice has NC = 2 hearts,
    Jules's Oeil-de-Lynx is not traced; Bruno's Soin brings her to NC+1 = 3; night 2 Gina's
    Oeil-de-Lynx is traced."""
    sc = start(tmp_path)
    night(
        sc,
        {
            "Alice": "attaquer Chloe\ntraçage",
            "Bruno": "attaquer Hugo\nsoin Alice",
            "Jules": "oeil-de-lynx",
        },
    )
    assert traced(sc, "Alice") == [[]]
    assert hearts(sc, "Alice") == 3
    sc.end()  # day 1: no vote, no stake
    assert sc.phase() == ("night", 2)
    night(
        sc,
        {"Alice": "attaquer David\ntraçage", "Bruno": "attaquer Emma", "Gina": "oeil-de-lynx"},
    )
    assert traced(sc, "Alice") == [[], ["Gina"]]
    (eye,) = [e for e in sc.events("PowerAnswered") if e["player"] == "Gina"]
    assert "Alice" in eye["told"]["names"]


def test_regeneration_on_him_and_immunity_of_his_voters_traced(tmp_path: Path) -> None:
    """« qui vous ont ciblés [...] avec [...] Régénération » (Ines, at the maximum as the night
    began, may target another), « et Immunité diplomatique si le joueur a voté contre vous
    durant la précédente journée »: David voted Alice on day 1 and is traced; Hugo voted Bruno
    and is not."""
    sc = start(tmp_path)
    night(sc, {"Alice": "attaquer Chloe", "Bruno": "attaquer Gina", "Ines": "régénération"})
    assert hearts(sc, "Ines") == 3
    # day 1: one vote each for Alice and Bruno, a tie the mayor leaves (no stake)
    sc.ok("David", "vote Alice")
    sc.ok("Hugo", "vote Bruno")
    sc.end()
    assert [r.kind for r in sc.state.reactions] == ["trancher"]
    sc.later(hours=2)
    assert sc.phase() == ("night", 2)
    assert sc.state.extra["votes-du-jour"] == {"David": "Alice", "Hugo": "Bruno"}
    night(
        sc,
        {
            "Alice": "attaquer Emma\ntraçage",
            "Bruno": "attaquer Farid",
            "Ines": "régénération Alice",
            "David": "immunité diplomatique",
            "Hugo": "immunité diplomatique",
        },
    )
    assert traced(sc, "Alice") == [["David", "Ines"]]
    assert hearts(sc, "Alice") == 3, "Ines's Régénération healed her"


def test_only_his_own_tracks_each_tracker_his(tmp_path: Path) -> None:
    """Two trackers: each is told who aimed at him (« qui vous ont ciblés »), not at the
    other."""
    powers = dict(POWERS, Bruno="ignifugé et traçage")
    sc = start(tmp_path, powers)
    night(
        sc,
        {
            "Alice": "attaquer Gina\ntraçage",
            "Bruno": "attaquer Hugo\ntraçage",
            "Chloe": "observation Alice",
            "Farid": "observation Bruno",
            "Emma": "justice Bruno eau",
        },
    )
    assert traced(sc, "Alice") == [["Chloe"]]
    assert traced(sc, "Bruno") == [["Emma", "Farid"]]
