"""Maître Vampire and his acolytes in the `thiercelieux` rule set: seed 004_c21bac90ae6ca834.txt."""

from __future__ import annotations

from pathlib import Path

from lgmail.rules.thiercelieux.roles import maitre_vampire
from tests.rules.thiercelieux.common import colours, died, thiercelieux, votes
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Chloe": "maitre-vampire",
    "David": "villageois",
    "Emma": "voyante",
    "Farid": "villageois",
    "Gina": "villageois",
    "Hugo": "villageois",
}


def night(game: Scenario, victim: str | None, **orders: str) -> None:
    """The pack devours `victim` (nobody when None), the others give `orders`; the MJ closes
    what is left of the night."""
    for name, text in orders.items():
        game.ok(name, text)
    for wolf in ("Alice", "Bruno"):
        player = game.state.players.get(wolf)
        if victim and player and player.alive and player.role == "loup-garou":
            game.ok(wolf, f"tuer {victim}")
    while game.phase()[0] == "night" and game.state.status == "running":
        game.end()


def acolytes(game: Scenario) -> list[str]:
    return sorted(p.name for p in game.state.players.values() if maitre_vampire.STATUS in p.status)


def bodies(game: Scenario, name: str) -> str:
    return "\n".join(m.body for m in game.mails(name))


def test_a_villager_recruited_becomes_an_acolyte_at_dawn_and_keeps_his_power(
    tmp_path: Path,
) -> None:
    """004: « Le recrutement d'un joueur se fait la Nuit mais la résolution n'est effective
    qu'au lever du Jour suivant si le Maître Vampire et le recruté ont survécu. Un joueur peut
    donc encore agir en Villageois la Nuit où il est en train de se faire recruter, n'apprenant
    seulement qu'il est un acolyte qu'au début du Jour suivant. » « Si le joueur ciblé est un
    Villageois à pouvoir, alors il le garde après être devenu acolyte. » « Tout recrutement
    réussi entraîne la fin de la condition de victoire initiale de la recrue. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "recruter Emma")
    game.ok("Emma", "sonder Alice")
    assert acolytes(game) == []
    night(game, "Hugo")
    assert acolytes(game) == ["Emma"]
    assert game.events("SeerSaw")[0]["target"] == "Alice"
    assert game.events("AcolytesRecruited") == [
        {"type": "AcolytesRecruited", "vampire": "Chloe", "names": ["Emma"]}
    ]
    dawn = game.events()
    kinds = [e["type"] for e in dawn]
    assert kinds.index("DawnBroke") < kinds.index("AcolytesRecruited")
    assert "Votre condition de victoire est que le Maître Vampire remporte" in bodies(game, "Emma")
    assert "Emma est désormais votre acolyte" in bodies(game, "Chloe")
    assert game.state.players["Emma"].links["camp"] == maitre_vampire.CAMP
    votes(game, {})
    game.ok("Emma", "sonder Bruno")
    night(game, "Hugo" if game.alive("Hugo") else "Gina")
    assert [e["target"] for e in game.events("SeerSaw")] == ["Alice", "Bruno"]


def test_wolves_independents_the_wild_child_fail(tmp_path: Path) -> None:
    """004: « Si le joueur ciblé est : Indépendant, Enfant Sauvage, Loup ou amoureux d'un couple
    non Villageois/Villageois, alors cela échoue. » « Le Maître Vampire échoue toujours à
    recruter l'Enfant Sauvage. » « Toute tentative de recrutement de l'Avocat par le Maître
    Vampire échoue. » Ruling: he learns that it failed, not why; the target never."""
    roles = {**ROLES, "Farid": "enfant-sauvage", "Gina": "avocat"}
    for target, why in (("Alice", "camp"), ("Farid", "enfant-sauvage"), ("Gina", "camp")):
        game = thiercelieux(tmp_path / target, roles)
        game.ok("Chloe", f"recruter {target}")
        night(game, "Hugo")
        assert acolytes(game) == []
        (failed,) = game.events("RecruitFailed")
        assert (failed["target"], failed["why"]) == (target, why)
        assert f"Votre recrutement de {target} a échoué." in bodies(game, "Chloe")
        assert "Vampire" not in bodies(game, target)


def test_a_lover_of_another_camp_fails(tmp_path: Path) -> None:
    """004: « amoureux d'un couple non Villageois/Villageois, alors cela échoue »."""
    roles = {**ROLES, "Hugo": "cupidon"}
    game = thiercelieux(tmp_path, roles)
    game.ok("Hugo", "unir David et Alice")
    game.ok("Chloe", "recruter David")
    night(game, "Farid")
    assert acolytes(game) == []
    assert game.events("RecruitFailed")[0]["why"] == "couple"


