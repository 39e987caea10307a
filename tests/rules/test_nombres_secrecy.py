"""No mail of a Les Nombres game (002_9504e6e276dc5f60.txt) tells its reader what he may not
know: roles (« Les rôles des foudroyés seront révélés », the others not), causes of death (« La
cause des morts ne sera pas annoncée »), a murmur's author and the lottery's winners."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from lgmail.service.bots import orders_for
from tests.nombres import ROLES, game
from tests.rules.test_nombres_properties import extras
from tests.test_secrecy import leaks

CAUSES = ("dévoré", "empoisonné", "bûcher", "foudroyé", "chagrin", "abattu")


@pytest.mark.parametrize("seed", range(3))
def test_no_mail_of_les_nombres_reveals_what_its_reader_may_not_know(
    seed: int, tmp_path: Path
) -> None:
    rng = random.Random(seed)
    names = list(ROLES)
    deal = dict(zip(names, rng.sample(list(ROLES.values()), len(names)), strict=True))
    g = game(tmp_path, deal)
    seen: set[str] = set()
    for _ in range(120):
        if g.state.status == "ended":
            break
        acted = False
        for name in names:
            state = g.state
            lines = orders_for(state, name, rng) + (
                extras(state, name, rng) if state.players[name].alive else []
            )
            if lines:
                acted = g.act(name, "\n".join(lines)).ok or acted
                assert leaks(g, seen) == []
        if not acted and g.state.status == "running":
            g.end()
            assert leaks(g, seen) == []
        if g.state.status == "running":
            g.later(hours=3)  # the clock, as the scheduler moves it
            assert leaks(g, seen) == []
    assert g.state.status == "ended"
    authors = {e["player"] for e in g.events("MurmurPublished")}
    for mail in g.mails():
        if mail.to == "mj@example.org":
            continue
        for line in mail.body.splitlines():
            if "est mort·e" in line:
                assert not any(cause in line for cause in CAUSES), line
            if line.startswith("Un mur-mur"):
                assert not any(a in line for a in authors), line
