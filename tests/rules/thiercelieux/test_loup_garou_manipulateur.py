"""Loup-Garou Manipulateur in the `thiercelieux` rule set: seed 004_c21bac90ae6ca834.txt."""

from __future__ import annotations

from pathlib import Path

from lgmail.rules.thiercelieux import layers
from lgmail.rules.thiercelieux.order import NIGHT
from tests.rules.thiercelieux.common import died, thiercelieux
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou-manipulateur",
    "Chloe": "voyante",
    "David": "sorciere",
    "Emma": "villageois",
    "Farid": "villageois",
    "Gina": "villageois",
    "Hugo": "villageois",
}


def dawn(game: Scenario) -> None:
    while game.phase()[0] == "night" and game.state.status == "running":
        game.end()


def notices(game: Scenario, name: str, subject: str) -> list[str]:
    return [m.body for m in game.new_mails(name) if subject in m.subject]


def night_until_his_step(game: Scenario, visit: str, victim: str = "Hugo") -> None:
    """The Voyante probes Emma, the pack kills `victim`, he visits `visit`; the Sorcière passes."""
    game.ok("Bruno", f"manipuler {visit}")
    game.ok("Chloe", "sonder Emma")
    game.ok("Alice", f"tuer {victim}")
    game.ok("Bruno", f"tuer {victim}")
    if game.step() == "sorciere":
        game.ok("David", "rien")


def test_told_at_the_end_of_the_night_he_changes_the_recipient(tmp_path: Path) -> None:
    """004: « Chaque Nuit, le Loup-Garou Manipulateur peut se rendre chez le joueur de son choix.
    Si le joueur chez qui il se rend effectue une action, il en est averti sans savoir la nature
    de l'action » « C'est à la fin de la Nuit, entre la fin des actions de Nuit et le lever du Jour
    que le MJ indique au Loup-Garou Manipulateur si le joueur ciblé a agit. » « Le Loup-Garou
    Manipulateur peut alors changer le destinataire de l’action » « (Ex : Joueur A voulait sonder
    Joueur B. Le Loup-Garou Manipulateur a changé le destinataire en Joueur C. Joueur A reçoit à
    la fin de la Nuit : "Tu as été manipulé. Joueur C est [rôle]".) »"""
    game = thiercelieux(tmp_path, ROLES)
    game.new_mails("Bruno")
    night_until_his_step(game, "Chloe")
    assert game.step() == "manipulateur"
    assert game.events("SeerSaw") == []
    (told,) = notices(game, "Bruno", "Votre visite")
    assert "Chloe a agi cette nuit." in told and "Emma" not in told and "sonder" not in told
    game.ok("Bruno", "detourner Gina")
    dawn(game)
    assert [(e["seer"], e["target"]) for e in game.events("SeerSaw")] == [("Chloe", "Gina")]
    assert died(game) == [("Hugo", "wolves")]
    mails = [m.body for m in game.mails("Chloe")]
    assert any("Tu as été manipulé·e cette nuit." in b for b in mails)
    assert any("Gina" in b and "Villageois" in b for b in mails)


def test_the_manipulated_player_does_not_learn_who(tmp_path: Path) -> None:
    """004: « Le joueur dont l’action est manipulée est averti à la fin de la Nuit du fait qu’il a
    été manipulé sans savoir à qui en revient la faute. »"""
    game = thiercelieux(tmp_path, ROLES)
    night_until_his_step(game, "Chloe")
    game.ok("Bruno", "detourner Gina")
    dawn(game)
    (told,) = [m.body for m in game.mails("Chloe") if "Votre nuit" in m.subject]
    assert "Bruno" not in told and "Manipulateur" not in told


def test_not_back_to_its_sender(tmp_path: Path) -> None:
    """004: « (il ne peut cependant pas retourner l’action à son envoyeur) »."""
    game = thiercelieux(tmp_path, ROLES)
    night_until_his_step(game, "Chloe")
    game.refused("Bruno", "detourner Chloe", "illegal_target")


def test_told_when_the_player_did_not_act(tmp_path: Path) -> None:
    """004: « le MJ indique au Loup-Garou Manipulateur si le joueur ciblé a agit »: nothing to
    change when he did not."""
    game = thiercelieux(tmp_path, ROLES)
    game.new_mails("Bruno")
    night_until_his_step(game, "Farid")
    assert game.events("VisitReported") == [
        {"type": "VisitReported", "manipulateur": "Bruno", "visited": "Farid", "acted": False}
    ]
    (told,) = notices(game, "Bruno", "Votre visite")
    assert "Farid n'a pas agi cette nuit." in told
    assert game.phase() == ("day", 1)


