"""Rule set `maisons`, seed 001 (../shared/seeds/001_f67e2344efefe72c.txt): the deal, the
one-mail night in the activation order, and the roles that act on houses, bodies and votes.
Each test cites the sentence of 001 it plays."""

from __future__ import annotations

from pathlib import Path

import pytest

from lgmail.config import settings
from lgmail.rules.commands import Seat
from lgmail.rules.view import view
from lgmail.service.games import Games
from lgmail.service.transactions import GameError
from tests.maisons.conftest import game
from tests.scenario import Scenario

DEAL = {
    "Alice": "loup-garou:assassin+chanoine+espion+meneur+planque",
    "Bruno": "villageois:voyante+salvateur+salbatar+institutrice+joueur-de-tarot",
    "Chloe": "villageois:voyante+planque+espion+meneur+chanoine",
    "David": "villageois:assassin+salvateur+salbatar+institutrice+joueur-de-tarot",
    "Emma": "villageois:voyante+chanoine+espion+meneur+planque",
}


def deaths(g: Scenario) -> list[str]:
    return [e["name"] for e in g.events("PlayerDied")]


def facts(g: Scenario, kind: str) -> list[dict[str, object]]:
    """The payloads of the game's events of type `kind`."""
    return [{k: v for k, v in e.items() if k != "type"} for e in g.events(kind)]


def test_deal_gives_a_nature_five_roles_and_a_house(tmp_path: Path) -> None:
    """001: « Chaque joueur se voit décerner au début de la partie 5 rôles différents, et une
    nature »; « Chaque joueur possède une maison »."""
    g = game(tmp_path, DEAL)
    state = g.games.load(g.name)
    alice = state.players["Alice"]
    assert (alice.role, alice.nature, alice.house) == ("loup-garou", "loup-garou", "Alice")
    assert alice.powers == ["assassin", "chanoine", "espion", "meneur", "planque"]
    seen = {p["name"]: p for p in view(state, "Bruno")["players"]}
    assert seen["Bruno"]["roles"][0] == "voyante" and seen["Bruno"]["house"] == "Bruno"
    assert seen["Alice"]["roles"] is None and seen["Alice"]["nature"] is None
    mail = next(m for m in g.mails("Bruno") if "Votre rôle" in m.subject)
    assert "Vos cinq rôles" in mail.body and "Joueur de tarot" in mail.body


def test_a_deal_with_a_role_twice_is_refused(tmp_path: Path) -> None:
    """001: « Un joueur ne peut pas avoir deux fois le même rôle »."""
    bad = dict(DEAL, Emma="villageois:voyante+voyante+espion+meneur+planque")
    with pytest.raises(GameError, match="cinq rôles différents"):
        game(tmp_path, bad)


def test_drawn_deal_has_one_fifth_wolves_and_five_distinct_roles(tmp_path: Path) -> None:
    """001: « une moyenne d'un cinquième de Loups Garous »; five distinct roles each."""
    names = [f"J{i:02d}" for i in range(20)]
    games = Games(settings.load(tmp_path / "data"))
    seats = [Seat(n, f"{n.lower()}@example.org", "fr", "") for n in names]
    state = games.create("tirage", "maisons", seats)
    wolves = [p for p in state.players.values() if p.nature == "loup-garou"]
    assert len(wolves) == 4
    for p in state.players.values():
        assert len(p.powers) == 5 and len(set(p.powers)) == 5
    assert any(e.type == "RandomDrawn" for e in games.records("tirage"))


def test_the_pack_kills_and_the_first_order_counts(tmp_path: Path) -> None:
    """001: « Si le MJ reçoit plusieurs MPs indiquant les actions des Loups Garous, le premier MP
    envoyé sera pris en compte seulement »; the kill is the first listed wolf's direct action."""
    deal = dict(DEAL, David="loup-garou:assassin+salvateur+salbatar+institutrice+joueur-de-tarot")
    g = game(tmp_path, deal)
    g.ok("Alice", "tuer Emma : David ==> Alice")
    g.refused("David", "tuer Bruno", "not_allowed")
    for name in ("Bruno", "Chloe", "David", "Emma"):
        g.ok(name, "rien")
    assert deaths(g) == ["Emma"]
    went = facts(g, "PackWentOut")
    assert went == [{"wolf": "David", "victim": "Emma"}]


