"""Cupidon and the lovers: seed 003 (003_66380dcf6dccf10a.txt), with 004
(004_c21bac90ae6ca834.txt) where 003 is silent.

003: « La première nuit, il désigne deux joueurs qui seront follement amoureux l'un de l'autre.
Si l'un d'eux meurt, l'autre meurt de chagrin immédiatement. Un loup-garou et un villageois
peuvent être Amoureux l'un de l'autre. Ils jouent alors contre tous les autres, loups-garous et
villageois. Si les amoureux survivent, alors ce sont eux qui gagnent. Le Cupidon peut se désigner
lui-même comme un des deux amoureux. » and « 2nde phase (premier tour seulement) [...] les
Amoureux (une fois leur identité révélé par le maître du jeu) se réveillent, se reconnaissent ».

004: « Cupidon n'agit qu'une seule fois durant la partie »; « Les deux joueurs amoureux ne
peuvent jamais voter définitivement l'un contre l'autre. De même, un loup amoureux ne peut pas
faire l'action du meurtre, si celui-ci vise son amoureux. »
"""

import json
from pathlib import Path

from lgmail.rules.dump import dump, upcast
from lgmail.rules.state import LOVERS_UNITED_BY
from lgmail.store.schema import projections
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Cyril": "cupidon",
    "Chloe": "villageois",
    "David": "villageois",
    "Emma": "villageois",
}


