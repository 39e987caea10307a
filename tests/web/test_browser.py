"""#19: the pages in a real browser. Debian's headless Chromium (installed by .ci/run) loads the
topic, a player's page and the MJ's desk of a game played by SMTP, on a phone's screen (412 px
wide); the test reads what the browser made of them (its DOM) and keeps a screenshot of each
(in $LGMAIL_ARTIFACTS when set, else the test's folder). No page needs JavaScript."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.web.conftest import Web, text

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None and not os.environ.get("LGMAIL_REQUIRE_BROWSER"):
    pytest.skip("no chromium here (.ci/run installs Debian's)", allow_module_level=True)

PHONE = "412,915"


def browse(url: str, profile: Path, screenshot: Path) -> str:
    """The DOM Chromium built from `url`, and its screenshot at `screenshot`."""
    assert CHROMIUM is not None, "chromium is required (LGMAIL_REQUIRE_BROWSER)"
    flags = [
        CHROMIUM,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-javascript",
        "--hide-scrollbars",
        f"--user-data-dir={profile}",
        f"--window-size={PHONE}",
    ]
    shot = subprocess.run(
        [*flags, f"--screenshot={screenshot}", url], capture_output=True, timeout=90
    )
    assert screenshot.exists() and screenshot.stat().st_size > 1000, shot.stderr[-2000:]
    dom = subprocess.run([*flags, "--dump-dom", url], capture_output=True, timeout=90)
    assert dom.returncode == 0, dom.stderr[-2000:]
    return dom.stdout.decode()


def test_the_pages_in_a_headless_chromium_on_a_phone(web: Web, tmp_path: Path) -> None:
    web.play(upto=8)
    shots = Path(os.environ.get("LGMAIL_ARTIFACTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    pages = {
        "topic": (web.base + "/village/", ["Le fil de la partie", "Bruno est mort·e"]),
        "player": (web.link("Chloé"), ["Vous êtes Voyante", "vote NOM"]),
        "desk": (web.link("mj@example.org"), ["bureau du MJ", "alice@example.org"]),
    }
    for name, (url, expected) in pages.items():
        dom = browse(url, tmp_path / "profile", shots / f"web-{name}.png")
        shown = text(dom)
        for words in expected:
            assert words in shown, (name, words)
        assert 'name="viewport"' in dom and "<script" not in dom
