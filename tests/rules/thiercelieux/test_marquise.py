"""Marquise in the `thiercelieux` rule set: seed 004_c21bac90ae6ca834.txt."""

from __future__ import annotations

from pathlib import Path

from tests.rules.thiercelieux.common import died, digest, thiercelieux, votes
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Chloe": "marquise",
    "David": "voyante",
    "Emma": "ancien",
    "Farid": "chasseur",
    "Gina": "villageois",
    "Hugo": "idiot-du-village",
    "Ines": "sorciere",
}


def night(game: Scenario, victim: str, marquise: str | None = None) -> None:
    """The Marquise's order (if any), the pack devours `victim`, the MJ ends the rest."""
    if marquise:
        game.ok("Chloe", marquise)
    for wolf in ("Alice", "Bruno"):
        if game.alive(wolf):
            game.ok(wolf, f"tuer {victim}")
    while game.phase()[0] == "night" and game.state.status == "running":
        game.end()


def test_her_letter_is_published_at_dawn_without_her_name(tmp_path: Path) -> None:
    """004: « Lettre de la marquise (la Nuit, elle écrit un message de la longueur et de la
    forme qu'elle souhaite qui sera publié en début de journée par le meneur) ». Ruling: the
    letter runs to the end of the mail and is not signed."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "lettre Chers villageois,\n\nLe loup dort chez Bruno.\nVotre dévouée")
    digest(game, "David")
    night(game, "Gina")
    (letter,) = game.events("LetterPublished")
    assert letter["text"] == "Chers villageois,\n\nLe loup dort chez Bruno.\nVotre dévouée"
    public = digest(game, "David")
    assert "Lettre de la marquise :\nChers villageois,\n\nLe loup dort chez Bruno." in public
    assert "Chloe" not in public.split("Lettre de la marquise")[1].split("Jour 1")[0]


def test_one_action_a_night_her_last_order_counts(tmp_path: Path) -> None:
    """004: « La Marquise choisit une de ces trois actions chaque Nuit ». Ruling: her last
    order of the night is the one she uses."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "sentence David")
    night(game, "Gina", "jeux David")
    assert game.events("SentencePassed") == []
    assert [e["target"] for e in game.events("PowerProbed")] == ["David"]


def test_no_action_again_until_all_three_are_used(tmp_path: Path) -> None:
    """004: « Elle ne peut pas en réutiliser une tant qu'elle ne les a pas toutes
    utilisées. »"""
    game = thiercelieux(tmp_path, ROLES)
    night(game, "Gina", "lettre Bonjour")
    votes(game, {})
    game.refused("Chloe", "lettre Encore", "already_used")
    night(game, "Hugo", "jeux David")
    votes(game, {})
    game.refused("Chloe", "lettre Encore", "already_used")
    game.refused("Chloe", "jeux Emma", "already_used")
    night(game, "Ines", "sentence Farid")
    votes(game, {})
    # all three used: a new round begins
    game.ok("Chloe", "lettre Encore")
    game.ok("Chloe", "jeux Emma")
    assert game.events("LetterPublished")[0]["text"] == "Bonjour"


def test_the_sentence_takes_a_night_power_silently(tmp_path: Path) -> None:
    """004: « Sentence de la marquise (elle retire son pouvoir nocturne et/ou diurne à un joueur
    pour la Nuit en cours et le bûcher suivant) ». Ruling: the sentenced player is not told; his
    orders are taken and fail."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "sentence David")
    game.ok("David", "sonder Alice")
    game.new_mails("David")
    night(game, "Gina")
    assert game.events("SentencePassed") == [
        {"type": "SentencePassed", "marquise": "Chloe", "target": "David", "night": 1}
    ]
    assert game.events("SeerSaw") == []
    assert not any("Alice" in m.body and "Loup" in m.body for m in game.new_mails("David"))
    votes(game, {})
    game.ok("David", "sonder Alice")
    night(game, "Hugo")
    assert [e["target"] for e in game.events("SeerSaw")] == ["Alice"]


def test_a_sentenced_witch_is_not_told_and_her_poison_fails(tmp_path: Path) -> None:
    """004: the sentence takes « son pouvoir nocturne » for « la Nuit en cours »: the
    Sorcière's potions."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Ines", "empoisonner Alice")
    night(game, "Gina", "sentence Ines")
    assert game.events("WitchToldVictim") == []
    assert died(game) == [("Gina", "wolves")]
    assert "mort" not in game.state.players["Ines"].spent


def test_the_sentence_lasts_until_the_next_stake(tmp_path: Path) -> None:
    """004: « pour la Nuit en cours et le bûcher suivant »: the Idiot du Village, sentenced,
    is not saved by his power at the stake; at the stake after, he is."""
    game = thiercelieux(tmp_path, ROLES)
    night(game, "Gina", "sentence Hugo")
    votes(game, {n: "Hugo" for n in ("Alice", "Bruno", "David", "Emma")})
    assert ("Hugo", "stake") in died(game)
    assert game.events("RoleRevealed") == []

    other = thiercelieux(tmp_path / "apres", ROLES)
    night(other, "Gina", "sentence Hugo")
    votes(other, {})
    night(other, "Ines")
    votes(other, {n: "Hugo" for n in ("Alice", "Bruno", "David", "Emma")})
    assert other.alive("Hugo") and [e["name"] for e in other.events("RoleRevealed")] == ["Hugo"]


