"""No page shows what its reader may not know (#19): simulated games of every rule set, and at
every step the topic (a spectator's), each player's page and the Atom feed are rendered and
checked as the mail secrecy test checks mails (tests/test_secrecy.py): a line that names a
player together with that player's role is a leak unless the reader knows that role. No page
but the MJ's desk shows an address.

#36: the vote pictures too: their words (the SVG's title, description and names) are checked
as the page's, and their arrows against the log: a public page and a player's draw only the
votes the log made public, no arrow of a vote whose totals only are public (001, Koh-Lanta),
and the pack's votes (002) only on the page of a wolf who read them in the den.

The rule sets: classic (seeds/003), nombres (seeds/002), thiercelieux (seeds/004), maisons
(seeds/001), kohlanta and cinquieme-element (seeds/000)."""

from __future__ import annotations

import html
import random
import re
import tomllib
import weakref
from collections.abc import Callable
from pathlib import Path

import pytest

from lgmail.mail.render import role_name
from lgmail.rules.state import GameState
from lgmail.rules.thiercelieux.catalogue import CAMP_OF
from lgmail.rules.variants import variant_of
from lgmail.rules.view import spectator_view, view
from lgmail.service.bots import orders_for
from lgmail.service.links import mj_token
from lgmail.store.model import RecordedEvent
from lgmail.web.app import Site
from lgmail.web.feed import atom
from lgmail.web.pages import player_page
from tests.scenario import Scenario
from tests.web.test_votes import PUBLIC, den, pictures

GAMES = Path(__file__).resolve().parents[1] / "games"


def text_of(page: str) -> list[str]:
    """The lines a reader sees on a page (tags dropped, entities read)."""
    body = page.split("<body>", 1)[-1]
    return [html.unescape(line) for line in re.sub(r"<[^>]+>", "\n", body).splitlines()]


def page_leaks(state: GameState, reader: str | None, lines: list[str]) -> list[str]:
    """What `lines` say of a role `reader` (None: a spectator) does not know."""
    shown = spectator_view(state) if reader is None else view(state, reader)
    # a role is known when the view shows it, or the camp it stands for (000's « Stratège »)
    known = {p["name"]: p.get("role") or p.get("camp") for p in shown["players"]}
    lang = state.players[reader].lang if reader else state.lang
    found = []
    for other in state.players.values():
        if known.get(other.name) is not None:
            continue
        secret = role_name(variant_of(state), other.role, lang)
        found += [
            f"{reader or 'spectator'}: {line!r} reveals {other.name}"
            for line in lines
            if other.name in line and secret in _unaddressed(line)
        ]
    return found


def _unaddressed(line: str) -> str:
    """`line` without a role speaking to its reader (« Cupidon vous a uni·e à Alice » tells
    who was linked, not who Cupidon is)."""
    return re.sub(r"\b\w+ (vous|you)\b", "", line)


def svg_text(page: str) -> list[str]:
    """The words of a page's vote pictures: their titles, descriptions and names."""
    found = re.findall(r"<svg.*?</svg>", page, re.S)
    return [line for svg in found for line in text_of("<body>" + svg)]


def hidden_votes(
    records: list[RecordedEvent], state: GameState, reader: str | None, page: str
) -> list[str]:
    """The arrows of `page`'s vote pictures that `reader` (None: a spectator) may not know."""
    public = {
        r.version: {(v, t or "") for v, t in r.payload[PUBLIC[r.type]].items()}
        for r in records
        if r.type in PUBLIC
    }
    wolves = {n for n, p in state.players.items() if CAMP_OF.get(p.role) == "loups"}
    pack = den(records, wolves) if state.variant == "nombres" else {}
    found = []
    who = reader or "spectator"
    for version, drawn in pictures(page).items():
        if version in pack:
            votes, readers = pack[version]
            if reader not in readers:
                found.append(f"{who} sees the pack's vote {version}")
            elif drawn.arrows - votes:
                found.append(f"{who}: arrows no wolf gave at {version}: {drawn.arrows - votes}")
        elif version in public:
            if drawn.arrows - public[version]:
                found.append(f"{who}: arrows not counted at {version}: {drawn.arrows}")
        elif drawn.arrows:
            found.append(f"{who}: the votes of the secret count {version}: {drawn.arrows}")
    return found


