"""#36: the MJ's desk and the end of the game in sentences. The desk's log: one event a line,
numbered, in the game's time zone, each a sentence with its raw JSON behind a `<details>` and
the link to its mail, filtered by phase and by player with plain links; the picture of the
game's state (every player a card); the topic of an ended game telling every event in a
sentence from the texts the mails use, for a game of each rule set."""

from __future__ import annotations

import html
import json
import re
from datetime import timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from starlette.testclient import TestClient

from lgmail.rules import events as ev
from lgmail.rules.hooks import TELLS
from lgmail.rules.state import GameState
from lgmail.service.links import mj_token
from lgmail.web.app import Site
from tests.scenario import Scenario
from tests.web.played import GAMES_PLAYED, scripted

LINE = re.compile(
    r'<li value="(\d+)"><span class="meta">([^<]+)</span> (.*?)'
    r"<details><summary>JSON</summary><pre>(.*?)</pre></details></li>",
    re.S,
)
#: every event type: none may show on a page outside its raw JSON
TYPES = re.compile(r"\b(" + "|".join(sorted(ev.every_event(), key=len, reverse=True)) + r")\b")
#: the sentence of an event the pages have no words for: only an event whose mail was not
#: written (its `@tells` told nobody then) may come to it
UNSAID = ("Le MJ note un fait des règles", "The MJ notes a fact of the rules")
TOLD = {cls.TYPE for cls in TELLS}


def lines(page: str) -> list[tuple[int, str, str, str]]:
    """The desk's log: (number, time, sentence, raw JSON)."""
    return [
        (int(n), at, html.unescape(re.sub(r"<[^>]+>", "", said)).strip(), html.unescape(raw))
        for n, at, said, raw in LINE.findall(page)
    ]


def desk(sc: Scenario, **query: str) -> tuple[Site, GameState, str]:
    site = Site(sc.games, "http://lg.test")
    state = sc.games.load(sc.name)
    token = mj_token(sc.games.settings.secret, state) or ""
    return site, state, site.desk_html(state, token, query.get("phase"), query.get("player"))


ROLES = {
    "Alice": "loup-garou",
    "Bruno": "voyante",
    "Chloe": "sorciere",
    "David": "villageois",
    "Emma": "cupidon",
}


def new_york(tmp: Path) -> Scenario:
    """A classic game whose time zone is New York's, to day 1."""
    sc = Scenario(tmp, ROLES, options={"tz": "America/New_York"})
    sc.ok("Emma", "unir Alice David")
    sc.ok("Bruno", "sonder Alice")
    sc.ok("Alice", "tuer Bruno")
    sc.ok("Chloe", "rien")
    while sc.phase()[0] != "day":
        sc.end()
    sc.ok("Chloe", "vote Alice")
    return sc


def test_the_log_is_a_numbered_sentence_a_line_in_the_game_s_time_zone(tmp_path: Path) -> None:
    sc = new_york(tmp_path)
    _, state, page = desk(sc)
    records = sc.games.records(sc.name)
    shown = lines(page)
    assert [n for n, *_ in shown] == [r.version for r in records]
    zone = ZoneInfo("America/New_York")
    for (n, at, said, raw), record in zip(shown, records, strict=True):
        assert at == record.recorded_at.astimezone(zone).strftime("%d/%m %H:%M"), n
        assert at.endswith("16:00") or record.recorded_at - records[0].recorded_at > timedelta(0)
        assert not TYPES.search(said), (n, said)
        assert said and not said.startswith(UNSAID), (n, said)
        kind, _, payload = raw.partition(" ")
        assert kind == record.type and json.loads(payload) == record.payload
    assert "à l'heure de New York" in html.unescape(page)
    said = {record.type: text for (_, _, text, _), record in zip(shown, records, strict=True)}
    assert (
        said["SeerSaw"] == "À Bruno : Votre boule de cristal est formelle : Alice est Loup-Garou."
    )
    assert said["OrderAccepted"] == "Chloe : vote Alice."  # the last order, as given
    assert "Bruno est mort·e (dévoré·e par les loups). Son rôle : Voyante." in said["PlayerDied"]
    assert 'href="' + mj_token(sc.games.settings.secret, state) + "/mail/" not in page  # no mail


