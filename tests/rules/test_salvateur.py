"""Salvateur: seed 003 (003_66380dcf6dccf10a.txt), completed by 004 (004_c21bac90ae6ca834.txt).

003: « Chaque nuit, le salvateur désigne un joueur (ce peut être lui même) à qui il ne pourra
rien arriver de facheux durant cette nuit, mais pas la journée. »

004: « Le Salvateur peut se protéger lui-même. » ; « Le Salvateur ne peut pas protéger la même
personne deux Nuits consécutives. » ; « Le joueur choisi est protégé uniquement contre l'attaque
des Loups-Garous et uniquement pour la Nuit en cours. Si les Loups-Garous désignent eux aussi ce
joueur, alors il n'y a pas de mort et la Sorcière (s'il y en a une) ne reçoit aucun nom de
victime de la part du Meneur de Jeu. »
"""

from pathlib import Path

from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Chloe": "salvateur",
    "Emma": "villageois",
    "Felix": "villageois",
    "Hugo": "villageois",
}


def _wolves(game: Scenario, victim: str) -> None:
    game.ok("Alice", f"tuer {victim}")
    game.ok("Bruno", f"on mange {victim}")


def test_the_protected_victim_does_not_die_and_the_sorciere_is_told_no_name(
    tmp_path: Path,
) -> None:
    """004: « Si les Loups-Garous désignent eux aussi ce joueur, alors il n'y a pas de mort et
    la Sorcière (s'il y en a une) ne reçoit aucun nom de victime »."""
    game = Scenario(tmp_path, {**ROLES, "David": "sorciere"})
    answer = game.ok("Chloe", "Je protège Emma cette nuit")
    assert "Vous protégerez Emma." in answer.text
    _wolves(game, "Emma")
    assert game.events("GuardProtected") == [
        {"type": "GuardProtected", "guard": "Chloe", "target": "Emma"}
    ]
    assert game.events("WitchToldVictim") == []
    assert not any("La victime des loups" in m.subject for m in game.mails("David"))
    # the Sorcière still has her death potion: her step opens, with no name
    assert game.step() == "sorciere"
    game.ok("David", "rien")
    assert game.phase() == ("day", 1)
    assert game.alive("Emma")
    assert game.events("PlayerDied") == []
    digest = game.mails("Felix")[-1]
    assert digest.subject == "[village] Jour 1"
    assert "Personne n'est mort." in digest.body
    assert "Emma" not in digest.body


def test_he_may_protect_himself(tmp_path: Path) -> None:
    """003: « un joueur (ce peut être lui même) »; 004: « Le Salvateur peut se protéger
    lui-même. »"""
    game = Scenario(tmp_path, ROLES)
    answer = game.ok("Chloe", "protéger moi-même")
    assert "Vous protégerez Chloe." in answer.text
    _wolves(game, "Chloe")
    assert game.phase() == ("day", 1)
    assert game.alive("Chloe")
    assert game.events("PlayerDied") == []
    assert "Personne n'est mort." in game.mails("Chloe")[-1].body


def test_not_the_same_player_two_nights_running(tmp_path: Path) -> None:
    """004: « Le Salvateur ne peut pas protéger la même personne deux Nuits consécutives. »
    (after another night's protégé, the first one may be protected again)."""
    game = Scenario(tmp_path, ROLES)
    game.ok("Chloe", "protéger Emma")
    _wolves(game, "Hugo")
    assert not game.alive("Hugo")
    game.end()  # day 1: no vote
    assert game.phase() == ("night", 2)
    answer = game.refused("Chloe", "protect Emma please", "illegal_target")
    assert "vous ne pouvez pas protéger Emma deux nuits de suite" in answer.text
    game.ok("Chloe", "protéger Felix")
    _wolves(game, "Felix")
    assert game.alive("Felix")
    game.end()  # day 2: no vote
    assert game.phase() == ("night", 3)
    game.ok("Chloe", "Je protege Emma")
    _wolves(game, "Emma")
    assert game.phase() == ("day", 3)
    assert game.alive("Emma")
    assert [e["target"] for e in game.events("GuardProtected")] == ["Emma", "Felix", "Emma"]


def test_a_night_without_protection_breaks_the_run(tmp_path: Path) -> None:
    """004: « Le Salvateur n'est pas obligé d'agir. » and « ne peut pas protéger la même
    personne deux Nuits consécutives » (nights 1 and 3 are not consecutive)."""
    game = Scenario(tmp_path, ROLES)
    game.ok("Chloe", "protéger Emma")
    _wolves(game, "Hugo")
    game.end()  # day 1: no vote
    game.ok("Chloe", "rien cette nuit")
    _wolves(game, "Felix")
    assert game.phase() == ("day", 2) and not game.alive("Felix")
    game.end()  # day 2: no vote
    assert game.phase() == ("night", 3)
    answer = game.ok("Chloe", "protéger Emma")
    assert "Vous protégerez Emma." in answer.text


def test_the_protection_lasts_only_the_night(tmp_path: Path) -> None:
    """003: « ... durant cette nuit, mais pas la journée »; 004: « uniquement pour la Nuit en
    cours »."""
    game = Scenario(tmp_path, ROLES)
    game.ok("Chloe", "protéger Felix")
    _wolves(game, "Felix")
    assert game.phase() == ("day", 1) and game.alive("Felix")
    for voter in ("Alice", "Bruno", "Chloe", "Emma", "Hugo"):
        game.ok(voter, "je vote contre Felix")
    game.end()
    assert not game.alive("Felix")
    assert game.events("PlayerDied") == [
        {"type": "PlayerDied", "name": "Felix", "cause": "stake", "role": "villageois"}
    ]
    digest = game.mails("Emma")[-1]
    assert "Felix est mort·e (condamné·e au bûcher). Son rôle : Simple Villageois." in digest.body


def test_nothing_harmful_happens_to_the_protected_player_that_night(tmp_path: Path) -> None:
    """003: « à qui il ne pourra rien arriver de facheux durant cette nuit » (003 is not silent
    here, so it prevails over 004's « uniquement contre l'attaque des Loups-Garous »)."""
    game = Scenario(tmp_path, {**ROLES, "David": "sorciere"})
    game.ok("Chloe", "protéger Emma")
    _wolves(game, "Hugo")
    game.ok("David", "empoisonner Emma\nfini")
    assert game.phase() == ("day", 1)
    assert not game.alive("Hugo")
    assert game.alive("Emma")
