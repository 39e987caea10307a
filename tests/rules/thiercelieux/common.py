"""Shared helpers of the thiercelieux scenarios (seed 004_c21bac90ae6ca834.txt)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.scenario import Scenario

SEED = "004_c21bac90ae6ca834.txt"


def thiercelieux(
    folder: Path, roles: dict[str, str], *, capitaine: str = "double", **kw: Any
) -> Scenario:
    options = dict(kw.pop("options", {}) or {})
    options.setdefault("capitaine", capitaine)
    return Scenario(folder, roles, variant="thiercelieux", options=options, **kw)


def votes(game: Scenario, ballots: dict[str, str]) -> None:
    """Every ballot given ("blanc" for a blank vote), then the MJ closes the vote."""
    for voter, target in ballots.items():
        game.ok(voter, "vote blanc" if target == "blanc" else f"vote {target}")
    game.end()


def digest(game: Scenario, reader: str) -> str:
    """The public digests `reader` received since the last look, joined."""
    return "\n".join(m.body for m in game.new_mails(reader) if "À vous d'agir" not in m.subject)


def died(game: Scenario) -> list[tuple[str, str]]:
    return [(e["name"], e["cause"]) for e in game.events("PlayerDied")]


def colours(game: Scenario) -> dict[str, tuple[str, list[str]]]:
    return {e["name"]: (e["colour"], e["statuses"]) for e in game.events("CampShown")}
