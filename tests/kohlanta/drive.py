"""The deterministic driver of the scenario tests of rule set `kohlanta` (seed 000,
../shared/seeds/000_34f6f2cfe008970d.txt, lines 1-116, « LG KOH-LANTA »), through players'
mails: what the scenario modules share. No test here.

The deal (`play.deal(12)`): « rouges » Alice, Bruno, Chloe, David, Emma, Farid; « jaunes » Gina,
Hugo, Ines, Jules, Karim, Lea; the stratèges Alice, Bruno, Gina, Hugo; Sportifs Alice, Chloe,
Emma, Gina, Ines, Karim, the others Survivalistes. Two ways to play day 0: `start` elects Farid
and Jules chiefs (`CHIEFS`), `elected` Alice and Gina (`ELECTED`). A day is played by the tribe
(or player) meant to win the challenge sending the exact challenge, everyone else a wrong one;
then the votes as each test says.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lgmail.rules.kohlanta import council
from lgmail.rules.kohlanta.alliance import ally_of
from lgmail.rules.kohlanta.cards import members, tribe_of
from lgmail.rules.kohlanta.challenge import CANON, LINES
from tests.kohlanta.play import game
from tests.scenario import Scenario, Sent

ROUGES = ["Alice", "Bruno", "Chloe", "David", "Emma", "Farid"]
JAUNES = ["Gina", "Hugo", "Ines", "Jules", "Karim", "Lea"]
TRIBES = {"rouges": ROUGES, "jaunes": JAUNES}
STRATEGES = ["Alice", "Bruno", "Gina", "Hugo"]
BISOUNOURS = [n for n in ROUGES + JAUNES if n not in STRATEGES]
SPORTIFS = {"Alice", "Chloe", "Emma", "Gina", "Ines", "Karim"}
#: the chiefs `start` elects on day 0
CHIEFS = {"rouges": "Farid", "jaunes": "Jules"}
#: the chiefs `elected` (and `day_one`) elect on day 0
ELECTED = {"rouges": "Alice", "jaunes": "Gina"}

FOUND, MISSED = "Vous avez trouvé un collier d'immunité", "Pas de collier"
RETURNED, ALLIED, HINT = "Votre collier vous revient", "Nouvelle alliance", "Indice de collier"
VERDICT = "Le vote est clos."
JUROR_NOTICE, JURY_CALL = "Vous êtes membre du jury", "Le vote final"


# --- day 0 --------------------------------------------------------------------------------------


def start(folder: Path, cls: type[Scenario] = Scenario, **kw: Any) -> Scenario:
    """Day 0: each tribe elects its chief (`CHIEFS`) unanimously; night 1 begins."""
    sc = game(folder, 12, seed=1, cls=cls, **kw)
    for name in ROUGES + JAUNES:
        sc.ok(name, f"vote {CHIEFS['rouges' if name in ROUGES else 'jaunes']}")
    sc.end()
    assert sc.phase() == ("night", 1)
    return sc


def elected(folder: Path, seed: int = 1) -> Scenario:
    """A game of 12 (every draw from `seed`) whose day 0 elected Alice and Gina: night 1."""
    sc = game(folder, seed=seed)
    for tribe, names in TRIBES.items():
        for name in names:
            sc.ok(name, f"vote {ELECTED[tribe]}")
    sc.end()
    assert sc.phase() == ("night", 1)
    return sc


def day_one(folder: Path, seed: int = 1) -> Scenario:
    """Day 1 of a game whose night 1 was quiet."""
    sc = elected(folder, seed)
    sc.end()
    assert sc.phase() == ("day", 1) and sc.step() == "epreuve"
    return sc


# --- the night ----------------------------------------------------------------------------------


def night(sc: Scenario, orders: dict[str, str] | None = None) -> None:
    """The given players' night mails, then the MJ ends the night if it is still on: the day of
    the same number follows, unless the game has ended."""
    at = sc.phase()
    for name, text in (orders or {}).items():
        sc.ok(name, text)
    if sc.phase() == at and sc.state.status == "running":
        sc.end()
    assert sc.phase() != at
    if sc.state.status == "running":
        assert sc.phase() == ("day", at[1])


def number(sc: Scenario) -> int:
    """The secret « nombre collier »."""
    return int(sc.state.extra["colliers"]["number"])


def wrong(sc: Scenario) -> int:
    """A number that is not the « nombre collier »."""
    return number(sc) % 6 + 1


# --- the challenge ------------------------------------------------------------------------------


def challenge_of(sc: Scenario) -> list[str]:
    """The day's secret challenge (slugs)."""
    return list(sc.state.extra["epreuve"]["challenge"])


