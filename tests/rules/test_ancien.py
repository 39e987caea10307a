"""Ancien: seed 003 (003_66380dcf6dccf10a.txt), completed by 004 (004_c21bac90ae6ca834.txt).

003: « La première fois que les loups-garous tenteront de tuer l'ancien, celui-ci s'en sortira
indemne. Par contre, la seconde fois sera la bonne, sauf bien sur intervention extérieure.
L'ancien subit de la même manière que les autres les effets des potions de la sorcière. Et, très
important : si l'ancien meurt : le salvateur, la voyante, la sorcière et le chasseur perdent
leur pouvoir spécial. »

004: « Si le Salvateur le protège et que les Loups-Garous le désignent alors qu'il possède
encore sa vie 'bonus', alors celle-ci n'est pas utilisée. » ; « Si la Sorcière le protège avec
sa potion de vie alors que l'Ancien n'avait pas encore perdu sa vie 'bonus', alors il survit,
mais sa vie 'bonus' est quand même consommée et la potion de vie également. » ; « L'Ancien n'est
jamais averti s'il vient à perdre sa vie 'bonus'. » ; « Si l'Ancien est victime du Village par
l'intermédiaire des méthodes suivantes : ... la potion de mort de la Sorcière ... ou le vote du
bûcher, alors il meurt directement et l'intégralité des pouvoirs Villageois est perdue pour le
restant de la partie, y compris le Chasseur. »
"""

from pathlib import Path

from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Emma": "ancien",
    "Chloe": "villageois",
    "Felix": "villageois",
    "Hugo": "villageois",
}

#: every village power of 003, for the powers-lost tests
POWERS = {
    **ROLES,
    "Chloe": "salvateur",
    "David": "sorciere",
    "Felix": "voyante",
    "Gaspard": "chasseur",
}

LOST = ["salvateur", "voyante", "sorciere", "chasseur"]


def _wolves(game: Scenario, victim: str) -> None:
    game.ok("Alice", f"tuer {victim}")
    game.ok("Bruno", f"Je veux manger {victim} ce soir")


def _no_lynch(game: Scenario) -> None:
    assert game.phase()[0] == "day"
    game.end()
    assert game.phase()[0] == "night"


def _lynch(game: Scenario, victim: str) -> None:
    for voter in game.state.living_names():
        game.ok(voter, f"je vote contre {victim}")
    game.end()


def test_he_survives_the_first_attack_and_is_never_told(tmp_path: Path) -> None:
    """003: « La première fois que les loups-garous tenteront de tuer l'ancien, celui-ci s'en
    sortira indemne. »; 004: « L'Ancien n'est jamais averti s'il vient à perdre sa vie
    'bonus'. »"""
    game = Scenario(tmp_path, ROLES)
    game.new_mails("Emma")
    game.new_mails("Hugo")
    _wolves(game, "Emma")
    assert game.phase() == ("day", 1)
    assert game.alive("Emma")
    assert game.events("AncienResisted") == [{"type": "AncienResisted", "name": "Emma"}]
    assert game.events("PlayerDied") == []
    emma, hugo = game.new_mails("Emma"), game.new_mails("Hugo")
    assert [m.subject for m in emma] == ["[village] Jour 1"]
    assert "Personne n'est mort." in emma[0].body
    # he reads exactly what any villager reads: nothing about the attack
    assert [m.content for m in emma] == [m.content for m in hugo]
    roles = {p["name"]: p["role"] for p in game.view("Hugo")["players"]}
    assert roles["Emma"] is None


def test_the_second_attack_kills_him(tmp_path: Path) -> None:
    """003: « Par contre, la seconde fois sera la bonne »."""
    game = Scenario(tmp_path, ROLES)
    _wolves(game, "Emma")
    assert game.alive("Emma")
    _no_lynch(game)
    _wolves(game, "Emma")
    assert game.phase() == ("day", 2)
    assert not game.alive("Emma")
    assert game.events("PlayerDied") == [
        {"type": "PlayerDied", "name": "Emma", "cause": "wolves", "role": "ancien"}
    ]
    digest = game.mails("Chloe")[-1].body
    assert "Emma est mort·e (dévoré·e par les loups). Son rôle : Ancien." in digest
    # 003: any death of the Ancien costs the village its powers
    assert game.events("PowersLost") == [{"type": "PowersLost", "reason": "ancien", "roles": LOST}]


