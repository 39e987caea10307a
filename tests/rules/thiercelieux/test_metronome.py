"""Métronome in the `thiercelieux` rule set: seed 004_c21bac90ae6ca834.txt.

The draw is the game's own (a RandomDrawn event, from the game's seed): each case plays games of
successive seeds, from a seed known to give its draws, until the Métronome draws the roles the
clause is about; what follows is played by mail.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from lgmail.rules.thiercelieux.roles.metronome import TABLE
from tests.rules.thiercelieux.common import died, thiercelieux
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Chloe": "metronome",
    "David": "voyante",
    "Emma": "salvateur",
    "Farid": "ancien",
    "Gina": "sorciere",
    "Hugo": "villageois",
    "Ines": "villageois",
}

Wanted = Callable[[str], bool]


def role(name: str) -> Wanted:
    return lambda drawn: drawn == name


def drawing(
    tmp_path: Path,
    nights: list[Wanted],
    between: Callable[[Scenario], None] | None = None,
    start: int = 0,
    roles: dict[str, str] = ROLES,
) -> Scenario:
    """The first game from seed `start` on whose Métronome draws, night after night, roles
    that `nights` accept; `between` plays a night and the day after it."""
    for seed in range(start, start + 2000):
        game = thiercelieux(tmp_path / str(seed), roles, options={"seed": seed})
        for i, wanted in enumerate(nights):
            drawn = game.events("MetronomeTurned")
            if len(drawn) <= i or not wanted(drawn[i]["role"]):
                break
            if i + 1 == len(nights):
                return game
            assert between is not None
            between(game)
    raise AssertionError("no seed gives these draws")


def wolves(game: Scenario, victim: str) -> None:
    game.ok("Alice", f"tuer {victim}")
    game.ok("Bruno", f"tuer {victim}")


def dawn(game: Scenario) -> None:
    """The MJ closes what is left of the night."""
    while game.phase()[0] == "night" and game.state.status == "running":
        game.end()


def quiet_day(game: Scenario) -> None:
    """Nobody burns: the MJ closes the day without votes."""
    while game.phase()[0] == "day" and game.state.status == "running":
        game.end()


def attack(victim: str) -> Callable[[Scenario], None]:
    def play(game: Scenario) -> None:
        wolves(game, victim)
        dawn(game)
        quiet_day(game)

    return play


def test_a_number_from_1_to_10_is_drawn_each_night(tmp_path: Path) -> None:
    """004: « Le Maître du Jeu tire au sort (il tire un chiffre entre 1 et 10 sur random.org
    parmi : Voyante =1 / Prêtre =2 / Salvateur =3 / Protecteur =4 / Ancien =5 / Assommeur =6 & 7
    / Télépathe =8, 9 & 10). » « Le Métronome devient, pour la durée de la Nuit, le rôle ainsi
    tiré au sort. » The draw is recorded; the Métronome is told his role of the night."""
    assert TABLE == {
        1: "voyante",
        2: "pretre",
        3: "salvateur",
        4: "protecteur",
        5: "ancien",
        6: "assommeur",
        7: "assommeur",
        8: "telepathe",
        9: "telepathe",
        10: "telepathe",
    }
    game = thiercelieux(tmp_path, ROLES, options={"seed": 1})
    attack("Hugo")(game)
    draws = [e for e in game.events("RandomDrawn") if e["purpose"] == "metronome:Chloe"]
    turned = game.events("MetronomeTurned")
    assert len(draws) == len(turned) == 2
    for draw, night in zip(draws, turned, strict=True):
        assert draw["among"] == [str(n) for n in range(1, 11)]
        assert night["number"] == int(draw["chosen"][0])
        assert night["role"] == TABLE[night["number"]]
    assert [e["night"] for e in turned] == [1, 2]
    told = [m for m in game.mails("Chloe") if "Votre rôle de la nuit" in m.subject]
    assert len(told) == 2


def test_as_voyante_he_probes_and_the_voyante_sleeps(tmp_path: Path) -> None:
    """004: « Chaque Nuit, le Métronome peut voler le pouvoir d'un joueur. » « Lorsque le
    Métronome obtient le pouvoir d'un rôle qui est déjà présent dans la partie alors le joueur
    qui possède le rôle ne se réveille pas de la Nuit (il reçoit à la fin de la Nuit : "Tu ne
    te réveilles pas cette Nuit" de la part du Maître du Jeu). » Ruling: her order is taken as
    on the forum, and has no effect."""
    game = drawing(tmp_path, [role("voyante")], start=15)
    assert game.events("MetronomeTurned")[0]["asleep"] == ["David"]
    game.new_mails("David")
    game.ok("Chloe", "sonder Alice")
    game.ok("David", "sonder Bruno")
    game.ok("Emma", "proteger Hugo")
    wolves(game, "Ines")
    game.ok("Gina", "rien")
    dawn(game)
    assert [(e["seer"], e["target"], e["role"]) for e in game.events("SeerSaw")] == [
        ("Chloe", "Alice", "loup-garou")
    ]
    assert game.events("NightSlept") == [{"type": "NightSlept", "name": "David", "night": 1}]
    assert any("Tu ne te réveilles pas cette Nuit" in m.body for m in game.new_mails("David"))


def test_the_stolen_power_lasts_the_night(tmp_path: Path) -> None:
    """004: « Le Métronome devient, pour la durée de la Nuit, le rôle ainsi tiré au sort. »:
    by day he has no order of his role of the night."""
    game = drawing(tmp_path, [role("voyante")], start=15)
    game.ok("Chloe", "sonder Alice")
    wolves(game, "Ines")
    dawn(game)
    assert game.phase() == ("day", 1)
    game.refused("Chloe", "sonder Bruno", "not_your_role")


def test_the_sleeping_ancien_dies_at_once(tmp_path: Path) -> None:
    """004: « Le rôle ainsi rendu inactif est considéré comme celui d'un Simple Villageois (le
    "vrai" Ancien rendu inactif peut donc mourir en une fois) »."""
    game = drawing(tmp_path, [role("ancien")], start=18)
    assert game.events("MetronomeTurned")[0]["asleep"] == ["Farid"]
    wolves(game, "Farid")
    dawn(game)
    assert ("Farid", "wolves") in died(game)
    assert game.events("AncienResisted") == []


def test_the_sleeping_ancien_poisoned_costs_the_village_nothing(tmp_path: Path) -> None:
    """004: « Si le "vrai" Ancien est visé par le tir du Chasseur ou empoisonné par la potion de
    mort de la Sorcière la Nuit où il est rendu inactif, alors les Villageois ne perdent pas leurs
    pouvoirs puisque le "vrai" Ancien est considéré comme un Simple Villageois au moment de son
    empoisonnement. »"""
    game = drawing(tmp_path, [role("ancien")], start=18)
    wolves(game, "Ines")
    game.ok("Gina", "empoisonner Farid")
    dawn(game)
    assert ("Farid", "poison") in died(game)
    assert game.events("PowersLost") == [] and not game.state.powers_lost


def test_as_salvateur_two_nights_running_not_the_same_player(tmp_path: Path) -> None:
    """004: « Si le Métronome devient Salvateur deux Nuits consécutives, alors il ne peut pas
    protéger le même joueur deux fois de suite. »"""

    def first(game: Scenario) -> None:
        game.ok("Chloe", "proteger Hugo")
        attack("Ines")(game)

    game = drawing(tmp_path, [role("salvateur"), role("salvateur")], first, start=16)
    game.refused("Chloe", "proteger Hugo", "illegal_target")
    game.ok("Chloe", "proteger Gina")


def test_as_ancien_twice_one_bonus_life(tmp_path: Path) -> None:
    """004: « Si le Métronome devient Ancien plusieurs fois, il ne dispose de la vie bonus
    qu'une seule fois pour toute la partie. »"""
    game = drawing(tmp_path, [role("ancien"), role("ancien")], attack("Chloe"), start=68)
    assert game.alive("Chloe")
    assert game.events("AncienResisted") == [{"type": "AncienResisted", "name": "Chloe"}]
    wolves(game, "Chloe")
    dawn(game)
    assert ("Chloe", "wolves") in died(game)


