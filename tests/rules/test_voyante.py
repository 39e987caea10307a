"""Voyante: seed 003 (003_66380dcf6dccf10a.txt), completed by 004 (004_c21bac90ae6ca834.txt).

003: « Chaque nuit, elle connaît la vraie personnalité (loup-garou ou villageois) d'un joueur
de son choix » ; « 3ème phase : la voyante se réveille et me demande l'identité d'un des
joueurs qu'elle veut connaître » ; « si l'ancien meurt : le salvateur, la voyante, la sorcière
et le chasseur perdent leur pouvoir spécial ».

004: « La Voyante peut donner, chaque Nuit, le nom d'un joueur encore en jeu dont elle
souhaite connaître le rôle. » ; « Le Maître du Jeu lui révèle à la fin de la même Nuit, la
véritable identité de ce joueur choisi sans toutefois lui préciser son camp. »
"""

from pathlib import Path

from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Chloe": "voyante",
    "David": "sorciere",
    "Emma": "villageois",
    "Felix": "villageois",
    "Hugo": "chasseur",
}


def _role_seen(game: Scenario, viewer: str, target: str) -> str | None:
    roles: dict[str, str | None] = {p["name"]: p["role"] for p in game.view(viewer)["players"]}
    return roles[target]


def test_she_learns_the_role_of_the_player_she_probes(tmp_path: Path) -> None:
    """003: « elle connaît la vraie personnalité ... d'un joueur de son choix »; 004: « ... dont
    elle souhaite connaître le rôle » (the role, never the camp)."""
    game = Scenario(tmp_path, ROLES)
    answer = game.ok("Chloe", "Bonjour, je voudrais sonder Hugo cette nuit, merci")
    assert "Vous sonderez Hugo." in answer.text
    game.ok("Alice", "tuer Emma")
    game.ok("Bruno", "tuer Emma")
    assert game.events("SeerSaw") == [
        {"type": "SeerSaw", "seer": "Chloe", "target": "Hugo", "role": "chasseur"}
    ]
    visions = [m for m in game.mails("Chloe") if m.subject == "[village] Votre vision"]
    assert len(visions) == 1
    assert "Votre boule de cristal est formelle : Hugo est Chasseur." in visions[0].body
    assert "camp" not in visions[0].body and "Village" not in visions[0].body
    # her view now holds Hugo's role; nobody else's (Hugo's own aside) does
    assert _role_seen(game, "Chloe", "Hugo") == "chasseur"
    for other in ("Alice", "Bruno", "David", "Emma", "Felix"):
        assert _role_seen(game, other, "Hugo") is None, other
        assert not any("Votre vision" in m.subject for m in game.mails(other)), other


def test_she_is_told_at_the_close_of_the_wolves_step(tmp_path: Path) -> None:
    """004: « Le Maître du Jeu lui révèle à la fin de la même Nuit ... »; 003 orders the night:
    voyante, salvateur, loups, then the Sorcière is told the victim."""
    game = Scenario(tmp_path, ROLES)
    game.new_mails("Chloe")
    game.ok("Chloe", "sonde Alice")
    game.ok("Alice", "manger Felix")
    # the wolves' step is still open (Bruno has not spoken): nothing told yet
    assert game.step() == "loups"
    assert game.new_mails("Chloe") == []
    assert game.events("SeerSaw") == []
    assert _role_seen(game, "Chloe", "Alice") is None
    game.ok("Bruno", "tuer Felix")
    # the wolves' step closed: she is told before the Sorcière's step and before dawn
    assert game.phase() == ("night", 1) and game.step() == "sorciere"
    fresh = game.new_mails("Chloe")
    assert [m.subject for m in fresh] == ["[village] Votre vision"]
    assert "Alice est Loup-Garou." in fresh[0].body
    assert _role_seen(game, "Chloe", "Alice") == "loup-garou"
    types = [e["type"] for e in game.events()]
    assert types.index("SeerSaw") < types.index("WitchToldVictim")
    assert "DawnBroke" not in types


