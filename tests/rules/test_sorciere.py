"""Sorcière: seed 003 (003_66380dcf6dccf10a.txt), completed by 004 (004_c21bac90ae6ca834.txt).

003: « Elle sait concocter deux potions extrêmement puissantes : une potion de guérison, pour
ressusciter le joueur tué par les loups-garous, une potion d'empoisonnement, utilisée la nuit
pour éliminer un joueur. La Sorcière peut utiliser chaque potion 1 seule fois dans la partie.
Elle peut se servir de ses deux potions la même nuit. » ; « La sorcière peut utiliser les
potions à son profit, et donc se guérir elle-même. » ; « 6ème phase : la Sorcière se réveille,
le maître du jeu lui indique la victime des loups-garous. » ; « Le meneur révélera son effet
éventuel le matin suivant. »

004: « chaque Nuit, le Maître du Jeu lui annonce le nom de la victime des Loups-garous » ;
« une potion de mort pour empoisonner un autre joueur qui sera aussitôt éliminé de la partie dès
le lever du Jour suivant » ; (Salvateur) « la Sorcière (s'il y en a une) ne reçoit aucun nom de
victime ». 004's « Le Maitre du Jeu arrête de lui envoyer le nom de la victime des Loups-Garous à
partir du moment où la Sorcière utilise sa potion de vie. » is not 003's: it belongs to
`thiercelieux` (tests/rules/thiercelieux/test_sorciere.py).
"""

from pathlib import Path

from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "David": "sorciere",
    "Chloe": "villageois",
    "Emma": "villageois",
    "Felix": "villageois",
    "Hugo": "villageois",
}


def _wolves(game: Scenario, victim: str) -> None:
    game.ok("Alice", f"tuer {victim}")
    game.ok("Bruno", f"je veux dévorer {victim}")


def _witch_mails(game: Scenario) -> list[str]:
    return [m.body for m in game.mails("David") if m.subject == "[village] La victime des loups"]


def test_she_is_told_the_wolves_victim(tmp_path: Path) -> None:
    """003: « la Sorcière se réveille, le maître du jeu lui indique la victime des
    loups-garous »."""
    game = Scenario(tmp_path, ROLES)
    _wolves(game, "Emma")
    assert game.phase() == ("night", 1) and game.step() == "sorciere"
    assert game.events("WitchToldVictim") == [
        {"type": "WitchToldVictim", "witch": "David", "victim": "Emma"}
    ]
    told = _witch_mails(game)
    assert len(told) == 1
    assert "Cette nuit, les loups ont choisi Emma." in told[0]
    assert "« sauver »" in told[0]
    for other in ("Alice", "Bruno", "Chloe", "Emma", "Felix", "Hugo"):
        assert not any("La victime des loups" in m.subject for m in game.mails(other)), other


def test_sauver_saves_the_wolves_victim(tmp_path: Path) -> None:
    """003: « une potion de guérison, pour ressusciter le joueur tué par les loups-garous »."""
    game = Scenario(tmp_path, ROLES)
    _wolves(game, "Emma")
    answer = game.ok("David", "Je sauve la victime")
    assert "Potion de vie : vous sauverez la victime." in answer.text
    # her death potion is left: the night waits for it, for « fini » or for the deadline
    assert game.step() == "sorciere"
    game.ok("David", "fini")
    assert game.phase() == ("day", 1)
    assert game.alive("Emma")
    assert game.events("PotionUsed") == [
        {"type": "PotionUsed", "witch": "David", "potion": "vie", "target": "Emma"}
    ]
    assert game.events("PlayerDied") == []
    assert "Personne n'est mort." in game.mails("Emma")[-1].body


def test_sauver_before_being_told_is_refused_and_says_when(tmp_path: Path) -> None:
    """003: the witch acts once « le maître du jeu lui indique la victime » (6ème phase, after
    the wolves' 5ème phase)."""
    game = Scenario(tmp_path, ROLES)
    assert game.step() == "loups"
    answer = game.refused("David", "sauver", "not_yet_told")
    assert "pas encore : vous connaîtrez la victime quand les loups auront choisi" in answer.text
    assert "renvoyez « sauver » après ce message" in answer.text
    _wolves(game, "Chloe")
    assert game.step() == "sorciere"
    game.ok("David", "sauver\nfini")
    assert game.phase() == ("day", 1) and game.alive("Chloe")


