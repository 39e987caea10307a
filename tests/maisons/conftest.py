"""Games of rule set `maisons` (seed 001, ../shared/seeds/001_f67e2344efefe72c.txt)."""

from __future__ import annotations

from pathlib import Path

from lgmail.rules.maisons.events import plans
from tests.scenario import Scenario

SEED = "001_f67e2344efefe72c.txt"


def game(folder: Path, deal: dict[str, str], election: bool = False) -> Scenario:
    """A `maisons` game dealt `deal` (name -> "nature:role+role+role+role+role"), started on
    night 1 unless `election`."""
    return Scenario(folder, deal, variant="maisons", election=election)


def deaths(g: Scenario) -> list[str]:
    """Who died so far, in order."""
    return [e["name"] for e in g.events("PlayerDied")]


def told(g: Scenario, player: str, words: str) -> bool:
    """Whether a mail to `player` says `words` (in its subject or body)."""
    return any(words in m.subject or words in m.body for m in g.mails(player))


def night(g: Scenario, orders: dict[str, str]) -> None:
    """The night's `orders` (player -> mail, each accepted), « rien » from every other living
    player who has sent nothing yet."""
    given = plans(g.state)
    for name in g.state.living_names():
        if name in orders:
            g.ok(name, orders[name])
        elif name not in given:
            g.act(name, "rien")


def day(g: Scenario, votes: dict[str, str], hours: float = 48) -> None:
    """The day's `votes` (voter -> name), then its end."""
    for voter, target in votes.items():
        g.ok(voter, f"vote {target}")
    g.later(hours=hours)
