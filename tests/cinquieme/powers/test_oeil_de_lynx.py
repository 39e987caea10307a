"""Rule set `cinquieme-element`, seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt, « LG LE
CINQUIÈME ÉLÉMENT »): the power Oeil-de-Lynx (PRO-VILLAGEOIS, AIR): « Le MJ vous indique
immédiatement les noms de tous les joueurs qui ont le nombre maximal de coeurs possibles. (Donc
ceux qui ont NC+1 cœurs.) » (« Au cours de la nuit [...] -> Résultat des sondes OEIL-DE-LYNX »).
Each test cites the sentence of 000 it plays."""

from __future__ import annotations

from pathlib import Path

from tests.cinquieme.drive import closing_night as night
from tests.cinquieme.drive import starter
from tests.scenario import Scenario

POWERS = {
    "Jules": "oeil-de-lynx et ignifugé",
    "Ines": "régénération et truffe-de-lynx",
    "Alice": "truffe-de-lynx et soin",
    "Bruno": "ignifugé et traçage",
}


start = starter(POWERS)


def lynx_eye(sc: Scenario, name: str) -> list[str]:
    return [m.content for m in sc.new_mails(name) if m.subject.endswith("Oeil-de-Lynx")]


def test_answered_at_once_before_the_nights_heals(tmp_path: Path) -> None:
    """000, Oeil-de-Lynx: « Le MJ vous indique immédiatement »: by return of mail during the
    night; Ines, who regenerates to NC+1 at the night's end, is not at the maximum yet."""
    sc = start(tmp_path)
    sc.ok("Ines", "régénération")
    sc.ok("Jules", "oeil-de-lynx")
    assert sc.phase() == ("night", 1)
    [told] = lynx_eye(sc, "Jules")
    assert "Personne n'est au maximum de cœurs." in told
    answers = sc.events("PowerAnswered")
    assert [(e["player"], e["power"], e["told"]) for e in answers] == [
        ("Jules", "oeil-de-lynx", {"names": []})
    ]
    night(sc, {}, "Hugo", "David")
    assert sc.state.players["Ines"].counters["coeurs"] == 3
    assert lynx_eye(sc, "Jules") == []  # nothing more at the night's end


def test_the_names_are_exactly_those_at_nc_plus_one(tmp_path: Path) -> None:
    """000, Oeil-de-Lynx: « les noms de tous les joueurs qui ont le nombre maximal de coeurs
    possibles. (Donc ceux qui ont NC+1 cœurs.) »: Ines (regenerated) and Jules himself (cared
    for) at 3; the others at 2 or 1 are not named."""
    sc = start(tmp_path)
    night(sc, {"Ines": "régénération", "Alice": "soin Jules"}, "Hugo", "David")
    sc.end()  # a day without a vote
    assert sc.phase() == ("night", 2)
    top = {n for n, p in sc.state.players.items() if p.counters["coeurs"] == 3}
    assert top == {"Ines", "Jules"}
    sc.ok("Jules", "oeil-de-lynx")
    [told] = lynx_eye(sc, "Jules")
    assert "Au maximum de cœurs : Ines, Jules." in told
    assert sc.events("PowerAnswered")[-1]["told"] == {"names": ["Ines", "Jules"]}


def test_after_the_answer_the_other_power_is_refused(tmp_path: Path) -> None:
    """000, « Les pouvoirs »: « chacun ne peut se servir que d'un de ses deux pouvoirs chaque
    nuit »: once Oeil-de-Lynx has answered, Ignifugé is refused."""
    sc = start(tmp_path)
    sc.ok("Jules", "oeil-de-lynx")
    sc.refused("Jules", "ignifugé", "not_allowed")


def test_rien_after_the_answer_does_not_free_the_other_power(tmp_path: Path) -> None:
    """000, « Les pouvoirs »: « chacun ne peut se servir que d'un de ses deux pouvoirs chaque
    nuit »: the answer given, « rien » cannot take Oeil-de-Lynx back to use Ignifugé too."""
    sc = start(tmp_path)
    sc.ok("Jules", "oeil-de-lynx")
    assert lynx_eye(sc, "Jules")
    sc.ok("Jules", "rien")
    sc.refused("Jules", "ignifugé", "not_allowed")
