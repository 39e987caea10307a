"""Télépathe (multi-class) in the `thiercelieux` rule set: seed 004_c21bac90ae6ca834.txt."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.rules.thiercelieux.common import thiercelieux
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "telepathe",
    "Chloe": "voyante",
    "David": "villageois",
    "Emma": "villageois",
    "Farid": "villageois",
    "Gina": "villageois",
}
SAID = "Méfie-toi de la Voyante, elle ment."


def game_with(
    tmp_path: Path, roles: dict[str, str] = ROLES, aligned: str = "village", **kw: Any
) -> Scenario:
    multi = [n for n, r in roles.items() if r in ("telepathe", "protecteur", "assommeur")]
    multi += [n for n, r in roles.items() if r == "redirecteur"]
    options = {"alignements": {n: aligned for n in multi}, **kw.pop("options", {})}
    return thiercelieux(tmp_path, roles, options=options, **kw)


def dawn(game: Scenario) -> None:
    while game.phase()[0] == "night" and game.state.status == "running":
        game.end()


def received(game: Scenario, name: str) -> list[str]:
    return [m.body for m in game.mails(name) if "message télépathique" in m.subject]


def test_the_mj_hands_the_message_on_anonymously_at_the_end_of_the_night(
    tmp_path: Path,
) -> None:
    """004: « Chaque Nuit, il peut écrire un message destiné au joueur de son choix. Il n'existe
    pas de limite de mots [...] C'est le Maître du Jeu qui se chargera de transmettre anonymement
    le message vers le joueur choisi, à la fin de la Nuit. »"""
    game = game_with(tmp_path)
    game.ok("Bruno", f"telepathie David : {SAID}")
    assert received(game, "David") == []
    game.ok("Chloe", "sonder Alice")
    game.ok("Alice", "tuer Gina")
    dawn(game)
    types = [e["type"] for e in game.events()]
    assert types.index("DawnBroke") < types.index("TelepathMessage")
    (body,) = received(game, "David")
    assert SAID in body and "Bruno" not in body
    assert game.events("TelepathMessage") == [
        {
            "type": "TelepathMessage",
            "telepathe": "Bruno",
            "recipient": "David",
            "text": SAID,
            "night": 1,
        }
    ]


def test_his_last_message_of_the_night_counts(tmp_path: Path) -> None:
    """Ruling: written again, the last message of the night is the one handed on."""
    game = game_with(tmp_path)
    game.ok("Bruno", "telepathie David : premier")
    game.ok("Bruno", "telepathie Emma : second")
    game.ok("Alice", "tuer Gina")
    dawn(game)
    assert [(e["recipient"], e["text"]) for e in game.events("TelepathMessage")] == [
        ("Emma", "second")
    ]


def test_a_message_has_a_text_and_goes_to_another_player(tmp_path: Path) -> None:
    """Ruling: « un message destiné au joueur de son choix » has words, and is for another."""
    game = game_with(tmp_path)
    game.refused("Bruno", "telepathie David", "unreadable")
    game.refused("Bruno", "telepathie Bruno : moi", "illegal_target")
    game.refused("Chloe", "telepathie David : coucou", "not_your_role")


def test_knocked_out_he_sends_nothing(tmp_path: Path) -> None:
    """004, Assommeur: « un joueur qui ne pourra donc pas agir de toute la Nuit »."""
    roles = {**ROLES, "Farid": "assommeur"}
    game = game_with(tmp_path, roles)
    game.ok("Farid", "assommer Bruno")
    game.ok("Bruno", f"telepathie David : {SAID}")
    game.ok("Alice", "tuer Gina")
    dawn(game)
    assert game.events("TelepathMessage") == [] and received(game, "David") == []


def test_the_protected_player_receives_nothing(tmp_path: Path) -> None:
    """004, Protecteur: « protéger le joueur de son choix de toute action nocturne » « les autres
    spés reçoivent "ton action a échoué" »."""
    roles = {**ROLES, "Farid": "protecteur"}
    game = game_with(tmp_path, roles)
    game.ok("Farid", "proteger David")
    game.ok("Bruno", f"telepathie David : {SAID}")
    game.ok("Alice", "tuer Gina")
    dawn(game)
    assert received(game, "David") == []
    assert {"type": "NightActionFoiled", "name": "Bruno", "how": "echoue", "night": 1} in (
        game.events("NightActionFoiled")
    )


def test_the_message_can_be_redirected(tmp_path: Path) -> None:
    """004, Redirecteur: « Toute action qui cible ce joueur, à ce moment-là, est alors redirigée
    vers un autre joueur de son choix également. »"""
    roles = {**ROLES, "Farid": "redirecteur"}
    game = game_with(tmp_path, roles)
    game.ok("Farid", "rediriger David vers Emma")
    game.ok("Bruno", f"telepathie David : {SAID}")
    game.ok("Alice", "tuer Gina")
    dawn(game)
    assert received(game, "David") == [] and len(received(game, "Emma")) == 1


def test_a_wolf_telepathe_writes_from_the_den(tmp_path: Path) -> None:
    """004: « Il peut être Loup-Garou ou Villageois. »: the wolf one kills with the pack and
    writes all the same."""
    game = game_with(tmp_path, aligned="loup")
    game.ok("Bruno", "tuer Gina")
    game.ok("Alice", "tuer Gina")
    game.ok("Bruno", "telepathy Chloe: we know")
    dawn(game)
    assert not game.alive("Gina")
    assert [e["recipient"] for e in game.events("TelepathMessage")] == ["Chloe"]


def test_the_metronome_drawn_telepathe_writes(tmp_path: Path) -> None:
    """004, Métronome: « Télépathe =8, 9 & 10 »: for the night he writes with the Télépathe's
    order, and the Télépathe sleeps."""
    roles = {**ROLES, "Emma": "metronome"}
    for seed in range(200):
        game = game_with(tmp_path / str(seed), roles, options={"seed": seed})
        if game.events("MetronomeTurned")[0]["role"] == "telepathe":
            break
    assert game.events("MetronomeTurned")[0]["asleep"] == ["Bruno"]
    game.ok("Emma", f"telepathie Farid : {SAID}")
    game.ok("Bruno", "telepathie David : rien")
    game.ok("Alice", "tuer Gina")
    dawn(game)
    assert [e["telepathe"] for e in game.events("TelepathMessage")] == ["Emma"]