def test_he_kills_with_the_pack_the_same_night(tmp_path: Path) -> None:
    """004: « Le Loup-Garou Manipulateur peut à la fois effectuer son action de manipulation et
    effectuer le meurtre des Loups-Garous au cours de la même Nuit. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Bruno", "tuer Farid")
    game.ok("Bruno", "manipuler Chloe")
    game.ok("Chloe", "sonder Bruno")
    game.ok("Alice", "tuer Farid")
    game.ok("David", "rien")
    game.ok("Bruno", "detourner Alice")
    dawn(game)
    assert died(game) == [("Farid", "wolves")]
    assert [e["target"] for e in game.events("SeerSaw")] == ["Alice"]


def test_one_of_the_sorcieres_two_potions_is_drawn(tmp_path: Path) -> None:
    """004: « Si le Loup-Garou Manipulateur est amené à pouvoir manipuler plusieurs actions d'un
    même joueur la même Nuit (par exemple, la Sorcière qui utilise ses deux potions à la fois),
    alors il reçoit l'une de ses actions par tirage au sort bien qu'il ne sache pas que cette
    action est issue d'un tirage au sort. » « Son action reste valable et le résultat de celle-ci
    est obtenu par rapport à la cible indiquée par le Loup-Garou Manipulateur. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Bruno", "manipuler David")
    game.ok("Chloe", "sonder Emma")
    game.ok("Alice", "tuer Hugo")
    game.ok("Bruno", "tuer Hugo")
    game.ok("David", "sauver\nempoisonner Alice")
    assert game.events("PotionUsed") == []
    told = [m.body for m in game.mails("Bruno") if "Votre visite" in m.subject]
    assert any("David a agi" in b for b in told) and not any("tirage" in b for b in told)
    game.ok("Bruno", "detourner Farid")
    dawn(game)
    (draw,) = [e for e in game.events("RandomDrawn") if e["purpose"] == "manipuler:Bruno"]
    assert draw["among"] == ["sorciere/sauver", "sorciere/empoisonner"]
    potions = {e["potion"]: e["target"] for e in game.events("PotionUsed")}
    if draw["chosen"] == ["sorciere/sauver"]:
        assert potions == {"vie": "Farid", "mort": "Alice"}
        assert ("Hugo", "wolves") in died(game) and ("Alice", "poison") in died(game)
    else:
        assert potions == {"vie": "Hugo", "mort": "Farid"}
        assert died(game) == [("Farid", "poison")]


def test_nothing_changed_the_action_holds(tmp_path: Path) -> None:
    """Ruling: told that his player acted, he may leave the action as it is (« peut alors »):
    it is resolved at dawn on its own target, and nobody is told of a manipulation."""
    game = thiercelieux(tmp_path, ROLES)
    night_until_his_step(game, "Chloe")
    game.ok("Bruno", "rien")
    dawn(game)
    assert [e["target"] for e in game.events("SeerSaw")] == ["Emma"]
    assert game.events("ActionManipulated") == []
    assert not [e for e in game.events("NightActionFoiled") if e["how"] == "manipule"]


def test_not_the_servante_nor_the_fantomes_ally() -> None:
    """004: « Le Loup-Garou Manipulateur ne peut pas agir sur la Servante Dévouée. » « Le
    Loup-Garou Manipulateur ne peut pas agir sur le choix d'un Allié du Fantôme. », written by
    their action keys for the roles to come (the Allié's: « allie »); nor on what comes before
    his action (ruling)."""
    assert "servante" in {a.key for a in NIGHT}
    for key in ("servante", "allie", "assommer", "proteger-tout", "rediriger", "devorer"):
        assert not layers.manipulable(key)
    for key in ("sonder", "sorciere", "charmer", "marquer", "telepathie"):
        assert layers.manipulable(key)


def test_a_wolf_of_the_den(tmp_path: Path) -> None:
    """004, Renard: « Sont considérés comme Loup-Garou : [...] le Loup-Garou Manipulateur »; he
    is in the den (« effectuer le meurtre des Loups-Garous »)."""
    game = thiercelieux(tmp_path, ROLES)
    (role,) = [m.body for m in game.mails("Alice") if "Votre rôle" in m.subject]
    assert "Votre meute : Bruno" in role
