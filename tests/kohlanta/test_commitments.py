"""What the MJ did by hand, lgmail does, provably (seed 000,
../shared/seeds/000_34f6f2cfe008970d.txt, « LG KOH-LANTA »): « Le MJ détermine en secret une
épreuve (il la partage en MP avec un des joueurs éliminés pour qu'il puisse confirmer qu'il n'y a
pas de triche) »; « Il définit également un chiffre entre 1 et 6 qui est le "nombre collier"
[...] Il garde ce nombre secret ». Each is committed (SHA-256 with a secret salt) before anyone
plays and revealed after, and the README's one-line check holds. With `--option
epreuves=manuel` the MJ sets the challenge by mail to his own address, still committed."""

from __future__ import annotations

import hashlib
import random
import re
from pathlib import Path

import pytest

from lgmail.rules.kohlanta.challenge import CANON, LINES
from tests.inbound.conftest import running
from tests.inbound.test_smtp import answers, send, wait_for
from tests.kohlanta.play import deal, game, play_to_end
from tests.scenario import Scenario

MJ = "mj@example.org"


def _to_day_one(sc: Scenario) -> None:
    s = sc.state
    for name in s.players:
        sc.ok(name, f"vote {name}")
    sc.end()  # day 0
    sc.end()  # night 1


def _rouges_win(sc: Scenario) -> None:
    """The « rouges » give the exact challenge, the « jaunes » a wrong one: no tie."""
    challenge = sc.state.extra["epreuve"]["challenge"]
    right = " / ".join(CANON[a] for a in challenge)
    wrong = " / ".join(
        CANON[next(x for x in line if x != a)] for a, line in zip(challenge, LINES, strict=True)
    )
    for name in sc.state.living_names():
        sc.ok(name, right if sc.state.extra["tribus"][name] == "rouges" else wrong)


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def test_the_challenge_is_committed_in_the_morning_and_checks_out_in_the_answer(
    tmp_path: Path,
) -> None:
    """The day's opening mail shows the SHA-256; the answer reveals the challenge and the salt:
    `printf '%s' 'EN RELAIS|SOUS LA PLUIE|PLAGE|PUZZLE|SALT' | sha256sum` gives it back."""
    sc = game(tmp_path)
    _to_day_one(sc)
    morning = sc.new_mails("Chloe")[-1].content
    committed = re.search(r"épreuve du jour 1 est fixée\. Son empreinte SHA-256 : (\w+)", morning)
    assert committed, morning
    challenge = sc.state.extra["epreuve"]["challenge"]
    assert " / ".join(CANON[a] for a in challenge) not in morning
    _rouges_win(sc)
    answer = next(m.content for m in sc.new_mails("Chloe") if "Résultat de l'épreuve" in m.content)
    revealed = re.search(r"Vérification : sel (\w+) ; SHA-256 de « (.+?) » = (\w+)", answer)
    assert revealed, answer
    salt, text, digest = revealed.groups()
    assert text == "|".join([*(CANON[a] for a in challenge), salt])
    assert _sha(text) == digest == committed.group(1)


def _table(morning: str) -> list[list[str]]:
    """The four lines of the morning's table, as a player reads them."""
    rows = [line.strip() for line in morning.splitlines() if line.startswith("  ")]
    return [row.split(" / ") for row in rows[:4]]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_morning_prints_the_attributes_as_the_commitment_hashes_them(
    tmp_path: Path, lang: str
) -> None:
    """Seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt), « L'épreuve a les caractéristiques
    suivantes (une par ligne) » and « il la partage [...] pour qu'il puisse confirmer qu'il n'y
    a pas de triche »: the morning's table writes each attribute exactly as the committed text
    does (« EQUILIBRE », not « ÉQUILIBRE »), so the check made with the words a player read
    gives back the commitment; no mail of the day writes it otherwise."""
    sc = game(tmp_path, lang=lang)
    _to_day_one(sc)
    morning = sc.new_mails("Chloe")[-1].content
    committed = re.search(r"SHA-256[^:]*: (\w+)", morning)
    assert committed, morning
    table = _table(morning)
    assert [len(row) for row in table] == [len(line) for line in LINES], morning
    assert table == [[CANON[a] for a in line] for line in LINES], morning
    challenge = sc.state.extra["epreuve"]["challenge"]
    read = [row[line.index(a)] for row, line, a in zip(table, LINES, challenge, strict=True)]
    salt = sc.state.extra["epreuve"]["salt"]
    assert _sha("|".join([*read, salt])) == committed.group(1)
    _rouges_win(sc)
    assert not any("ÉQUILIBRE" in m.content for m in sc.mails("Chloe"))


