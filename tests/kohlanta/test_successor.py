"""Rule set `kohlanta` (seed 000, ../shared/seeds/000_34f6f2cfe008970d.txt, lines 19 and 27,
« LG KOH-LANTA »): the chief's successor, and the juror who must learn nothing. 000: « S'il
meure, il nomme un successeur parmi sa tribu (ou parmi l'ensemble des joueurs si la
réunification est passée) »; « Un joueur éliminé après la réunification a le vote final à
faire, on ne doit donc rien lui révéler de la partie ». Ruling (README): a chief names his
successor in advance (« successeur NOM », any time while he is chief); eliminated, that name
holds if the player is still in the game; else a chief out before the merge is asked, a juror
never (the successor is drawn: asking him would tell him who is still in the game).

The deal (`play.deal(12)`): « rouges » Alice, Bruno, Chloe, David, Emma, Farid; « jaunes » Gina,
Hugo, Ines, Jules, Karim, Lea; the stratèges Alice, Bruno, Gina, Hugo; Farid and Jules elected
chiefs on day 0 (`drive.start`), Chloe, Ines, David out by night 4 (`drive.to_merge`).
"""

from __future__ import annotations

from pathlib import Path

from tests.kohlanta.drive import (
    JUROR_NOTICE,
    challenge,
    drawn,
    merge,
    night,
    start,
    to_merge,
)
from tests.kohlanta.play import Watched


def _merged_with_chief_alice(tmp_path: Path) -> Watched:
    """Night 4, both ambassadors name Alice: day 4 of the merged tribe, Alice its chief."""
    sc = start(tmp_path, cls=Watched)
    assert isinstance(sc, Watched)
    to_merge(sc)
    merge(sc, "Alice", "Alice")
    assert sc.state.extra["chefs"] == {"blanche": "Alice"}
    return sc


def _alice_voted_out(sc: Watched) -> None:
    """Day 4: Farid wins the challenge, everybody votes Alice out (she votes Bruno)."""
    challenge(sc, "Farid")
    for voter in sc.state.living_names():
        sc.ok(voter, "vote Bruno" if voter == "Alice" else "vote Alice")
    sc.end()
    assert not sc.alive("Alice")
    assert sc.phase() == ("night", 5)


def test_a_chief_juror_named_in_advance_gets_no_mail_but_his_jurors_notice(
    tmp_path: Path,
) -> None:
    """Seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt): « il nomme un successeur [...] parmi
    l'ensemble des joueurs si la réunification est passée » and a juror is told nothing (« on
    ne doit donc rien lui révéler de la partie »): Alice, the merged tribe's chief, names Bruno
    in advance; voted out, she is a juror, Bruno becomes chief at once and her only mail is her
    juror's notice (no « Votre successeur »)."""
    sc = _merged_with_chief_alice(tmp_path)
    sc.ok("Alice", "successeur Bruno")
    sc.refused("Bruno", "successeur Farid", "not_allowed")  # only the chief names his
    _alice_voted_out(sc)
    assert not sc.state.reactions, "nothing is awaited from a juror"
    (named,) = [e for e in sc.events("ChiefElected") if e["how"] == "named"]
    assert (named["tribe"], named["name"]) == ("blanche", "Bruno")
    assert sc.state.extra["chefs"] == {"blanche": "Bruno"}
    got = [m.subject for m in sc.received("Alice", "juror")]
    assert got == [f"[village] {JUROR_NOTICE}"], got
    told = "\n".join(m.content for m in sc.received("Farid", "alive"))
    assert "Bruno devient chef de la tribu blanche, désigné·e par son prédécesseur." in told


def test_a_chief_juror_who_named_nobody_gets_a_drawn_successor_and_no_mail(
    tmp_path: Path,
) -> None:
    """Seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt): the chief Alice names nobody
    before she is voted out after the merge: her successor is drawn among the players still in
    the game at once (a recorded draw), nothing is asked of her, and she gets her juror's
    notice only."""
    sc = _merged_with_chief_alice(tmp_path)
    _alice_voted_out(sc)
    assert not sc.state.reactions
    (draw,) = drawn(sc, "successeur")
    assert sorted(draw["among"]) == sorted(sc.state.living_names())
    chief = sc.state.extra["chefs"]["blanche"]
    assert chief in sc.state.living_names() and [chief] == draw["chosen"]
    got = [m.subject for m in sc.received("Alice", "juror")]
    assert got == [f"[village] {JUROR_NOTICE}"], got
    night(sc)  # the game goes on with its new chief
    assert sc.phase() == ("day", 5)


def test_a_chief_out_before_the_merge_named_in_advance_is_not_asked(tmp_path: Path) -> None:
    """Seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt), « il nomme un successeur parmi sa
    tribu »: Farid, chief of the rouges, names Emma in advance (a jaune is refused); voted out
    on day 1, Emma is chief at once. Without a name, he is asked as before (`successeur NOM`
    after his elimination)."""
    sc = start(tmp_path, cls=Watched)
    assert isinstance(sc, Watched)
    sc.refused("Farid", "successeur Gina", "not_allowed")
    sc.ok("Farid", "successeur Emma")
    night(sc)
    challenge(sc, "jaunes")
    for voter in ("Alice", "Bruno", "Chloe", "David", "Emma", "Farid"):
        sc.ok(voter, "vote Chloe" if voter == "Farid" else "vote Farid")
    sc.end()
    assert not sc.alive("Farid") and not sc.state.reactions
    assert sc.state.extra["chefs"]["rouges"] == "Emma"
    assert not any("Votre successeur" in m.subject for m in sc.mails("Farid"))
