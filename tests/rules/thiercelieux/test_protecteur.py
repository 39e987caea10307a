"""Protecteur (multi-class) in the `thiercelieux` rule set: seed 004_c21bac90ae6ca834.txt."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lgmail.rules.thiercelieux import layers
from lgmail.rules.thiercelieux.order import NIGHT
from tests.rules.thiercelieux.common import died, digest, thiercelieux, votes
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "protecteur",
    "Chloe": "voyante",
    "David": "chasseur",
    "Emma": "sorciere",
    "Farid": "villageois",
    "Gina": "grand-mechant-loup",
    "Hugo": "villageois",
}


def game_with(
    tmp_path: Path, roles: dict[str, str] = ROLES, aligned: str = "village", **kw: Any
) -> Scenario:
    multi = [n for n, r in roles.items() if r in ("protecteur", "assommeur")]
    options = {"alignements": {n: aligned for n in multi}, **kw.pop("options", {})}
    return thiercelieux(tmp_path, roles, options=options, **kw)


def dawn(game: Scenario) -> None:
    while game.phase()[0] == "night" and game.state.status == "running":
        game.end()


def failed(game: Scenario, name: str) -> bool:
    return any(e["name"] == name and e["how"] == "echoue" for e in game.events("NightActionFoiled"))


def test_the_pack_validated_kills_nobody_and_is_told_nothing(tmp_path: Path) -> None:
    """004: « le Protecteur peut protéger le joueur de son choix de toute action nocturne »
    « l'action des Loups-Garous est validée, ils ne reçoivent rien hormis l'annonce de non-mort
    en début de Jour. » Ruling: the Sorcière is not told a victim he protects."""
    game = game_with(tmp_path)
    game.ok("Bruno", "proteger Hugo")
    game.ok("Chloe", "sonder Farid")
    game.ok("Alice", "tuer Hugo")
    game.ok("Gina", "tuer Hugo\nfini")
    assert game.events("WolvesChose")[-1]["victim"] == "Hugo"
    assert game.events("WitchToldVictim") == []
    game.new_mails("Alice")
    dawn(game)
    assert died(game) == [] and game.alive("Hugo")
    assert "Personne n'est mort" in digest(game, "Alice")
    assert not failed(game, "Alice") and not failed(game, "Gina")


def test_the_other_powers_fail_and_are_told_so(tmp_path: Path) -> None:
    """004: « Le Protecteur protège des actions nocturnes, il ne les empêche pas. Les actions sont
    donc consommées mais n'atteignent pas leur cible. » « les autres spés reçoivent "ton action a
    échoué". »"""
    game = game_with(tmp_path)
    game.ok("Bruno", "proteger Alice")
    game.ok("Chloe", "sonder Alice")
    game.ok("Alice", "tuer Hugo")
    game.ok("Gina", "tuer Hugo")
    game.new_mails("Chloe")
    dawn(game)
    assert game.events("SeerSaw") == []
    assert failed(game, "Chloe")
    assert any("Ton action a échoué." in m.body for m in game.new_mails("Chloe"))


def test_the_sorciere_loses_her_death_potion(tmp_path: Path) -> None:
    """004: « la Sorcière perdra sa potion de mort. »"""
    game = game_with(tmp_path)
    game.ok("Bruno", "proteger Farid")
    game.ok("Alice", "tuer Hugo")
    game.ok("Gina", "tuer Hugo")
    game.ok("Emma", "empoisonner Farid")
    dawn(game)
    assert died(game) == [("Hugo", "wolves")]
    assert "mort" in game.state.players["Emma"].spent


def test_the_grand_mechant_loup_kill_is_spent_without_effect(tmp_path: Path) -> None:
    """004: « le meurtre du Grand Méchant Loup est consommé sans effet. »"""
    game = game_with(tmp_path)
    game.ok("Bruno", "proteger Farid")
    game.ok("Gina", "eliminer Farid")
    game.ok("Alice", "tuer Hugo")
    game.ok("Gina", "tuer Hugo")
    dawn(game)
    assert died(game) == [("Hugo", "wolves")]
    assert "gml" in game.state.players["Gina"].spent


