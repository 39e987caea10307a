"""Rule set `maisons`, seed 001 (../shared/seeds/001_f67e2344efefe72c.txt): the drawn deal keeps
001's counts (« Un seul Banquier par partie. Possède une liste de 3 joueurs étant Paumés »,
« 3 Paumés par partie », « Il ne peut pas y avoir plus d'un Iznogoud », « Il ne peut pas y avoir
plus d'un Malchanceux par partie », « un rôle ne peut pas être disponible plus ou moins de fois
qu'autorisé ») and deals the roles without a count as evenly as the deal allows (issue #38)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from lgmail.rules import events as ev
from lgmail.rules.evolve import apply
from lgmail.rules.maisons import deal
from lgmail.rules.maisons.role import catalogue
from lgmail.rules.state import GameState
from lgmail.rules.tx import Tx
from tests.maisons.conftest import told
from tests.scenario import Scenario

LGMAIL = [sys.executable, "-m", "lgmail"]
ROLES = catalogue()
#: 001's counts: exactly that many or none
COUNTS = {slug: spec.available for slug, spec in ROLES.items() if spec.available is not None}
FREE = sorted(slug for slug, spec in ROLES.items() if spec.available is None)
PLAYERS = [f"J{i:02d}" for i in range(20)]


def check(hands: dict[str, list[str]]) -> None:
    """001's rules on one drawn deal of `hands` (player -> five roles)."""
    players = len(hands)
    assert all(len(h) == 5 and len(set(h)) == 5 for h in hands.values()), "5 different roles"
    dealt = Counter(r for h in hands.values() for r in h)
    # « un rôle ne peut pas être disponible plus ou moins de fois qu'autorisé »
    for slug, count in COUNTS.items():
        assert dealt[slug] in (0, count), (slug, dealt[slug])
    # the Banquier with « une liste de 3 joueurs étant Paumés », none of them himself
    assert dealt["paume"] == 3 * dealt["banquier"]
    for h in hands.values():
        assert not {"banquier", "paume"} <= set(h)
    # the roles without a count, as evenly as the deal allows
    free = [dealt[slug] for slug in FREE]
    assert max(free) - min(free) <= 1, free
    if players >= 11:  # 001's whole list fits in the cards (52 of them)
        assert all(dealt[slug] == count for slug, count in COUNTS.items())
        assert min(free) >= 1


def drawn(seed: int, players: int) -> dict[str, list[str]]:
    names = [f"J{i:02d}" for i in range(players)]
    tx = Tx(GameState(name="g"), datetime(2026, 11, 29, tzinfo=UTC), seed, apply)
    seats = [{"name": n, "email": f"{n}@example.org", "lang": "fr"} for n in names]
    tx.emit(ev.GameCreated("maisons", "fr", seats, {}, None))
    deal.deal(tx, names, None)
    (dealt,) = [e for e in tx.events if isinstance(e, ev.RolesDealt)]
    return {n: list(h) for n, h in dealt.powers.items()}


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 2**32), players=st.integers(1, 40))
def test_every_draw_keeps_the_counts(seed: int, players: int) -> None:
    """001 (001_f67e2344efefe72c.txt), « Distribution des Rôles »: on every draw, over seeds
    and player counts."""
    check(drawn(seed, players))


def test_twenty_players_twice_redealt_keep_the_counts(tmp_path: Path) -> None:
    """001 (001_f67e2344efefe72c.txt): « Un seul Banquier par partie. Possède une liste de 3
    joueurs étant Paumés »; « Le MJ a tout droit de relancer un tirage »: `game create`, then
    `game redeal` twice (issue #38's three draws), each checked from `state --json`."""
    data = tmp_path / "data"
    players = [f"--player={n} <{n.lower()}@example.org>" for n in PLAYERS]

    def run(*args: str) -> str:
        done = subprocess.run(
            [*LGMAIL, "--data", str(data), *args], capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    run("game", "create", "g", "--variant", "maisons", *players)
    seen = []
    for redeal in (False, True, True):
        if redeal:
            run("game", "redeal", "g")
        state = json.loads(run("state", "g", "--json"))
        hands = {p["name"]: p["roles"] for p in state["players"]}
        check(hands)
        assert Counter(r for h in hands.values() for r in h)["banquier"] == 1
        seen.append(hands)
    assert seen[0] != seen[1] != seen[2]


def test_the_drawn_banquier_is_told_his_three_paumes(tmp_path: Path) -> None:
    """001 (001_f67e2344efefe72c.txt), Banquier: « Possède une liste de 3 joueurs étant
    Paumés. Chacun de ces joueurs a une Dette »: on a drawn 20-player deal, his role mail
    names three, each of whom is told his Banquier."""
    g = Scenario(
        tmp_path, {n: "" for n in PLAYERS}, variant="maisons", drawn=True, seed=38, start=False
    )
    g.games.redeal(g.name)
    g.games.start(g.name)
    s = g.state
    (bank,) = [p.name for p in s.players.values() if "banquier" in p.powers]
    paumes = sorted(p.name for p in s.players.values() if "paume" in p.powers)
    assert len(paumes) == 3 and bank not in paumes
    assert told(g, bank, f"Vos Paumés, qui vous doivent chacun une dette : {', '.join(paumes)}")
    for name in paumes:
        assert told(g, name, f"Votre Banquier, à qui vous devez une dette : {bank}")
