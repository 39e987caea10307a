"""Random legal play of a Koh-Lanta game (seed 000, « LG KOH-LANTA »), through players' mails:
what the property tests and the scenario tests share."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from lgmail.rules.kohlanta import challenge, council, jury
from lgmail.rules.kohlanta.cards import camp, chief_of, is_juror, tribe_of
from tests.scenario import Scenario, Sent, Watching

NAMES = [
    "Alice", "Bruno", "Chloe", "David", "Emma", "Farid", "Gina", "Hugo",
    "Ines", "Jules", "Karim", "Lea", "Marc", "Nina", "Oscar", "Paula",
]  # fmt: skip


class Watched(Watching):
    """A game whose every move is followed by a look at every mailbox: `inbox[name]` holds
    each mail with what its reader was when it came ("alive", "out" before the merge,
    "juror", or "ended")."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        self.inbox: dict[str, list[tuple[str, Sent]]] = {}
        super().__init__(*args, **kw)

    def moved(self, step_end: bool) -> None:
        s = self.state
        names = {self.email(n): n for n in s.players}
        for mail in self.new_mails():
            name = names.get(mail.to)
            if name is None:
                continue  # the MJ's
            p = s.players[name]
            if s.ended:
                stage = "ended"
            elif p.alive:
                stage = "alive"
            else:
                stage = "juror" if is_juror(s, name) else "out"
            self.inbox.setdefault(name, []).append((stage, mail))

    def received(self, name: str, stage: str) -> list[Sent]:
        return [m for st, m in self.inbox.get(name, []) if st == stage]


def deal(count: int = 12, strateges: tuple[int, ...] = (0, 1, 6, 7)) -> dict[str, str]:
    """A deal as `--roles` writes it: the first half « rouges », the rest « jaunes »; players
    of even rank Sportifs."""
    names = NAMES[:count]
    out: dict[str, str] = {}
    for i, name in enumerate(names):
        tribe = "rouges" if i < count // 2 else "jaunes"
        side = "stratege" if i in strateges else "bisounours"
        role = "sportif" if i % 2 == 0 else "survivaliste"
        out[name] = f"{side}:{role}:{tribe}"
    return out


def game(
    folder: Path,
    count: int = 12,
    seed: int = 1,
    roles: dict[str, str] | None = None,
    cls: type[Scenario] = Scenario,
    **kw: Any,
) -> Scenario:
    """A game of `count` players dealt as `roles` (default: `deal`), every draw from `seed`."""
    given = roles or deal(count)
    return cls(folder, given, variant="kohlanta", election=True, seed=seed, **kw)


def guess(rng: random.Random) -> str:
    return " / ".join(challenge.CANON[rng.choice(line)] for line in challenge.LINES)


def play_phase(sc: Scenario, rng: random.Random) -> None:
    """Every player who can act gives a legal order, then the clock runs to what comes next."""
    s = sc.state
    step = s.step.name if s.step else None
    living = s.living_names()
    for reaction in s.reactions:
        if reaction.kind == "trancher":
            sc.act(reaction.player, f"trancher {rng.choice(s.extra[council.TIE]['tied'])}")
        elif reaction.kind == "successeur":
            sc.act(reaction.player, f"successeur {rng.choice(living)}")
    s = sc.state
    if s.reactions or s.status != "running":
        return
    if step == "election":
        for n in living:
            mates = [m for m in living if tribe_of(s, m) == tribe_of(s, n)]
            sc.act(n, f"vote {rng.choice(mates)}")
    elif step == "nuit":
        for n in living:
            p = s.players[n]
            others = [m for m in living if m != n]
            lines = []
            if camp(p) == "stratege":
                lines.append(f"vote {rng.choice(others)}")
            elif rng.random() < 0.6:
                mates = [
                    m for m in others if s.extra.get("reunifie") or tribe_of(s, m) == tribe_of(s, n)
                ]
                lines.append(f"alliance {rng.choice(mates)}")
            lines.append(f"collier {rng.randint(1, 6)}")
            lines.append("utiliser collier" if rng.random() < 0.5 else "garder collier")
            lines.append(f"sonder {rng.choice(others)}")
            lines.append(f"ambassadeur {rng.choice(living)}")
            sc.act(n, "\n".join(lines))
    elif step in ("epreuve", "relance"):
        for n in living:
            sc.act(n, guess(rng))
    elif step == "vote":
        offer = s.extra.get("conforts", {}).get("offer", {})
        if offer.get("choices") and offer.get("day") == s.number:
            head = chief_of(s, next(m for m in s.players if tribe_of(s, m) == offer["tribe"]))
            if head:
                sc.act(head, f"confort {rng.choice(offer['choices'])}")
        targets = council.eligible(s)
        for n in council.voters(s):
            if council.orientation(s) and len(targets) >= 2:
                a, b = rng.sample(targets, 2)
                sc.act(n, f"vote {a} et {b}")
            elif targets:
                sc.act(n, f"vote {rng.choice(targets)}")
    elif step == "jury":
        two = jury.finalists(s)
        for n in jury.voting(s):
            sc.act(n, f"vote {rng.choice(two)}")
    if sc.state.status == "running":
        sc.end()


def play_to_end(sc: Scenario, rng: random.Random, limit: int = 200) -> int:
    """Plays until the game ends; the number of steps it took."""
    for i in range(limit):
        if sc.state.status == "ended":
            return i
        play_phase(sc, rng)
        if sc.state.reactions and sc.state.status == "running":
            sc.later(hours=2)
    raise AssertionError(f"no end after {limit} steps: {sc.phase()} {sc.step()}")
