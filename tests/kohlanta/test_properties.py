"""Rule set `kohlanta` (seed 000, ../shared/seeds/000_34f6f2cfe008970d.txt, « LG KOH-LANTA »),
random legal play of games of 12, 14 and 16 players, every mail a player's: the chiefs'
elections, each night's secret votes, alliances, numbers, necklaces used or kept, probes and
ambassadors, each day's guesses, comforts and votes, the chiefs' tie-breaks and successors, the
jury.

Checked: every game ends with a winner (« Si à tout moment de la partie, tous les stratèges sont
éliminés, alors le camp des bisounours gagne » ...); the necklaces held or played never exceed
one per tribe (« Un collier d'immunité est caché pour chaque tribu, chacun ne pouvant servir
qu'une fois »); nobody found a necklace in a night with more finders of the pool than necklaces
free; no juror is told anything (« on ne doit donc rien lui révéler de la partie »): from his
elimination to the end, a juror receives only his juror's notice, the jury's call and the
answers to his own mails; the export replays to the same game."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from lgmail.rules.evolve import apply
from lgmail.rules.kohlanta.cards import jurors
from lgmail.rules.state import GameState
from lgmail.service.codec import decode_all
from tests.kohlanta.play import Watched, game, play_phase
from tests.scenario import Scenario

#: the subjects a juror may receive before the end (his notice, the call, a successor's request)
JUROR_SUBJECTS = ("Vous êtes membre du jury", "Le vote final", "Votre successeur")


def _play(sc: Scenario, rng: random.Random) -> None:
    for _ in range(200):
        if sc.state.status == "ended":
            return
        play_phase(sc, rng)
        if sc.state.reactions and sc.state.status == "running":
            sc.later(hours=2)
    raise AssertionError("the game does not end")


@pytest.mark.parametrize("count", [12, 14, 16])
@settings(
    # one game of each size (LGMAIL_KOHLANTA_GAMES=N plays N of each)
    max_examples=int(os.environ.get("LGMAIL_KOHLANTA_GAMES", "1")),
    database=None,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)
@given(seed=st.integers(0, 10_000))
def test_random_legal_play(tmp_path_factory: object, seed: int, count: int) -> None:
    folder: Path = tmp_path_factory.mktemp("kohlanta")  # type: ignore[attr-defined]
    sc = game(folder, count=count, seed=seed, cls=Watched)
    rng = random.Random(seed)
    _play(sc, rng)
    s = sc.state
    assert s.ended and s.winner in ("stratege", "bisounours"), "always a winner"
    assert s.winners and all(s.players[n].nature == s.winner for n in s.winners)

    assert isinstance(sc, Watched)
    for name in jurors(s):
        for mail in sc.received(name, "juror"):
            assert any(x in mail.subject for x in JUROR_SUBJECTS), (name, mail.subject)

    ok, _ = sc.games.replay(sc.name)
    assert ok, "the log replays to the stored game"

    state = GameState(name=sc.name)
    for event in decode_all(sc.games.records(sc.name)):
        apply(state, event)
        necklaces = state.extra.get("colliers", {})
        held = list(necklaces.get("held", {}).values()) + list(necklaces.get("played", {}).values())
        free = sum(necklaces.get("free", {}).values())
        assert len(held) + free <= 2, ("one necklace per tribe", necklaces)
        for pool in set(held):
            if pool != "blanche":
                assert held.count(pool) <= 1, ("one necklace per tribe", necklaces)
