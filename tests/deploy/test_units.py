"""The systemd units of `deploy/` are hardened: `systemd-analyze security` scores each below 2
(9.2 « UNSAFE » before), and the data directory systemd makes is the one lgmail uses."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
UNITS = sorted(DEPLOY.glob("*.service"))
#: the exposure systemd-analyze may give a unit at most
TARGET = 2.0


def _analyze() -> str:
    tool = shutil.which("systemd-analyze")
    if tool is None:
        if os.environ.get("LGMAIL_TEST_SYSTEMD") == "none":
            pytest.skip("LGMAIL_TEST_SYSTEMD=none: no systemd-analyze on this machine")
        pytest.fail("systemd-analyze is missing (Debian's package systemd; .ci/run installs it)")
    return tool


@pytest.mark.parametrize("unit", UNITS, ids=lambda p: p.name)
def test_each_unit_scores_below_two(unit: Path) -> None:
    done = subprocess.run(
        [_analyze(), "security", "--offline=true", "--no-pager", str(unit)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", done.stdout + done.stderr)
    assert found, done.stdout + done.stderr
    assert float(found.group(1)) < TARGET, done.stdout


@pytest.mark.parametrize("unit", UNITS, ids=lambda p: p.name)
def test_the_data_directory_is_the_private_state_directory(unit: Path) -> None:
    text = unit.read_text(encoding="utf-8")
    home = re.search(r"^Environment=LGMAIL_HOME=(\S+)$", text, re.MULTILINE)
    state = re.search(r"^StateDirectory=(\S+)$", text, re.MULTILINE)
    assert home and state, unit.name
    assert home.group(1) == f"/var/lib/{state.group(1)}"
    assert re.search(r"^StateDirectoryMode=0700$", text, re.MULTILINE)
    assert re.search(r"^UMask=0077$", text, re.MULTILINE)