def test_a_wolf_with_a_direct_action_of_his_own_does_not_go(tmp_path: Path) -> None:
    """001: « Kiwi sort le premier, s'il est autorisé à faire une action directe. S'il ne peut
    pas, c'est au tour de LeLoqueteux »; « Un joueur ne peut effectuer qu'une action directe par
    nuit »."""
    deal = dict(DEAL, David="loup-garou:assassin+salvateur+salbatar+institutrice+joueur-de-tarot")
    g = game(tmp_path, deal)
    g.ok("David", "protéger la maison de David")
    g.ok("Alice", "tuer Emma : David ==> Alice")
    for name in ("Bruno", "Chloe", "Emma"):
        g.ok(name, "rien")
    assert facts(g, "PackWentOut") == [{"wolf": "Alice", "victim": "Emma"}]
    assert deaths(g) == ["Emma"]


def test_one_direct_action_a_night(tmp_path: Path) -> None:
    """001: « Un joueur ne peut effectuer qu'une action directe par nuit, quel que soit le nombre
    de rôles à action directe dont il dispose. »"""
    g = game(tmp_path, DEAL)
    answer = g.act("David", "protéger la maison de Bruno\nassassiner Alice")
    assert not answer.lines[1]["ok"]
    assert "une seule action directe par nuit" in answer.text


def test_a_later_mail_replaces_the_earlier(tmp_path: Path) -> None:
    """001: « un seul MP, regroupant toutes ses actions souhaitées »: the later mail counts."""
    g = game(tmp_path, DEAL)
    g.games.play(g.name, g.email("Bruno"), "sonder Chloe", "mail:<one@example.org>")
    again, _, _ = g.games.play(g.name, g.email("Bruno"), "sonder David", "mail:<two@example.org>")
    assert "remplace votre précédent message de la nuit" in again.text
    assert [e["player"] for e in g.events("PlansReplaced")] == ["Bruno"]
    g.ok("Alice", "tuer Emma")
    for name in ("Chloe", "David", "Emma"):
        g.ok(name, "rien")
    assert [e["target"] for e in g.events("RolesSeen")] == ["David"]


def test_voyante_learns_all_five_roles(tmp_path: Path) -> None:
    """001, Voyante: « peut sonder un joueur. Connaît alors tous les rôles de ce joueur. »"""
    g = game(tmp_path, DEAL)
    g.ok("Chloe", "sonder David")
    g.ok("Alice", "tuer Emma")
    for name in ("Bruno", "David", "Emma"):
        g.ok(name, "rien")
    seen = next(m for m in g.mails("Chloe") if "vision" in m.subject)
    assert "Assassin, Salvateur, Salbatar, Institutrice, Joueur de tarot" in seen.body
    players = {p["name"]: p for p in view(g.games.load(g.name), "Chloe")["players"]}
    assert players["David"]["roles"][0] == "assassin"


def test_chanoine_is_immune_to_indirect_actions_and_the_author_told(tmp_path: Path) -> None:
    """001, Chanoine: « Immunisé à toutes les actions indirectes »; « Si [...] une action n'a
    pas pu être effectuée (Chanoine, ...), le joueur est simplement prévenu »."""
    g = game(tmp_path, DEAL)
    g.ok("Bruno", "sonder Alice")
    g.ok("Alice", "tuer Emma")
    for name in ("Chloe", "David", "Emma"):
        g.ok(name, "rien")
    assert not g.events("RolesSeen")
    assert any("Action échouée" in m.subject for m in g.mails("Bruno"))