def test_the_chasseur_dead_at_night_shoots_without_a_death(tmp_path: Path) -> None:
    """004: « la balle du Chasseur (s'il est mort de Nuit) ne fera pas de mort. »"""
    game = game_with(tmp_path)
    game.ok("David", "tirer Farid")
    game.ok("Bruno", "proteger Farid")
    game.ok("Alice", "tuer David")
    game.ok("Gina", "tuer David")
    dawn(game)
    assert game.events("HunterShot") == [
        {"type": "HunterShot", "hunter": "David", "target": "Farid"}
    ]
    assert died(game) == [("David", "wolves")] and game.alive("Farid")


def test_the_chasseur_burnt_by_day_still_kills_his_target(tmp_path: Path) -> None:
    """Ruling: 004's « (s'il est mort de Nuit) »: the protection is the night's."""
    game = game_with(tmp_path)
    game.ok("David", "tirer Farid")
    game.ok("Bruno", "proteger Farid")
    game.ok("Alice", "tuer Hugo")
    game.ok("Gina", "tuer Hugo")
    dawn(game)
    votes(game, {n: "David" for n in ("Alice", "Bruno", "Chloe", "Emma", "Gina")})
    assert ("Farid", "shot") in died(game)


def test_the_joueur_de_flute_charms_only_the_one_not_protected(tmp_path: Path) -> None:
    """004: « le Joueur de Flûte ne charme qu'un seul joueur (celui des deux qui n'est pas
    protégé). »"""
    roles = {**ROLES, "Farid": "joueur-de-flute"}
    game = game_with(tmp_path, roles)
    game.ok("Bruno", "proteger Chloe")
    game.ok("Farid", "charmer Chloe et Hugo")
    game.ok("Alice", "tuer Emma")
    game.ok("Gina", "tuer Emma")
    dawn(game)
    assert [e["names"] for e in game.events("PlayersCharmed")] == [["Hugo"]]
    assert not failed(game, "Farid")


def test_the_infection_fails_and_is_spent(tmp_path: Path) -> None:
    """004, Infect Père des Loups: « Cette action peut échouer (ex: Protecteur, rôles interdits
    d'infection...) et l'IPL n'a pas d'autre tentative pour infecter à nouveau. »"""
    roles = {**ROLES, "Gina": "infect-pere-des-loups"}
    game = game_with(tmp_path, roles)
    game.ok("Bruno", "proteger Hugo")
    game.ok("Alice", "tuer Hugo")
    game.ok("Gina", "tuer Hugo")
    game.ok("Gina", "infecter")
    dawn(game)
    assert game.events("CampChanged") == [] and died(game) == []
    assert "infection" in game.state.players["Gina"].spent


def test_the_ancien_protected_keeps_his_bonus_life(tmp_path: Path) -> None:
    """Ruling: the pack's attack does not reach him (« n'atteignent pas leur cible »): his
    bonus life is not spent, as with the Salvateur."""
    roles = {**ROLES, "Hugo": "ancien"}
    game = game_with(tmp_path, roles)
    game.ok("Bruno", "proteger Hugo")
    game.ok("Alice", "tuer Hugo")
    game.ok("Gina", "tuer Hugo")
    dawn(game)
    assert game.events("AncienResisted") == []
    assert "bonus_life" not in game.state.players["Hugo"].spent


def test_the_knock_out_keeps_its_priority(tmp_path: Path) -> None:
    """004: « sauf contre l'assommage qui garde la priorité »: the protected player is knocked
    out all the same, and the knocked-out Protecteur protects nobody."""
    roles = {**ROLES, "Farid": "assommeur"}
    game = game_with(tmp_path, roles)
    game.ok("Bruno", "proteger Chloe")
    game.ok("Farid", "assommer Chloe")
    game.ok("Chloe", "sonder Alice")
    game.ok("Alice", "tuer Hugo")
    game.ok("Gina", "tuer Hugo")
    dawn(game)
    assert game.events("SeerSaw") == [] and not game.alive("Hugo")
    votes(game, {})
    game.ok("Farid", "assommer Bruno")
    game.ok("Bruno", "proteger Emma")
    game.ok("Alice", "tuer Emma")
    game.ok("Gina", "tuer Emma")
    dawn(game)
    assert ("Emma", "wolves") in died(game)
    assert game.events("ShieldRaised") == [
        {"type": "ShieldRaised", "protecteur": "Bruno", "target": "Chloe"}
    ]


