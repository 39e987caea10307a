"""Rule set `kohlanta` (seed 000, ../shared/seeds/000_34f6f2cfe008970d.txt, lines 21-23 and
96-106, « LG KOH-LANTA »): « PHASE FINALE » (its first night, the orientation, 3 to 2, two
finalists of one camp) and the wins « à tout moment de la partie », played through players'
mails. Each test cites the sentences of 000 it plays.

The deal (`play.deal(12)`): « rouges » Alice, Bruno, Chloe, David, Emma, Farid; « jaunes » Gina,
Hugo, Ines, Jules, Karim, Lea; the stratèges Alice, Bruno, Gina, Hugo; Sportifs Alice, Chloe,
Emma, Gina, Ines, Karim, the others Survivalistes; Farid and Jules elected chiefs on day 0
(`drive.start`). A deterministic driver plays the days: the tribe (or player) meant to win the
challenge sends the exact challenge, everyone else a wrong one; every voter votes for the player
meant to go. The wins « à tout moment » are played at 14, where the MJ deals the camps as he
wishes (000's « 4 stratèges » are for 12).
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from lgmail.rules.kohlanta.alliance import ally_of
from tests.kohlanta.drive import (
    BISOUNOURS,
    ORIENTATION,
    STRATEGES,
    day,
    ended,
    latest,
    merge,
    night,
    start,
    to_duel,
    to_final,
    to_merge,
)
from tests.kohlanta.play import deal, game
from tests.scenario import Scenario

# --- PHASE FINALE -----------------------------------------------------------------------------


def test_the_final_phase_begins_at_five(tmp_path: Path) -> None:
    """000, « PHASE FINALE »: « Dès qu'on est à 5 joueurs restants, les colliers d'immunités
    non-utilisés ou non-trouvés sont éliminés, il n'y a plus d'épreuve de jour, il n'est plus
    possible de former des alliances, et les alliances en cours sont révélées par le MJ puis
    annulées. La phase finale commence par une nuit »; the necklace number revealed with its
    salt matches the commitment published at the start."""
    sc = start(tmp_path)
    # the day-0 news (the role mail may come before it)
    opening = next(m.content for m in sc.mails("Chloe") if "SHA-256" in m.content)
    committed = re.search(r"son empreinte SHA-256 : ([0-9a-f]{64})", opening)
    assert committed, opening
    to_final(sc)
    assert sc.view("Chloe")["phase_of_play"] == "finale"
    news = latest(sc, "Chloe", "Nuit 8")
    assert "Les alliances en cours, maintenant annulées : Farid et Jules." in news
    revealed = re.search(r"Le nombre collier était (\d) \(sel ([0-9a-f]+) ;", news)
    assert revealed, news
    number, salt = revealed.groups()
    assert int(number) == sc.state.extra["colliers"]["number"]
    assert hashlib.sha256(f"{number}|{salt}".encode()).hexdigest() == committed.group(1)
    # the necklaces gone (Lea's, found on night 6 and kept), no alliance any more
    sc.refused("Lea", "utiliser collier", "not_allowed")
    sc.refused("Lea", "collier 3", "not_allowed")
    sc.refused("Farid", "alliance Lea", "not_allowed")
    assert ally_of(sc.state, "Farid") is None
    night(sc)
    # no challenge: the day is its vote
    assert sc.phase() == ("day", 8) and sc.step() == "vote"
    assert not [e for e in sc.events("ChallengeSet") if e["day"] == 8]


def test_secret_votes_on_the_first_final_night_count_at_the_orientation(tmp_path: Path) -> None:
    """000, « NUIT (PHASE FINALE) »: « La première nuit de la phase finale est la dernière nuit
    où les stratèges peuvent faire des votes secrets »; « JOUR (PHASE FINALE) »: « Le premier
    jour de la phase finale, c'est l'orientation : chacun vote pour deux joueurs au lieu d'un
    (chacun des deux reçoit un vote, on ne peut pas cumuler sur le même joueur) et les deux
    premiers joueurs qui arrivent en tête du vote sont éliminés (ne pas oublier de comptabiliser
    les votes de nuit des stratèges) »; « Le jour suivant [...] on passe de 3 joueurs à 2 avec
    le vote » (no night between: no secret vote any more)."""
    sc = start(tmp_path)
    to_final(sc)
    night(sc, {"Bruno": "vote Lea", "Hugo": "vote Lea"})
    assert sc.phase() == ("day", 8)
    sc.refused("Bruno", "vote Hugo et Hugo", "not_allowed")
    for voter, text in ORIENTATION.items():
        sc.ok(voter, text)
    sc.end()
    (verdict,) = [v for v in sc.events("VerdictGiven") if v["day"] == 8]
    assert verdict["votes"] == {"Hugo": 4, "Jules": 2, "Bruno": 2, "Farid": 1, "Lea": 1}
    assert verdict["secret"] == {"Lea": 2}
    assert sorted(verdict["out"]) == ["Hugo", "Lea"]
    assert "Votes secrets des stratèges : Lea (2)." in latest(sc, "Chloe", "Jour 9")
    assert sorted(sc.state.living_names()) == ["Bruno", "Farid", "Jules"]
    assert sc.phase() == ("day", 9) and sc.step() == "vote", "the next day, no night"
    sc.refused("Bruno", "vote Jules et Farid", "not_allowed")
    sc.ok("Bruno", "vote Jules")
    sc.ok("Farid", "vote Jules")
    sc.ok("Jules", "vote Bruno")
    sc.end()
    (last,) = [v for v in sc.events("VerdictGiven") if v["day"] == 9]
    assert last["secret"] == {} and last["out"] == ["Jules"]
    # the alliance Farid-Jules is cancelled: Farid's vote against Jules is not turned on him
    assert last["votes"] == {"Jules": 2, "Bruno": 1}


def test_two_finalists_of_one_camp_make_it_win(tmp_path: Path) -> None:
    """000: « Il n'y a alors plus de jour ni de nuit : si les deux derniers joueurs sont du
    même camp, ce camp gagne »: Bruno out, Farid and Jules (bisounours) win, no jury."""
    sc = start(tmp_path)
    to_duel(sc)
    for voter, target in (("Bruno", "Jules"), ("Farid", "Bruno"), ("Jules", "Bruno")):
        sc.ok(voter, f"vote {target}")
    sc.end()
    assert ended(sc) == ("bisounours", sorted(BISOUNOURS))
    assert not sc.events("JuryCalled")


def to_three_against_two(sc: Scenario) -> None:
    """Emma, Alice, Karim, Lea out after the merge (never 4 stratèges against 2 on the way, sure
    to win sooner): Bruno, Gina, Hugo (stratèges) against Farid and Jules (bisounours) as the
    final phase would begin."""
    to_merge(sc)
    merge(sc)
    day(sc, "Farid", "Emma")
    night(sc)
    day(sc, "Farid", "Alice")
    night(sc)
    day(sc, "Farid", "Karim")
    night(sc)
    assert sc.state.status == "running"
    day(sc, "Farid", "Lea")
    assert sorted(sc.state.living_names()) == ["Bruno", "Farid", "Gina", "Hugo", "Jules"]


def test_strateges_in_a_strict_majority_in_the_final_phase_win(tmp_path: Path) -> None:
    """000: « Être en supériorité numérique ne suffit pas aux stratèges pour gagner, sauf si les
    bisounours vont se faire mathématiquement impitoyablement tous éliminer avant le duel
    final »; the module's ruling: in the final phase, with no immunity left, the stratèges in a
    strict majority win: Bruno, Gina, Hugo against Farid and Jules win with no vote held."""
    sc = start(tmp_path)
    to_three_against_two(sc)
    if sc.state.status == "running":
        night(sc)
    assert ended(sc) == ("stratege", sorted(STRATEGES))
    assert not [v for v in sc.events("VerdictGiven") if v["day"] == 8]


def test_strateges_in_a_strict_majority_win_as_the_final_phase_begins(tmp_path: Path) -> None:
    """000: « sauf si les bisounours vont se faire mathématiquement impitoyablement tous
    éliminer avant le duel final »; the module's ruling: « in the final phase [...] the
    stratèges in a strict majority win at once »: the game ends as day 7's vote leaves 3
    stratèges against 2 bisounours, before anyone plays night 8."""
    sc = start(tmp_path)
    to_three_against_two(sc)
    assert sc.state.status == "ended"
    assert ended(sc) == ("stratege", sorted(STRATEGES))


def test_strateges_certain_to_eliminate_every_bisounours_win(tmp_path: Path) -> None:
    """000: « Être en supériorité numérique ne suffit pas aux stratèges pour gagner, sauf si les
    bisounours vont se faire mathématiquement impitoyablement tous éliminer avant le duel
    final »: at 6 (individual phase), Alice, Bruno, Gina, Hugo against Farid and Jules. Whatever
    the totem and the necklaces protect on day 7, at worst a stratège goes and the final phase
    opens with 3 stratèges against 2, whose orientation the stratèges' six votes decide: the
    bisounours are certain to be all eliminated."""
    sc = start(tmp_path)
    to_merge(sc)
    merge(sc)
    day(sc, "Farid", "Emma")
    night(sc)
    day(sc, "Farid", "Karim")
    night(sc)
    day(sc, "Farid", "Lea")
    assert sorted(sc.state.living_names()) == ["Alice", "Bruno", "Farid", "Gina", "Hugo", "Jules"]
    assert sc.state.status == "ended"
    assert ended(sc) == ("stratege", sorted(STRATEGES))


# --- Wins at any moment -----------------------------------------------------------------------


def fourteen(folder: Path, strateges: tuple[int, ...]) -> Scenario:
    """A game of 14 (« rouges » Alice to Gina, « jaunes » Hugo to Nina), where the MJ deals the
    camps as he wishes; the chiefs Farid and Karim; night 1 begins."""
    sc = game(folder, 14, seed=1, roles=deal(14, strateges))
    names = list(sc.state.players)
    for name in names:
        sc.ok(name, f"vote {'Farid' if names.index(name) < 7 else 'Karim'}")
    sc.end()
    assert sc.phase() == ("night", 1)
    return sc


def test_every_stratege_out_the_bisounours_win_at_once(tmp_path: Path) -> None:
    """000: « Si à tout moment de la partie, tous les stratèges sont éliminés, alors le camp des
    bisounours gagne »: at 14, Alice and Hugo the only stratèges; Chloe, then Alice, then Hugo
    out in the tribe phase: every bisounours wins, Chloe too."""
    sc = fourteen(tmp_path, (0, 7))
    night(sc)
    day(sc, "jaunes", "Chloe")
    night(sc)
    day(sc, "jaunes", "Alice")
    night(sc)
    assert sc.state.status == "running"
    day(sc, "rouges", "Hugo")
    strateges = ["Alice", "Hugo"]
    assert ended(sc) == ("bisounours", sorted(n for n in sc.state.players if n not in strateges))
    assert len(sc.state.living()) == 11 and sc.view("Chloe")["phase_of_play"] == "tribus"


def test_two_bisounours_left_the_strateges_win_at_once(tmp_path: Path) -> None:
    """000: « Si à tout moment de la partie, tous les bisounours sont éliminés, alors le camp
    des stratèges gagne », « sauf si les bisounours vont se faire mathématiquement
    impitoyablement tous éliminer avant le duel final »: at 14, Chloe, Jules and Marc the only
    bisounours; Alice (a stratège) out, the game goes on; Chloe out, two bisounours are left:
    even losing one of theirs at every vote, the stratèges are 3 against 2 at the final phase,
    sure to eliminate them: every stratège wins, Alice too (so no game ever reaches the last
    bisounours' elimination: it is decided before)."""
    sc = fourteen(tmp_path, tuple(i for i in range(14) if i not in (2, 9, 12)))
    night(sc)
    day(sc, "jaunes", "Alice")
    night(sc)
    assert sc.state.status == "running"
    day(sc, "jaunes", "Chloe")
    bisounours = ["Chloe", "Jules", "Marc"]
    assert ended(sc) == ("stratege", sorted(n for n in sc.state.players if n not in bisounours))
    assert len(sc.state.living()) == 12
