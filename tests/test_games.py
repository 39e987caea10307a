"""Whole games as data (tests/games/*.toml): players and roles given, mails played, then the
state and the mails sent back asserted at each step."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from lgmail.service.games import Answer
from tests.scenario import Scenario

GAMES = sorted((Path(__file__).parent / "games").glob("*.toml"))
SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"


def check(game: Scenario, expect: dict[str, Any], answer: Answer | None) -> None:
    view = game.view()
    if "phase" in expect:
        assert f"{view['phase']['kind']} {view['phase']['number']}" == expect["phase"]
    if "step" in expect:
        assert view["step"] == expect["step"]
    for key in ("captain", "lovers", "winner", "winners"):
        if key in expect:
            assert view[key] == expect[key], key
    if "dead" in expect:
        assert sorted(p["name"] for p in view["players"] if not p["alive"]) == sorted(
            expect["dead"]
        )
    if "mail" in expect:
        mail = expect["mail"]
        bodies = [m.body for m in game.mails(mail["to"])]
        assert any(mail["contains"] in b for b in bodies), bodies[-1:]
    if "answer" in expect:
        assert answer is not None and expect["answer"] in answer.text, answer


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_whole_game(path: Path, tmp_path: Path) -> None:
    script = tomllib.loads(path.read_text(encoding="utf-8"))
    assert (SEEDS / script["seed"]).exists() or not SEEDS.exists()
    game = Scenario(
        tmp_path,
        script["roles"],
        election=script.get("election", False),
        lang=script.get("lang", "fr"),
        variant=script.get("variant", "classic"),
    )
    for play in script["play"]:
        answer = None
        if play.get("mj") == "end":
            game.end()
        else:
            senders = play["from"] if isinstance(play["from"], list) else [play["from"]]
            for sender in senders:
                answer = game.act(sender, play["text"])
                assert answer.ok is play.get("ok", True), answer.text
        check(game, play.get("expect", {}), answer)
    assert game.state.status == "ended"
    same, _ = game.games.replay(game.name)
    assert same
