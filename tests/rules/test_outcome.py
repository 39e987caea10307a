"""Who wins: seed 003 (003_66380dcf6dccf10a.txt).

003, « But du jeu » : « Pour les Villageois : éliminer les Loups-garous. Pour les Loups-garous :
éliminer les Villageois. »

004 (004_c21bac90ae6ca834.txt), Simples Villageois: « Ils gagnent si tous les Loups-Garous sont
éliminés »; Loups-Garous: « Ils doivent, pour gagner la partie, éliminer tous les Villageois ».
"""

from pathlib import Path

import pytest

from lgmail.service.transactions import GameError
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "villageois",
    "Chloe": "voyante",
    "David": "villageois",
    "Emma": "villageois",
}


def village_wins(game: Scenario) -> None:
    """Night 1 the wolf eats Bruno; day 1 the village burns Alice, the only wolf."""
    game.ok("Chloe", "je sonde Alice")
    game.ok("Alice", "tuer Bruno")
    assert game.phase() == ("day", 1)
    for voter in ("Chloe", "David", "Emma"):
        game.ok(voter, "vote Alice")
    game.ok("Alice", "vote Chloe")
    game.end()


def test_the_village_wins_when_the_last_wolf_dies(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    village_wins(game)
    assert game.phase() == ("ended", 1)
    # every player of the village's camp wins, the dead Bruno too
    assert game.events("GameEnded") == [
        {
            "type": "GameEnded",
            "winner": "village",
            "winners": ["Bruno", "Chloe", "David", "Emma"],
        }
    ]
    view = game.view("David")
    assert (view["status"], view["winner"]) == ("ended", "village")
    assert view["winners"] == ["Bruno", "Chloe", "David", "Emma"]


def test_the_wolves_win_when_no_villager_is_left(tmp_path: Path) -> None:
    roles = {
        "Alice": "loup-garou",
        "Bruno": "loup-garou",
        "Chloe": "villageois",
        "David": "villageois",
    }
    game = Scenario(tmp_path, roles)
    game.ok("Alice", "tuer Chloe")
    game.ok("Bruno", "dévorer Chloé")
    assert game.phase() == ("day", 1) and game.events("GameEnded") == []
    game.ok("Alice", "vote David")
    game.ok("Bruno", "vote David")
    game.ok("David", "vote Alice")
    game.new_mails()
    game.end()
    assert game.events("GameEnded") == [
        {"type": "GameEnded", "winner": "loups", "winners": ["Alice", "Bruno"]}
    ]
    (end,) = game.new_mails("David")
    assert "La partie est terminée : victoire des Loups-Garous !\nGagnants : Alice, Bruno." in (
        end.body
    )


def test_the_end_mail_tells_everyone_every_role_and_the_winners(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    game.new_mails()
    village_wins(game)
    expected = (
        "La partie est terminée : victoire du Village !\n"
        "Gagnants : Bruno, Chloe, David, Emma.\n"
        "Les rôles :\n"
        "  Alice : Loup-Garou (mort·e)\n"
        "  Bruno : Simple Villageois (mort·e)\n"
        "  Chloe : Voyante\n"
        "  David : Simple Villageois\n"
        "  Emma : Simple Villageois\n"
    )
    for name in ROLES:  # the dead included
        end = game.mails(name)[-1]
        assert end.subject == "[village] Fin de la partie"
        assert "Alice est mort·e (condamné·e au bûcher). Son rôle : Loup-Garou." in end.body
        assert expected in end.body
    mj = game.mails("mj@example.org")[-1]
    assert mj.subject == "[village] Fin de la partie"
    assert expected in mj.body


def test_after_the_end_every_order_is_refused(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    village_wins(game)
    for player, text in [
        ("David", "vote Emma"),
        ("Emma", "vote blanc"),
        ("Chloe", "sonder David"),
        ("David", "rien"),
        ("Alice", "tuer David"),  # a dead wolf
        ("Bruno", "vote Emma"),  # a dead villager
    ]:
        refused = game.refused(player, text, "game_over")
        assert "la partie est terminée" in refused.text
    game.later(hours=48)
    assert game.phase() == ("ended", 1)
    with pytest.raises(GameError, match="La partie est terminée") as ended:
        game.end()
    assert ended.value.refusal is not None and ended.value.refusal.cause == "game_over"


def test_after_the_end_every_player_sees_every_role(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    game.ok("Chloe", "je sonde Alice")
    game.ok("Alice", "tuer Bruno")
    # before the end, a villager sees only his own role and the revealed dead
    seen = {p["name"]: p["role"] for p in game.view("David")["players"]}
    assert seen == {
        "Alice": None,
        "Bruno": "villageois",
        "Chloe": None,
        "David": "villageois",
        "Emma": None,
    }
    for voter in ("Chloe", "David", "Emma"):
        game.ok(voter, "vote Alice")
    game.end()
    for name in ROLES:
        players = game.view(name)["players"]
        assert {p["name"]: p["role"] for p in players} == ROLES
        assert {p["name"]: p["camp"] for p in players} == {
            "Alice": "loups",
            "Bruno": "village",
            "Chloe": "village",
            "David": "village",
            "Emma": "village",
        }


def test_the_village_wins_at_once_when_the_last_wolf_was_the_captain(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES, election=True)
    for name in ROLES:
        game.ok(name, "vote Alice")
    game.end()
    assert game.view()["captain"] == "Alice"
    game.ok("Chloe", "je sonde Alice")
    game.ok("Alice", "tuer Bruno")
    for voter in ("Chloe", "David", "Emma"):
        game.ok(voter, "vote Alice")
    game.new_mails()
    game.end()
    assert game.events("GameEnded") == [
        {
            "type": "GameEnded",
            "winner": "village",
            "winners": ["Bruno", "Chloe", "David", "Emma"],
        }
    ]
    assert not any(m.subject == "[village] Votre successeur" for m in game.new_mails("Alice"))
