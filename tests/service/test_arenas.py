"""The service's processes share two malloc arenas (glibc's M_ARENA_MAX; #20's peak RSS): set
in the process for its threads and passed to the workers it spawns; MALLOC_ARENA_MAX, when an
operator sets it, wins."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

PROBE = (
    "import os; from lgmail.service.arenas import share_arenas; "
    "print(share_arenas(), os.environ.get('MALLOC_ARENA_MAX'))"
)


def probe(**env: str) -> str:
    clean = {k: v for k, v in os.environ.items() if k != "MALLOC_ARENA_MAX"}
    return subprocess.run(
        [sys.executable, "-c", PROBE], env={**clean, **env}, capture_output=True, text=True
    ).stdout.strip()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt")
def test_two_arenas_for_the_process_and_its_children() -> None:
    assert probe() == "True 2"


def test_the_operator_s_variable_wins() -> None:
    assert probe(MALLOC_ARENA_MAX="4") == "False 4"