def test_a_couple_of_villagers_joins_whole_for_one_recruit(tmp_path: Path) -> None:
    """004: « Si le joueur ciblé est un Villageois amoureux d'un autre Villageois alors le
    couple entier intègre la crypte des vampires en ne consommant qu'un seul recrutement réussi
    pour le MV. Ils gardent toutefois leur fatalité d'être en couple et toute mort de l'un
    entraîne la mort de l'autre amoureux. » « à moins qu'il ait recruté le couple
    Villageois/Villageois, auquel cas il peut en avoir exceptionnellement trois. »"""
    roles = {**ROLES, "Hugo": "cupidon"}
    game = thiercelieux(tmp_path, roles)
    game.ok("Hugo", "unir David et Farid")
    game.ok("Chloe", "recruter David")
    night(game, "Gina")
    assert acolytes(game) == ["David", "Farid"]
    assert game.state.extra[maitre_vampire.recruits_key("Chloe")] == 1
    votes(game, {})
    # a third acolyte with the couple
    game.ok("Chloe", "recruter Emma")
    night(game, "Hugo")
    assert acolytes(game) == ["David", "Emma", "Farid"]
    votes(game, {"Alice": "David", "Bruno": "David", "Chloe": "David", "Emma": "Alice"})
    assert ("Farid", "grief") in died(game)


def test_never_more_than_two_acolytes_and_recruits_counted(tmp_path: Path) -> None:
    """004: « A aucun moment le Maître Vampire ne peut pas avoir plus de deux acolytes en jeu
    avec lui » « le Maître Vampire est astreint à un nombre maximum de recrutements réussis
    qu'il peut effectuer dans une même partie. » Ruling: an order past the limit is refused;
    below 15 players the first line's two recruits."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "recruter David")
    night(game, "Hugo")
    votes(game, {})
    game.ok("Chloe", "recruter Emma")
    night(game, "Gina")
    assert acolytes(game) == ["David", "Emma"]
    votes(game, {})
    game.refused("Chloe", "recruter Farid", "not_allowed")
    night(game, "David")
    votes(game, {})
    # one acolyte left, but his two recruits are spent
    game.refused("Chloe", "recruter Farid", "not_allowed")


def test_the_number_of_recruits_by_player_count() -> None:
    """004: « De 15 à 18 joueurs : 2 recrutements réussis. De 19 à 22 joueurs : 3 [...] De 23 à
    26 joueurs : 4 [...] De 27 à 30 joueurs : 5 [...] De 30 à 33 joueurs : 6 ». Ruling: 30
    counts in the first of its two lines (5); fewer than 15 gives 2, more than 33 gives 6."""
    got = {n: maitre_vampire.max_recruits(n) for n in (8, 15, 18, 19, 22, 23, 26, 27, 30, 31, 40)}
    assert got == {8: 2, 15: 2, 18: 2, 19: 3, 22: 3, 23: 4, 26: 4, 27: 5, 30: 5, 31: 6, 40: 6}


def test_he_is_never_obliged_to_recruit(tmp_path: Path) -> None:
    """004: « Un Maître Vampire n'est jamais obligé de recruter. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "rien")
    night(game, "Hugo")
    assert game.phase() == ("day", 1)
    assert game.events("RecruitAttempted") == [] and acolytes(game) == []


def test_his_death_that_night_cancels_the_recruit_silently(tmp_path: Path) -> None:
    """004: « Si le Maître Vampire meurt pendant une Nuit où il tentait de recruter, alors le
    recruté n'est pas recruté, il ne meurt pas de par la mort du Maître Vampire, et n'est pas
    non plus averti de la tentative de recrutement dont il faisait l'objet. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "recruter David")
    night(game, "Chloe")
    assert died(game) == [("Chloe", "wolves")]
    assert game.alive("David") and acolytes(game) == []
    assert game.events("RecruitFailed")[0]["why"] == "maitre-mort"
    assert "recrut" not in bodies(game, "David").lower()


def test_a_recruit_who_dies_that_night_is_not_recruited(tmp_path: Path) -> None:
    """004: « la résolution n'est effective qu'au lever du Jour suivant si le Maître Vampire et
    le recruté ont survécu »."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "recruter David")
    night(game, "David")
    assert acolytes(game) == []
    assert game.events("RecruitFailed")[0]["why"] == "cible-morte"


