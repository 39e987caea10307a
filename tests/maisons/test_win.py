"""Rule set `maisons`, seed 001 (../shared/seeds/001_f67e2344efefe72c.txt): « Conditions de
victoire »: the main conditions by nature, a replacing one (Faux cul) and supplementary ones
(Iznogoud, Fan de MP). Each test cites the sentence of 001 it plays."""

from __future__ import annotations

from pathlib import Path

from tests.maisons.conftest import day, game, night
from tests.scenario import Scenario

DEAL = {
    "Alice": "loup-garou:planque+espion+meneur+chanoine+jardinier",
    "Bruno": "villageois:faux-cul+salvateur+espion+meneur+institutrice",
    "Chloe": "villageois:iznogoud+planque+croque-mort+baron+entete",
    "David": "villageois:fan-de-mp+assassin+salbatar+institutrice+voyante",
}


def ended(g: Scenario) -> tuple[str, list[str]]:
    (end,) = g.events("GameEnded")
    return end["winner"], sorted(end["winners"])


def test_the_wolves_win_with_a_living_faux_cul(tmp_path: Path) -> None:
    """001, Loups Garous: « Les Loups Garous gagnent quand tous les joueurs sont soit Loup Garou
    [...], soit Faux Cul »; Faux cul: « gagne quel que soit le camp qui gagne à la fin, si et
    seulement si il est en vie à ce moment »."""
    g = game(tmp_path, DEAL)
    night(g, {"Alice": "tuer Chloe : Alice"})
    day(g, {"Alice": "David", "Bruno": "David", "David": "Alice"})
    assert ended(g) == ("loups", ["Alice", "Bruno"])


def test_the_village_wins_supplementary_conditions_unmet(tmp_path: Path) -> None:
    """001: « À ce moment, quiconque a rempli toutes ses conditions de victoire l'emporte »:
    Iznogoud « ne peut gagner la partie que s'il a été maire au moins une fois », the Fan de MP
    « que si au moins 400 MPs ont été émis pendant la partie »; the living Faux cul wins."""
    g = game(tmp_path, DEAL)
    night(g, {})
    day(g, {"Bruno": "Alice", "Chloe": "Alice", "David": "Alice"})
    assert ended(g) == ("village", ["Bruno"])


def test_iznogoud_mayor_once_wins_with_his_camp(tmp_path: Path) -> None:
    """001, Iznogoud: « ne peut gagner la partie que s'il a été maire au moins une fois »."""
    g = game(tmp_path, DEAL, election=True)
    for voter in DEAL:
        g.ok(voter, "vote Chloe")
    g.later(hours=48)
    assert g.state.captain == "Chloe"
    night(g, {})
    day(g, {"Bruno": "Alice", "Chloe": "Alice", "David": "Alice"})
    assert ended(g) == ("village", ["Bruno", "Chloe"])


def test_a_dead_faux_cul_loses_whoever_wins(tmp_path: Path) -> None:
    """001, Faux cul: « si et seulement si il est en vie à ce moment »."""
    g = game(tmp_path, DEAL)
    night(g, {"Alice": "tuer Bruno : Alice"})
    day(g, {"Chloe": "Alice", "David": "Alice", "Alice": "Chloe"})
    assert ended(g) == ("village", [])


# --- Suiveur --------------------------------------------------------------------------------

FOLLOW = {
    "Alice": "loup-garou:planque+espion+meneur+chanoine+jardinier",
    "Bruno": "villageois:suiveur+salvateur+espion+meneur+institutrice",
    "Chloe": "villageois:iznogoud+planque+croque-mort+baron+entete",
    "David": "villageois:fan-de-mp+assassin+salbatar+institutrice+voyante",
    "Emma": "loup-garou:detective+salvateur+jardinier+baron+croque-mort",
}


def test_suiveur_and_the_charmed_may_not_post_first(tmp_path: Path) -> None:
    """001, Suiveur: « Ne peut pas poster le premier message de la journée [...] Une personne
    choisie de cette façon est marquée comme "charmée" et ne peut poster le premier message de
    la journée. »"""
    g = game(tmp_path, FOLLOW)
    night(g, {"Bruno": "charmer Chloe et David"})
    assert [e["player"] for e in g.events("Charmed")] == ["Chloe", "David"]
    assert any("Un Suiveur vous a charmé·e" in m.body for m in g.mails("Chloe"))
    for name in ("Bruno", "Chloe"):
        answer, _, _ = g.games.post(g.name, g.email(name), "place", "Bonjour !")
        assert not answer.ok and "le premier message de la journée" in answer.text
    assert g.games.post(g.name, g.email("Emma"), "place", "Bonjour !")[0].ok
    assert g.games.post(g.name, g.email("Chloe"), "place", "Bonjour Emma.")[0].ok


