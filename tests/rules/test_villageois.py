"""Day votes and the Simple Villageois: seed 003 (003_66380dcf6dccf10a.txt), with 004
(004_c21bac90ae6ca834.txt) where 003 is silent.

003: « Simple Villageois : Il n'a aucune compétence particulière »; « Les Villageois survivants
doivent chaque jour suivant une mort, condamner un des joueurs »; « Ensuite le village vote afin
d'éliminer si possible un loup-garou. Pour se faire, chacun m'envoie son vote par MP et je
nommerai la personne que vous avez décidez d'éliminer [...]. Je donnerai aussi le vote de chacun
pour "aider" dans la prochaine discussion. »; « Ce joueur est éliminé du jeu, et ne peut plus
participer. »

004: « Les Simples Villageois, ou SV, sont les personnages de base. Ils n'ont aucun pouvoir.
Comme tous, ils peuvent voter [...]. Il ne se réveillent pas la Nuit. »
"""

from pathlib import Path

from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Chloe": "villageois",
    "David": "villageois",
    "Emma": "villageois",
    "Farid": "villageois",
}


def first_day(game: Scenario, victim: str = "Farid") -> None:
    game.ok("Alice", f"tuer {victim}")
    game.ok("Bruno", f"tuer {victim}")
    assert game.phase() == ("day", 1)