def test_she_may_not_probe_herself(tmp_path: Path) -> None:
    """003: « ... d'un joueur de son choix » (another player: she knows her own role)."""
    game = Scenario(tmp_path, ROLES)
    answer = game.refused("Chloe", "sonder moi", "illegal_target")
    assert "vous ne pouvez pas vous viser vous-même" in answer.text
    answer = game.refused("Chloe", "je veux sonder Chloé", "illegal_target")
    assert "Refusé" in answer.text
    assert game.events("OrderAccepted") == []


def test_a_dead_player_may_not_be_probed(tmp_path: Path) -> None:
    """004: « le nom d'un joueur encore en jeu »."""
    game = Scenario(tmp_path, ROLES)
    game.ok("Chloe", "sonder David")
    game.ok("Alice", "tuer Emma")
    game.ok("Bruno", "tuer Emma")
    game.ok("David", "rien")
    assert game.phase() == ("day", 1) and not game.alive("Emma")
    game.end()  # no vote: nobody at the stake
    assert game.phase() == ("night", 2)
    answer = game.refused("Chloe", "sonder Emma", "illegal_target")
    assert "Emma est déjà mort·e" in answer.text
    # a living player is still fine that night
    game.ok("Chloe", "probe Felix please")
    last = game.events("OrderAccepted")[-1]
    assert (last["player"], last["kind"], last["targets"]) == ("Chloe", "sonder", ["Felix"])


def test_one_probe_a_night_the_last_order_counts(tmp_path: Path) -> None:
    """004: « La Voyante peut donner, chaque Nuit, le nom d'un joueur » (one name; a new order
    replaces the previous one)."""
    game = Scenario(tmp_path, ROLES)
    game.ok("Chloe", "sonder Alice")
    answer = game.ok("Chloe", "Finalement je préfère voir Hugo")
    assert "Vous sonderez Hugo." in answer.text
    game.ok("Alice", "tuer Emma")
    game.ok("Bruno", "tuer Emma")
    assert game.events("SeerSaw") == [
        {"type": "SeerSaw", "seer": "Chloe", "target": "Hugo", "role": "chasseur"}
    ]
    visions = [m for m in game.mails("Chloe") if "Votre vision" in m.subject]
    assert len(visions) == 1 and "Hugo est Chasseur." in visions[0].body
    assert "Alice" not in visions[0].body
    assert _role_seen(game, "Chloe", "Alice") is None
    assert _role_seen(game, "Chloe", "Hugo") == "chasseur"


def test_she_loses_her_power_when_the_ancien_dies(tmp_path: Path) -> None:
    """003: « si l'ancien meurt : le salvateur, la voyante, la sorcière et le chasseur perdent
    leur pouvoir spécial »."""
    game = Scenario(tmp_path, {**ROLES, "Gaspard": "ancien"})
    game.ok("Chloe", "sonder Bruno")
    game.ok("Alice", "tuer Felix")
    game.ok("Bruno", "tuer Felix")
    game.ok("David", "rien")
    assert game.phase() == ("day", 1)
    for voter in game.state.living_names():
        game.ok(voter, "je vote contre Gaspard")
    game.end()
    assert not game.alive("Gaspard")
    assert game.phase() == ("night", 2)
    game.new_mails("Chloe")
    answer = game.refused("Chloe", "sonder Alice", "power_lost")
    assert "votre pouvoir est perdu" in answer.text
    game.ok("Alice", "tuer Emma")
    game.ok("Bruno", "tuer Emma")
    assert game.phase() == ("day", 2)
    assert [e["target"] for e in game.events("SeerSaw")] == ["Bruno"]
    assert not any("Votre vision" in m.subject for m in game.new_mails("Chloe"))
    assert _role_seen(game, "Chloe", "Alice") is None
