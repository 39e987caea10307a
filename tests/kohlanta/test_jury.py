"""Rule set `kohlanta` (seed 000, ../shared/seeds/000_34f6f2cfe008970d.txt, lines 19 and
106-107, « LG KOH-LANTA »): the final vote (« PHASE FINALE », « JOUR (PHASE FINALE) ») and the
jurors who learn nothing, played through players' mails. Each test cites the sentences of 000 it
plays.

The deal (`play.deal(12)`): « rouges » Alice, Bruno, Chloe, David, Emma, Farid; « jaunes » Gina,
Hugo, Ines, Jules, Karim, Lea; the stratèges Alice, Bruno, Gina, Hugo; Sportifs Alice, Chloe,
Emma, Gina, Ines, Karim, the others Survivalistes; Farid and Jules elected chiefs on day 0
(`drive.start`). A deterministic driver plays the days to the jury (`drive.to_jury`): Bruno
(stratège) and Farid (bisounours) the finalists; the jury Emma, Karim, Alice, Gina, Hugo, Lea,
Jules.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.kohlanta.drive import (
    BISOUNOURS,
    JUROR_NOTICE,
    JURY_CALL,
    STRATEGES,
    ended,
    start,
    to_jury,
)
from tests.kohlanta.play import Watched

# --- the jury ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("for_bruno", "winner"), [((), "bisounours"), (("Emma",), "stratege")])
def test_the_jury_decides_between_two_camps(
    tmp_path: Path, for_bruno: tuple[str, ...], winner: str
) -> None:
    """000: « Sinon il y a un vote final. Pour faire le vote final, tous les joueurs éliminés
    depuis la réunification vote pour un des deux finalistes (soit 7 joueurs, donc il ne peut
    pas y avoir d'égalité) : parmi ces joueurs, les bisounours votent en premier, puis quand
    c'est fait on ajoute automatiquement au stratège finaliste 1 vote par stratège présent dans
    les votants. Le camp de celui arrivé premier aux votes gagne »: Emma, Karim, Lea, Jules vote
    (their mails accepted though they are out), then 3 for Bruno (Alice, Gina, Hugo)."""
    sc = start(tmp_path)
    to_jury(sc)
    (called,) = sc.events("JuryCalled")
    assert called["finalists"] == ["Bruno", "Farid"]
    assert called["jurors"] == ["Emma", "Karim", "Alice", "Gina", "Hugo", "Lea", "Jules"]
    sc.refused("Alice", "vote Bruno", "dead")  # a stratège juror: his vote is added for him
    sc.refused("Chloe", "vote Farid", "dead")  # out before the merge
    sc.refused("Emma", "vote Jules", "not_allowed")  # a finalist only
    for juror in ("Emma", "Karim", "Lea", "Jules"):
        sc.ok(juror, f"vote {'Bruno' if juror in for_bruno else 'Farid'}")
    if sc.state.status == "running":
        sc.end()
    (verdict,) = sc.events("JuryVoted")
    bruno = len(for_bruno)
    assert verdict["bisounours"] == {"Bruno": bruno, "Farid": 4 - bruno}
    assert verdict["strateges"] == {"Bruno": 3, "Farid": 0}
    assert verdict["winner"] == ("Farid" if winner == "bisounours" else "Bruno")
    assert ended(sc) == (winner, sorted(BISOUNOURS if winner == "bisounours" else STRATEGES))


# --- Jurors learn nothing ---------------------------------------------------------------------


def test_jurors_learn_nothing_until_the_end(tmp_path: Path) -> None:
    """000: « Un joueur éliminé avant la réunification ne peut plus revenir dans la partie. Un
    joueur éliminé après la réunification a le vote final à faire, on ne doit donc rien lui
    révéler de la partie s'il est bisounours »: from his elimination to the end a juror gets his
    juror's notice and the jury's call, nothing else; one out before the merge keeps getting
    the public mails."""
    sc = start(tmp_path, cls=Watched)
    assert isinstance(sc, Watched)
    to_jury(sc)
    for juror in ("Emma", "Karim", "Lea", "Jules"):
        sc.ok(juror, "vote Farid")
    if sc.state.status == "running":
        sc.end()
    assert sc.state.status == "ended"
    for juror in ("Emma", "Karim", "Alice", "Gina", "Hugo", "Lea", "Jules"):
        got = [m.subject for m in sc.received(juror, "juror")]
        assert got == [f"[village] {JUROR_NOTICE}", f"[village] {JURY_CALL}"], (juror, got)
        assert sc.received(juror, "ended"), "the end is told to everyone"
    for out in ("Chloe", "Ines", "David"):
        told = "\n".join(m.content for m in sc.received(out, "out"))
        assert "Réunification : les deux tribus fusionnent" in told
        assert "Farid gagne l'épreuve" in told
        assert "Phase finale : les colliers d'immunité sont éliminés" in told
        assert "Le vote d'orientation est clos." in told
        assert "Les deux finalistes, Bruno et Farid" in told
    assert "Jules est éliminé" in "\n".join(m.content for m in sc.received("Farid", "alive"))


def test_a_jurors_answer_tells_him_nothing_of_the_game(tmp_path: Path) -> None:
    """000: « on ne doit donc rien lui révéler de la partie s'il est bisounours »: the answer
    to a juror's own mail says what was recorded, not the phase the game is in."""
    sc = start(tmp_path, cls=Watched)
    to_jury(sc)
    answer = sc.ok("Emma", "vote Farid")
    assert "Nous sommes dans" not in answer.text and "jour" not in answer.text.lower()
    player = sc.ok("Bruno", "aide") if sc.state.players["Bruno"].alive else None
    assert player is None or "Nous sommes dans" in player.text
