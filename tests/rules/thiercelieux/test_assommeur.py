"""Assommeur, and the alignment of the multi-class roles, in the `thiercelieux` rule set: seed
004_c21bac90ae6ca834.txt."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.rules.thiercelieux.common import colours, died, thiercelieux, votes
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "assommeur",
    "Chloe": "voyante",
    "David": "chasseur",
    "Emma": "sorciere",
    "Farid": "villageois",
    "Gina": "assommeur",
    "Hugo": "villageois",
}
VILLAGE = {"Bruno": "village", "Gina": "village"}


def game_with(
    tmp_path: Path, aligned: dict[str, str] = VILLAGE, roles: dict[str, str] = ROLES, **kw: Any
) -> Scenario:
    options = {"alignements": aligned, **kw.pop("options", {})}
    return thiercelieux(tmp_path, roles, options=options, **kw)


def dawn(game: Scenario) -> None:
    while game.phase()[0] == "night" and game.state.status == "running":
        game.end()


def notices(game: Scenario, name: str) -> list[str]:
    return [m.body for m in game.new_mails(name) if "Votre nuit" in m.subject]


def test_the_knocked_out_player_cannot_act_and_is_told_at_the_end_of_the_night(
    tmp_path: Path,
) -> None:
    """004: « Chaque Nuit, il peut choisir d'assommer un joueur qui ne pourra donc pas agir de
    toute la Nuit » « Le joueur est mis au courant qu'il a été assommé par le MJ à la fin de la
    Nuit. »"""
    game = game_with(tmp_path)
    game.ok("Bruno", "assommer Chloe")
    game.ok("Chloe", "sonder Alice")
    game.ok("Alice", "tuer Hugo")
    game.ok("Gina", "rien")
    assert game.step() == "sorciere"
    # the wolves' step is over: not told yet
    assert notices(game, "Chloe") == []
    dawn(game)
    assert game.events("SeerSaw") == []
    assert game.events("KnockedOut") == [
        {"type": "KnockedOut", "assommeur": "Bruno", "target": "Chloe"}
    ]
    (told,) = notices(game, "Chloe")
    assert "Tu as été assommé·e cette nuit" in told
    assert game.events("NightActionFoiled") == [
        {"type": "NightActionFoiled", "name": "Chloe", "how": "assomme", "night": 1}
    ]


def test_his_action_comes_before_every_other(tmp_path: Path) -> None:
    """004: « Cette action a la priorité sur toutes les autres. »: the wolf knocked out does
    not kill (Ruling: the last order of a wolf who may act counts; here none), the Sorcière
    knocked out poisons nobody and keeps her potion."""
    game = game_with(tmp_path)
    game.ok("Bruno", "assommer Alice")
    game.ok("Gina", "assommer Emma")
    game.ok("Chloe", "sonder Bruno")
    game.ok("Alice", "tuer Hugo")
    assert game.events("WolvesChose")[-1]["victim"] is None
    game.ok("Emma", "empoisonner Farid")
    dawn(game)
    assert died(game) == []
    assert "mort" not in game.state.players["Emma"].spent
    assert game.phase() == ("day", 1)


def test_the_chasseur_knocked_out_does_not_shoot_when_he_dies_at_night(tmp_path: Path) -> None:
    """004: « (y compris le Chasseur s'il meurt de nuit) »; Chasseur: « Si l'action du Chasseur
    n'est pas empêchée (Assommeur, [...]), le joueur ainsi ciblé meurt »."""
    game = game_with(tmp_path)
    game.ok("David", "tirer Alice")
    game.ok("Bruno", "assommer David")
    game.ok("Gina", "rien")
    game.ok("Chloe", "sonder Farid")
    game.ok("Alice", "tuer David")
    game.ok("Emma", "rien")
    dawn(game)
    assert died(game) == [("David", "wolves")]
    assert game.events("HunterShot") == [] and game.alive("Alice")


def test_the_chasseur_knocked_out_and_killed_that_night_is_told_he_was_knocked_out(
    tmp_path: Path,
) -> None:
    """004, Assommeur: « Le joueur est mis au courant qu'il a été assommé par le MJ à la fin de
    la Nuit. » « (y compris le Chasseur s'il meurt de nuit) »: dead at dawn, he is told all the
    same, and why his last bullet did not go."""
    game = game_with(tmp_path)
    game.ok("David", "tirer Alice")
    game.ok("Bruno", "assommer David")
    game.ok("Gina", "rien")
    game.ok("Chloe", "sonder Farid")
    game.ok("Alice", "tuer David")
    game.ok("Emma", "rien")
    dawn(game)
    assert died(game) == [("David", "wolves")] and game.alive("Alice")
    assert game.events("NightActionFoiled") == [
        {"type": "NightActionFoiled", "name": "David", "how": "assomme", "night": 1}
    ]
    (told,) = notices(game, "David")
    assert (
        "Tu as été assommé·e cette nuit : tu n'as pas pu agir, pas même en mourant : ta dernière "
        "balle n'est pas partie." in told
    )


def test_not_knocked_out_he_still_shoots_the_next_night(tmp_path: Path) -> None:
    """Ruling: the knock-out lasts « toute la Nuit », that night only."""
    game = game_with(tmp_path)
    game.ok("David", "tirer Alice")
    game.ok("Bruno", "assommer David")
    game.ok("Gina", "rien")
    game.ok("Alice", "tuer Hugo")
    dawn(game)
    votes(game, {})
    game.ok("Alice", "tuer David")
    dawn(game)
    assert ("David", "wolves") in died(game) and ("Alice", "shot") in died(game)


def test_two_assommeurs_aiming_at_each_other_the_first_written_wins(tmp_path: Path) -> None:
    """004: « Si deux assommeurs se visent mutuellement, le premier qui envoie son action est
    gagnant. »"""
    game = game_with(tmp_path)
    game.ok("Gina", "assommer Bruno")
    game.ok("Bruno", "assommer Gina")
    game.ok("Alice", "tuer Hugo")
    dawn(game)
    assert game.events("KnockedOut") == [
        {"type": "KnockedOut", "assommeur": "Gina", "target": "Bruno"}
    ]


def test_an_assommeur_knocked_out_knocks_out_nobody(tmp_path: Path) -> None:
    """004: « Si un Assommeur A vise un Assommeur B qui vise lui même un joueur C, alors
    l'action de l'Assommeur B est empêchée par l'Assommeur A. », whoever wrote first."""
    game = game_with(tmp_path)
    game.ok("Gina", "assommer Chloe")
    game.ok("Bruno", "assommer Gina")
    game.ok("Chloe", "sonder Alice")
    game.ok("Alice", "tuer Hugo")
    dawn(game)
    assert game.events("KnockedOut") == [
        {"type": "KnockedOut", "assommeur": "Bruno", "target": "Gina"}
    ]
    assert [e["target"] for e in game.events("SeerSaw")] == ["Alice"]


def test_the_grand_mechant_loup_knocked_out_spends_his_power(tmp_path: Path) -> None:
    """004, Grand Méchant Loup: « Si le pouvoir du GML est empêché (exemple : assommé), il est
    tout de même consommé et le GML n'aura pas d'autre chance d'assassiner quelqu'un »."""
    roles = {**ROLES, "Farid": "grand-mechant-loup"}
    game = game_with(tmp_path, roles=roles)
    game.ok("Bruno", "assommer Farid")
    game.ok("Farid", "eliminer Hugo")
    game.ok("Alice", "tuer Chloe")
    game.ok("Farid", "tuer Chloe")
    dawn(game)
    assert game.alive("Hugo")
    assert "gml" in game.state.players["Farid"].spent
    votes(game, {})
    game.refused("Farid", "eliminer Hugo", "already_used")


def test_the_mj_deals_each_alignment(tmp_path: Path) -> None:
    """004: « Il peut être Loup-Garou ou Villageois. » « Violet : pour matérialiser les rôles
    "multiclassables", c'est-à-dire, pouvant être soit Loup-Garou, soit Villageois, en fonction
    du choix du MJ. » The wolf one is in the den, kills with the pack, wins with the wolves;
    each is told his alignment."""
    game = game_with(tmp_path, {"Bruno": "loup", "Gina": "village"})
    assert game.events("AlignmentDealt") == [
        {"type": "AlignmentDealt", "name": "Bruno", "alignment": "loup", "drawn": False},
        {"type": "AlignmentDealt", "name": "Gina", "alignment": "village", "drawn": False},
    ]
    (role,) = [m.body for m in game.mails("Bruno") if "Votre rôle" in m.subject]
    assert "Le MJ vous a fait Loup-Garou" in role and "Votre meute : Alice" in role
    (role,) = [m.body for m in game.mails("Gina") if "Votre rôle" in m.subject]
    assert "Le MJ vous a fait Villageois·e" in role and "meute" not in role
    (alice,) = [m.body for m in game.mails("Alice") if "Votre rôle" in m.subject]
    assert "Votre meute : Bruno" in alice
    game.ok("Bruno", "assommer Chloe")
    game.ok("Bruno", "tuer Hugo")
    game.ok("Alice", "rien")
    dawn(game)
    assert died(game) == [("Hugo", "wolves")]
    assert game.state.players["Bruno"].links["camp"] == "loups"


def test_an_alignment_not_given_is_drawn(tmp_path: Path) -> None:
    """Ruling: a multi-class role the MJ did not align is aligned by a recorded draw as the
    game starts."""
    game = game_with(tmp_path, {"Gina": "village"})
    (draw,) = [e for e in game.events("RandomDrawn") if e["purpose"] == "alignement:Bruno"]
    assert draw["among"] == ["loup", "village"]
    dealt = [e for e in game.events("AlignmentDealt") if e["name"] == "Bruno"]
    assert dealt == [
        {"type": "AlignmentDealt", "name": "Bruno", "alignment": draw["chosen"][0], "drawn": True}
    ]


def test_violet_at_death_whatever_the_alignment(tmp_path: Path) -> None:
    """004: « Violet : pour matérialiser les rôles "multiclassables" »: announced violet at
    death, the wolf one as the village one."""
    game = game_with(tmp_path, {"Bruno": "loup", "Gina": "village"})
    game.ok("Alice", "tuer Gina")
    dawn(game)
    votes(game, {n: "Bruno" for n in ("Chloe", "David", "Emma", "Farid", "Hugo")})
    assert colours(game)["Gina"] == ("violet", [])
    assert colours(game)["Bruno"] == ("violet", [])


def test_the_voyante_sees_the_role_never_the_alignment(tmp_path: Path) -> None:
    """004, Voyante: « ni l’alignement d'un rôle multi-classable. (Par exemple, elle reçoit
    simplement "Assommeur" et pas "Loup/Villageois Assommeur"). »"""
    game = game_with(tmp_path, {"Bruno": "loup", "Gina": "village"})
    game.ok("Chloe", "sonder Bruno")
    game.ok("Alice", "tuer Hugo")
    dawn(game)
    assert [e["role"] for e in game.events("SeerSaw")] == ["assommeur"]
    seen = [m.body for m in game.mails("Chloe") if "Bruno" in m.body and "Assommeur" in m.body]
    assert seen and not any("Loup" in body.split("Bruno")[1][:40] for body in seen)


def test_the_renard_counts_a_wolf_assommeur_as_a_wolf(tmp_path: Path) -> None:
    """004, Renard: « Sont considérés comme Loup-Garou : [...] un Loup-Garou avec l'une de ces
    classes : Protecteur, Assommeur, Redirecteur, Télépathe. »"""
    roles = {"Alice": "loup-garou", "Bruno": "renard", "Chloe": "assommeur", "David": "villageois"}
    roles |= {"Emma": "villageois", "Farid": "villageois", "Gina": "villageois"}
    game = game_with(tmp_path, {"Chloe": "loup"}, roles=roles)
    game.ok("Bruno", "flairer David")
    game.ok("Alice", "tuer Gina")
    dawn(game)
    assert game.events("FoxSniffed")[0]["group"] == ["Chloe", "David", "Emma"]
    assert game.events("FoxSniffed")[0]["found"] is True


def test_the_village_assommeur_loses_his_power_with_the_ancien_the_wolf_one_keeps_it(
    tmp_path: Path,
) -> None:
    """004, Ancien: « l'intégralité des pouvoirs Villageois est perdue pour le restant de la
    partie »: the village-aligned Assommeur's power is a village power, the wolf-aligned one's
    is not."""
    roles = {**ROLES, "Farid": "ancien"}
    game = game_with(tmp_path, {"Bruno": "loup", "Gina": "village"}, roles=roles)
    game.ok("Alice", "tuer Hugo")
    dawn(game)
    votes(game, {n: "Farid" for n in ("Alice", "Bruno", "Chloe", "David", "Emma", "Gina")})
    assert game.state.powers_lost
    game.refused("Gina", "assommer Chloe", "power_lost")
    game.ok("Bruno", "assommer Chloe")


def test_he_may_not_knock_himself_out(tmp_path: Path) -> None:
    """Ruling: « assommer un joueur » is another player."""
    game = game_with(tmp_path)
    game.refused("Bruno", "assommer Bruno", "illegal_target")
    game.refused("Chloe", "assommer Bruno", "not_your_role")


def test_knock_out_order_in_english(tmp_path: Path) -> None:
    """The order in English: « knock NAME »."""
    game = game_with(tmp_path, langs={"Bruno": "en"})
    game.ok("Bruno", "knock Chloe")
    assert game.state.extra["assommer:1"] == [["Bruno", "Chloe"]]


def metronome_draws(tmp_path: Path, role: str, aligned: dict[str, str]) -> Scenario:
    """The first game, from seed 0 on, whose Métronome draws `role` the first night."""
    roles = {**ROLES, "Hugo": "metronome"}
    for seed in range(200):
        game = game_with(tmp_path / str(seed), aligned, roles=roles, options={"seed": seed})
        if game.events("MetronomeTurned")[0]["role"] == role:
            return game
    raise AssertionError("no seed draws " + role)


def test_the_metronome_drawn_assommeur_knocks_out(tmp_path: Path) -> None:
    """004, Métronome: « Assommeur =6 & 7 », « Le Métronome devient, pour la durée de la Nuit,
    le rôle ainsi tiré au sort. »: he knocks out with the Assommeur's order."""
    game = metronome_draws(tmp_path, "assommeur", {"Bruno": "loup", "Gina": "village"})
    game.ok("Hugo", "assommer Chloe")
    game.ok("Chloe", "sonder Alice")
    game.ok("Alice", "tuer Farid")
    dawn(game)
    assert {"type": "KnockedOut", "assommeur": "Hugo", "target": "Chloe"} in game.events(
        "KnockedOut"
    )
    assert game.events("SeerSaw") == []


def test_two_assommeurs_the_metronome_steals_the_villagers(tmp_path: Path) -> None:
    """004, Métronome: « S'il y a deux fois le même rôle multiclassable dans la partie
    (Télépathe, Assommeur, Protecteur), alors le Métronome volera toujours le rôle du
    Villageois, et non celui du Loup-Garou. »"""
    game = metronome_draws(tmp_path, "assommeur", {"Bruno": "loup", "Gina": "village"})
    assert game.events("MetronomeTurned")[0]["asleep"] == ["Gina"]
    game.ok("Bruno", "assommer Chloe")
    game.ok("Gina", "assommer Emma")
    game.ok("Alice", "tuer Farid")
    game.ok("Bruno", "tuer Farid")
    dawn(game)
    assert [e["assommeur"] for e in game.events("KnockedOut")] == ["Bruno"]