def addresses(state: GameState, lines: list[str]) -> list[str]:
    emails = {p.email for p in state.players.values()} | {state.mj or ""}
    return [line for line in lines if any(e and e in line for e in emails)]


#: one site per game played, as a service keeps one (each mail parsed once)
SITES: weakref.WeakKeyDictionary[Scenario, Site] = weakref.WeakKeyDictionary()


def every_page(sc: Scenario) -> list[str]:
    """The leaks of every page of `sc` now; the MJ's desk rendered too (it knows all)."""
    site = SITES.get(sc) or SITES.setdefault(sc, Site(sc.games, "http://lg.test"))
    state = sc.games.load(sc.name)
    records = sc.games.records(sc.name)
    topic_page = site.topic_html(state)
    topic = text_of(topic_page)
    feed = atom(state, site.posts(state), "http://lg.test/village/").decode()
    found = page_leaks(state, None, topic) + page_leaks(state, None, feed.splitlines())
    found += [f"an address on the topic: {line!r}" for line in addresses(state, topic)]
    found += page_leaks(state, None, svg_text(topic_page))
    found += hidden_votes(records, state, None, topic_page)
    found += [f"an address in the feed: {line!r}" for line in addresses(state, feed.split(">"))]
    for name in state.players:
        # the mails on his page are his own: they were checked as mails (tests/test_secrecy.py
        # and each rule set's), the rest of the page is checked here
        letters = player_page(sc.games.store, state, name, site.letters)["letters"]
        received = "\n".join(m.content for m in sc.mails(name))
        found += [
            f"{name}'s page shows a mail not his: {x.subject}"
            for x in letters
            if x.text not in received
        ]
        told = {line for x in letters for line in x.text.splitlines()}
        page = site.player_html(state, name)
        mine = text_of(page)
        found += page_leaks(state, name, [line for line in mine if line not in told])
        found += page_leaks(state, name, svg_text(page))
        found += hidden_votes(records, state, name, page)
        others = [line for line in addresses(state, mine) if state.players[name].email not in line]
        found += [f"an address on {name}'s page: {line!r}" for line in others]
    desk = site.desk_html(state, mj_token(sc.games.settings.secret, state) or "")
    assert all(p.email in desk for p in state.players.values())
    return found


def at_each_phase(sc: Scenario, checked: tuple[str, int] | None) -> tuple[str, int]:
    """The pages checked when the game entered a phase since the last check (`checked`)."""
    phase = sc.phase()
    if phase != checked:
        assert every_page(sc) == []
    return phase


def by_bots(sc: Scenario, rng: random.Random, limit: int = 60) -> None:
    """Random legal play by the demo's bots, the MJ closing a step nobody acts in; the pages
    checked after each round."""
    names = list(sc.state.players)
    for _ in range(limit):
        if sc.state.status == "ended":
            return
        acted = False
        for name in names:
            lines = orders_for(sc.state, name, rng)
            if lines:
                acted = sc.act(name, "\n".join(lines)).ok or acted
        if not acted and sc.state.status == "running":
            sc.end()
        assert every_page(sc) == []


def classic(tmp: Path, rng: random.Random) -> None:
    roles = ["loup-garou", "loup-garou", "voyante", "sorciere", "chasseur", "cupidon"]
    names = ["Alice", "Bruno", "Chloe", "David", "Emma", "Fanny", "Gaspard", "Hugo"]
    deal = dict(zip(names, rng.sample([*roles, "villageois", "salvateur"], 8), strict=True))
    by_bots(Scenario(tmp, deal, election=True), rng)


def thiercelieux(tmp: Path, rng: random.Random) -> None:
    roles = ["loup-garou", "infect-pere-des-loups", "voyante", "renard", "corbeau", "fee"]
    roles += ["idiot-du-village"]
    names = ["Alice", "Bruno", "Chloe", "David", "Emma", "Fanny", "Gaspard"]
    deal = dict(zip(names, rng.sample(roles, 7), strict=True))
    by_bots(Scenario(tmp, deal, variant="thiercelieux", options={"capitaine": "double"}), rng)


