"""Rule set `maisons`, seed 001 (../shared/seeds/001_f67e2344efefe72c.txt): set-up by the MJ's
commands (the `--roles` contract, a drawn deal, a deal again) and the role prefix of a line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.maisons.test_night import DEAL
from tests.scenario import Scenario

LGMAIL = [sys.executable, "-m", "lgmail"]


def run(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*LGMAIL, "--data", str(data), *args], capture_output=True, text=True, timeout=60
    )


def test_cli_roles_contract_state_json_and_redeal(tmp_path: Path) -> None:
    """001: « Chaque joueur possède 5 Rôles »; « Le MJ a tout droit de relancer un tirage de
    rôles qui ne lui convient pas [...] le MJ a le droit de donner les rôles qu'il veut au
    joueur qu'il veut »: `--roles "Name=nature:r1+r2+r3+r4+r5"` (contract), names or slugs;
    `game redeal` before the start; `state --json` adds nature, roles and house."""
    data = tmp_path / "data"
    players = [f"--player={n} <{n.lower()}@example.org>" for n in DEAL]
    roles = ",".join(f"{n}={d}" for n, d in DEAL.items()).replace(
        "joueur-de-tarot", "Joueur de tarot"
    )
    made = run(data, "game", "create", "g", "--variant", "maisons", *players, "--roles", roles)
    assert made.returncode == 0, made.stderr
    state = json.loads(run(data, "state", "g", "--json").stdout)
    bruno = next(p for p in state["players"] if p["name"] == "Bruno")
    assert bruno["role"] == bruno["nature"] == "villageois"
    assert bruno["roles"][-1] == "joueur-de-tarot" and bruno["house"] == "Bruno"
    again = run(data, "game", "redeal", "g")
    assert again.returncode == 0, again.stderr
    drawn = json.loads(run(data, "state", "g", "--json").stdout)
    assert [p["roles"] for p in drawn["players"]] != [p["roles"] for p in state["players"]]
    assert sum(p["nature"] == "loup-garou" for p in drawn["players"]) == 1
    assert run(data, "game", "start", "g").returncode == 0
    late = run(data, "game", "redeal", "g")
    assert late.returncode != 0 and "non redistribués" in late.stderr + late.stdout


def test_a_line_names_the_role_that_gives_it(tmp_path: Path) -> None:
    """001: « Si le joueur a plusieurs moyens disponibles [...] il doit préciser quelle est
    l'action lui autorisant »: « planqué : je me planque chez Chloe » reads the Planqué's."""
    g = Scenario(tmp_path, DEAL, variant="maisons", election=False)
    answer = g.ok("Emma", "Planqué : je me planque chez Chloe")
    assert "maison de Chloe" in answer.text
    refused = g.act("Emma", "Salvateur : protéger la maison de Chloe")
    assert not refused.ok