def answers(sc: Scenario) -> tuple[str, str]:
    """Today's exact challenge, and a guess with every line wrong."""
    challenge = sc.state.extra["epreuve"]["challenge"]
    right = " / ".join(CANON[a] for a in challenge)
    wrong = " / ".join(
        CANON[next(x for x in line if x != a)] for line, a in zip(LINES, challenge, strict=True)
    )
    return right, wrong


def guess(sc: Scenario, right: int | tuple[int, ...], alt: int = 0, sep: str = " / ") -> str:
    """A guess with the lines numbered in `right` (0 to 3; a number `n`: the first `n` lines)
    the challenge's, the others a wrong attribute (the `alt`-th wrong one of the line)."""
    exact = range(right) if isinstance(right, int) else right
    out = []
    for i, (attr, line) in enumerate(zip(challenge_of(sc), LINES, strict=True)):
        wrong = [a for a in line if a != attr]
        out.append(CANON[attr] if i in exact else CANON[wrong[alt % len(wrong)]])
    return sep.join(out)


def challenge(sc: Scenario, winner: str, extra: dict[str, str] | None = None) -> None:
    """The day's challenge: `winner` (a tribe, or a player after the merge) sends the exact
    challenge, everyone else a wrong one; `extra`: more lines in a player's mail."""
    assert sc.step() == "epreuve"
    right, wrong = answers(sc)
    s = sc.state
    for name in s.living_names():
        mine = winner in (name, tribe_of(s, name))
        text = right if mine else wrong
        if extra and name in extra:
            text += "\n" + extra[name]
        sc.ok(name, text)
    assert sc.step() == "vote", "the challenge is won at once"
    assert sc.state.extra["epreuve"]["winner"] == winner


def living(sc: Scenario, tribe: str) -> list[str]:
    return members(sc.state, tribe)


def other(tribe: str) -> str:
    return "jaunes" if tribe == "rouges" else "rouges"


def win(sc: Scenario, tribe: str) -> None:
    """`tribe` guesses the challenge, the other tribe nothing right: `tribe` wins."""
    for name in living(sc, tribe):
        sc.ok(name, guess(sc, 4))
    for name in living(sc, other(tribe)):
        sc.ok(name, guess(sc, 0))
    assert sc.step() == "vote"
    assert sc.state.extra["epreuve"]["winner"] == tribe


# --- the vote -----------------------------------------------------------------------------------


def vote(sc: Scenario, how: str | dict[str, str]) -> None:
    """The day's vote, then the MJ ends it: `how` the votes (`voter -> target`, `cast_votes`),
    or the one every voter votes out (`vote_off`)."""
    if isinstance(how, str):
        vote_off(sc, how)
    else:
        cast_votes(sc, how)


def cast_votes(sc: Scenario, votes: dict[str, str]) -> None:
    """The losing tribe's votes (`voter -> target`), then the MJ ends the vote: night follows."""
    day = sc.phase()[1]
    for voter, target in votes.items():
        sc.ok(voter, f"vote {target}")
    sc.end()
    assert sc.phase() == ("night", day + 1)


def vote_off(sc: Scenario, out: str) -> None:
    """Every voter votes for `out` (himself and his ally for somebody else); the MJ ends the
    vote."""
    s = sc.state
    eligible = council.eligible(s)
    for voter in council.voters(s):
        if voter != out and ally_of(s, voter) != out:
            sc.ok(voter, f"vote {out}")
        else:
            other = [n for n in eligible if n not in (voter, out, ally_of(s, voter))]
            sc.ok(voter, f"vote {other[0]}")
    sc.end()
    assert not sc.alive(out), f"{out} is out"
    assert not sc.state.reactions, "no chief goes, no tie"