def test_the_first_night_cupidon_names_two_lovers_who_are_told(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    assert game.phase() == ("night", 1) and game.step() == "cupidon"
    role_mail = next(m for m in game.mails("Cyril") if "Votre rôle" in m.subject)
    assert role_mail.subject == "[village] Votre rôle : Cupidon"
    assert "La première nuit : « unir NOM et NOM » (vous pouvez vous choisir)." in role_mail.body
    game.new_mails()
    answer = game.ok("Cyril", "Cette nuit je veux unir Chloé et David, merci")
    assert "Vous unirez Chloe et David." in answer.text
    assert game.events("LoversUnited") == [
        {"type": "LoversUnited", "cupidon": "Cyril", "lovers": ["Chloe", "David"]}
    ]
    # Cupidon's step is over: the wolves' step opens
    assert game.step() == "loups"
    (chloe,) = game.new_mails("Chloe")
    assert chloe.subject == "[village] Cupidon vous a frappé·e"
    assert "Cupidon vous a uni·e à David. Si l'un de vous meurt, l'autre meurt de chagrin." in (
        chloe.body
    )
    (david,) = game.new_mails("David")
    assert "Cupidon vous a uni·e à Chloe." in david.body
    for other in ("Cyril", "Emma"):
        assert game.new_mails(other) == []
    for wolf in ("Alice", "Bruno"):  # the wolves' step opens: each wolf is told to act
        (step,) = game.new_mails(wolf)
        assert step.subject == "[village] À vous d'agir" and "tuer NOM" in step.body


def test_cupidon_may_name_himself(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    game.new_mails()
    game.ok("Cyril", "unir moi et Emma")
    assert game.state.lovers == ["Cyril", "Emma"]
    (cyril,) = game.new_mails("Cyril")
    assert "Cupidon vous a uni·e à Emma." in cyril.body
    (emma,) = game.new_mails("Emma")
    assert "Cupidon vous a uni·e à Cyril." in emma.body


def test_only_the_lovers_and_cupidon_know_the_couple(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    game.ok("Cyril", "unir Alice et Chloe")
    assert game.view("Alice")["lovers"] == ["Alice", "Chloe"]
    assert game.view("Chloe")["lovers"] == ["Alice", "Chloe"]
    # Cupidon made the couple: he knows it
    assert game.view("Cyril")["lovers"] == ["Alice", "Chloe"]
    for other in ("Bruno", "David", "Emma"):
        assert game.view(other)["lovers"] == []
    # the lover learns the name, not the role, of the other
    chloe_sees = {p["name"]: p["role"] for p in game.view("Chloe")["players"]}
    assert chloe_sees["Alice"] is None


def test_when_a_lover_dies_the_other_dies_of_grief_at_once(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    game.ok("Cyril", "unir Chloe et David")
    game.new_mails()
    game.ok("Alice", "tuer Chloe")
    game.ok("Bruno", "tuer Chloe")
    assert not game.alive("Chloe") and not game.alive("David")
    assert [(e["name"], e["cause"]) for e in game.events("PlayerDied")] == [
        ("Chloe", "wolves"),
        ("David", "grief"),
    ]
    (digest,) = game.new_mails("Emma")
    assert (
        "Chloe est mort·e (dévoré·e par les loups). Son rôle : Simple Villageois.\n"
        "David est mort·e (mort·e de chagrin). Son rôle : Simple Villageois."
    ) in digest.body


def test_grief_follows_a_death_at_the_stake_too(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    game.ok("Cyril", "unir Bruno et Emma")
    game.ok("Alice", "tuer David")
    game.ok("Bruno", "tuer David")
    for voter in ("Alice", "Cyril", "Chloe"):
        game.ok(voter, "vote Bruno")
    game.ok("Bruno", "vote Chloe")
    game.new_mails()
    game.end()
    assert [(e["name"], e["cause"]) for e in game.events("PlayerDied")] == [
        ("David", "wolves"),
        ("Bruno", "stake"),
        ("Emma", "grief"),
    ]
    (digest,) = game.new_mails("Chloe")
    assert (
        "Bruno est mort·e (condamné·e au bûcher). Son rôle : Loup-Garou.\n"
        "Emma est mort·e (mort·e de chagrin). Son rôle : Simple Villageois."
    ) in digest.body


def test_lovers_may_not_vote_against_each_other(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    game.ok("Cyril", "unir Chloe et David")
    game.ok("Alice", "tuer Emma")
    game.ok("Bruno", "tuer Emma")
    assert game.phase() == ("day", 1)
    refused = game.refused("Chloe", "Je vote contre David", "illegal_target")
    assert "vous ne pouvez pas viser votre amoureux·se" in refused.text
    game.refused("David", "I vote against Chloe", "illegal_target")
    game.ok("Chloe", "vote Alice")
    game.ok("Alice", "vote David")  # the others may
    game.end()
    assert game.events("VotesCounted")[-1]["votes"] == {"Alice": "David", "Chloe": "Alice"}


def test_a_wolf_in_love_may_not_kill_his_lover(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    game.ok("Cyril", "unir Alice et Chloe")
    refused = game.refused("Alice", "on mange Chloé", "illegal_target")
    assert "vous ne pouvez pas viser votre amoureux·se" in refused.text
    # the rest of the pack may, and the wolf in love then dies of grief
    game.ok("Alice", "tuer Emma")
    game.ok("Bruno", "tuer Chloe")
    assert [(e["name"], e["cause"]) for e in game.events("PlayerDied")] == [
        ("Chloe", "wolves"),
        ("Alice", "grief"),
    ]


def test_cupidon_acts_only_the_first_night(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    game.ok("Cyril", "unir Chloe et David")
    game.refused("Cyril", "unir Emma et Bruno", "already_used")
    game.ok("Alice", "tuer Emma")
    game.ok("Bruno", "tuer Emma")
    game.refused("Cyril", "unir Alice et Bruno", "already_used")
    game.end()
    assert game.phase() == ("night", 2)
    refused = game.refused("Cyril", "je voudrais unir Alice et Bruno", "already_used")
    assert "ce pouvoir est déjà utilisé" in refused.text
    assert game.state.lovers == ["Chloe", "David"]


def test_a_cupidon_silent_the_first_night_may_not_unite_later(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    game.later(hours=24)  # the whole first night passes
    assert game.phase() == ("day", 1) and game.events("LoversUnited") == []
    game.end()
    assert game.phase() == ("night", 2) and game.step() == "loups"
    game.refused("Cyril", "unir Chloe et David", "already_used")
    assert game.state.lovers == []


def test_a_wolf_and_a_villager_in_love_win_when_last_alive(tmp_path: Path) -> None:
    roles = {
        "Alice": "loup-garou",
        "Cyril": "cupidon",
        "Chloe": "villageois",
        "David": "villageois",
    }
    game = Scenario(tmp_path, roles)
    game.ok("Cyril", "unir Alice et Chloe")
    game.ok("Alice", "tuer David")
    assert game.phase() == ("day", 1)
    game.ok("Alice", "vote Cyril")
    game.ok("Chloe", "vote Cyril")
    game.ok("Cyril", "vote Alice")
    game.new_mails()
    game.end()
    assert game.phase() == ("ended", 1)
    assert (game.view()["winner"], game.view()["winners"]) == ("amoureux", ["Alice", "Chloe"])
    (end,) = game.new_mails("Cyril")
    assert end.subject == "[village] Fin de la partie"
    assert "La partie est terminée : victoire des Amoureux !\nGagnants : Alice, Chloe." in end.body


def test_a_wolf_and_a_villager_in_love_play_against_the_village(tmp_path: Path) -> None:
    roles = {
        "Alice": "loup-garou",
        "Cyril": "cupidon",
        "Chloe": "villageois",
        "David": "villageois",
        "Emma": "villageois",
    }
    game = Scenario(tmp_path, roles)
    game.ok("Cyril", "unir Alice et Chloe")
    game.ok("Alice", "tuer David")
    game.ok("Cyril", "vote Alice")
    game.ok("Emma", "vote Alice")
    game.ok("Alice", "vote Emma")
    game.ok("Chloe", "vote blanc")
    game.end()
    assert [(e["name"], e["cause"]) for e in game.events("PlayerDied")] == [
        ("David", "wolves"),
        ("Alice", "stake"),
        ("Chloe", "grief"),
    ]
    # the village wins, but Chloe, who loved a wolf, is not among the winners
    assert game.view()["winner"] == "village"
    assert game.view()["winners"] == ["Cyril", "David", "Emma"]


def _as_stored_before(stored: str) -> str:
    """`stored` as older lgmail wrote it: Cupidon's name in a top-level field of its own."""
    data = json.loads(stored)
    data["cupidon"] = data.get("extra", {}).pop(LOVERS_UNITED_BY, None)
    return json.dumps(data)


def test_a_projection_stored_before_cupidon_kept_his_own_key_still_replays(tmp_path: Path) -> None:
    """Older lgmail stored the state with a top-level field "cupidon" (null in every game
    without lovers): `lgmail replay` compares that projection with today's form."""
    game = Scenario(tmp_path, ROLES)
    game.ok("Cyril", "unir Chloé et David")
    state = game.state
    assert state.matchmaker() == "Cyril" and "cupidon" not in json.loads(dump(state))
    assert upcast(_as_stored_before(dump(state))) == dump(state)
    store = game.games.store
    stored = store.snapshot(game.name)
    assert stored is not None
    with store.engine.begin() as conn:
        conn.execute(
            projections.update()
            .where(projections.c.game == game.name)
            .values(state_json=_as_stored_before(stored[1]))
        )
    assert store.snapshot(game.name) != stored
    assert game.games.replay(game.name)[0]