def test_all_followers_or_charmed_the_suiveur_wins(tmp_path: Path) -> None:
    """001, Suiveur: « Une fois que tous les joueurs sont soit Suiveur soit charmés, la partie
    s'arrête et chaque Suiveur remporte la partie. Condition de victoire remplaçante. » (Alice,
    a Chanoine, cannot be charmed: she is burnt, Emma charmed.)"""
    g = game(tmp_path, FOLLOW)
    night(g, {"Bruno": "charmer Chloe et David"})
    day(g, {"Bruno": "Alice", "Chloe": "Alice", "David": "Alice"})
    assert g.phase() == ("night", 2)
    night(g, {"Bruno": "charmer Emma et Chloe"})
    assert ended(g) == ("suiveurs", ["Bruno"])


def test_the_charmed_are_freed_when_the_last_suiveur_dies(tmp_path: Path) -> None:
    """001, Suiveur: « Une fois que tous les Suiveur sont morts, les personnes charmées sont
    prévenues et peuvent poster le premier message de la journée. »"""
    g = game(tmp_path, FOLLOW)
    night(g, {"Bruno": "charmer Chloe et David"})
    day(g, {"Alice": "Bruno", "Emma": "Bruno", "Chloe": "Bruno", "Bruno": "Alice"})
    assert not g.alive("Bruno")
    assert any("Tous les Suiveurs sont morts" in m.body for m in g.mails("Chloe"))
    night(g, {})
    assert g.games.post(g.name, g.email("Chloe"), "place", "Enfin libre.")[0].ok


def test_the_end_mail_lists_natures_roles_and_winners(tmp_path: Path) -> None:
    """001: « quiconque a rempli toutes ses conditions de victoire l'emporte »: the last digest
    shows each player's nature, five roles, whether he won, and each of his conditions, met or
    not (the replacing one for the Faux cul; Iznogoud's besides his camp's), so the table can
    check it."""
    g = game(tmp_path, DEAL)
    night(g, {"Alice": "tuer Chloe : Alice"})
    day(g, {"Alice": "David", "Bruno": "David", "David": "Alice"})
    last = next(m for m in reversed(g.mails("Chloe")) if "Les rôles" in m.body)
    assert "La partie est terminée : victoire des Loups-Garous" in last.body
    assert (
        "Bruno : Villageois (Faux cul, Salvateur, Espion, Meneur, Institutrice), gagnant"
        in last.body
    )
    assert "Chloe : Villageois (Iznogoud, Planqué, Croque-mort, Baron, Entêté) (mort" in last.body
    assert "conditions : Faux cul (remplie)" in last.body
    conditions = "conditions : camp des Villageois (non remplie), Iznogoud (non remplie)"
    assert conditions in last.body
    assert "Alice : Loup Garou" in last.body and "camp des Loups Garous (remplie)" in last.body


# --- Celui-qui-a-décidé-de-faire-chier-son-camp ---------------------------------------------

CHIEUR = "celui-qui-a-decide-de-faire-chier-son-camp"


def test_a_villager_chieur_wins_with_the_wolves(tmp_path: Path) -> None:
    """001: « Remporte la partie dans le camp des LG s'il est villageois »; Villageois: « quand
    il n'y a plus aucun Loup Garou ou Celui-qui-a-décidé-de-faire-chier-son-camp villageois »;
    and « si un joueur est Faux Cul et Celui-qui-a-décidé-[...], seule la condition de victoire
    de Celui-qui-a-décidé-[...] s'exécute »."""
    deal = {**DEAL, "Bruno": f"villageois:faux-cul+{CHIEUR}+espion+meneur+institutrice"}
    g = game(tmp_path, deal)
    night(g, {"Alice": "tuer Chloe : Alice"})
    day(g, {"Alice": "David", "Bruno": "David", "David": "Alice"})
    assert ended(g) == ("loups", ["Alice", "Bruno"])


def test_a_villager_chieur_alive_stops_the_village(tmp_path: Path) -> None:
    """001, Villageois: the village wins « quand il n'y a plus aucun Loup Garou ou Celui-qui-a-
    décidé-de-faire-chier-son-camp villageois »: Alice burnt, Bruno alive, the game goes on."""
    deal = {**DEAL, "Bruno": f"villageois:{CHIEUR}+salvateur+espion+meneur+institutrice"}
    g = game(tmp_path, deal)
    night(g, {})
    day(g, {"Bruno": "Alice", "Chloe": "Alice", "David": "Alice"})
    assert not g.alive("Alice") and not g.events("GameEnded")
    night(g, {})
    day(g, {"Chloe": "Bruno", "David": "Bruno", "Bruno": "Chloe"})
    assert ended(g) == ("village", [])