def test_protected_by_the_salvateur_his_bonus_life_is_kept(tmp_path: Path) -> None:
    """004: « Si le Salvateur le protège et que les Loups-Garous le désignent alors qu'il
    possède encore sa vie 'bonus', alors celle-ci n'est pas utilisée. »"""
    game = Scenario(tmp_path, {**ROLES, "Chloe": "salvateur"})
    game.ok("Chloe", "protéger Emma")
    _wolves(game, "Emma")
    assert game.alive("Emma")
    assert game.events("AncienResisted") == []
    _no_lynch(game)
    # unprotected, the next attack only takes the bonus life
    game.ok("Chloe", "protéger Hugo")
    _wolves(game, "Emma")
    assert game.phase() == ("day", 2) and game.alive("Emma")
    assert game.events("AncienResisted") == [{"type": "AncienResisted", "name": "Emma"}]
    _no_lynch(game)
    game.ok("Chloe", "protéger moi-même")
    _wolves(game, "Emma")
    assert game.phase() == ("day", 3) and not game.alive("Emma")
    assert "Emma est mort·e (dévoré·e par les loups). Son rôle : Ancien." in (
        game.mails("Hugo")[-1].body
    )


def test_healed_by_the_sorciere_he_survives_but_the_bonus_life_and_potion_are_spent(
    tmp_path: Path,
) -> None:
    """004: « Si la Sorcière le protège avec sa potion de vie alors que l'Ancien n'avait pas
    encore perdu sa vie 'bonus', alors il survit, mais sa vie 'bonus' est quand même consommée
    et la potion de vie également. »"""
    game = Scenario(tmp_path, {**ROLES, "David": "sorciere"})
    _wolves(game, "Emma")
    assert game.step() == "sorciere"
    game.ok("David", "sauver")
    # her death potion is left: her step waits for it or for « fini »
    assert game.step() == "sorciere"
    game.ok("David", "fini")
    assert game.phase() == ("day", 1) and game.alive("Emma")
    assert game.events("PotionUsed") == [
        {"type": "PotionUsed", "witch": "David", "potion": "vie", "target": "Emma"}
    ]
    assert game.events("AncienResisted") == [{"type": "AncienResisted", "name": "Emma"}]
    _no_lynch(game)
    game.refused("David", "sauver", "already_used")
    _wolves(game, "Emma")
    # 003: she is told the victim each night, her life potion spent or not
    assert [e["victim"] for e in game.events("WitchToldVictim")] == ["Emma", "Emma"]
    game.ok("David", "rien")
    assert game.phase() == ("day", 2)
    assert not game.alive("Emma")
    assert "Emma est mort·e (dévoré·e par les loups). Son rôle : Ancien." in (
        game.mails("David")[-1].body
    )


def test_poisoned_he_dies_at_once(tmp_path: Path) -> None:
    """003: « L'ancien subit de la même manière que les autres les effets des potions de la
    sorcière. »; 004: « la potion de mort de la Sorcière ... alors il meurt directement »."""
    game = Scenario(tmp_path, {**ROLES, "David": "sorciere"})
    _wolves(game, "Hugo")
    game.ok("David", "empoisonner Emma\nfini")
    assert game.phase() == ("day", 1)
    assert not game.alive("Emma") and not game.alive("Hugo")
    assert game.events("AncienResisted") == []
    died = {e["name"]: (e["cause"], e["role"]) for e in game.events("PlayerDied")}
    assert died == {"Hugo": ("wolves", "villageois"), "Emma": ("poison", "ancien")}
    assert "Emma est mort·e (empoisonné·e). Son rôle : Ancien." in game.mails("Chloe")[-1].body
    assert game.events("PowersLost") == [{"type": "PowersLost", "reason": "ancien", "roles": LOST}]


def test_lynched_at_the_stake_he_dies(tmp_path: Path) -> None:
    """004: « ... ou le vote du bûcher, alors il meurt directement »."""
    game = Scenario(tmp_path, ROLES)
    _wolves(game, "Hugo")
    _lynch(game, "Emma")
    assert not game.alive("Emma")
    assert game.phase() == ("night", 2)
    assert game.events("AncienResisted") == []
    assert [(e["name"], e["cause"]) for e in game.events("PlayerDied")] == [
        ("Hugo", "wolves"),
        ("Emma", "stake"),
    ]
    digest = game.mails("Felix")[-1].body
    assert "Emma est mort·e (condamné·e au bûcher). Son rôle : Ancien." in digest
    assert game.events("PowersLost") == [{"type": "PowersLost", "reason": "ancien", "roles": LOST}]