def test_each_sends_his_vote_and_each_vote_is_published(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    first_day(game)
    answer = game.ok("Chloe", "Bonjour MJ, je vote contre Alice")
    assert answer.subject == "[village] Ordre enregistré : vote contre Alice"
    assert "Vote enregistré contre Alice." in answer.text
    game.ok("David", "vote alice")
    game.ok("Emma", "Je vote pour Bruno.")
    game.ok("Alice", "vote Emma")
    game.ok("Bruno", "I vote for Emma please")
    game.new_mails()
    game.end()
    (counted,) = game.events("VotesCounted")
    assert counted["votes"] == {
        "Alice": "Emma",
        "Bruno": "Emma",
        "Chloe": "Alice",
        "David": "Alice",
        "Emma": "Bruno",
    }
    for name in ROLES:
        (digest,) = [m for m in game.new_mails(name) if "À vous d'agir" not in m.subject]
        assert (
            "Votes du bûcher :\n"
            "  Alice → Emma\n"
            "  Bruno → Emma\n"
            "  Chloe → Alice\n"
            "  David → Alice\n"
            "  Emma → Bruno\n"
            "Égalité entre Alice, Emma."
        ) in digest.body


def test_the_most_votes_is_condemned_and_his_role_announced(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    first_day(game)
    for voter, target in [
        ("Chloe", "Bruno"),
        ("David", "Bruno"),
        ("Emma", "Bruno"),
        ("Alice", "Chloe"),
        ("Bruno", "Chloe"),
    ]:
        game.ok(voter, f"vote {target}")
    game.new_mails()
    game.end()
    counted = game.events("VotesCounted")[-1]
    assert (counted["tally"], counted["chosen"]) == ({"Bruno": 3, "Chloe": 2}, "Bruno")
    assert not game.alive("Bruno")
    assert game.events("PlayerDied")[-1] == {
        "type": "PlayerDied",
        "name": "Bruno",
        "cause": "stake",
        "role": "loup-garou",
    }
    assert {"name": "Bruno", "role": "loup-garou", "camp": "loups"}.items() <= next(
        p for p in game.view("Chloe")["players"] if p["name"] == "Bruno"
    ).items()
    assert game.phase() == ("night", 2)
    (digest,) = [m for m in game.new_mails("David") if "À vous d'agir" not in m.subject]
    assert digest.subject == "[village] Nuit 2"
    assert "Bruno est mort·e (condamné·e au bûcher). Son rôle : Loup-Garou." in digest.body


def test_a_vote_may_be_changed_until_the_close_and_the_last_counts(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    first_day(game)
    game.ok("Chloe", "vote David")
    game.ok("Chloe", "vote blanc")
    changed = game.ok("Chloe", "Finalement, je vote contre Alice !")
    assert "Vote enregistré contre Alice." in changed.text
    game.ok("David", "vote Emma")
    game.ok("David", "non, vote Alice")
    game.ok("Alice", "vote Chloe")
    game.end()
    counted = game.events("VotesCounted")[-1]
    assert counted["votes"] == {"Alice": "Chloe", "Chloe": "Alice", "David": "Alice"}
    assert not game.alive("Alice")
    # the close is final: no more votes today
    game.refused("Chloe", "vote Bruno", "not_now")


def test_a_blank_vote_counts_for_nobody(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    first_day(game)
    blank = game.ok("Chloe", "je vote blanc aujourd'hui")
    assert "Vote blanc enregistré." in blank.text
    game.ok("David", "vote blanc")
    game.ok("Emma", "Je m'abstiens : vote blanc")
    game.ok("Alice", "vote Emma")
    game.new_mails()
    game.end()
    counted = game.events("VotesCounted")[-1]
    assert counted["votes"] == {"Alice": "Emma", "Chloe": None, "David": None, "Emma": None}
    assert (counted["tally"], counted["chosen"]) == ({"Emma": 1}, "Emma")
    assert not game.alive("Emma")
    (digest,) = [m for m in game.new_mails("Bruno") if "À vous d'agir" not in m.subject]
    assert "  Chloe → blanc\n  David → blanc\n  Emma → blanc\n" in digest.body


def test_the_dead_may_not_vote(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    first_day(game, "Farid")
    refused = game.refused("Farid", "je vote contre Alice, c'est un loup !", "dead")
    assert refused.subject == "[village] Ordre refusé"
    assert "Refusé — vous êtes mort·e, et les éliminés ne participent plus." in refused.text
    game.refused("Farid", "vote blanc", "dead")
    # nor may anyone vote against the dead
    against = game.refused("Chloe", "vote Farid", "illegal_target")
    assert "Farid est déjà mort·e" in against.text
    game.ok("Chloe", "vote Alice")
    game.end()
    assert game.events("VotesCounted")[-1]["votes"] == {"Chloe": "Alice"}


def test_a_day_does_not_close_early_when_everyone_voted(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    first_day(game)
    for voter in ("Alice", "Bruno", "Chloe", "David", "Emma"):
        game.ok(voter, "vote Chloe" if voter != "Chloe" else "vote Alice")
    assert game.phase() == ("day", 1) and game.step() == "vote"
    assert game.events("VotesCounted") == []
    game.later(hours=47, minutes=29)
    assert game.phase() == ("day", 1) and game.alive("Chloe")
    game.later(minutes=1)  # the deadline: 47h30 after dawn
    assert game.phase() == ("night", 2)
    assert game.events("StepClosed")[-1] == {
        "type": "StepClosed",
        "step": "vote",
        "reason": "deadline",
        "at": "2026-12-01T20:30:00+00:00",
    }
    assert not game.alive("Chloe")


def test_the_mj_may_close_the_day(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    first_day(game)
    game.ok("Chloe", "vote Bruno")
    game.end()
    assert game.events("StepClosed")[-1]["reason"] == "mj"
    assert not game.alive("Bruno") and game.phase() == ("night", 2)


def test_a_villager_has_no_night_power(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES)
    role_mail = next(m for m in game.mails("Chloe") if "Votre rôle" in m.subject)
    assert role_mail.subject == "[village] Votre rôle : Simple Villageois"
    assert "Vous n'avez pas de pouvoir : débattez et votez." in role_mail.body
    for text in (
        "tuer Alice",
        "Je sonde Bruno",
        "protéger David",
        "empoisonner Emma",
        "sauver",
        "unir Chloe et David",
        "tirer Alice",
        "successeur David",
    ):
        refused = game.refused("Chloe", text, "not_your_role")
        assert "votre rôle ne permet pas cet ordre" in refused.text
    game.refused("Chloe", "rien", "nothing_to_do")
    # he does not wake up at night: the wolves alone close it
    game.ok("Alice", "tuer David")
    game.ok("Bruno", "tuer David")
    assert game.phase() == ("day", 1)