def test_a_wolf_chieur_must_be_the_last_wolf(tmp_path: Path) -> None:
    """001: « doit être le seul Suiveur et/ou Loup Garou survivant s'il en est un »: the other
    wolf burnt, Emma wins; the villagers do not (a Loup Garou lives), but Bruno, a living Faux
    cul, « gagne quel que soit le camp qui gagne »."""
    deal = {**DEAL, "Emma": f"loup-garou:{CHIEUR}+salvateur+jardinier+baron+croque-mort"}
    g = game(tmp_path, deal)
    night(g, {})
    day(g, {"Bruno": "Alice", "Chloe": "Alice", "David": "Alice", "Emma": "Alice"})
    assert ended(g) == ("chieur", ["Bruno", "Emma"])


# --- Dépressif, Malchanceux -----------------------------------------------------------------


def test_the_depressif_kills_himself_after_night_six_and_loses(tmp_path: Path) -> None:
    """001, Dépressif: « Si à la fin de la nuit 6 le Dépressif est toujours en vie, il se
    suicide. S'il fait ainsi, il perd la partie. »"""
    deal = {**DEAL, "David": "villageois:depressif+assassin+salbatar+institutrice+malchanceux"}
    g = game(tmp_path, deal)
    for number in range(1, 6):
        night(g, {})
        assert g.phase() == ("day", number)
        day(g, {})
    night(g, {})
    assert g.phase() == ("day", 6) and not g.alive("David")
    assert [e["player"] for e in g.events("Despaired")] == ["David"]
    day(g, {"Bruno": "Alice", "Chloe": "Alice", "Alice": "Bruno"})
    assert ended(g) == ("village", ["Bruno"])  # Chloe was never mayor (Iznogoud)


def test_the_depressif_dead_before_does_not_lose(tmp_path: Path) -> None:
    """001, Dépressif: « il ne perd pas la partie s'il meurt avant de se suicider »."""
    deal = {
        **DEAL,
        "Chloe": "villageois:depressif+planque+croque-mort+baron+entete",
        "David": "villageois:voyante+assassin+salbatar+institutrice+chanoine",
    }
    g = game(tmp_path, deal)
    night(g, {"Alice": "tuer Chloe : Alice"})
    day(g, {"Bruno": "Alice", "David": "Alice", "Alice": "Bruno"})
    assert ended(g) == ("village", ["Bruno", "Chloe", "David"])


def test_the_malchanceux_knows_the_malchanceux(tmp_path: Path) -> None:
    """001, Malchanceux: « connaît la liste de tous les Malchanceux dans la partie. Il ne peut
    pas y avoir plus d'un Malchanceux par partie. »"""
    deal = {**DEAL, "David": "villageois:malchanceux+assassin+salbatar+institutrice+voyante"}
    g = game(tmp_path, deal)
    (mail,) = [m for m in g.mails("David") if "Votre rôle" in m.subject]
    assert "Les Malchanceux de la partie : David." in mail.body
    assert not any("Malchanceux de la partie" in m.body for m in g.mails("Bruno"))


# --- Âme soeule -----------------------------------------------------------------------------


def test_a_villager_in_love_with_a_wolf_becomes_one(tmp_path: Path) -> None:
    """001, Âme soeule: « Au début de la partie, choisie un autre joueur. Ce joueur et l'âme
    soeule deviennent amoureux. [...] Si le couple d'amoureux est composé d'un villageois et
    d'un loup garou, le villageois devient loup garou. »"""
    deal = {**DEAL, "Chloe": "villageois:ame-soeule+planque+croque-mort+baron+entete"}
    g = game(tmp_path, deal)
    assert g.step() == "choix"
    g.ok("Chloe", "aimer Alice")
    assert g.state.players["Chloe"].nature == "loup-garou"
    assert any("amoureux·se de Alice" in m.body for m in g.mails("Chloe"))
    assert any("amoureux·se de Chloe" in m.body for m in g.mails("Alice"))


def test_lovers_win_both_alive_or_both_dead(tmp_path: Path) -> None:
    """001, Âme soeule: « Deux joueurs amoureux doivent être soit tous les deux en vie, soit
    tous les deux morts à la fin de la partie pour gagner. Condition de victoire supplémentaire. »
    (Chloe loves David, who dies: the village wins without them.)"""
    deal = {**DEAL, "Chloe": "villageois:ame-soeule+planque+croque-mort+baron+entete"}
    g = game(tmp_path, deal)
    g.ok("Chloe", "aimer David")
    night(g, {"Alice": "tuer David : Alice"})
    day(g, {"Bruno": "Alice", "Chloe": "Alice", "Alice": "Bruno"})
    assert ended(g) == ("village", ["Bruno"])
