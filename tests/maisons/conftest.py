"""Games of rule set `maisons` (seed 001, ../shared/seeds/001_f67e2344efefe72c.txt)."""

from __future__ import annotations

from pathlib import Path

from tests.scenario import Scenario

SEED = "001_f67e2344efefe72c.txt"


def game(folder: Path, deal: dict[str, str], election: bool = False) -> Scenario:
    """A `maisons` game dealt `deal` (name -> "nature:role+role+role+role+role"), started on
    night 1 unless `election`."""
    return Scenario(folder, deal, variant="maisons", election=election)