def test_the_ancien_spent_his_life_the_metronome_has_none(tmp_path: Path) -> None:
    """004: « Si le "vrai" Ancien perd sa première vie puis que le Métronome devient Ancien et
    est attaqué par les Loups-Garous, alors le Métronome mourra. »"""
    game = drawing(
        tmp_path, [lambda drawn: drawn != "ancien", role("ancien")], attack("Farid"), start=1
    )
    assert game.events("AncienResisted") == [{"type": "AncienResisted", "name": "Farid"}]
    wolves(game, "Chloe")
    dawn(game)
    assert ("Chloe", "wolves") in died(game)


def test_the_metronome_spent_the_life_the_ancien_has_none(tmp_path: Path) -> None:
    """004: « Si le Métronome devenu Ancien perd sa vie bonus puis que le "vrai" Ancien est
    attaqué par les Loups-Garous, alors le "vrai" Ancien mourra. »"""
    game = drawing(
        tmp_path, [role("ancien"), lambda drawn: drawn != "ancien"], attack("Chloe"), start=18
    )
    assert game.events("AncienResisted") == [{"type": "AncienResisted", "name": "Chloe"}]
    wolves(game, "Farid")
    dawn(game)
    assert ("Farid", "wolves") in died(game)


def test_announced_metronome_at_death_without_the_power_of_the_night(tmp_path: Path) -> None:
    """004: « Le Métronome est obligatoirement annoncé "Métronome" lorsqu'il meurt, même s'il
    meurt pendant qu'il avait l'un des sept rôles temporaires et le pouvoir qu'il a volé la Nuit
    de sa mort n'est pas précisé. »"""
    game = drawing(tmp_path, [role("voyante")], start=15)
    game.new_mails("Hugo")
    game.ok("Chloe", "sonder Alice")
    wolves(game, "Chloe")
    dawn(game)
    (death,) = [e for e in game.events("PlayerDied") if e["name"] == "Chloe"]
    assert death["role"] == "metronome"
    public = "\n".join(m.body for m in game.new_mails("Hugo"))
    assert "Métronome" in public and "Voyante" not in public


def test_as_pretre_he_asks_and_the_pretre_sleeps(tmp_path: Path) -> None:
    """004: « Le Métronome devient, pour la durée de la Nuit, le rôle ainsi tiré au sort. »
    « le joueur qui possède le rôle ne se réveille pas de la Nuit »: drawn 2, he has the
    Prêtre's answer; the Prêtre's order has no effect."""
    game = drawing(tmp_path, [role("pretre")], start=10, roles={**ROLES, "Ines": "pretre"})
    assert game.events("MetronomeTurned")[0]["asleep"] == ["Ines"]
    game.ok("Chloe", "sonder Hugo")
    game.ok("Ines", "sonder Alice")
    wolves(game, "David")
    dawn(game)
    assert [(e["priest"], e["target"], e["simple"]) for e in game.events("PriestAnswered")] == [
        ("Chloe", "Hugo", True)
    ]
    assert game.events("NightSlept") == [{"type": "NightSlept", "name": "Ines", "night": 1}]
