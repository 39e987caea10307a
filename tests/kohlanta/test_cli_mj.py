"""Rule set `kohlanta` (seed 000, ../shared/seeds/000_34f6f2cfe008970d.txt, « LG KOH-LANTA »):
the MJ's own orders from the command line. 000: « Le MJ détermine en secret une épreuve »
(`--option epreuves=manuel`); besides his mail to his own address, `lgmail act NAME --as-mj
"TEXTE"` reads TEXTE as that mail would be read (`lgmail.orders.mj.parse_mj`, then the game's
MJ rulings as `lgmail.service.mj_mail.orders` decides them), prints his answer, and exits 0
when every line was done, 1 otherwise."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lgmail.cli.entry import main
from tests.kohlanta.play import deal

MJ = "mj@example.org"


def _cli(data: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    capsys.readouterr()
    code = main(["--data", str(data), *args])
    return code, capsys.readouterr().out


def _events(data: Path, capsys: pytest.CaptureFixture[str], kind: str) -> list[dict[str, object]]:
    code, out = _cli(data, capsys, "log", "village", "--json")
    assert code == 0
    return [r["payload"] for line in out.splitlines() if (r := json.loads(line))["type"] == kind]


@pytest.fixture
def data(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Path:
    """A game of 12 with `epreuves=manuel`, started: day 0."""
    monkeypatch.setenv("LGMAIL_NOW", "2026-11-29T20:00:00+00:00")
    folder = tmp_path / "data"
    roles = deal(12)
    args = ["game", "create", "village", "--variant", "kohlanta", "--seed", "1", "--mj", MJ]
    for name in roles:
        args += ["--player", f"{name} <{name.lower()}@example.org>"]
    args += ["--roles", ",".join(f"{n}={r}" for n, r in roles.items())]
    args += ["--option", "epreuves=manuel"]
    assert _cli(folder, capsys, *args)[0] == 0
    assert _cli(folder, capsys, "game", "start", "village")[0] == 0
    return folder


def test_the_mj_sets_the_challenge_from_the_command_line(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt), « Le MJ détermine en secret une
    épreuve »: `act village --as-mj "EN GROUPE / AU SOLEIL / PLAGE / PUZZLE"` records the
    coming day's challenge (ChallengeGiven) and prints « Fait. »; `--from` his address stays a
    player's mail (« pas inscrit »)."""
    code, out = _cli(data, capsys, "act", "village", "--from", MJ, "EN GROUPE / AU SOLEIL")
    assert code == 1 and "pas inscrit" in out, out
    code, out = _cli(
        data, capsys, "act", "village", "--as-mj", "EN GROUPE / AU SOLEIL / PLAGE / PUZZLE"
    )
    assert code == 0, out
    assert "> EN GROUPE / AU SOLEIL / PLAGE / PUZZLE" in out and "Fait." in out, out
    (given,) = _events(data, capsys, "ChallengeGiven")
    assert given["challenge"] == ["groupe", "soleil", "plage", "puzzle"]


def test_a_refused_mj_order_exits_1_and_says_why(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt): the MJ's lines are decided one by
    one as his mail's: « prolonger 2h » is done, a challenge missing two lines is not read;
    exit 1, the answer printed."""
    code, out = _cli(data, capsys, "act", "village", "--as-mj", "prolonger 2h\nPLAGE / PUZZLE")
    assert code == 1, out
    assert "> prolonger 2h\n  Fait." in out, out
    assert "> PLAGE / PUZZLE\n  Refusé — je n'ai pas compris cette ligne" in out, out
    assert not _events(data, capsys, "ChallengeGiven")
