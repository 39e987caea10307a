"""#19, #34: the pages in a real browser. Debian's headless Chromium (installed by .ci/run) loads
the topic, a player's page and the MJ's desk of a game played by SMTP, the site's index and a
game's sign-up page, on a phone's screen (412 px wide); the test reads what the browser made of
them (its DOM), keeps a screenshot of each (in $LGMAIL_ARTIFACTS when set, else the test's
folder) and measures, on a phone emulated through Chromium's DevTools protocol, that no page is
wider than the screen (no sideways scrolling). No page needs JavaScript."""

from __future__ import annotations

import fcntl
import json
import os
import select
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from lgmail.mail.render import when
from lgmail.web.links import mj_token
from tests.web.conftest import CLOSES, SIGNUPS, Web, signup_game, text

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None and not os.environ.get("LGMAIL_REQUIRE_BROWSER"):
    pytest.skip("no chromium here (.ci/run installs Debian's)", allow_module_level=True)

PHONE = "412,915"
WIDTH, HEIGHT = 412, 915
#: what the page measures: how wide the document is and the screen, and the first elements
#: that reach past the screen's right edge
MEASURE = """JSON.stringify({
  scroll: document.documentElement.scrollWidth,
  client: document.documentElement.clientWidth,
  wide: [...document.querySelectorAll("body *")]
    .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
    .slice(0, 5)
    .map(e => e.tagName + ": " + (e.textContent || "").trim().slice(0, 60))
})"""


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


class DevTools:
    """A headless Chromium driven through its DevTools protocol on a pipe
    (`--remote-debugging-pipe`: JSON messages ended by a NUL, read on its fd 3, written on its
    fd 4), with no client library."""

    def __init__(self, profile: Path) -> None:
        assert CHROMIUM is not None, "chromium is required (LGMAIL_REQUIRE_BROWSER)"
        reading, self._to = os.pipe()
        self._from, writing = os.pipe()
        # above the fds the shell wires, so that neither is overwritten by the other
        into, out = (fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in (reading, writing))
        os.close(reading)
        os.close(writing)
        flags = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            f"--user-data-dir={profile}",
            "--remote-debugging-pipe",
            "about:blank",
        ]
        # bash puts the pipes on the fds Chromium reads (3) and writes (4) (dash reads no fd
        # above 9)
        wiring = f'exec "$0" "$@" 3<&{into} 4>&{out}'
        self._process = subprocess.Popen(
            ["bash", "-c", wiring, CHROMIUM, *flags],
            pass_fds=(into, out),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(into)
        os.close(out)
        self._buffer = b""
        self._id = 0
        self._events: list[dict[str, Any]] = []

    def send(self, method: str, params: dict[str, Any] | None = None, session: str = "") -> Any:
        """`method`'s result (its answer; the events that come before it are kept)."""
        self._id += 1
        message: dict[str, Any] = {"id": self._id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._to, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._receive()
            if answer.get("id") == self._id:
                assert "error" not in answer, (method, answer)
                return answer["result"]
            self._events.append(answer)

    def event(self, method: str) -> dict[str, Any]:
        """The next event `method` (one already received first)."""
        for rank, seen in enumerate(self._events):
            if seen.get("method") == method:
                return self._events.pop(rank)
        while True:
            seen = self._receive()
            if seen.get("method") == method:
                return seen

    def _receive(self, timeout: float = 60.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            assert left > 0, "chromium did not answer"
            ready, _, _ = select.select([self._from], [], [], left)
            if ready:
                chunk = os.read(self._from, 1 << 16)
                assert chunk, "chromium closed its pipe"
                self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        found: dict[str, Any] = json.loads(message)
        return found

    def close(self) -> None:
        """Close the browser (it may close its pipe before it answers)."""
        try:
            message = {"id": self._id + 1, "method": "Browser.close", "params": {}}
            os.write(self._to, json.dumps(message).encode() + b"\0")
            self._process.wait(timeout=30)
        finally:
            if self._process.poll() is None:
                self._process.kill()
                self._process.wait()
            os.close(self._to)
            os.close(self._from)


def width_on_a_phone(url: str, profile: Path) -> dict[str, Any]:
    """How wide `url` lays out on a phone's screen (412 px, a touch screen, its viewport tag
    read): {"scroll": the document's width, "client": the screen's, "wide": what reaches
    past it}."""
    browser = DevTools(profile)
    try:
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        attached = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})
        session = attached["sessionId"]
        phone = {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": True}
        browser.send("Emulation.setDeviceMetricsOverride", phone, session)
        browser.send("Page.enable", session=session)
        opened = browser.send("Page.navigate", {"url": url}, session)
        assert "errorText" not in opened, opened
        browser.event("Page.loadEventFired")
        measured = browser.send(
            "Runtime.evaluate", {"expression": MEASURE, "returnByValue": True}, session
        )
        found: dict[str, Any] = json.loads(measured["result"]["value"])
        return found
    finally:
        browser.close()


def check_pages(pages: dict[str, tuple[str, list[str]]], tmp_path: Path) -> None:
    """Each page in Chromium: its words, no script, its screenshot, and no sideways scrolling
    on a phone."""
    shots = Path(os.environ.get("LGMAIL_ARTIFACTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    for name, (url, expected) in pages.items():
        dom = browse(url, tmp_path / "profile", shots / f"web-{name}.png")
        shown = text(dom)
        for words in expected:
            assert words in shown, (name, words)
        assert 'name="viewport"' in dom and "<script" not in dom
        measured = width_on_a_phone(url, tmp_path / "devtools")
        assert measured["client"] == WIDTH, (name, measured)
        assert measured["scroll"] <= measured["client"], (name, measured)


def test_the_pages_in_a_headless_chromium_on_a_phone(web: Web, tmp_path: Path) -> None:
    web.play(upto=8)
    pages = {
        "topic": (web.base + "/village/", ["Le fil de la partie", "Bruno est mort·e"]),
        "player": (web.link("Chloé"), ["Vous êtes Voyante", "vote NOM"]),
        "desk": (web.link("mj@example.org"), ["bureau du MJ", "alice@example.org"]),
    }
    check_pages(pages, tmp_path)


def test_the_index_and_a_sign_up_page_on_a_phone(web: Web, tmp_path: Path) -> None:
    """#34: the index (a game open for sign-ups, the game running) and the sign-up page, its
    names and no address; the MJ's desk of the game in sign-ups, every address."""
    games = web.game.games
    signup_game(games, "Le Hameau des Longs Noms de Village Perdus")
    state = games.peek("Le Hameau des Longs Noms de Village Perdus")
    game = web.base + "/le-hameau-des-longs-noms-de-village-perdus/"
    token = mj_token(games.settings.secret, state)
    closing = when(CLOSES, "fr")
    pages = {
        "index": (
            web.base + "/",
            ["Inscriptions ouvertes", "Le Hameau des Longs Noms", closing, "Parties en cours"],
        ),
        "index-en": (web.base + "/?lang=en", ["Open for sign-ups", "Games running"]),
        "signup": (game, ["Comment s'inscrire", "Inès", "Liste d'attente", "Jules", closing]),
        "signup-desk": (f"{game}mj/{token}", [SIGNUPS["Léa"][0], "à confirmer"]),
    }
    check_pages(pages, tmp_path)
    for url in (web.base + "/", game):
        page = web.get(url)[1]
        assert not [e for e, _, _ in SIGNUPS.values() if e in page], url