def test_acolytes_die_with_him_announced_as_acolytes(tmp_path: Path) -> None:
    """004: « Toute mort du Maître Vampire entraîne immédiatement la mort de ses acolytes; le MJ
    annonce toujours le statut d'acolyte à la mort de ces derniers. » Ruling: an acolyte's
    colour is green (the Maître Vampire's independent camp)."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "recruter David")
    night(game, "Hugo")
    votes(game, {"Alice": "Chloe", "Bruno": "Chloe", "Emma": "Chloe"})
    assert died(game)[-2:] == [("Chloe", "stake"), ("David", "vampire")]
    assert colours(game)["David"] == ("vert", ["acolyte"])
    assert colours(game)["Chloe"] == ("vert", [])
    public = bodies(game, "Gina")
    assert "David est mort·e (mort·e avec son Maître Vampire)" in public
    assert "acolyte" in public


def test_he_wins_when_only_he_and_his_acolytes_are_left(tmp_path: Path) -> None:
    """004: « La condition de victoire du Maître Vampire est qu'il n'y ait plus que lui ou
    d'éventuels acolytes encore en jeu. » « Cette condition devient : "votre condition de
    victoire est que le Maître Vampire remporte la partie". »"""
    roles = {"Alice": "loup-garou", "Chloe": "maitre-vampire", "David": "villageois",
             "Emma": "villageois", "Farid": "villageois"}  # fmt: skip
    game = thiercelieux(tmp_path, roles)
    game.ok("Chloe", "recruter David")
    night(game, "Farid")
    assert acolytes(game) == ["David"]
    votes(game, {"Chloe": "Alice", "David": "Alice", "Emma": "Alice"})
    assert game.state.winner is None
    game.ok("Chloe", "rien")
    while game.phase()[0] == "night":
        game.end()
    votes(game, {"Chloe": "Emma", "David": "Emma"})
    assert game.state.winner == "maitre-vampire"
    assert sorted(game.state.winners) == ["Chloe", "David"]


def test_the_village_must_kill_him_too(tmp_path: Path) -> None:
    """004, Simples Villageois: « Ils gagnent si tous les Loups-Garous sont éliminés, ainsi que
    d'autres éventuels ennemis (Joueur de Flûte, Amoureux traitres, Maitre Vampire...). »"""
    roles = {"Alice": "loup-garou", "Chloe": "maitre-vampire", "David": "villageois",
             "Emma": "villageois", "Farid": "villageois", "Gina": "villageois"}  # fmt: skip
    game = thiercelieux(tmp_path, roles)
    night(game, "Gina", Chloe="rien")
    votes(game, {"Chloe": "Alice", "David": "Alice", "Emma": "Alice", "Farid": "Alice"})
    assert game.state.winner is None
    night(game, None, Chloe="rien")
    votes(game, {"David": "Chloe", "Emma": "Chloe", "Farid": "Chloe"})
    assert game.state.winner == "village"
    assert "Chloe" not in game.state.winners


def test_the_crypt_is_theirs_alone(tmp_path: Path) -> None:
    """004: « Le Maître Vampire et ses éventuels acolytes disposent d'un sous-forum connu d'eux
    seuls (La Crypte des Vampires) »."""
    game = thiercelieux(tmp_path, ROLES)
    assert game.post("David", "crypte", "bonsoir").ok is False
    game.ok("Chloe", "recruter David")
    night(game, "Hugo")
    assert game.post("Chloe", "crypte", "Bienvenue dans la crypte").ok
    assert game.post("David", "crypte", "Merci, maître").ok
    (first, second) = game.events("MessagePosted")
    assert first["readers"] == ["David"] and second["readers"] == ["Chloe"]
    assert not game.post("Gina", "crypte", "et moi ?").ok
    assert any("dans la Crypte des Vampires" in m.subject for m in game.mails("David"))


def test_his_recruit_comes_before_the_infection(tmp_path: Path) -> None:
    """004, Infect Père des Loups: « Si un joueur est, la même Nuit, recruté par le MV et
    infecté par l'IPL, alors le MV a la priorité. Si ce recrutement est valable à l'issue de la
    résolution des actions de la Nuit, alors le recrutement réussit et l'infection échoue. Si ce
    recrutement devait échouer mais que l'infection était valable alors l'infection
    réussirait. »"""
    roles = {**ROLES, "Bruno": "infect-pere-des-loups"}
    game = thiercelieux(tmp_path, roles)
    game.ok("Chloe", "recruter David")
    game.ok("Bruno", "infecter")
    night(game, "David")
    assert game.alive("David") and acolytes(game) == ["David"]
    assert "infecte" not in game.state.players["David"].status


