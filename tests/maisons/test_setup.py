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


def test_day_zero_elects_the_maire(tmp_path: Path) -> None:
    """001 (001_f67e2344efefe72c.txt): « Une particularité concerne le jour 0 : pendant cette
    journée, les votes servent à déterminer le maire »: the day-0 mail says so, not « Élection
    du Capitaine » (issue #38)."""
    g = Scenario(tmp_path, DEAL, variant="maisons", election=True, langs={"Bruno": "en"})
    subjects = [m.subject for m in g.mails("Alice")]
    assert "[village] Élection du maire" in subjects
    assert not [s for s in subjects if "Capitaine" in s]
    assert "[village] Mayor's election" in [m.subject for m in g.mails("Bruno")]


CHIEUR_DEAL = dict(DEAL, Emma="villageois:voyante+chanoine+espion+meneur+chieur")


def test_the_mj_deal_takes_the_chieur_alias(tmp_path: Path) -> None:
    """001 (001_f67e2344efefe72c.txt): « le MJ a le droit de donner les rôles qu'il veut au
    joueur qu'il veut »: the README's alias `chieur` names
    Celui-qui-a-décidé-de-faire-chier-son-camp in the MJ's deal (issue #38)."""
    g = Scenario(tmp_path, CHIEUR_DEAL, variant="maisons", election=False)
    assert g.state.players["Emma"].powers[-1] == "celui-qui-a-decide-de-faire-chier-son-camp"


def test_cli_roles_takes_the_chieur_alias(tmp_path: Path) -> None:
    """001 (001_f67e2344efefe72c.txt): `--roles "...+chieur"` on the command line (issue #38)."""
    data = tmp_path / "data"
    players = [f"--player={n} <{n.lower()}@example.org>" for n in CHIEUR_DEAL]
    roles = ",".join(f"{n}={d}" for n, d in CHIEUR_DEAL.items())
    made = run(data, "game", "create", "g", "--variant", "maisons", *players, "--roles", roles)
    assert made.returncode == 0, made.stderr
