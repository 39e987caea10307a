"""Games of « Le Cinquième Élément » (seed 000, ../shared/seeds/000_34f6f2cfe008970d.txt) for the
tests: a deal as `--roles` writes it, the powers chosen, the game brought to night 1, and random
legal play."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from lgmail.rules.cinquieme.cards import ELEMENTS, is_wolf
from lgmail.rules.cinquieme.choice import categories
from lgmail.rules.cinquieme.night import may_use
from lgmail.rules.cinquieme.power import POWERS
from tests.scenario import Scenario

NAMES = [
    "Alice", "Bruno", "Chloe", "David", "Emma", "Farid", "Gina", "Hugo", "Ines", "Jules",
    "Karim", "Lea", "Marc", "Nina", "Oscar", "Paula", "Quentin", "Rose", "Sam", "Tina",
]  # fmt: skip
#: ten players: Alice and Bruno the wolves; a vulnerability each
TEN = {
    "Alice": "loup:feu",
    "Bruno": "loup:terre",
    "Chloe": "villageois:eau",
    "David": "villageois:air",
    "Emma": "villageois:vie",
    "Farid": "villageois:feu",
    "Gina": "villageois:terre",
    "Hugo": "villageois:eau",
    "Ines": "villageois:air",
    "Jules": "villageois:vie",
}


def game(
    folder: Path,
    roles: dict[str, str] | None = None,
    seed: int = 1,
    cls: type[Scenario] = Scenario,
    **kw: Any,
) -> Scenario:
    """A started game dealt as `roles` (default `TEN`), every draw from `seed`: day 0, the step
    « pouvoirs » open."""
    return cls(folder, roles or TEN, variant="cinquieme-element", election=True, seed=seed, **kw)


def to_night_one(sc: Scenario, powers: dict[str, str], mayor: str = "Chloe") -> None:
    """Each player in `powers` chooses (« pouvoirs A et B »), the others are drawn; everyone
    elects `mayor`; night 1 begins."""
    for name, text in powers.items():
        sc.ok(name, f"pouvoirs {text}")
    if sc.step() == "pouvoirs":
        sc.end()  # the choice closes: the others are drawn
    for name in sc.state.living_names():
        sc.ok(name, f"vote {mayor}")
    sc.end()
    assert sc.phase() == ("night", 1)


def play_phase(sc: Scenario, rng: random.Random) -> None:
    """Every living player gives a legal order of the open step, then the MJ ends it."""
    s = sc.state
    step = s.step.name if s.step else None
    living = s.living_names()
    for reaction in s.reactions:
        if reaction.kind == "trancher":
            sc.act(reaction.player, f"trancher {rng.choice(s.extra['egalite-bucher'])}")
        elif reaction.kind in ("successeur", "ascension", "autopsie") and living:
            sc.act(reaction.player, f"{reaction.kind} {rng.choice(living)}")
    s = sc.state
    if s.reactions or s.status != "running":
        if s.status == "running":
            sc.later(hours=2)
        return
    if step == "pouvoirs":
        for name in living:
            p = s.players[name]
            picked = [
                rng.choice([x for x, o in POWERS.items() if o.category == c]) for c in categories(p)
            ]
            sc.act(name, f"pouvoirs {picked[0]} et {picked[1]}")
    elif step == "election":
        for name in living:
            sc.act(name, f"vote {rng.choice(living)}")
    elif step == "nuit":
        for name in living:
            p = s.players[name]
            lines = []
            if is_wolf(p):
                prey = [n for n in living if not is_wolf(s.players[n])]
                if prey:
                    lines.append(f"attaquer {rng.choice(prey)}")
            usable = [x for x in p.powers if may_use(s, p, x)]
            if usable and rng.random() < 0.8:
                slug = rng.choice(usable)
                target = rng.choice(living)
                element = rng.choice([e for e in ELEMENTS if e != "vie"])
                lines.append(f"{slug} {target} {element}")
            else:
                lines.append("rien")
            sc.act(name, "\n".join(lines))
    elif step == "vote":
        for name in living:
            sc.act(name, f"vote {rng.choice(living)}")
    if sc.state.status == "running":
        sc.end()


def play_to_end(sc: Scenario, rng: random.Random, limit: int = 200) -> int:
    for i in range(limit):
        if sc.state.status == "ended":
            return i
        play_phase(sc, rng)
    raise AssertionError(f"no end after {limit} steps: {sc.phase()} {sc.step()}")