def test_a_recruit_failing_leaves_the_infection(tmp_path: Path) -> None:
    """004: « Si ce recrutement devait échouer mais que l'infection était valable alors
    l'infection réussirait. »"""
    roles = {**ROLES, "Bruno": "infect-pere-des-loups", "Hugo": "cupidon"}
    game = thiercelieux(tmp_path, roles)
    game.ok("Hugo", "unir David et Alice")
    game.ok("Chloe", "recruter David")
    game.ok("Bruno", "infecter")
    game.ok("Bruno", "tuer David")
    while game.phase()[0] == "night":
        game.end()
    assert game.events("RecruitFailed")[0]["why"] == "couple"
    assert acolytes(game) == [] and "infecte" in game.state.players["David"].status


def test_acolytes_cannot_be_infected(tmp_path: Path) -> None:
    """004: « Le Maître Vampire et ses acolytes ne peuvent pas être infectés. »"""
    roles = {**ROLES, "Bruno": "infect-pere-des-loups"}
    game = thiercelieux(tmp_path, roles)
    game.ok("Chloe", "recruter David")
    night(game, "Hugo")
    votes(game, {})
    game.ok("Bruno", "infecter")
    night(game, "David")
    assert game.alive("David") and "infecte" not in game.state.players["David"].status
    assert game.state.players["David"].links["camp"] == maitre_vampire.CAMP


def test_neither_the_salvateur_nor_the_potion_stops_him(tmp_path: Path) -> None:
    """004: « Le Salvateur ne protège pas du meurtre du Loup-Garou Blanc ou du Grand Méchant
    Loup, ni du recrutement de l'Infect Père des Loups ou du Maitre Vampire. » Sorcière: « La
    potion de vie de la Sorcière ne sauve pas contre les actions suivantes : [...] le
    recrutement du MV »: she is told the pack's victim, healed of the bite, recruited still."""
    roles = {**ROLES, "Gina": "salvateur", "Hugo": "sorciere"}
    game = thiercelieux(tmp_path, roles)
    game.ok("Gina", "proteger Farid")
    game.ok("Chloe", "recruter Farid")
    night(game, None)
    assert acolytes(game) == ["Farid"]
    votes(game, {})
    game.ok("Gina", "proteger David")
    game.ok("Chloe", "recruter Emma")
    for wolf in ("Alice", "Bruno"):
        game.ok(wolf, "tuer Emma")
    game.end()
    assert game.events("WitchToldVictim")[-1]["victim"] == "Emma"
    game.ok("Hugo", "sauver")
    while game.phase()[0] == "night":
        game.end()
    assert game.alive("Emma") and acolytes(game) == ["Emma", "Farid"]


def test_a_couple_with_him_fails_and_nobody_is_told(tmp_path: Path) -> None:
    """004, Cupidon: « Maitre Vampire + X => échec du couple »; Maître Vampire: « Le Maître
    Vampire ne peut pas être mis en couple, toute tentative allant en ce sens échouerait sans
    que ni Cupidon, ni le Maître Vampire ne soient au courant de cet échec. »"""
    roles = {**ROLES, "Hugo": "cupidon"}
    game = thiercelieux(tmp_path, roles)
    game.ok("Hugo", "unir Chloe et David")
    night(game, "Gina")
    assert game.state.lovers == []
    assert game.events("CoupleFailed")[0]["why"] == "seul"
    for name in ("Hugo", "Chloe", "David"):
        assert not any("amoureu" in m.subject.lower() for m in game.mails(name))
        assert "Cupidon vous a" not in bodies(game, name)
    assert "échou" not in bodies(game, "Hugo")


def test_the_voyante_sees_the_role_not_the_acolyte(tmp_path: Path) -> None:
    """004, Voyante: « La Voyante ne peut donc connaître [...] pas plus que le caractère acolyte
    d'un joueur »."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "recruter David")
    night(game, "Hugo")
    votes(game, {})
    game.ok("Emma", "sonder David")
    night(game, "Gina")
    (seen,) = game.events("SeerSaw")
    assert seen["role"] == "villageois"
    last = [m for m in game.mails("Emma") if "David" in m.body][-1]
    assert "acolyte" not in last.body.lower() and "vampire" not in last.body.lower()


def test_a_soeur_and_the_villageois_villageois_may_be_acolytes(tmp_path: Path) -> None:
    """004, Deux Sœurs: « Une Sœur peut être infectée, amoureuse ou acolyte. »;
    Villageois-Villageois: « peut tout de même être amoureux traître, acolyte ou infecté »."""
    roles = {**ROLES, "David": "deux-soeurs", "Farid": "deux-soeurs",
             "Gina": "villageois-villageois"}  # fmt: skip
    game = thiercelieux(tmp_path, roles)
    game.ok("Chloe", "recruter David")
    night(game, "Hugo")
    votes(game, {})
    game.ok("Chloe", "recruter Gina")
    night(game, "Emma")
    assert acolytes(game) == ["David", "Gina"]