def test_shot_by_the_chasseur_he_dies_at_once(tmp_path: Path) -> None:
    """004: « Si l'Ancien est victime du Village par l'intermédiaire des méthodes suivantes : le
    tir du Chasseur ... alors il meurt directement »."""
    game = Scenario(tmp_path, {**ROLES, "Gaspard": "chasseur"})
    _wolves(game, "Gaspard")
    assert not game.alive("Gaspard")
    assert game.view("Gaspard")["awaiting"][0]["kind"] == "tirer"
    assert any(m.subject == "[village] Votre dernière balle" for m in game.mails("Gaspard"))
    game.ok("Gaspard", "Je tire sur Emma")
    assert not game.alive("Emma")
    assert game.events("AncienResisted") == []
    assert [(e["name"], e["cause"]) for e in game.events("PlayerDied")] == [
        ("Gaspard", "wolves"),
        ("Emma", "shot"),
    ]
    assert "Emma est mort·e (abattu·e par le Chasseur). Son rôle : Ancien." in (
        game.mails("Hugo")[-1].body
    )
    assert game.events("PowersLost") == [{"type": "PowersLost", "reason": "ancien", "roles": LOST}]


def test_his_death_takes_the_village_powers(tmp_path: Path) -> None:
    """003: « si l'ancien meurt : le salvateur, la voyante, la sorcière et le chasseur perdent
    leur pouvoir spécial »."""
    game = Scenario(tmp_path, POWERS)
    # before his death, every power works
    game.ok("Felix", "sonder Alice")
    game.ok("Chloe", "protéger moi-même")
    _wolves(game, "Hugo")
    assert game.step() == "sorciere"
    game.ok("David", "rien")
    assert game.phase() == ("day", 1) and not game.alive("Hugo")
    _lynch(game, "Emma")
    assert game.phase() == ("night", 2) and not game.alive("Emma")
    for player, text in [
        ("Felix", "sonder Bruno"),
        ("Chloe", "protéger Gaspard"),
        ("David", "empoisonner Alice"),
        ("David", "sauver"),
        ("Gaspard", "tirer Alice"),
    ]:
        answer = game.refused(player, text, "power_lost")
        assert "votre pouvoir est perdu" in answer.text, player
    for name in ("Felix", "David"):
        game.new_mails(name)
    _wolves(game, "Chloe")
    # no Voyante, Salvateur nor Sorcière step: the night closes with the wolves
    assert game.phase() == ("day", 2) and not game.alive("Chloe")
    assert [e["target"] for e in game.events("SeerSaw")] == ["Alice"]
    assert [e["target"] for e in game.events("GuardProtected")] == ["Chloe"]
    assert [e["victim"] for e in game.events("WitchToldVictim")] == ["Hugo"]
    assert [m.subject for m in game.new_mails("Felix")] == ["[village] Jour 2"]
    assert [m.subject for m in game.new_mails("David")] == ["[village] Jour 2"]


def test_a_chasseur_killed_after_his_death_does_not_shoot(tmp_path: Path) -> None:
    """003: « si l'ancien meurt : le salvateur, la voyante, la sorcière et le chasseur perdent
    leur pouvoir spécial »; 004: « l'intégralité des pouvoirs Villageois est perdue pour le
    restant de la partie, y compris le Chasseur »."""
    game = Scenario(tmp_path, POWERS)
    # his shot named in advance, while he still has his power
    answer = game.ok("Gaspard", "tirer Alice")
    assert "Tir du Chasseur : Alice." in answer.text
    game.ok("Felix", "sonder Hugo")
    game.ok("Chloe", "protéger Chloe")
    _wolves(game, "Hugo")
    game.ok("David", "rien")
    _lynch(game, "Emma")
    assert game.phase() == ("night", 2) and not game.alive("Emma")
    game.new_mails("Gaspard")
    _wolves(game, "Gaspard")
    assert game.phase() == ("day", 2)
    assert not game.alive("Gaspard")
    assert game.alive("Alice")
    assert game.events("HunterShot") == []
    assert game.events("ReactionAwaited") == []
    fresh = game.new_mails("Gaspard")
    assert [m.subject for m in fresh] == ["[village] Jour 2"]
    assert "Gaspard est mort·e (dévoré·e par les loups). Son rôle : Chasseur." in fresh[0].body
    assert "tir" not in fresh[0].body
    game.refused("Gaspard", "tirer Bruno", "dead")
