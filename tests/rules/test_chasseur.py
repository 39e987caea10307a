"""Chasseur: seed 003 (003_66380dcf6dccf10a.txt), with 004 (004_c21bac90ae6ca834.txt) for the
delay where 003 is silent.

003: « Le chasseur, s'il se fait égorger par les loups-garous ou lyncher par les joueurs, a le
pouvoir de répliquer en tuant immédiatement n'importe quel autre joueur. »

004 (délai, as for the Capitaine): « il dispose d'un délai décidé à l'avance par le MJ (exemple
recommandé : 1h) ». 003 names only the wolves and the stake: poisoned or dead of grief, he does
not shoot.
"""

from pathlib import Path

from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Hugo": "chasseur",
    "Chloe": "villageois",
    "David": "villageois",
    "Emma": "villageois",
}


def wolves_kill(game: Scenario, victim: str) -> None:
    game.ok("Alice", f"tuer {victim}")
    game.ok("Bruno", f"on mange {victim} cette nuit")


def test_shoots_when_killed_by_the_wolves(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    game.new_mails()
    wolves_kill(game, "Hugo")
    # dawn broke, Hugo is dead, and the game waits for his last bullet
    assert not game.alive("Hugo")
    assert game.phase() == ("night", 1) and game.step() is None
    assert game.view("Hugo")["awaiting"] == [
        {"player": "Hugo", "kind": "tirer", "deadline": "2026-11-29T22:00:00+00:00"}
    ]
    (digest, last_bullet) = game.new_mails("Hugo")
    assert last_bullet.subject == "[village] Votre dernière balle"
    assert "Répondez « tirer NOM » avant le dimanche 29 novembre à 23h00" in last_bullet.body
    assert "Hugo est mort·e (dévoré·e par les loups). Son rôle : Chasseur." in digest.body
    (chloe,) = game.new_mails("Chloe")
    assert (
        "Le village attend le dernier tir de Hugo (au plus tard le dimanche 29 novembre à 23h00)."
        in chloe.body
    )
    assert "Votre dernière balle" not in chloe.subject
    game.new_mails()

    answer = game.ok("Hugo", "Je tire sur Alice, adieu le village !")
    assert "Tir du Chasseur : Alice." in answer.text
    assert game.events("HunterShot") == [
        {"type": "HunterShot", "hunter": "Hugo", "target": "Alice"}
    ]
    assert [e["cause"] for e in game.events("PlayerDied")] == ["wolves", "shot"]
    assert not game.alive("Alice")
    assert game.phase() == ("day", 1)
    (after,) = game.new_mails("Emma")
    assert after.subject == "[village] Jour 1"
    assert "Alice est mort·e (abattu·e par le Chasseur). Son rôle : Loup-Garou." in after.body


def test_shoots_when_condemned_at_the_stake(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    wolves_kill(game, "Chloe")
    assert game.phase() == ("day", 1)
    game.ok("Alice", "vote Hugo")
    game.ok("Bruno", "Je vote contre Hugo")
    game.ok("David", "vote Hugo, il est louche")
    game.ok("Hugo", "vote Bruno")
    game.ok("Emma", "vote Alice")
    game.new_mails()
    game.end()
    assert not game.alive("Hugo")
    assert game.phase() == ("day", 1) and game.step() is None
    digest, last_bullet = game.new_mails("Hugo")
    assert "Hugo est mort·e (condamné·e au bûcher). Son rôle : Chasseur." in digest.body
    assert "Le village attend le dernier tir de Hugo" in digest.body
    assert last_bullet.subject == "[village] Votre dernière balle"
    game.new_mails()

    game.ok("Hugo", "I shoot Bruno")
    assert game.events("HunterShot") == [
        {"type": "HunterShot", "hunter": "Hugo", "target": "Bruno"}
    ]
    assert not game.alive("Bruno")
    assert game.phase() == ("night", 2)
    (after,) = game.new_mails("David")
    assert after.subject == "[village] Nuit 2"
    assert "Bruno est mort·e (abattu·e par le Chasseur). Son rôle : Loup-Garou." in after.body


def test_the_game_waits_for_the_shot_one_hour_then_goes_on_without_it(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    wolves_kill(game, "Hugo")
    game.new_mails()
    # the living may not vote while the village waits: the day has not opened
    game.refused("Chloe", "vote Alice", "not_now")
    game.later(minutes=59)
    assert game.phase() == ("night", 1)
    assert [r["kind"] for r in game.view()["awaiting"]] == ["tirer"]
    assert game.new_mails("Chloe") == []
    game.later(minutes=1)
    assert game.events("HunterShot") == [{"type": "HunterShot", "hunter": "Hugo", "target": None}]
    assert game.view()["awaiting"] == []
    assert game.phase() == ("day", 1)
    assert [n for n in ROLES if not game.alive(n)] == ["Hugo"]
    (digest,) = game.new_mails("Chloe")
    assert digest.subject == "[village] Jour 1"
    assert "Hugo ne tire pas." in digest.body
    # too late now
    game.refused("Hugo", "tirer Alice", "dead")


def test_a_standing_order_is_used_at_once_and_can_be_changed(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    first = game.ok("Hugo", "si je meurs, tirer Alice")
    assert "Tir du Chasseur : Alice." in first.text
    second = game.ok("Hugo", "Non, finalement je tire sur Bruno")
    assert "Tir du Chasseur : Bruno." in second.text
    assert game.state.players["Hugo"].standing == {"tirer": "Bruno"}
    game.new_mails()
    wolves_kill(game, "Hugo")
    # no wait: the shot was fired at once, and the day rose
    assert game.events("ReactionAwaited") == []
    assert game.events("HunterShot") == [
        {"type": "HunterShot", "hunter": "Hugo", "target": "Bruno"}
    ]
    assert game.phase() == ("day", 1)
    assert game.alive("Alice") and not game.alive("Bruno")
    hugo = game.new_mails("Hugo")
    assert [m.subject for m in hugo] == ["[village] Jour 1"]
    assert "Hugo est mort·e (dévoré·e par les loups). Son rôle : Chasseur." in hugo[0].body
    assert "Bruno est mort·e (abattu·e par le Chasseur). Son rôle : Loup-Garou." in hugo[0].body
    assert "attend" not in hugo[0].body


def test_poisoned_he_does_not_shoot(tmp_path: Path) -> None:
    roles = {**ROLES, "Emma": "sorciere"}
    game = Scenario(tmp_path, roles)
    game.ok("Hugo", "tirer Alice")
    wolves_kill(game, "Chloe")
    assert game.step() == "sorciere"
    game.ok("Emma", "empoisonner Hugo\nfini")
    assert game.phase() == ("day", 1)
    assert not game.alive("Hugo") and game.alive("Alice")
    assert [(e["name"], e["cause"]) for e in game.events("PlayerDied")] == [
        ("Chloe", "wolves"),
        ("Hugo", "poison"),
    ]
    assert game.events("HunterShot") == [] and game.events("ReactionAwaited") == []
    assert not any("balle" in m.subject for m in game.mails("Hugo"))
    assert "Hugo est mort·e (empoisonné·e). Son rôle : Chasseur." in game.mails("Hugo")[-1].body


def test_dead_of_grief_he_does_not_shoot(tmp_path: Path) -> None:
    roles = {**ROLES, "Emma": "cupidon"}
    game = Scenario(tmp_path, roles)
    game.ok("Emma", "unir Hugo et Chloe")
    game.ok("Hugo", "tirer Bruno")
    wolves_kill(game, "Chloe")
    assert game.phase() == ("day", 1)
    assert [(e["name"], e["cause"]) for e in game.events("PlayerDied")] == [
        ("Chloe", "wolves"),
        ("Hugo", "grief"),
    ]
    assert game.alive("Bruno")
    assert game.events("HunterShot") == [] and game.events("ReactionAwaited") == []
    assert not any("balle" in m.subject for m in game.mails("Hugo"))
    assert (
        "Hugo est mort·e (mort·e de chagrin). Son rôle : Chasseur." in game.mails("David")[-1].body
    )


def test_the_dead_hunter_may_only_shoot(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    wolves_kill(game, "Hugo")
    dead = game.refused("Hugo", "vote Alice", "dead")
    assert "vous êtes mort·e, et les éliminés ne participent plus" in dead.text
    game.refused("Hugo", "tuer David", "dead")
    game.refused("Hugo", "successeur David", "dead")
    game.ok("Hugo", "tirer Alice")
    # the bullet is spent: nothing more
    game.refused("Hugo", "tirer Bruno", "dead")
    assert game.alive("Bruno")


def test_he_may_not_shoot_himself_or_a_dead_player(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    # in advance, while alive
    game.refused("Hugo", "tirer moi-même", "illegal_target")
    wolves_kill(game, "Chloe")
    game.refused("Hugo", "tirer Chloe", "illegal_target")
    for voter, target in [
        ("Alice", "Hugo"),
        ("Bruno", "Hugo"),
        ("David", "Hugo"),
        ("Hugo", "Alice"),
    ]:
        game.ok(voter, f"vote {target}")
    game.end()
    assert game.view()["awaiting"][0]["player"] == "Hugo"
    refused = game.refused("Hugo", "tirer Chloe", "illegal_target")
    assert "Chloe est déjà mort·e" in refused.text
    game.refused("Hugo", "tirer Hugo", "illegal_target")
    assert game.events("HunterShot") == []
    game.ok("Hugo", "tirer David")
    assert not game.alive("David")


def test_his_shot_can_end_the_game(tmp_path: Path) -> None:
    roles = {
        "Alice": "loup-garou",
        "Hugo": "chasseur",
        "Chloe": "villageois",
        "David": "villageois",
    }
    game = Scenario(tmp_path, roles)
    game.ok("Alice", "tuer Hugo")
    game.new_mails()
    game.ok("Hugo", "tirer Alice")
    assert game.phase() == ("ended", 1)
    assert game.view()["winner"] == "village"
    assert game.view()["winners"] == ["Hugo", "Chloe", "David"]
    (end,) = game.new_mails("Chloe")
    assert end.subject == "[village] Fin de la partie"
    assert "Alice est mort·e (abattu·e par le Chasseur). Son rôle : Loup-Garou." in end.body
    assert "La partie est terminée : victoire du Village !" in end.body
    assert "Gagnants : Hugo, Chloe, David." in end.body


def test_a_hunter_who_was_captain_shoots_before_naming_his_successor(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES, election=True)
    for name in ROLES:
        game.ok(name, "vote Hugo")
    game.end()
    assert game.view()["captain"] == "Hugo"
    wolves_kill(game, "Hugo")
    assert sorted(r["kind"] for r in game.view("Hugo")["awaiting"]) == ["successeur", "tirer"]
    game.ok("Hugo", "tirer Alice")
    assert game.events("HunterShot") == [
        {"type": "HunterShot", "hunter": "Hugo", "target": "Alice"}
    ]
    game.ok("Hugo", "successeur Chloe")
    assert game.view()["captain"] == "Chloe" and game.phase() == ("day", 1)