def vote_out(sc: Scenario, name: str) -> None:
    """Every voter of the day votes against `name` (he, against a tribe-mate), the vote closes;
    a chief eliminated names the next of his tribe."""
    voters = living(sc, tribe_of(sc.state, name))
    for voter in voters:
        target = name if voter != name else next(v for v in voters if v != name)
        sc.ok(voter, f"vote {target}")
    sc.end()
    assert not sc.alive(name)
    for reaction in sc.state.reactions:
        if reaction.kind == "successeur":
            sc.ok(name, f"successeur {next(v for v in voters if v != name)}")
    assert sc.phase() == ("night", sc.state.number)


def everyone_votes(sc: Scenario, tribe: list[str], out: str, instead: str) -> dict[str, str]:
    """Every living member of `tribe` votes for `out`, `out` himself for `instead`."""
    return {n: (instead if n == out else out) for n in tribe if sc.alive(n)}


# --- days ---------------------------------------------------------------------------------------


def day(sc: Scenario, winner: str, out: str, extra: dict[str, str] | None = None) -> None:
    """The challenge won by `winner`, then `out` voted out."""
    challenge(sc, winner, extra)
    vote_off(sc, out)


def next_day(sc: Scenario, winner: str, out: str) -> None:
    """`winner` wins the challenge, `out` is voted out, a quiet night: the next day."""
    day = sc.state.number
    win(sc, winner)
    vote_out(sc, out)
    sc.end()
    assert sc.phase() == ("day", day + 1)


# --- the comforts -------------------------------------------------------------------------------


def offer(sc: Scenario) -> list[str]:
    return list(sc.state.extra["conforts"]["offer"]["choices"])


def with_offer(folder: Path, wanted: str) -> Scenario:
    """Day 1 won by the rouges, in the first game (seeds 1, 2, ...) where their offer holds
    `wanted`."""
    for seed in range(1, 60):
        sc = day_one(folder / f"seed{seed}", seed)
        win(sc, "rouges")
        if wanted in offer(sc):
            return sc
    raise AssertionError(f"no seed offers {wanted}")


def taking(folder: Path, comfort: str) -> Scenario:
    """The rouges win day 1 and take `comfort`; Lea is voted out: night 2."""
    sc = with_offer(folder, comfort)
    sc.ok("Alice", f"confort {comfort}")
    vote_out(sc, "Lea")
    assert sc.events("ComfortTaken")[-1]["comfort"] == comfort
    return sc


# --- the merge and the final phase --------------------------------------------------------------


def to_merge(sc: Scenario, night_one: dict[str, str] | None = None) -> None:
    """Days 1-3, the tribe phase, 12 -> 9: Chloe, Ines, David out; night 4 begins."""
    night(sc, night_one)
    day(sc, "jaunes", "Chloe")
    night(sc)
    day(sc, "rouges", "Ines")
    night(sc)
    day(sc, "jaunes", "David")
    assert sc.phase() == ("night", 4)
    assert len(sc.state.living()) == 9


def merge(sc: Scenario, first: str = "Farid", second: str = "Farid") -> None:
    """Night 4, the ambassadors: each chief names `first`, `second`."""
    night(sc, {CHIEFS["rouges"]: f"ambassadeur {first}", CHIEFS["jaunes"]: f"ambassadeur {second}"})
    assert sc.phase() == ("day", 4)


def to_final(sc: Scenario) -> None:
    """The individual phase, 9 -> 5: merged chief Farid; Farid and Jules ally on night 5; Lea
    finds a necklace on night 6 and keeps it; Emma, Karim, Alice, Gina out. Night 8, the final
    phase's first, begins with Bruno, Hugo (stratèges), Farid, Jules, Lea (bisounours)."""
    to_merge(sc)
    merge(sc)
    day(sc, "Farid", "Emma")
    night(sc, {"Farid": "alliance Jules", "Jules": "alliance Farid"})
    day(sc, "Hugo", "Karim")
    number = sc.state.extra["colliers"]["number"]
    night(sc, {"Lea": f"collier {number}"})
    assert any("Vous avez trouvé un collier" in m.subject for m in sc.mails("Lea"))
    day(sc, "Bruno", "Alice")
    night(sc)
    day(sc, "Hugo", "Gina")
    assert sc.phase() == ("night", 8)
    assert sorted(sc.state.living_names()) == ["Bruno", "Farid", "Hugo", "Jules", "Lea"]