def test_a_sentenced_ancien_has_no_bonus_life_that_night(tmp_path: Path) -> None:
    """004, Ancien: « Si la Marquise obtient "Sentence de la Marquise" (voir Marquise) et agit
    sur l'Ancien, alors l'Ancien ne dispose pas de son éventuelle vie 'bonus' pour la
    Nuit. »"""
    game = thiercelieux(tmp_path, ROLES)
    night(game, "Emma", "sentence Emma")
    assert died(game) == [("Emma", "wolves")]
    assert game.events("AncienResisted") == []


def test_a_sentenced_chasseur_does_not_shoot(tmp_path: Path) -> None:
    """004, Chasseur: « Si l'action du Chasseur n'est pas empêchée (Assommeur, Protecteur,
    "Sentence la Marquise", [...]), le joueur ainsi ciblé meurt immédiatement »."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Farid", "tirer Alice")
    night(game, "Farid", "sentence Farid")
    assert died(game) == [("Farid", "wolves")]
    assert game.events("HunterShot") == [] and game.events("ReactionAwaited") == []


def test_power_play_tells_the_power_not_the_camp(tmp_path: Path) -> None:
    """004: « La Marquise obtient uniquement le pouvoir (ou l'absence de pouvoir) du joueur
    choisi sans toutefois connaître son affiliation » « Si elle sonde la Voyante, elle obtient :
    « Voyante ». » « Si elle sonde un Simple Loup-Garou, elle obtient : « Pas de pouvoir ». »"""
    game = thiercelieux(tmp_path, ROLES)
    game.new_mails("Chloe")
    night(game, "Gina", "jeux David")
    notices = [m for m in game.new_mails("Chloe") if "Jeux de pouvoir" in m.subject]
    assert [m.body.split("\n")[2] for m in notices] == ["Jeux de pouvoir : David : Voyante."]
    assert game.view("Chloe")["players"][3]["role"] == "voyante"

    other = thiercelieux(tmp_path / "slg", ROLES)
    night(other, "Gina", "jeux Alice")
    (notice,) = [m for m in other.new_mails("Chloe") if "Jeux de pouvoir" in m.subject]
    assert "Jeux de pouvoir : Alice : Pas de pouvoir." in notice.body
    assert other.view("Chloe")["players"][0]["role"] is None


def test_power_play_on_an_infected_simple_villager_gives_no_power(tmp_path: Path) -> None:
    """004: « si elle sonde un SV ou un SLG, elle obtiendra comme résultat « Pas de pouvoir » »;
    « Si elle sonde un Simple Villageois recruté vampire, elle obtient : « Pas de pouvoir » »:
    the infection (« ni le caractère acolyte ou infecté ») is not told either."""
    roles = {**ROLES, "Bruno": "infect-pere-des-loups"}
    game = thiercelieux(tmp_path, roles)
    game.ok("Alice", "tuer Gina")
    game.ok("Bruno", "tuer Gina\ninfecter")
    night(game, "Gina", "lettre Bonsoir")
    assert "infecte" in game.state.players["Gina"].status
    votes(game, {})
    game.ok("Chloe", "jeux Gina")
    night(game, "Hugo")
    assert [(e["target"], e["power"]) for e in game.events("PowerProbed")] == [("Gina", None)]


def test_she_wins_with_the_village(tmp_path: Path) -> None:
    """004: « Elle gagne si tous les Loups-Garous sont éliminés ainsi que d'autres éventuels
    ennemis (Joueur de Flûte, amoureux traîtres, etc). »"""
    game = thiercelieux(tmp_path, ROLES)
    night(game, "Gina", "lettre Bonjour")
    votes(game, {n: "Alice" for n in ("Chloe", "David", "Emma", "Farid", "Hugo", "Ines")})
    night(game, "Hugo", "jeux David")
    votes(game, {n: "Bruno" for n in ("Chloe", "David", "Emma", "Farid", "Ines")})
    assert game.state.winner == "village" and "Chloe" in game.state.winners


def test_one_action_is_all_she_may_do_a_night(tmp_path: Path) -> None:
    """004: « La Marquise choisit une de ces trois actions chaque Nuit »: one of them ordered,
    she has used all she may; the den's step does not wait for the other two."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("David", "sonder Alice")
    game.ok("Alice", "tuer Gina")
    game.ok("Bruno", "tuer Gina")
    assert game.step() == "loups"
    game.ok("Chloe", "jeux David")
    assert game.step() == "sorciere"
    assert game.events("StepClosed")[-1] == {
        "type": "StepClosed",
        "step": "loups",
        "reason": "complete",
        "at": game.events("StepClosed")[-1]["at"],
    }