def test_the_challenge_is_never_the_previous_days(tmp_path: Path) -> None:
    """« Il n'est pas possible pour le MJ de choisir la même épreuve que le jour précédent »:
    the draw of day 2 leaves day 1's out."""
    sc = game(tmp_path)
    _to_day_one(sc)
    first = sc.state.extra["epreuve"]["challenge"]
    _rouges_win(sc)
    for _ in range(5):  # the vote (nobody votes: the chief's tie, drawn), night 2
        if sc.phase() == ("day", 2):
            break
        sc.end()
    assert sc.phase() == ("day", 2)
    draws = [e for e in sc.events("RandomDrawn") if e["purpose"] == "epreuve"]
    assert "/".join(first) not in draws[-1]["among"]
    assert len(draws[-1]["among"]) == 47
    assert sc.state.extra["epreuve"]["challenge"] != first


def test_the_necklace_number_is_committed_at_the_start_and_revealed(tmp_path: Path) -> None:
    """Day 0's mail commits the « nombre collier » (told to nobody); the final phase's mail, or
    the end's, gives the number and its salt, whose SHA-256 is the commitment."""
    sc = game(tmp_path, seed=3)
    # the day-0 news (the role mail may come before it)
    first = next(m.content for m in sc.mails("Chloe") if "SHA-256" in m.content)
    committed = re.search(r"son empreinte SHA-256 : (\w+)", first)
    assert committed, first
    number = sc.state.extra["colliers"]["number"]
    play_to_end(sc, random.Random(3))
    mails = "\n".join(m.content for m in sc.mails("Chloe"))
    revealed = re.search(r"Le nombre collier était (\d) \(sel (\w+)", mails)
    assert revealed, mails[-2000:]
    assert int(revealed.group(1)) == number
    assert _sha(f"{number}|{revealed.group(2)}") == committed.group(1)


def test_the_mj_sets_the_challenge_by_mail_and_it_is_committed(tmp_path: Path) -> None:
    """`--option epreuves=manuel`: the MJ writes the coming day's challenge to his address; the
    day opens with its commitment (« fixée par le MJ ») and the answer reveals it."""
    sc = Scenario(
        tmp_path,
        deal(),
        variant="kohlanta",
        election=True,
        seed=5,
        options={"epreuves": "manuel"},
    )
    with running(sc) as live:
        address = sc.mails(MJ)[-1].reply_to
        msg = live.mail(MJ, address, "EN GROUPE / AU SOLEIL / PLAGE / PUZZLE")
        send(live, msg)
        wait_for(lambda: bool(answers(live, MJ, msg["Message-ID"])))
        answer = answers(live, MJ, msg["Message-ID"])[0].content
        assert "Fait." in answer, answer
        _to_day_one(sc)
        # the service's worker delivers the day's mails: wait for them before reading
        wait_for(lambda: not sc.games.store.pending_mail(1))
    today = sc.state.extra["epreuve"]
    assert today["challenge"] == ["groupe", "soleil", "plage", "puzzle"]
    setting = sc.events("ChallengeSet")[-1]
    assert setting["by_mj"] is True
    assert _sha(f"EN GROUPE|AU SOLEIL|PLAGE|PUZZLE|{today['salt']}") == setting["commitment"]
    assert "fixée par le MJ" in sc.new_mails("Chloe")[-1].content


def test_in_a_drawn_game_the_mj_challenge_is_refused_with_the_way_to_do_it(
    tmp_path: Path,
) -> None:
    """Without the option, the MJ's challenge changes nothing and his answer says how to set
    it."""
    sc = game(tmp_path, seed=5)
    with running(sc) as live:
        address = sc.mails(MJ)[-1].reply_to
        before = len(sc.games.records(sc.name))
        msg = live.mail(MJ, address, "EN GROUPE / AU SOLEIL / PLAGE / PUZZLE")
        send(live, msg)
        wait_for(lambda: bool(answers(live, MJ, msg["Message-ID"])))
        answer = answers(live, MJ, msg["Message-ID"])[0].content
    assert "epreuves=manuel" in answer, answer
    assert len(sc.games.records(sc.name)) == before