def scripted(stem: str) -> Callable[[Path, random.Random], None]:
    """A whole game of tests/games (nombres 002, maisons 001), the pages checked each play."""

    def run(tmp: Path, rng: random.Random) -> None:
        script = tomllib.loads((GAMES / f"{stem}.toml").read_text(encoding="utf-8"))
        sc = Scenario(
            tmp,
            script["roles"],
            election=script.get("election", False),
            variant=script.get("variant", "classic"),
        )
        checked: tuple[str, int] | None = None
        for play in script["play"]:
            if play.get("mj") == "end":
                sc.end()
            else:
                senders = play["from"] if isinstance(play["from"], list) else [play["from"]]
                for sender in senders:
                    sc.act(sender, play["text"])
            checked = at_each_phase(sc, checked)
        assert sc.state.status == "ended" and every_page(sc) == []

    return run


def stepped(module: str) -> Callable[[Path, random.Random], None]:
    """kohlanta and cinquieme-element (000), played step by step by their own test players."""

    def run(tmp: Path, rng: random.Random) -> None:
        helpers = __import__(f"tests.{module}.play", fromlist=["game", "play_phase"])
        sc = helpers.game(tmp, seed=rng.randrange(1000))
        checked: tuple[str, int] | None = None
        for _ in range(40):
            if sc.state.status == "ended":
                break
            helpers.play_phase(sc, rng)
            checked = at_each_phase(sc, checked)
        assert every_page(sc) == []

    return run


RULE_SETS = {
    "classic-003": classic,
    "nombres-002": scripted("nombres-village-wins"),
    "thiercelieux-004": thiercelieux,
    "maisons-001": scripted("maisons-vingt-joueurs"),
    "kohlanta-000": stepped("kohlanta"),
    "cinquieme-000": stepped("cinquieme"),
}


@pytest.mark.parametrize("rule_set", sorted(RULE_SETS))
def test_no_page_reveals_what_its_reader_may_not_know(rule_set: str, tmp_path: Path) -> None:
    RULE_SETS[rule_set](tmp_path, random.Random(rule_set))


def test_the_check_finds_a_leak(tmp_path: Path) -> None:
    sc = Scenario(
        tmp_path,
        {"Alice": "loup-garou", "Bruno": "voyante", "Chloe": "villageois", "David": "villageois"},
    )
    state = sc.state
    assert page_leaks(state, "Chloe", ["Alice est Loup-Garou."]) == [
        "Chloe: 'Alice est Loup-Garou.' reveals Alice"
    ]
    assert page_leaks(state, "Alice", ["Alice est Loup-Garou."]) == []
    assert page_leaks(state, "Chloe", ["Loup-Garou vous a vu, Alice."]) == []
    assert addresses(state, ["écrire à alice@example.org"]) == ["écrire à alice@example.org"]


def test_the_check_finds_a_hidden_vote(tmp_path: Path) -> None:
    """An arrow of a vote whose totals only are public, and the pack's vote on a villager's
    page, are found."""
    sc = Scenario(
        tmp_path,
        {"Alice": "loup-garou", "Bruno": "loup-garou", "Chloe": "voyante", "David": "villageois"},
        variant="nombres",
    )
    sc.ok("Alice", "tuer David")
    sc.ok("Bruno", "tuer David")
    while sc.phase()[0] != "day":
        sc.end()
    state, records = sc.state, sc.games.records(sc.name)
    site = Site(sc.games, "http://lg.test")
    night = next(r.version for r in records if r.type == "WolvesChose")
    wolf_page = site.player_html(state, "Alice")
    assert hidden_votes(records, state, "Alice", wolf_page) == []
    assert hidden_votes(records, state, "Chloe", wolf_page) == [
        f"Chloe sees the pack's vote {night}"
    ]
    forged = wolf_page.replace(f'id="vote-{night}-den"', 'id="vote-2-stake"')
    assert hidden_votes(records, state, "Alice", forged)[0].startswith(
        "Alice: the votes of the secret count 2"
    )
    assert svg_text(wolf_page) and all("Loup-Garou" not in line for line in svg_text(wolf_page))
