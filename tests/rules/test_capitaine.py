"""Capitaine: seed 003 (003_66380dcf6dccf10a.txt), completed by 004 (004_c21bac90ae6ca834.txt)
where 003 is silent.

003: « Ce statut est confiée à un des joueurs, en plus d'un autre rôle. [...] Dorénavant, en cas
d'égalité, les votes de ce joueur comptent pour 2 voix. Si ce joueur se fait éliminer, dans son
dernier souffle il désigne son successeur. » and « en cas d'égalité le vote du capitaine compte
double ».

004: « Presque toutes les parties [...] commencent par une journée dite "d'élections du
Capitaine" [...] élire un Capitaine, mais en aucun cas voter pour éliminer un joueur »;
« il dispose d'un délai décidé à l'avance par le MJ (exemple recommandé : 1h) pour désigner un
successeur [...] Le Capitaine peut aussi écrire un message privé au Meneur de Jeu afin de lui
désigner un successeur en avance »; « Si le Capitaine ne désigne pas de successeur dans le temps
imparti, alors le pouvoir de Capitaine est transmis parmi les joueurs encore en jeu par un tirage
au sort »; « Si une égalité pour élire un Capitaine se produisait lors de la journée des
élections, alors il n'y aurait pas de Capitaine pour toute la partie. Les éventuelles égalités
aux futurs bûchers se solderaient alors systématiquement par une non-mort. »
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


def elect(game: Scenario, captain: str) -> None:
    for name in ROLES:
        game.ok(name, f"vote {captain}")
    game.end()
    assert game.view()["captain"] == captain


def night_kills(game: Scenario, victim: str) -> None:
    game.ok("Alice", f"tuer {victim}")
    game.ok("Bruno", f"tuer {victim}")


def test_the_election_day_most_votes_wins(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES, election=True)
    assert game.phase() == ("election", 0) and game.step() == "election"
    (_role, opening) = game.new_mails("Emma")  # the role first, then the election's call
    assert opening.subject == "[village] Élection du Capitaine"
    assert "Votez pour élire le Capitaine : « vote NOM »." in opening.body
    game.ok("Alice", "vote Chloe")
    game.ok("Bruno", "Je vote pour Chloé comme capitaine")
    game.ok("Chloe", "j'élis David")
    game.ok("David", "vote chloe")
    game.ok("Emma", "vote David")
    game.ok("Farid", "vote blanc")
    # everyone voted, yet the election day runs until its close
    assert game.phase() == ("election", 0)
    game.new_mails()
    game.end()
    assert game.view("Emma")["captain"] == "Chloe"
    (counted,) = game.events("VotesCounted")
    assert counted["step"] == "election"
    assert counted["tally"] == {"Chloe": 3, "David": 2}
    assert game.events("CaptainElected") == [{"type": "CaptainElected", "name": "Chloe"}]
    # an election kills nobody
    assert all(game.alive(n) for n in ROLES)
    assert game.phase() == ("night", 1)
    (digest,) = [m for m in game.new_mails("Farid") if "À vous d'agir" not in m.subject]
    assert digest.subject == "[village] Nuit 1"
    assert (
        "Votes pour l'élection du Capitaine :\n"
        "  Alice → Chloe\n"
        "  Bruno → Chloe\n"
        "  Chloe → David\n"
        "  David → Chloe\n"
        "  Emma → David\n"
        "  Farid → blanc\n"
        "Chloe est élu·e Capitaine."
    ) in digest.body


def test_a_tied_election_leaves_the_game_without_captain_and_tied_stakes_kill_nobody(
    tmp_path: Path,
) -> None:
    game = Scenario(tmp_path, ROLES, election=True)
    for voter, target in [
        ("Alice", "Chloe"),
        ("Bruno", "David"),
        ("Chloe", "David"),
        ("David", "Chloe"),
        ("Emma", "Chloe"),
        ("Farid", "David"),
    ]:
        game.ok(voter, f"vote {target}")
    game.new_mails()
    game.end()
    assert game.events("CaptainElected") == [{"type": "CaptainElected", "name": None}]
    assert game.view()["captain"] is None
    (digest,) = [m for m in game.new_mails("Chloe") if "À vous d'agir" not in m.subject]
    assert "Égalité entre Chloe, David." in digest.body
    assert "Pas de Capitaine : il n'y en aura pas de la partie." in digest.body
    # nobody may name a successor
    game.refused("Chloe", "successeur David", "not_your_role")

    night_kills(game, "Farid")
    assert game.phase() == ("day", 1)
    for voter, target in [
        ("Chloe", "Alice"),
        ("David", "Alice"),
        ("Alice", "Chloe"),
        ("Bruno", "Chloe"),
    ]:
        game.ok(voter, f"je vote contre {target}")
    game.ok("Emma", "vote blanc")
    game.new_mails()
    game.end()
    stake = game.events("VotesCounted")[-1]
    assert (stake["step"], stake["chosen"], stake["tied"]) == ("vote", None, ["Alice", "Chloe"])
    assert [e["name"] for e in game.events("PlayerDied")] == ["Farid"]
    assert game.phase() == ("night", 2)
    assert game.view()["captain"] is None
    (digest,) = [m for m in game.new_mails("David") if "À vous d'agir" not in m.subject]
    assert "Égalité entre Alice, Chloe." in digest.body
    assert "condamné·e au bûcher" not in digest.body
    # still no captain, and no second election
    assert [e["kind"] for e in game.events("PhaseOpened")] == ["election", "night", "day", "night"]


def test_on_a_tie_at_the_stake_the_captains_vote_counts_double(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES, election=True)
    elect(game, "Chloe")
    night_kills(game, "Farid")
    game.ok("Chloe", "Je vote contre Alice, elle ment")
    game.ok("David", "vote Alice")
    game.ok("Alice", "vote David")
    game.ok("Bruno", "vote David")
    game.ok("Emma", "vote blanc")
    game.new_mails()
    game.end()
    stake = game.events("VotesCounted")[-1]
    assert stake["tally"] == {"Alice": 3, "David": 2}
    assert (stake["chosen"], stake["tied"]) == ("Alice", [])
    assert not game.alive("Alice") and game.alive("David")
    (digest,) = [m for m in game.new_mails("Emma") if "À vous d'agir" not in m.subject]
    assert "Alice est mort·e (condamné·e au bûcher). Son rôle : Loup-Garou." in digest.body
    assert "Égalité" not in digest.body


def test_without_a_tie_the_captain_has_one_vote(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES, election=True)
    elect(game, "Chloe")
    night_kills(game, "Farid")
    for voter, target in [
        ("Chloe", "Alice"),
        ("David", "Bruno"),
        ("Emma", "Bruno"),
        ("Alice", "Emma"),
        ("Bruno", "Emma"),
    ]:
        game.ok(voter, f"vote {target}")
    game.ok("Alice", "non, finalement vote Bruno")  # Bruno 3, Emma 1, Alice 1: no tie
    game.end()
    stake = game.events("VotesCounted")[-1]
    assert stake["tally"] == {"Alice": 1, "Bruno": 3, "Emma": 1}
    assert stake["chosen"] == "Bruno"


def test_still_tied_after_the_captains_vote_nobody_dies(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES, election=True)
    elect(game, "Chloe")
    night_kills(game, "Farid")
    for voter, target in [
        ("David", "Alice"),
        ("Emma", "Alice"),
        ("Alice", "David"),
        ("Bruno", "David"),
        ("Chloe", "Emma"),  # the captain votes for neither of the tied players
    ]:
        game.ok(voter, f"vote {target}")
    game.new_mails()
    game.end()
    stake = game.events("VotesCounted")[-1]
    assert stake["tally"] == {"Alice": 2, "David": 2, "Emma": 1}
    assert (stake["chosen"], stake["tied"]) == (None, ["Alice", "David"])
    assert [e["name"] for e in game.events("PlayerDied")] == ["Farid"]
    (digest,) = [m for m in game.new_mails("Bruno") if "À vous d'agir" not in m.subject]
    assert "Égalité entre Alice, David." in digest.body
    assert game.phase() == ("night", 2)


def test_at_his_death_the_captain_names_his_successor(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES, election=True)
    elect(game, "Chloe")
    game.new_mails()
    night_kills(game, "Chloe")
    assert not game.alive("Chloe")
    # the village waits for the successor before the day rises
    assert game.phase() == ("night", 1) and game.step() is None
    assert game.view("Chloe")["awaiting"] == [
        {"player": "Chloe", "kind": "successeur", "deadline": "2026-11-29T22:00:00+00:00"}
    ]
    digest, heir = game.new_mails("Chloe")
    assert heir.subject == "[village] Votre successeur"
    assert "Répondez « successeur NOM » avant le dimanche 29 novembre à 23h00" in heir.body
    assert (
        "Le village attend que Chloe désigne son successeur "
        "(au plus tard le dimanche 29 novembre à 23h00)."
    ) in digest.body
    game.new_mails()
    answer = game.ok("Chloe", "Je désigne David comme successeur, bonne chance")
    assert "Successeur désigné : David." in answer.text
    assert game.events("CaptainPassed") == [
        {"type": "CaptainPassed", "frm": "Chloe", "to": "David", "how": "named"}
    ]
    assert game.view("Emma")["captain"] == "David"
    assert game.phase() == ("day", 1)
    (digest,) = [m for m in game.new_mails("Emma") if "À vous d'agir" not in m.subject]
    assert digest.subject == "[village] Jour 1"
    assert "David devient Capitaine." in digest.body


def test_a_successor_named_in_advance_takes_the_title_at_once(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES, election=True)
    elect(game, "Chloe")
    game.refused("David", "successeur Emma", "not_your_role")
    game.refused("Chloe", "successeur moi", "illegal_target")
    first = game.ok("Chloe", "successeur Emma")
    assert "Successeur désigné : Emma." in first.text
    game.ok("Chloe", "Finalement je nomme Farid")
    game.new_mails()
    night_kills(game, "Chloe")
    assert game.events("ReactionAwaited") == []
    assert game.events("CaptainPassed") == [
        {"type": "CaptainPassed", "frm": "Chloe", "to": "Farid", "how": "named"}
    ]
    assert game.view()["captain"] == "Farid"
    assert game.phase() == ("day", 1)
    chloe = game.new_mails("Chloe")
    assert [m.subject for m in chloe] == ["[village] Jour 1"]
    assert "Farid devient Capitaine." in chloe[0].body


def test_no_successor_in_the_delay_the_title_is_drawn_among_the_living(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES, election=True)
    elect(game, "Chloe")
    night_kills(game, "Chloe")
    game.new_mails()
    game.later(minutes=59)
    # the title is still his, in his last breath
    assert game.view()["captain"] == "Chloe" and game.phase() == ("night", 1)
    game.later(minutes=1)
    (drawn,) = game.events("RandomDrawn")
    assert drawn["purpose"] == "captain-heir"
    assert drawn["among"] == ["Alice", "Bruno", "David", "Emma", "Farid"]
    (heir,) = drawn["chosen"]
    assert game.events("CaptainPassed") == [
        {"type": "CaptainPassed", "frm": "Chloe", "to": heir, "how": "drawn"}
    ]
    assert game.view("Farid")["captain"] == heir
    assert game.phase() == ("day", 1)
    (digest,) = [m for m in game.new_mails("Farid") if "À vous d'agir" not in m.subject]
    assert f"{heir} devient Capitaine (tiré au sort)." in digest.body
    game.refused("Chloe", "successeur Farid", "dead")


def test_the_captain_may_not_decide_a_tie_his_vote_counts_double_instead(tmp_path: Path) -> None:
    game = Scenario(tmp_path, ROLES, election=True)
    elect(game, "Chloe")
    night_kills(game, "Farid")
    refused = game.refused("Chloe", "Je tranche pour Alice", "not_allowed")
    assert (
        "dans cette partie le Capitaine ne tranche pas : sa voix compte double en cas d'égalité"
        in refused.text
    )
    assert refused.subject == "[village] Ordre refusé"
