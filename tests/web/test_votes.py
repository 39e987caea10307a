"""#36: each vote as a picture, checked against the log. A game of each rule set is played to
its end; the topic, each player's page and the MJ's desk are rendered; every vote the log
counted has its picture (an inline SVG with its own text alternative) and, where the votes are
public, every counted vote is an arrow and every arrow a counted vote; where only the totals are
public (001, Koh-Lanta), the public pages draw no arrow and the desk draws the votes given; the
pack's votes (002) show on the wolves' pages and the desk only. The vote record lists the
votes day by day, 002's tied « en violet »."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from lgmail.service.links import mj_token
from lgmail.store.model import RecordedEvent
from lgmail.web.app import Site
from tests.scenario import Scenario
from tests.web.played import GAMES_PLAYED

FIGURE = re.compile(r'<figure class="vote" id="vote-(\d+)-([a-z]+)[^"]*">(.*?)</figure>', re.S)
ARROW = re.compile(r'<path class="arrow" data-from="([^"]*)" data-to="([^"]*)"')
DESC = re.compile(r'<desc id="[^"]+">(.*?)</desc>', re.S)
#: the counts whose votes are public (who voted for whom), by the field that holds them
PUBLIC = {"VotesCounted": "votes", "StakeCounted": "votes"}
#: the counts of which only the totals are public, by the fields that hold the totals
TOTALS_ONLY = {
    "BallotClosed": ("tally",),
    "VerdictGiven": ("votes", "secret"),
    "ChiefElected": ("votes",),
    "JuryVoted": ("bisounours", "strateges"),
}
Arrows = set[tuple[str, str]]


@dataclass
class Drawn:
    """A picture on a page: the count it is for (the log's version), its kind, its arrows
    (voter, target; "" for a blank vote) and its text alternative."""

    kind: str
    arrows: Arrows
    desc: str
    svg: str


def pictures(page: str) -> dict[int, Drawn]:
    found: dict[int, Drawn] = {}
    for version, kind, body in FIGURE.findall(page):
        assert int(version) not in found, f"two pictures of the count {version}"
        arrows = {(html.unescape(a), html.unescape(b)) for a, b in ARROW.findall(body)}
        desc = DESC.search(body)
        assert desc is not None, body[:200]
        found[int(version)] = Drawn(kind, arrows, html.unescape(desc.group(1)), body)
    return found


@dataclass
class Count:
    """A vote counted in the log: its event, its arrows (None: only the totals are public),
    its totals."""

    type: str
    arrows: Arrows | None
    totals: dict[str, float]


def counts(records: list[RecordedEvent]) -> dict[int, Count]:
    """Every vote the log counted, read from the log alone (by the events' own fields)."""
    out: dict[int, Count] = {}
    for r in records:
        p = r.payload
        if r.type in PUBLIC:
            arrows = {(v, t or "") for v, t in p[PUBLIC[r.type]].items()}
            totals = p.get("tally", p.get("totals", {}))
            out[r.version] = Count(r.type, arrows, {n: float(c) for n, c in totals.items()})
        elif r.type in TOTALS_ONLY and (r.type != "ChiefElected" or p["how"] == "elected"):
            totals: dict[str, float] = {}
            for key in TOTALS_ONLY[r.type]:
                for n, c in p.get(key, {}).items():
                    totals[n] = totals.get(n, 0) + float(c)
            out[r.version] = Count(r.type, None, totals)
    return out


def den_votes(records: list[RecordedEvent], wolves: set[str]) -> dict[int, Arrows]:
    """002's pack votes, from the log alone: at each choice of the wolves, each living wolf's
    last « tuer » of the night on a living player."""
    return {v: arrows for v, (arrows, _) in den(records, wolves).items()}


def den(records: list[RecordedEvent], wolves: set[str]) -> dict[int, tuple[Arrows, set[str]]]:
    """The pack's votes at each choice of the wolves, and the pack then (the living wolves,
    who read them in the den)."""
    out: dict[int, tuple[Arrows, set[str]]] = {}
    last: dict[str, str] = {}
    dead: set[str] = set()
    for r in records:
        p = r.payload
        if r.type == "PhaseOpened":
            last = {}
        elif r.type == "PlayerDied":
            dead.add(p["name"])
        elif r.type == "OrderAccepted" and p["step"] == "loups" and p["player"] in wolves:
            if p["kind"] == "tuer":
                last[p["player"]] = p["targets"][0]
            elif p["kind"] == "rien":
                last.pop(p["player"], None)
        elif r.type == "WolvesChose":
            votes = {(w, t) for w, t in last.items() if w not in dead and t not in dead}
            out[r.version] = (votes, wolves - dead)
    return out


def given_votes(records: list[RecordedEvent]) -> dict[int, Arrows]:
    """The votes given in the phase of each count (orders « vote », 000's « vote » and
    « jury »): what the desk may draw of a secret vote."""
    out: dict[int, Arrows] = {}
    given: Arrows = set()
    for r in records:
        p = r.payload
        if r.type == "PhaseOpened":
            given = set()
        elif r.type == "OrderAccepted" and p["kind"] == "vote":
            given |= {(p["player"], t) for t in p["targets"]} or {(p["player"], "")}
        elif r.type == "Ordered" and p["key"] in ("vote", "jury"):
            given |= {(p["player"], str(t)) for t in p["value"]}
        out[r.version] = set(given)
    return out


def totals_said(desc: str, lang: str = "fr") -> dict[str, float]:
    """The totals a picture's text alternative tells (« Totaux : Alice 2, Bruno 1,5. »)."""
    found = re.search(r"(?:Totaux :|Totals:) (.*?)\.(?: |$)", desc)
    if not found:
        return {}
    out: dict[str, float] = {}
    for part in found.group(1).split(", "):
        name, _, value = part.rpartition(" ")
        out[name] = float(value.replace(",", "."))
    return out


def pages(sc: Scenario) -> tuple[Site, Any]:
    site = Site(sc.games, "http://lg.test")
    return site, sc.games.load(sc.name)


@pytest.fixture(scope="module", params=sorted(GAMES_PLAYED))
def played(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Scenario:
    name = str(request.param)
    return GAMES_PLAYED[name](tmp_path_factory.mktemp(name))


def test_every_counted_vote_is_drawn_and_every_arrow_a_counted_vote(played: Scenario) -> None:
    site, state = pages(played)
    records = played.games.records(played.name)
    counted = counts(records)
    assert counted, "the game counted no vote"
    topic = pictures(site.topic_html(state))
    assert set(topic) == set(counted)  # the pack's votes are not the village's
    for version, count in counted.items():
        drawn = topic[version]
        assert drawn.arrows == (count.arrows or set()), (version, count.type)
        assert totals_said(drawn.desc) == count.totals, (version, drawn.desc)
        assert 'role="img"' in drawn.svg and "<title id=" in drawn.svg
        assert f'aria-labelledby="vote-{version}' in drawn.svg
        if count.arrows is None:
            assert "seuls les totaux sont publics" in drawn.desc


def test_the_desk_draws_every_vote_and_the_given_votes_of_a_secret_one(played: Scenario) -> None:
    site, state = pages(played)
    records = played.games.records(played.name)
    counted = counts(records)
    wolves = {n for n, p in state.players.items() if p.role == "loup-garou"}
    den = den_votes(records, wolves) if state.variant == "nombres" else {}
    given = given_votes(records)
    desk = pictures(site.desk_html(state, mj_token(played.games.settings.secret, state) or ""))
    assert set(desk) == set(counted) | set(den)
    for version, count in counted.items():
        if count.arrows is not None:
            assert desk[version].arrows == count.arrows
        else:
            assert desk[version].arrows <= given[version], version
        assert totals_said(desk[version].desc) == count.totals
    for version, arrows in den.items():
        assert desk[version].arrows == arrows


def test_a_player_sees_the_public_votes_and_a_wolf_his_pack_s(played: Scenario) -> None:
    site, state = pages(played)
    records = played.games.records(played.name)
    counted = counts(records)
    wolves = {n for n, p in state.players.items() if p.role == "loup-garou"}
    pack = den(records, wolves) if state.variant == "nombres" else {}
    for name in state.players:
        mine = pictures(site.player_html(state, name))
        read = {v for v, (_, readers) in pack.items() if name in readers}
        assert set(mine) == set(counted) | read, name
        for version, count in counted.items():
            assert mine[version].arrows == (count.arrows or set()), (name, version)
        for version in read:
            assert mine[version].arrows == pack[version][0]


def test_the_captain_s_weight_is_written_on_his_arrow(tmp_path: Path) -> None:
    """002: « son vote est équivalent à 1,5 votes »: on the Nombre Fétiche's arrow."""
    sc = GAMES_PLAYED["nombres-002"](tmp_path)
    site, state = pages(sc)
    day_one = next(
        r.version
        for r in sc.games.records(sc.name)
        if r.type == "VotesCounted" and r.payload["step"] == "vote"
    )
    drawn = pictures(site.topic_html(state))[day_one]
    assert re.search(r'<text class="weight"[^>]*>×1,5</text>', drawn.svg)
    assert "Chloé vote pour Alice (sa voix compte 1,5)." in drawn.desc


def tie_in_nombres(tmp: Path) -> Scenario:
    """002: a tie in the den (nobody dies) and a tie at the stake (« en violet »)."""
    roles = {
        "Alice": "loup-garou",
        "Bruno": "loup-garou",
        "Chloé": "voyante",
        "David": "villageois",
        "Emma": "villageois",
        "Farid": "villageois",
    }
    sc = Scenario(tmp, roles, variant="nombres", election=True)
    for name in roles:
        sc.ok(name, "vote Chloé")
    sc.end()
    assert sc.phase() == ("night", 1)
    sc.ok("Alice", "tuer David")
    sc.ok("Bruno", "tuer Emma")
    while sc.phase()[0] != "day":
        sc.end()
    for voter, target in (("Alice", "Farid"), ("Bruno", "Farid"), ("David", "Alice")):
        sc.ok(voter, f"vote {target}")
    sc.ok("Emma", "vote Alice")
    sc.ok("Chloé", "vote blanc")
    sc.end()
    return sc


def test_the_pack_s_tie_and_the_violet_ones(tmp_path: Path) -> None:
    sc = tie_in_nombres(tmp_path)
    site, state = pages(sc)
    assert state.marked() == ["Alice", "Farid"]
    records = sc.games.records(sc.name)
    den = den_votes(records, {"Alice", "Bruno"})
    ((night, arrows),) = den.items()
    assert arrows == {("Alice", "David"), ("Bruno", "Emma")}
    alice = site.player_html(state, "Alice")
    drawn = pictures(alice)[night]
    assert drawn.kind == "den" and drawn.arrows == arrows
    assert "égalité entre David et Emma" in drawn.svg
    assert night not in pictures(site.player_html(state, "Chloé"))
    topic = site.topic_html(state)
    assert night not in pictures(topic)
    stake = next(v for v, c in counts(records).items() if ("Chloé", "") in (c.arrows or set()))
    drawn = pictures(topic)[stake]
    assert ("Chloé", "") in drawn.arrows and "blanc · 1" in drawn.svg
    assert "Sans vote : Farid" in drawn.svg  # he could vote and did not: apart
    assert "égalité entre Alice et Farid" in drawn.svg
    # the record: one row a player, one column a vote, the tied in violet
    table = topic[topic.index('<table class="record">') :]
    table = table[: table.index("</table>")]
    rows = {
        html.unescape(m.group(1)): m.group(2)
        for m in re.finditer(r'<tr><th scope="row">([^<]+)</th>(.*?)</tr>', table)
    }
    assert list(rows) == list(state.players)
    assert re.findall(r"<th>([^<]+)</th>", table) == ["Joueur", "Élection", "J1"]
    assert '<td class="violet">Farid</td>' in rows["Alice"]
    assert '<td class="violet">Alice</td>' in rows["Emma"]
    assert '<td class=" none">blanc</td>' in rows["Chloé"]
    assert '<td class=" none">—</td>' in rows["Farid"]
    assert "en violet : à égalité" in topic


def test_the_record_fills_as_the_days_close(tmp_path: Path) -> None:
    sc = GAMES_PLAYED["classic-003"](tmp_path)
    site, state = pages(sc)
    topic = site.topic_html(state)
    stakes = [r for r in sc.games.records(sc.name) if r.type == "VotesCounted"]
    heads = re.findall(r"<th>([^<]+)</th>", topic[topic.index('<table class="record">') :])
    days = ["J" + str(i) for i in range(1, len(stakes))]
    assert heads[: len(stakes) + 1] == ["Joueur", "Élection", *days]


def test_the_pictures_in_english(tmp_path: Path) -> None:
    sc = Scenario(
        tmp_path,
        {"Alice": "loup-garou", "Bruno": "voyante", "Chloe": "villageois", "David": "villageois"},
        lang="en",
        election=True,
    )
    for name in ("Alice", "Bruno", "Chloe"):
        sc.ok(name, "vote Bruno")
    sc.end()
    site, state = pages(sc)
    (drawn,) = pictures(site.topic_html(state)).values()
    assert "The Captain's election: Bruno (3 votes) wins." in drawn.svg
    assert "No vote: David." in drawn.desc and "Alice votes for Bruno." in drawn.desc


def test_the_princesse_s_favour_stays_secret(tmp_path: Path) -> None:
    """004: the Princesse's favour (« qui aura un vote compte +1 ») is no public fact: the
    public pages count the votes as the village can (the captain's weight, the Corbeau's
    signs); the desk counts them as the rules did."""
    roles = {
        "Alice": "loup-garou",
        "Bruno": "princesse",
        "Chloe": "villageois",
        "David": "villageois",
        "Emma": "voyante",
    }
    sc = Scenario(tmp_path, roles, variant="thiercelieux")
    sc.ok("Bruno", "favoriser Chloe")
    sc.ok("Alice", "tuer Emma")
    while sc.phase()[0] != "day":
        sc.end()
    sc.ok("Chloe", "vote Alice")
    sc.ok("David", "vote Alice")
    sc.ok("Alice", "vote David")
    sc.end()
    site, state = pages(sc)
    records = sc.games.records(sc.name)
    (count,) = [r for r in records if r.type == "VotesCounted"]
    assert count.payload["tally"] == {"Alice": 3, "David": 1}
    topic = pictures(site.topic_html(state))[count.version]
    assert totals_said(topic.desc) == {"Alice": 2, "David": 1}
    assert "Hors des flèches" not in topic.desc
    for name in roles:
        mine = pictures(site.player_html(state, name))[count.version]
        assert totals_said(mine.desc) == {"Alice": 2, "David": 1}, name
    desk = pictures(site.desk_html(state, mj_token(sc.games.settings.secret, state) or ""))
    assert totals_said(desk[count.version].desc) == {"Alice": 3, "David": 1}
    assert "Hors des flèches : Alice +1" in desk[count.version].desc
