"""Redirecteur (multi-class) in the `thiercelieux` rule set: seed 004_c21bac90ae6ca834.txt."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lgmail.rules.thiercelieux import layers
from lgmail.rules.thiercelieux.order import NIGHT
from lgmail.rules.thiercelieux.roles import redirecteur
from tests.rules.thiercelieux.common import died, thiercelieux
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "redirecteur",
    "Chloe": "voyante",
    "David": "loup-garou",
    "Emma": "sorciere",
    "Farid": "villageois",
    "Gina": "villageois",
    "Hugo": "villageois",
}


def game_with(
    tmp_path: Path, roles: dict[str, str] = ROLES, aligned: str = "village", **kw: Any
) -> Scenario:
    multi = [n for n, r in roles.items() if r in ("redirecteur", "protecteur", "assommeur")]
    options = {"alignements": {n: aligned for n in multi}, **kw.pop("options", {})}
    return thiercelieux(tmp_path, roles, options=options, **kw)


def dawn(game: Scenario) -> None:
    while game.phase()[0] == "night" and game.state.status == "running":
        game.end()


def told(game: Scenario, how: str) -> list[str]:
    return [e["name"] for e in game.events("NightActionFoiled") if e["how"] == how]


def test_an_action_aimed_at_the_named_player_reaches_the_other_and_its_author_is_told(
    tmp_path: Path,
) -> None:
    """004: « Chaque Nuit de jeu, le Redirecteur peut désigner un joueur de son choix. Toute
    action qui cible ce joueur, à ce moment-là, est alors redirigée vers un autre joueur de son
    choix également. » « Chaque joueur dont l'action a été redirigée, est prévenu. »"""
    game = game_with(tmp_path)
    game.ok("Bruno", "rediriger Farid vers Alice")
    game.ok("Chloe", "sonder Farid")
    game.ok("Alice", "tuer Hugo")
    game.ok("David", "tuer Hugo")
    dawn(game)
    assert [(e["target"], e["role"]) for e in game.events("SeerSaw")] == [("Alice", "loup-garou")]
    assert told(game, "redirige") == ["Chloe"]
    assert any("Ton action de cette nuit a été redirigée." in m.body for m in game.mails("Chloe"))


def test_he_never_learns_what_he_redirected(tmp_path: Path) -> None:
    """004: « Le Redirecteur ne saura jamais s'il redirige quelque chose ou non, et s'il redirige
    bien, telle ou telle action. »"""
    game = game_with(tmp_path)
    game.new_mails("Bruno")
    game.ok("Bruno", "rediriger Farid vers Gina")
    game.ok("Chloe", "sonder Farid")
    game.ok("Alice", "tuer Farid")
    game.ok("David", "tuer Farid")
    dawn(game)
    assert died(game) == [("Gina", "wolves")]
    assert "Bruno" not in told(game, "redirige")
    assert not any("redirig" in m.body for m in game.new_mails("Bruno"))


def test_the_pack_turned_to_a_wolf_kills_the_wolf(tmp_path: Path) -> None:
    """004: « Si le meurtre des Loups-Garous est dévié vers un Loup, le Loup meurt. » Ruling:
    each wolf who named the player is told."""
    game = game_with(tmp_path)
    game.ok("Bruno", "rediriger Hugo vers David")
    game.ok("Chloe", "sonder Farid")
    game.ok("Alice", "tuer Hugo")
    game.ok("David", "tuer Hugo")
    dawn(game)
    assert died(game) == [("David", "wolves")] and game.alive("Hugo")
    assert sorted(told(game, "redirige")) == ["Alice"]


def test_the_poison_is_turned_too(tmp_path: Path) -> None:
    """004: « Toute action qui cible ce joueur »: the Sorcière's poison reaches the other."""
    game = game_with(tmp_path)
    game.ok("Bruno", "rediriger Farid vers Alice")
    game.ok("Chloe", "sonder Gina")
    game.ok("Alice", "tuer Hugo")
    game.ok("David", "tuer Hugo")
    game.ok("Emma", "empoisonner Farid")
    dawn(game)
    assert ("Alice", "poison") in died(game) and game.alive("Farid")
    assert "Emma" in told(game, "redirige")


def test_the_joueur_de_flute_turned_to_himself_charms_himself(tmp_path: Path) -> None:
    """004, Joueur de Flûte: « l'action du JdF peut être ciblée par le Redirecteur contre le JdF
    lui-même, auquel cas le charme fonctionne et le JdF intègre également le groupe des
    charmés. »"""
    roles = {**ROLES, "Farid": "joueur-de-flute"}
    game = game_with(tmp_path, roles)
    game.refused("Farid", "charmer Farid", "illegal_target")
    game.ok("Bruno", "rediriger Gina vers Farid")
    game.ok("Farid", "charmer Gina et Hugo")
    game.ok("Chloe", "sonder Alice")
    game.ok("Alice", "tuer Emma")
    game.ok("David", "tuer Emma")
    dawn(game)
    assert [sorted(e["names"]) for e in game.events("PlayersCharmed")] == [["Farid", "Hugo"]]
    assert "charme" in game.state.players["Farid"].status


def test_not_on_the_servante_devouee() -> None:
    """004: « Le Redirecteur ne peut pas agir sur la Servante Dévouée. », written by its action
    key for the role to come; nor on the knock-out and the protection, which come before his
    action (ruling)."""
    assert "servante" in {a.key for a in NIGHT}
    assert not layers.redirected("servante")
    assert not layers.redirected("assommer") and not layers.redirected("proteger-tout")
    assert layers.redirected("devorer") and layers.redirected("sorciere")


def test_knocked_out_he_redirects_nothing(tmp_path: Path) -> None:
    """004, Assommeur: « Cette action a la priorité sur toutes les autres. »"""
    roles = {**ROLES, "Gina": "assommeur"}
    game = game_with(tmp_path, roles)
    game.ok("Gina", "assommer Bruno")
    game.ok("Bruno", "rediriger Hugo vers Farid")
    game.ok("Chloe", "sonder Alice")
    game.ok("Alice", "tuer Hugo")
    game.ok("David", "tuer Hugo")
    dawn(game)
    assert died(game) == [("Hugo", "wolves")]
    assert game.events("RedirectionSet") == []


def test_turned_onto_a_protected_player_the_action_fails(tmp_path: Path) -> None:
    """Ruling: the protection holds where an action lands; 004, Protecteur: « les autres spés
    reçoivent "ton action a échoué" »."""
    roles = {**ROLES, "Gina": "protecteur"}
    game = game_with(tmp_path, roles)
    game.ok("Gina", "proteger Alice")
    game.ok("Bruno", "rediriger Farid vers Alice")
    game.ok("Chloe", "sonder Farid")
    game.ok("Alice", "tuer Hugo")
    game.ok("David", "tuer Hugo")
    dawn(game)
    assert game.events("SeerSaw") == []
    assert "Chloe" in told(game, "redirige") and "Chloe" in told(game, "echoue")


def test_to_another_player(tmp_path: Path) -> None:
    """004: « vers un autre joueur de son choix »; the order in English."""
    game = game_with(tmp_path, langs={"Bruno": "en"})
    game.refused("Bruno", "rediriger Farid vers Farid", "illegal_target")
    game.ok("Bruno", "redirect Farid to Gina")
    assert game.state.order_of("Bruno", redirecteur.REDIRIGER.kind) is not None
