"""Rule set `maisons`, seed 001 (../shared/seeds/001_f67e2344efefe72c.txt): the Lâche's two piles,
made at the start of the game. Each test cites the sentence of 001 it plays."""

from __future__ import annotations

from pathlib import Path

from lgmail.rules.maisons.role import CATALOGUE
from lgmail.rules.maisons.roles.lache import allowance
from tests.maisons.conftest import game, told

DEAL = {
    "Alice": "loup-garou:lache+voyante+espion+meneur+planque",
    "Bruno": "villageois:lache+salvateur+meneur+chanoine+jardinier",
    "Chloe": "villageois:voyante+planque+detective+baron+entete",
    "David": "loup-garou:assassin+salbatar+institutrice+jardinier+espion",
}
#: « les rôles »: 001's list
ROLES = sorted(CATALOGUE)
HALF = len(ROLES) // 2


def pile(roles: list[str]) -> str:
    """The order naming `roles` by their French names."""
    return "importants : " + ", ".join(CATALOGUE[r].names["fr"] for r in roles)


def test_the_lache_splits_the_roles_in_two_equal_piles(tmp_path: Path) -> None:
    """001, Lâche: « Au début de la partie, sépare les rôles en deux tas égaux, un Important et
    un Inutile »: half of 001's list is named, the rest is Inutile; he is told both."""
    g = game(tmp_path, DEAL)
    assert g.step() == "choix"
    g.ok("Bruno", pile(ROLES[:HALF]))
    (split,) = g.events("RolesSplit")
    assert split["important"] == ROLES[:HALF] and split["useless"] == ROLES[HALF:]
    first = ", ".join(CATALOGUE[r].names["fr"] for r in ROLES[:3])
    assert told(g, "Bruno", f"Rôles Importants : {first}")


def test_piles_must_be_equal(tmp_path: Path) -> None:
    """001, Lâche: « deux tas égaux »."""
    g = game(tmp_path, DEAL)
    answer = g.refused("Bruno", "importants : voyante, espion", "not_allowed")
    assert f"nommez exactement {HALF} rôles Importants" in answer.text
    g.refused("Chloe", "importants : voyante", "not_your_role")


def test_not_split_in_time_the_piles_are_drawn(tmp_path: Path) -> None:
    """001, Lâche: « Au début de la partie »: ruling, a Lâche who has not split them by the
    step's end gets a recorded draw, and is told his piles."""
    g = game(tmp_path, DEAL)
    g.ok("Alice", pile(ROLES[HALF:][:HALF]))
    g.later(hours=12)
    assert g.step() == "actions"
    drawn = [e for e in g.events("RandomDrawn") if e["purpose"] == "lache:Bruno"]
    assert len(drawn) == 1 and len(drawn[0]["chosen"]) == HALF
    assert told(g, "Bruno", "Rôles Inutiles :")


def test_the_days_count_follows_the_piles(tmp_path: Path) -> None:
    """001, Lâche: « 2 MP par rôle Important en vie et 1 MP par rôle Inutile en vie (+ 3 MP par
    Loup Garou en vie, s'il est villageois) »."""
    g = game(tmp_path, DEAL)
    alive = {r for v in DEAL.values() for r in v.split(":")[1].split("+")}
    mine = [r for r in ROLES if r not in alive][:HALF]  # none of the living roles Important
    g.ok("Alice", pile(mine))
    g.ok("Bruno", pile(ROLES[:HALF]))
    s = g.state
    # Alice, a wolf: every living role is Inutile, one MP each
    assert allowance(s, s.players["Alice"]) == len(alive)
    important = set(ROLES[:HALF]) & alive
    expected = 2 * len(important) + len(alive - important) + 3 * 2  # two wolves alive
    assert allowance(s, s.players["Bruno"]) == expected


def test_the_answer_names_the_important_roles(tmp_path: Path) -> None:
    """001 (001_f67e2344efefe72c.txt), Lâche: « sépare les rôles en deux tas égaux, un Important
    et un Inutile »: the answer to « importants : ... » names the pile recorded, not an empty
    list (issue #38)."""
    g = game(tmp_path, DEAL)
    answer = g.ok("Bruno", pile(ROLES[:HALF]))
    line = next(x for x in answer.text.splitlines() if "Vos rôles Importants" in x)
    assert "Vos rôles Importants :  ;" not in line
    for slug in ROLES[:HALF]:
        name = CATALOGUE[slug].names["fr"]
        assert name in line or (slug == CHIEUR and "chieur" in line), name
    (split,) = g.events("RolesSplit")
    assert split["important"] == ROLES[:HALF]
    # the subject counts them, it does not list every slug
    assert answer.subject == f"[village] Ordre enregistré : importants : {HALF} rôles"


CHIEUR = "celui-qui-a-decide-de-faire-chier-son-camp"
