"""#19, #34: the pages in a real browser. Debian's headless Chromium, driven by Selenium through
Debian's chromium-driver (/usr/bin/chromedriver; .ci/run installs both), loads the topic, a
player's page and the MJ's desk of a game played by SMTP, the site's index and a game's sign-up
page, on a phone emulated by chromedriver (412×915 CSS px, a touch screen, its viewport tag
read); the test reads what the browser made of them (its DOM), keeps a screenshot of each (in
$LGMAIL_ARTIFACTS when set, else the test's folder) and measures that no page is wider than the
screen (no sideways scrolling). No page needs JavaScript: the pages' own scripts are turned off
(WebDriver's scripts, which measure, still run)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from lgmail.mail.render import when
from lgmail.service.links import mj_token
from tests.web.conftest import CLOSES, SIGNUPS, Web, signup_game, text
from tests.web.played import scripted

REQUIRED = bool(os.environ.get("LGMAIL_REQUIRE_BROWSER"))
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
if (CHROMIUM is None or CHROMEDRIVER is None) and not REQUIRED:
    pytest.skip(
        "no chromium or chromedriver here (.ci/run installs Debian's chromium and chromium-driver)",
        allow_module_level=True,
    )

WIDTH, HEIGHT = 412, 915
#: the vote pictures as the browser drew them: how many, how wide, and how many arrows
PICTURES = """return [...document.querySelectorAll("figure.vote svg")].map(s => ({
  width: s.getBoundingClientRect().width,
  right: s.getBoundingClientRect().right,
  arrows: s.querySelectorAll("path.arrow").length,
  label: s.getAttribute("role") + ":" + (s.querySelector("title") || {}).textContent
}));"""
#: what the page measures: how wide the document is and the screen, and the first elements
#: that reach past the screen's right edge
MEASURE = """return {
  scroll: document.documentElement.scrollWidth,
  client: document.documentElement.clientWidth,
  wide: [...document.querySelectorAll("body *")]
    .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
    .slice(0, 5)
    .map(e => e.tagName + ": " + (e.textContent || "").trim().slice(0, 60))
};"""


@pytest.fixture
def phone(tmp_path: Path) -> Iterator[webdriver.Chrome]:
    """Debian's headless Chromium on a phone's screen, driven by Selenium through Debian's
    chromedriver (both found on the PATH: nothing is downloaded), with a fresh profile and the
    pages' own JavaScript off."""
    assert CHROMIUM is not None, "chromium is required (LGMAIL_REQUIRE_BROWSER)"
    assert CHROMEDRIVER is not None, (
        "chromedriver is required (LGMAIL_REQUIRE_BROWSER): apt-get install chromium-driver"
    )
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
        f"--user-data-dir={tmp_path / 'profile'}",
    ):
        options.add_argument(flag)
    metrics = {"width": WIDTH, "height": HEIGHT, "pixelRatio": 1, "mobile": True, "touch": True}
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": metrics})
    scripts_off = {"profile.managed_default_content_settings.javascript": 2}
    options.add_experimental_option("prefs", scripts_off)
    browser = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    browser.set_page_load_timeout(60)
    try:
        yield browser
    finally:
        browser.quit()


def check_pages(
    pages: dict[str, tuple[str, list[str]]], browser: webdriver.Chrome, tmp_path: Path
) -> None:
    """Each page in Chromium on a phone: its words, no script, its screenshot, and no sideways
    scrolling."""
    shots = Path(os.environ.get("LGMAIL_ARTIFACTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    for name, (url, expected) in pages.items():
        browser.get(url)
        dom = browser.page_source
        screenshot = shots / f"web-{name}.png"
        assert browser.save_screenshot(str(screenshot)), name
        assert screenshot.stat().st_size > 1000, name
        shown = text(dom)
        for words in expected:
            assert words in shown, (name, words)
        assert 'name="viewport"' in dom and "<script" not in dom
        measured: dict[str, Any] = browser.execute_script(MEASURE)
        assert measured["client"] == WIDTH, (name, measured)
        assert measured["scroll"] <= measured["client"], (name, measured)


def test_the_pages_in_a_headless_chromium_on_a_phone(
    web: Web, phone: webdriver.Chrome, tmp_path: Path
) -> None:
    web.play(upto=8)
    pages = {
        "topic": (web.base + "/village/", ["Le fil de la partie", "Bruno est mort·e"]),
        "player": (web.link("Chloé"), ["Vous êtes Voyante", "vote NOM"]),
        "desk": (web.link("mj@example.org"), ["bureau du MJ", "alice@example.org"]),
    }
    check_pages(pages, phone, tmp_path)


def test_the_index_and_a_sign_up_page_on_a_phone(
    web: Web, phone: webdriver.Chrome, tmp_path: Path
) -> None:
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
    check_pages(pages, phone, tmp_path)
    for url in (web.base + "/", game):
        page = web.get(url)[1]
        assert not [e for e, _, _ in SIGNUPS.values() if e in page], url


def test_the_vote_pictures_on_a_phone(web: Web, phone: webdriver.Chrome, tmp_path: Path) -> None:
    """#36: pages heavy with pictures: the topic and the desk of the classic game played to its
    end (its votes, the record, the whole game in sentences, the state's picture) and of 001's
    twenty players (the names along the radius), at 412 px: every picture drawn within the
    screen, its text alternative read, no sideways scrolling."""
    web.play()
    village_desk = web.link("mj@example.org")  # before the other game's mails to the MJ
    houses = scripted(tmp_path, "maisons-vingt-joueurs", name="maisons")
    desk = f"{web.base}/maisons/mj/{mj_token(houses.games.settings.secret, houses.state)}"
    pages = {
        "votes-topic": (
            web.base + "/village/",
            ["Élection du Capitaine : Chloé (5 voix) l'emporte.", "Le registre des votes"],
        ),
        "votes-desk": (village_desk, ["L'état de la partie", "Le journal", "Hélène"]),
        "votes-maisons": (web.base + "/maisons/", ["Élection du maire", "Vote secret"]),
        "votes-maisons-desk": (desk, ["Bûcher du jour 1", "L'état de la partie"]),
    }
    check_pages(pages, phone, tmp_path)
    for name, (url, _) in pages.items():
        phone.get(url)
        drawn: list[dict[str, Any]] = phone.execute_script(PICTURES)
        assert drawn, name
        for picture in drawn:
            assert 100 < picture["width"] <= WIDTH and picture["right"] <= WIDTH + 0.5, name
            assert picture["label"].startswith("img:"), name
        if name.endswith("desk") or name == "votes-topic":
            assert any(p["arrows"] for p in drawn), name
        if name == "votes-maisons":
            assert not any(p["arrows"] for p in drawn)  # only the totals are public