def test_salvateur_shields_a_house_not_twice_running(tmp_path: Path) -> None:
    """001, Salvateur: « Cette maison ne peut être la cible d'action directes. Le salvateur ne
    peut pas choisir la même maison deux nuits de suite. »"""
    g = game(tmp_path, DEAL)
    g.ok("Bruno", "protéger la maison de Emma")
    g.ok("Alice", "tuer Emma")
    for name in ("Chloe", "David", "Emma"):
        g.ok(name, "rien")
    assert deaths(g) == []
    assert any("Action échouée" in m.subject for m in g.mails("Alice"))
    for name in ("Alice", "Bruno", "Chloe", "David", "Emma"):
        g.ok(name, "vote Chloe" if name != "Chloe" else "vote Alice")
    g.later(hours=48)
    assert g.games.load(g.name).phase == "night"
    g.refused("Bruno", "protéger la maison de Emma", "not_allowed")
    g.ok("Bruno", "protéger la maison de David")


def test_salbatar_holds_the_house_in(tmp_path: Path) -> None:
    """001, Salbatar: « Le (ou les) joueur(s) dans la maison ne peut(vent) effectuer d'action
    directe. »"""
    g = game(tmp_path, DEAL)
    g.ok("Bruno", "entraver la maison de Alice")
    g.ok("Alice", "tuer Emma")
    for name in ("Chloe", "David", "Emma"):
        g.ok(name, "rien")
    assert deaths(g) == []
    assert facts(g, "PackWentOut") == [{"wolf": None, "victim": "Emma"}]


def test_planque_is_not_found_at_home(tmp_path: Path) -> None:
    """001, Planqué: « Il n'est alors plus considéré dans sa maison pour toutes les actions
    directes qui auraient pu le cibler »; not found is no failure (« visite d'un joueur Planqué
    ailleurs »)."""
    g = game(tmp_path, DEAL)
    g.ok("Emma", "planquer la maison de Chloe")
    g.ok("Alice", "tuer Emma")
    for name in ("Bruno", "Chloe", "David"):
        g.ok(name, "rien")
    assert deaths(g) == []
    assert not any("Action échouée" in m.subject for m in g.mails("Alice"))
    assert g.games.load(g.name).players["Emma"].counters == {"planque": 1}


def test_assassin_kills_once(tmp_path: Path) -> None:
    """001, Assassin: « Une fois par partie, pendant la nuit, peut tuer un joueur de son choix.
    Action unique directe. »; dawn's dead in alphabetical order."""
    g = game(tmp_path, DEAL)
    g.ok("David", "assassiner Chloe")
    g.ok("Alice", "tuer Bruno")
    for name in ("Bruno", "Chloe", "Emma"):
        g.ok(name, "rien")
    assert deaths(g) == ["Bruno", "Chloe"]
    assert g.games.load(g.name).players["David"].counters == {"assassin": 1}


def test_joueur_de_tarot_counts_the_living_wolves(tmp_path: Path) -> None:
    """001, Joueur de tarot: « peut savoir combien de Loups Garous sont encore en vie »."""
    g = game(tmp_path, DEAL)
    g.ok("David", "tarot")
    g.ok("Alice", "tuer Emma")
    for name in ("Bruno", "Chloe", "Emma"):
        g.ok(name, "rien")
    assert facts(g, "WolvesCounted") == [{"player": "David", "wolves": 1}]


def test_votes_meneur_institutrice_espion(tmp_path: Path) -> None:
    """001, Meneur: « son vote compte double »; Institutrice: « son vote enlève deux voix à la
    personne votée »; Espion: « Connaît le résultat exact des urnes »; the totals are
    published, not who voted for whom."""
    g = game(tmp_path, DEAL)
    g.ok("Alice", "tuer Emma")
    for name in ("Bruno", "Chloe", "David", "Emma"):
        g.ok(name, "rien")
    g.ok("Alice", "vote Bruno\ndoubler")
    g.ok("Chloe", "vote Alice")
    g.ok("David", "vote Alice\nsoustraire")
    g.ok("Bruno", "vote Alice")
    g.later(days=3)
    (closed,) = g.events("BallotClosed")
    assert closed["tally"] == {"Bruno": 2, "Alice": 0}
    assert closed["chosen"] == "Bruno"
    spied = [e["spy"] for e in g.events("BallotSpied")]
    assert sorted(spied) == ["Alice", "Chloe"]
    digest = next(m for m in g.mails("Bruno") if "bûcher" in m.body.lower() and "Bruno 2" in m.body)
    assert "Chloe" not in digest.content.split("Le bûcher")[1].split("\n")[0]