def test_poison_kills_at_dawn_and_the_role_is_announced(tmp_path: Path) -> None:
    """003: « une potion d'empoisonnement, utilisée la nuit pour éliminer un joueur » ; « Le
    meneur révélera son effet éventuel le matin suivant »; 004: « ... aussitôt éliminé de la
    partie dès le lever du Jour suivant »."""
    game = Scenario(tmp_path, ROLES)
    answer = game.ok("David", "empoisonner Bruno")
    assert "Potion de mort : vous empoisonnerez Bruno." in answer.text
    _wolves(game, "Hugo")
    # still night: the poisoned wolf lives until dawn
    assert game.step() == "sorciere" and game.alive("Bruno")
    game.later(hours=24)  # the Sorcière's step reaches its deadline: dawn
    assert game.phase() == ("day", 1)
    assert not game.alive("Bruno") and not game.alive("Hugo")
    died = {e["name"]: e["cause"] for e in game.events("PlayerDied")}
    assert died == {"Hugo": "wolves", "Bruno": "poison"}
    digest = game.mails("Chloe")[-1].body
    assert "Bruno est mort·e (empoisonné·e). Son rôle : Loup-Garou." in digest
    assert "Hugo est mort·e (dévoré·e par les loups). Son rôle : Simple Villageois." in digest
    roles = {p["name"]: p["role"] for p in game.view("Chloe")["players"]}
    assert roles["Bruno"] == "loup-garou"


def test_each_potion_only_once(tmp_path: Path) -> None:
    """003: « La Sorcière peut utiliser chaque potion 1 seule fois dans la partie. »"""
    game = Scenario(tmp_path, ROLES)
    _wolves(game, "Emma")
    game.ok("David", "guérir\nj'ai fini")
    assert game.alive("Emma")
    game.end()  # day 1: no vote
    assert game.phase() == ("night", 2)
    answer = game.refused("David", "sauver", "already_used")
    assert "ce pouvoir est déjà utilisé" in answer.text
    game.ok("David", "empoisonner Alice")
    _wolves(game, "Felix")
    game.later(hours=24)
    assert game.phase() == ("day", 2)
    assert not game.alive("Alice") and not game.alive("Felix")
    game.end()  # day 2: no vote
    assert game.phase() == ("night", 3)
    game.refused("David", "empoisonner Bruno", "already_used")
    game.refused("David", "save Chloe", "already_used")
    # both potions gone: the night has no Sorcière's step
    game.ok("Bruno", "tuer Chloe")
    assert game.phase() == ("day", 3) and not game.alive("Chloe")
    potions = [(e["potion"], e["target"]) for e in game.events("PotionUsed")]
    assert potions == [("vie", "Emma"), ("mort", "Alice")]


def test_both_potions_the_same_night(tmp_path: Path) -> None:
    """003: « Elle peut se servir de ses deux potions la même nuit. Le matin suivant ... il
    pourra donc y avoir soit aucun mort, soi un mort ou deux morts. »; 004: « La Sorcière a le
    droit d'utiliser ses deux potions au cours de la même Nuit. » (told the victim, she answers
    with both potions in one mail)."""
    game = Scenario(tmp_path, ROLES)
    _wolves(game, "Felix")
    assert game.step() == "sorciere"
    answer = game.ok("David", "sauver\nempoisonner Alice")
    assert "Potion de vie : vous sauverez la victime." in answer.text
    assert "Potion de mort : vous empoisonnerez Alice." in answer.text
    assert game.phase() == ("day", 1)
    assert game.alive("Felix") and not game.alive("Alice")
    assert game.events("PlayerDied") == [
        {"type": "PlayerDied", "name": "Alice", "cause": "poison", "role": "loup-garou"}
    ]
    digest = game.mails("Hugo")[-1].body
    assert "Alice est mort·e (empoisonné·e). Son rôle : Loup-Garou." in digest
    assert "Felix" not in digest


