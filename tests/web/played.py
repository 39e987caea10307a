"""Whole games of each rule set played to their end, as the vote pictures' tests read them
(#36): the scripted games of tests/games, random legal play by the demo's bots, and 000's
rule sets by their own test players. No page is looked at while they are played."""

from __future__ import annotations

import random
import tomllib
from collections.abc import Callable
from pathlib import Path

from lgmail.service.bots import orders_for
from tests.scenario import Scenario

GAMES = Path(__file__).resolve().parents[1] / "games"


def scripted(tmp: Path, stem: str, name: str = "village") -> Scenario:
    """The game of tests/games/`stem`.toml, played to its last play."""
    script = tomllib.loads((GAMES / f"{stem}.toml").read_text(encoding="utf-8"))
    sc = Scenario(
        tmp,
        script["roles"],
        election=script.get("election", False),
        variant=script.get("variant", "classic"),
        name=name,
    )
    for play in script["play"]:
        if play.get("mj") == "end":
            sc.end()
            continue
        senders = play["from"] if isinstance(play["from"], list) else [play["from"]]
        for sender in senders:
            sc.act(sender, play["text"])
    return sc


def by_bots(sc: Scenario, rng: random.Random, limit: int = 60) -> Scenario:
    """Random legal play by the demo's bots, the MJ closing a step nobody acts in."""
    for _ in range(limit):
        if sc.state.status == "ended":
            break
        acted = False
        for name in list(sc.state.players):
            lines = orders_for(sc.state, name, rng)
            if lines:
                acted = sc.act(name, "\n".join(lines)).ok or acted
        if not acted and sc.state.status == "running":
            sc.end()
    return sc


def thiercelieux(tmp: Path, seed: str = "thiercelieux") -> Scenario:
    rng = random.Random(seed)
    roles = ["loup-garou", "infect-pere-des-loups", "voyante", "renard", "corbeau", "fee"]
    roles += ["idiot-du-village", "villageois"]
    names = ["Alice", "Bruno", "Chloe", "David", "Emma", "Fanny", "Gaspard", "Hugo"]
    deal = dict(zip(names, rng.sample(roles, len(names)), strict=True))
    options = {"capitaine": "double"}
    return by_bots(Scenario(tmp, deal, variant="thiercelieux", election=True, options=options), rng)


def stepped(module: str) -> Callable[[Path, int], Scenario]:
    """kohlanta and cinquieme-element (000), played phase by phase by their test players."""

    def run(tmp: Path, seed: int) -> Scenario:
        helpers = __import__(f"tests.{module}.play", fromlist=["game", "play_phase"])
        rng = random.Random(seed)
        sc: Scenario = helpers.game(tmp, seed=seed)
        for _ in range(40):
            if sc.state.status == "ended":
                break
            helpers.play_phase(sc, rng)
        return sc

    return run


#: a game of each rule set, played to its end: name -> how
GAMES_PLAYED: dict[str, Callable[[Path], Scenario]] = {
    "classic-003": lambda tmp: scripted(tmp, "village-wins"),
    "nombres-002": lambda tmp: scripted(tmp, "nombres-village-wins"),
    "thiercelieux-004": thiercelieux,
    "maisons-001": lambda tmp: scripted(tmp, "maisons-vingt-joueurs"),
    "kohlanta-000": lambda tmp: stepped("kohlanta")(tmp, 7),
    "cinquieme-000": lambda tmp: stepped("cinquieme")(tmp, 7),
}