def test_the_avocat_chooses_his_clients_all_the_same(tmp_path: Path) -> None:
    """004: « sauf contre l'Avocat choisissant ses clients »."""
    roles = {**ROLES, "Farid": "avocat"}
    game = game_with(tmp_path, roles)
    game.ok("Bruno", "proteger Hugo")
    game.ok("Farid", "clients Hugo et Chloe")
    game.ok("Alice", "tuer Emma")
    game.ok("Gina", "tuer Emma")
    dawn(game)
    assert game.events("ClientsChosen")[0]["clients"] == ["Hugo", "Chloe"]
    assert not failed(game, "Farid")


def test_the_actions_of_the_deal_are_out_of_his_reach() -> None:
    """004: « Le Protecteur ne peut pas interagir avec l'action du Voleur, de Cupidon, du choix
    de modèle de l'Enfant Sauvage et du choix de liste de l'Abominable Sectaire. », nor the
    Avocat's; they are written by their action keys, for roles dealt now or later."""
    keys = {a.key for a in NIGHT}
    for key in ("voler", "unir", "modele", "liste", "clients"):
        assert key in keys and not layers.shields(key)
    for key in ("sonder", "charmer", "recruter", "marquer", "devorer", "sentence"):
        assert layers.shields(key)


def test_cupidon_unites_a_protected_player(tmp_path: Path) -> None:
    """004: « Le Protecteur ne peut pas interagir avec l'action [...] de Cupidon »."""
    roles = {**ROLES, "Farid": "cupidon"}
    game = game_with(tmp_path, roles)
    game.ok("Farid", "unir Hugo et Chloe")
    game.ok("Bruno", "proteger Hugo")
    assert game.state.lovers == ["Hugo", "Chloe"]


def test_he_may_protect_himself_and_the_same_player_again(tmp_path: Path) -> None:
    """Ruling: 004 sets the Protecteur no limit (« le joueur de son choix »): himself, and the
    same player two nights running."""
    game = game_with(tmp_path)
    game.ok("Bruno", "proteger moi")
    game.ok("Alice", "tuer Bruno")
    game.ok("Gina", "tuer Bruno")
    dawn(game)
    assert game.alive("Bruno")
    votes(game, {})
    game.ok("Bruno", "proteger Bruno")
    assert [e["target"] for e in game.events("ShieldRaised")] == ["Bruno"]


def test_a_wolf_protecteur_protects_his_pack(tmp_path: Path) -> None:
    """004: « Il peut être Loup-Garou ou Villageois. »: the wolf one kills with the pack and
    shields a wolf from the Sorcière's poison."""
    game = game_with(tmp_path, aligned="loup")
    game.ok("Bruno", "proteger Alice")
    game.ok("Bruno", "tuer Hugo")
    game.ok("Alice", "tuer Hugo")
    game.ok("Gina", "tuer Hugo")
    game.ok("Emma", "empoisonner Alice")
    dawn(game)
    assert died(game) == [("Hugo", "wolves")]


def test_the_metronome_drawn_protecteur_protects(tmp_path: Path) -> None:
    """004, Métronome: « Protecteur =4 »: for the night he protects with the Protecteur's
    order, and the Protecteur sleeps."""
    roles = {**ROLES, "Farid": "metronome"}
    for seed in range(200):
        game = game_with(tmp_path / str(seed), roles, options={"seed": seed})
        if game.events("MetronomeTurned")[0]["role"] == "protecteur":
            break
    assert game.events("MetronomeTurned")[0]["asleep"] == ["Bruno"]
    game.ok("Farid", "proteger Hugo")
    game.ok("Alice", "tuer Hugo")
    game.ok("Gina", "tuer Hugo")
    dawn(game)
    assert game.alive("Hugo")