def test_both_potions_the_same_night_poison_sent_in_advance(tmp_path: Path) -> None:
    """003: « Elle peut se servir de ses deux potions la même nuit. » (the poison ordered before
    the wolves choose, the life potion once told)."""
    game = Scenario(tmp_path, ROLES)
    game.ok("David", "empoisonner Alice")
    _wolves(game, "Felix")
    assert game.step() == "sorciere"
    assert "Cette nuit, les loups ont choisi Felix." in _witch_mails(game)[0]
    answer = game.ok("David", "potion de vie")
    assert "Potion de vie : vous sauverez la victime." in answer.text
    assert game.phase() == ("day", 1)
    assert game.alive("Felix") and not game.alive("Alice")
    potions = [(e["potion"], e["target"]) for e in game.events("PotionUsed")]
    assert potions == [("vie", "Felix"), ("mort", "Alice")]
    assert game.events("PlayerDied") == [
        {"type": "PlayerDied", "name": "Alice", "cause": "poison", "role": "loup-garou"}
    ]
    digest = game.mails("Hugo")[-1].body
    assert "Alice est mort·e (empoisonné·e). Son rôle : Loup-Garou." in digest
    assert "Felix" not in digest


def test_she_may_save_herself(tmp_path: Path) -> None:
    """003: « La sorcière peut utiliser les potions à son profit, et donc se guérir
    elle-même. »; 004: « La Sorcière peut se sauver elle-même. »"""
    game = Scenario(tmp_path, ROLES)
    _wolves(game, "David")
    assert "Cette nuit, les loups ont choisi David." in _witch_mails(game)[0]
    game.ok("David", "je me soigne\nfini")
    assert game.phase() == ("day", 1)
    assert game.alive("David")
    assert game.events("PlayerDied") == []
    assert "Personne n'est mort." in game.mails("David")[-1].body


def test_with_her_life_potion_spent_she_is_still_told_the_victim(tmp_path: Path) -> None:
    """003: « 6ème phase : la Sorcière se réveille, le maître du jeu lui indique la victime des
    loups-garous. » (no exception once the life potion is used: 004's « Le Maitre du Jeu arrête
    de lui envoyer le nom [...] » belongs to `thiercelieux`); « La Sorcière peut utiliser chaque
    potion 1 seule fois dans la partie. »: `sauver` is refused, already used."""
    game = Scenario(tmp_path, ROLES)
    _wolves(game, "Emma")
    game.ok("David", "sauver")
    while game.phase() == ("night", 1):
        game.end()
    game.end()  # day 1: no vote
    assert game.phase() == ("night", 2)
    _wolves(game, "Chloe")
    assert game.step() == "sorciere"
    assert [e["victim"] for e in game.events("WitchToldVictim")] == ["Emma", "Chloe"]
    told = _witch_mails(game)
    assert len(told) == 2 and "Cette nuit, les loups ont choisi Chloe." in told[1]
    # #18 item 6: the mail offers only what she can still do
    assert "« sauver »" in told[0] and "« sauver »" not in told[1]
    assert "« empoisonner NOM »" in told[1]
    answer = game.refused("David", "sauver", "already_used")
    assert "ce pouvoir est déjà utilisé" in answer.text
    game.ok("David", "rien")
    assert game.phase() == ("day", 2)
    assert not game.alive("Chloe")


def test_sauver_then_empoisonner_in_a_second_mail_the_same_night(tmp_path: Path) -> None:
    """003: « Elle peut se servir de ses deux potions la même nuit. »: her first mail uses one
    potion and does not close the night; ten minutes later the second uses the other, and the
    night closes then."""
    game = Scenario(tmp_path, ROLES)
    _wolves(game, "Felix")
    assert game.step() == "sorciere"
    game.ok("David", "sauver")
    assert game.step() == "sorciere"
    assert game.events("StepClosed")[-1]["step"] == "loups"
    game.later(minutes=10)
    assert game.step() == "sorciere"
    answer = game.ok("David", "empoisonner Alice")
    assert "Potion de mort : vous empoisonnerez Alice." in answer.text
    assert game.phase() == ("day", 1)
    assert game.events("StepClosed")[-1] == {
        "type": "StepClosed",
        "step": "sorciere",
        "reason": "complete",
        "at": game.events("StepClosed")[-1]["at"],
    }
    potions = [(e["potion"], e["target"]) for e in game.events("PotionUsed")]
    assert potions == [("vie", "Felix"), ("mort", "Alice")]
    assert game.alive("Felix") and not game.alive("Alice")


