"""Rule set `cinquieme-element` (seed 000, ../shared/seeds/000_34f6f2cfe008970d.txt, « LG LE
CINQUIÈME ÉLÉMENT »), random legal play of drawn games of 10, 14 and 20 players to the end
(`play.play_to_end`): the powers chosen, the mayor elected, every night's attacks and powers,
every day's votes, the mayor's tie-breaks and successors, the reactions at death.

Checked:
- every game ends with a winner (« Les villageois gagnent s'ils éliminent tout les loups. Les
  loups gagnent si [...] leur nombre de membres encore en vie égale ou dépasse le nombre de
  villageois encore en vie. Si tous les derniers joueurs meurent en même temps, ce sont les loups
  qui gagnent »);
- hearts always within 0..NC+1 (« il ne conserve que NC+1 cœurs »), and nobody gains more than
  one in a night (« Un joueur ne peut pas gagner plus d'un cœur chaque nuit »; Ascension aside:
  « ce joueur se retrouve avec NC+1 cœurs quel que soit le nombre actuel de cœurs qu'il avait »);
- secrecy (« Ne pas indiquer le nombre de cœur des joueurs qui ne meurent pas »; « n'indique pas
  sa vulnérabilité ni son pouvoir pro-villageois/pro-loup »): no private line of a mail to a
  player names another living player with his vulnerability (unless he observed him: « Vous
  obtenez [...] le nom de sa vulnérabilité »), with a count of hearts, or with his non-universal
  power (unless both are wolves: « le MJ informe chaque loup des pouvoirs de ses compères »);
  `state --as` never shows a player another living player's hearts, vulnerability or powers;
- the log replays to the same game (`test_the_log_replays`, a game of ten).
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from lgmail.rules.cinquieme.cards import ELEMENT_NAMES, HEARTS, NC_KEY, is_wolf, vulnerability
from lgmail.rules.cinquieme.power import POWERS, UNIVERSEL
from lgmail.service.games import Games
from tests.cinquieme.play import NAMES, play_to_end
from tests.scenario import Scenario, Sent, Watching

MJ = "mj@example.org"
HEARTS_COUNT = re.compile(r"\d+\s+cœurs?")


class Watched(Watching):
    """A game whose every move is followed by a look at the mailboxes: `inbox` holds each mail
    to a player with the living players when it came and whether the game still ran; at each
    step's end, every player's `state --as` is checked."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        self.inbox: list[tuple[str, Sent, frozenset[str], bool]] = []
        self.public: set[str] = set()
        super().__init__(*args, **kw)

    def moved(self, step_end: bool) -> None:
        self.watch()
        if step_end:
            self.look()

    def watch(self) -> None:
        s = self.state
        names = {self.email(n): n for n in s.players}
        living = frozenset(s.living_names())
        for mail in self.new_mails():
            if mail.to == MJ:
                self.public.update(line.strip() for line in mail.content.splitlines())
            elif mail.to in names:
                self.inbox.append((names[mail.to], mail, living, s.status == "running"))

    def look(self) -> None:
        """`state --as P` while the game runs: another living player's hearts, vulnerability
        and powers are hidden."""
        s = self.state
        if s.status != "running":
            return
        for viewer in s.players:
            for seat in self.view(viewer)["players"]:
                if seat["name"] == viewer or not seat["alive"]:
                    continue
                hidden = (seat["hearts"], seat["vulnerability"], seat["powers"])
                assert hidden == (None, None, None), (viewer, seat)


def _word(name: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")


def check_mails(sc: Watched) -> None:
    s = sc.state
    observed = {
        (e["player"], e["told"]["target"])
        for e in sc.events("PowerAnswered")
        if e["power"] == "observation" and e["told"].get("time") == 1
    }
    words = {n: _word(n) for n in s.players}
    for reader, mail, living, running in sc.inbox:
        if not running:
            continue
        for line in mail.content.splitlines():
            if line.strip() in sc.public:
                continue  # the square's news, the MJ's too
            for other in living - {reader}:
                if not words[other].search(line):
                    continue
                p = s.players[other]
                element = ELEMENT_NAMES[vulnerability(p)]["fr"]
                if "vulnérabilit" in line and _word(element).search(line):
                    assert (reader, other) in observed, (reader, mail.subject, line)
                assert not HEARTS_COUNT.search(line), (reader, mail.subject, line)
                hidden = [x for x in p.powers if POWERS[x].category != UNIVERSEL]
                for slug in hidden:
                    if _word(POWERS[slug].name("fr")).search(line):
                        mates = is_wolf(s.players[reader]) and is_wolf(p)
                        assert mates, (reader, mail.subject, line)


def check_hearts(sc: Scenario) -> None:
    """The log read event by event: hearts within 0..NC+1; one heart gained a night at most."""
    hearts: dict[str, int] = {}
    top = 0
    phase: tuple[str, int] = ("", 0)
    gained: dict[tuple[int, str], int] = {}
    for record in sc.games.records(sc.name):
        payload = record.payload
        if record.type == "VulnerabilitiesDealt":
            top = int(payload["nc"]) + 1
            hearts = {n: int(payload["nc"]) for n in payload["vulnerabilities"]}
        elif record.type == "PhaseOpened":
            phase = (payload["kind"], int(payload["number"]))
        elif record.type == "HeartsChanged":
            name, after, why = payload["player"], int(payload["hearts"]), payload["why"]
            assert 0 <= after <= top, ("hearts within 0..NC+1", payload)
            if phase[0] == "night" and after > hearts[name] and why != "ascension":
                key = (phase[1], name)
                gained[key] = gained.get(key, 0) + after - hearts[name]
                assert gained[key] <= 1, ("one heart a night", key, why)
            hearts[name] = after
    s = sc.state
    assert hearts == {n: p.counters[HEARTS] for n, p in s.players.items()}


@pytest.mark.parametrize("count", [10, 14, 20])
@settings(
    # one game of each size (LGMAIL_CINQUIEME_GAMES=N plays N of each)
    max_examples=int(os.environ.get("LGMAIL_CINQUIEME_GAMES", "1")),
    database=None,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)
@given(seed=st.integers(0, 10_000))
def test_random_legal_play(tmp_path_factory: pytest.TempPathFactory, seed: int, count: int) -> None:
    folder: Path = tmp_path_factory.mktemp("cinquieme")
    players = {n: "" for n in NAMES[:count]}
    sc = Watched(folder, players, variant="cinquieme-element", election=True, seed=seed, drawn=True)
    play_to_end(sc, random.Random(seed))
    s = sc.state
    assert s.ended and s.winner in ("loup", "villageois"), "always a winner"
    assert s.winners and all(s.players[n].nature == s.winner for n in s.winners)
    assert int(s.extra[NC_KEY]) == {10: 2, 14: 3, 20: 4}[count]

    check_hearts(sc)
    check_mails(sc)


@pytest.mark.parametrize("seed", [3])
def test_the_log_replays(tmp_path: Path, seed: int) -> None:
    """A random legal game of ten to its end: its log replays to the stored game, and a new
    `Games` on the same data (another process: the CLI, the server restarted) loads it."""
    players = {n: "" for n in NAMES[:10]}
    sc = Scenario(
        tmp_path, players, variant="cinquieme-element", election=True, seed=seed, drawn=True
    )
    play_to_end(sc, random.Random(seed))
    ok, _ = sc.games.replay(sc.name)
    assert ok, "the log replays to the stored game"
    fresh = Games(sc.games.settings)
    assert fresh.load(sc.name).winner == sc.state.winner