def test_the_log_keeps_a_phase_or_a_player_by_plain_links(tmp_path: Path) -> None:
    sc = new_york(tmp_path)
    records = sc.games.records(sc.name)
    _, _, page = desk(sc)
    assert 'href="?phase=night-1"' in page and 'href="?player=Alice"' in page
    _, _, night = desk(sc, phase="night-1")
    opened = [r.version for r in records if r.type == "PhaseOpened"]
    first, after = opened[0], opened[1]
    assert [n for n, *_ in lines(night)] == list(range(first, after))
    assert "<strong>Nuit 1</strong>" in night  # the filter in use, not a link
    assert 'href="?phase=night-1&amp;player=Alice"' in night
    _, _, alice = desk(sc, player="Alice")
    kept = lines(alice)
    assert kept and all("Alice" in raw for *_, raw in kept)
    assert len(kept) == sum(1 for r in records if "Alice" in json.dumps(r.payload))
    _, _, both = desk(sc, phase="night-1", player="Alice")
    assert {n for n, *_ in lines(both)} == {n for n, *_ in kept} & set(range(first, after))
    _, _, wrong = desk(sc, phase="nuit-9", player="Personne")
    assert len(lines(wrong)) == len(records)  # an unknown filter keeps everything
    # over HTTP: the query string is the filter; no script on the page
    state = sc.games.load(sc.name)
    token = mj_token(sc.games.settings.secret, state)
    with TestClient(Site(sc.games, "http://lg.test").app()) as client:
        answer = client.get(f"/village/mj/{token}", params={"phase": "night-1"})
    assert answer.status_code == 200 and "<script" not in answer.text
    assert [n for n, *_ in lines(answer.text)] == list(range(first, after))


def test_the_state_s_picture_shows_every_player_and_his_links(tmp_path: Path) -> None:
    sc = scripted(tmp_path, "village-wins")
    _, state, page = desk(sc)
    board = page[page.index('<div class="board">') :]
    cards = re.findall(
        r'<div class="card( gone)?">\n<div><strong>([^<]+)</strong>(.*?)\n</div>', board, re.S
    )
    words = {
        html.unescape(name): (bool(gone), html.unescape(re.sub(r"<[^>]+>", " ", body)))
        for gone, name, body in cards
    }
    assert list(words) == list(state.players)
    for name, (gone, said) in words.items():
        player = state.players[name]
        assert gone == (not player.alive)
        assert ("en vie" in said) == player.alive
    assert "♥ amoureux·se de Hélène" in words["Gaspard"][1]
    assert "♥ amoureux·se de Gaspard" in words["Hélène"][1]
    assert "a uni Gaspard et Hélène" in words["Fanny"][1]
    assert "capitaine" in words["Chloé"][1] and "Voyante" in words["Chloé"][1]
    assert "camp loups" in words["Alice"][1]


@pytest.fixture(scope="module", params=sorted(GAMES_PLAYED))
def played(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Scenario:
    name = str(request.param)
    return GAMES_PLAYED[name](tmp_path_factory.mktemp(name))


def test_every_event_is_a_sentence_at_the_end_and_on_the_desk(played: Scenario) -> None:
    site, state, page = desk(played)
    records = played.games.records(played.name)
    shown = lines(page)
    assert len(shown) == len(records)
    for _, _, said, raw in shown:
        assert said and not TYPES.search(said), raw
        assert not said.startswith(UNSAID) or raw.split(" ", 1)[0] in TOLD, raw
    topic = site.topic_html(state)
    told = topic[topic.index('<div class="told">') :]
    sentences = [html.unescape(s) for s in re.findall(r"<p>(.*?)</p>", told, re.S)]
    assert sentences
    for said in sentences:
        assert not TYPES.search(said), said
        assert not re.search(r"\b\w+=\S", said), said  # never a field list
        assert "@" not in said


def test_the_state_s_picture_of_each_rule_set(played: Scenario) -> None:
    """Each rule set's own links where the state holds them: statuses, tribes, houses,
    hearts, horcruxes."""
    _, state, page = desk(played)
    shown = html.unescape(re.sub(r"<[^>]+>", " ", page[page.index('<div class="board">') :]))
    labels = {"infecte": "infecté·e", "charme": "charmé·e", "antre": "dans l'antre des loups"}
    for player in state.players.values():
        for status in player.status:
            assert labels.get(status, status) in shown, status
    if state.variant == "kohlanta":
        assert "tribu rouges" in shown and "tribu jaunes" in shown
    if state.variant == "maisons":
        assert "maison de" in shown and "rôles :" in shown
    if state.variant == "cinquieme-element":
        assert "cœur" in shown and "vulnérable :" in shown