def test_fini_keeps_what_she_ordered_and_closes_her_step(tmp_path: Path) -> None:
    """003: « La Sorcière n'est pas obligée d'user de son pouvoir à un tour spécifique. »: with
    one potion ordered she says « fini » (« j'ai fini », "done"): the night closes, her order
    stands (« rien » would withdraw it)."""
    game = Scenario(tmp_path, ROLES)
    _wolves(game, "Felix")
    game.ok("David", "sauver")
    game.later(minutes=10)
    assert game.step() == "sorciere"
    game.ok("David", "J'ai fini")
    assert game.phase() == ("day", 1)
    assert [e["reason"] for e in game.events("StepClosed")] == ["complete", "complete"]
    assert game.alive("Felix")
    assert [(e["potion"], e["target"]) for e in game.events("PotionUsed")] == [("vie", "Felix")]


def test_one_potion_ordered_the_step_waits_for_its_deadline(tmp_path: Path) -> None:
    """003: « Elle peut se servir de ses deux potions la même nuit. »: saying nothing more
    after « sauver », she keeps the night open until its deadline, then her order is applied."""
    game = Scenario(tmp_path, ROLES)
    _wolves(game, "Felix")
    game.ok("David", "sauver")
    game.later(hours=12)
    assert game.step() == "sorciere"
    game.later(hours=12)
    assert game.phase() == ("day", 1)
    assert game.events("StepClosed")[-1]["reason"] == "deadline"
    assert game.alive("Felix")
    assert [(e["potion"], e["target"]) for e in game.events("PotionUsed")] == [("vie", "Felix")]


def test_with_only_the_death_potion_left_silence_waits_for_the_deadline(tmp_path: Path) -> None:
    """003: « La Sorcière n'est pas obligée d'user de son pouvoir à un tour spécifique. »: with
    her death potion left and told the victim, she may still use it: until she orders it or
    says « rien » / « fini », her step stays open until its deadline."""
    game = Scenario(tmp_path, ROLES)
    _wolves(game, "Emma")
    game.ok("David", "sauver\nfini")
    game.end()  # day 1: no vote
    _wolves(game, "Chloe")
    assert game.step() == "sorciere"
    game.later(hours=12)
    assert game.phase() == ("night", 2) and game.step() == "sorciere"
    game.later(hours=12)
    assert game.phase() == ("day", 2)
    assert game.events("StepClosed")[-1] == {
        "type": "StepClosed",
        "step": "sorciere",
        "reason": "deadline",
        "at": game.events("StepClosed")[-1]["at"],
    }
    assert not game.alive("Chloe")


def test_sauver_with_no_victim_told_is_nothing_to_do(tmp_path: Path) -> None:
    """004 (Salvateur): « il n'y a pas de mort et la Sorcière (s'il y en a une) ne reçoit aucun
    nom de victime »: there is nobody to save."""
    game = Scenario(tmp_path, {**ROLES, "Gaspard": "salvateur"})
    game.ok("Gaspard", "protéger Emma")
    _wolves(game, "Emma")
    assert game.step() == "sorciere"
    assert _witch_mails(game) == []
    answer = game.refused("David", "sauver", "nothing_to_do")
    assert "pas de victime à sauver cette nuit" in answer.text
    game.ok("David", "rien")
    assert game.phase() == ("day", 1) and game.alive("Emma")
    assert game.events("PotionUsed") == []
    # the life potion was not spent: she is told the next victim
    game.end()
    game.ok("Gaspard", "protéger Hugo")
    _wolves(game, "Felix")
    assert "Cette nuit, les loups ont choisi Felix." in _witch_mails(game)[0]