#: the orientation's votes: by day Hugo 4, Jules 2, Bruno 2, Farid 1, Lea 1; the two stratèges'
#: secret votes of night 8 on Lea make her second (3): Hugo and Lea go
ORIENTATION = {
    "Bruno": "vote Hugo et Jules",
    "Hugo": "vote Jules et Farid",
    "Farid": "vote Hugo et Lea",
    "Jules": "vote Hugo et Bruno",
    "Lea": "vote Hugo et Bruno",
}


def to_duel(sc: Scenario) -> None:
    """Night 8 (Bruno and Hugo put their secret votes on Lea), the orientation day 8 (Hugo and
    Lea out): day 9 begins with Bruno, Farid, Jules."""
    to_final(sc)
    night(sc, {"Bruno": "vote Lea", "Hugo": "vote Lea"})
    assert sc.phase() == ("day", 8) and sc.step() == "vote"
    for voter, text in ORIENTATION.items():
        sc.ok(voter, text)
    sc.end()
    assert sc.phase() == ("day", 9)


def to_jury(sc: Scenario) -> None:
    """Day 9: Jules out (Bruno and Farid against him), Bruno (stratège) and Farid (bisounours)
    the finalists; the jury: Emma, Karim, Alice, Gina, Hugo, Lea, Jules."""
    to_duel(sc)
    for voter, target in (("Bruno", "Jules"), ("Farid", "Jules"), ("Jules", "Bruno")):
        sc.ok(voter, f"vote {target}")
    sc.end()
    assert sc.phase() == ("day", 9) and sc.step() == "jury"


# --- what the mails and the events tell ---------------------------------------------------------


def subjects_to(sc: Scenario, subject: str) -> list[str]:
    """Who received a mail with `subject` (in order)."""
    return [m.to.split("@")[0].capitalize() for m in sc.mails() if subject in m.subject]


def last(sc: Scenario, reader: str, subject: str) -> Sent:
    """The last mail to `reader` with `subject`."""
    return [m for m in sc.mails(reader) if subject in m.subject][-1]


def latest(sc: Scenario, name: str, subject: str) -> str:
    """The content of the last mail to `name` whose subject holds `subject`."""
    mails = [m for m in sc.mails(name) if subject in m.subject]
    assert mails, (name, subject)
    return mails[-1].content


def text_of(sc: Scenario, player: str, words: str) -> str:
    """The last mail to `player` that says `words`."""
    found = [m.content for m in sc.mails(player) if words in m.content]
    assert found, f"no mail to {player} says {words!r}"
    return found[-1]


def line_of(text: str, start: str) -> str:
    found = [line for line in text.splitlines() if line.startswith(start)]
    assert found, f"no line starts with {start!r} in:\n{text}"
    return found[-1]


def verdict(sc: Scenario, reader: str = "Gina") -> str:
    """The last verdict as `reader` read it (the public news of the vote)."""
    mail = [m for m in sc.mails(reader) if VERDICT in m.content][-1]
    return mail.content.split(VERDICT, 1)[1]


def verdicts(sc: Scenario) -> list[dict[str, Any]]:
    return sc.events("VerdictGiven")


def answer(sc: Scenario, day: int, player: str = "Chloe") -> str:
    return text_of(sc, player, f"Résultat de l'épreuve du jour {day}")


def scores(text: str) -> dict[str, int]:
    return {n: int(p) for n, p in re.findall(r"^  (\w+) : (\d+)$", text, re.M)}


def tribe_scores(text: str) -> dict[str, int]:
    return {t: int(p) for t, p in re.findall(r"^Tribu (\w+) : (\d+) points\.$", text, re.M)}


def score_of(sc: Scenario, name: str) -> str:
    """The last private score mail `name` got: « Votre score à l'épreuve du jour : N point(s) »."""
    mails = [m for m in sc.new_mails(name) if "Votre score" in m.subject]
    assert mails, name
    mail = mails[-1]
    found = re.search(r"Votre score à l'épreuve du jour : (\d+ points?)\.", mail.content)
    assert found, mail.content
    return found.group(1)


def drawn(sc: Scenario, purpose: str) -> list[dict[str, Any]]:
    return [e for e in sc.events("RandomDrawn") if e["purpose"] == purpose]


def ended(sc: Scenario) -> tuple[str, list[str]]:
    (end,) = sc.events("GameEnded")
    return end["winner"], sorted(end["winners"])
