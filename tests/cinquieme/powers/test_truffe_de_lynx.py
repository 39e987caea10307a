"""Rule set `cinquieme-element`, seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt, « LG LE
CINQUIÈME ÉLÉMENT »): the power Truffe-de-Lynx (UNIVERSEL, AIR): « Le MJ vous indique
immédiatement les noms de tous les joueurs qui n'ont plus que 1 cœur. » (« Au cours de la nuit
[...] -> Résultat des sondes OEIL-DE-LYNX et TRUFFE-DE-LYNX »). Each test cites the sentence of
000 it plays."""

from __future__ import annotations

from pathlib import Path

from tests.cinquieme.drive import closing_night as night
from tests.cinquieme.drive import starter
from tests.scenario import Scenario

POWERS = {
    "Bruno": "truffe-de-lynx et traçage",
    "Ines": "régénération et truffe-de-lynx",
    "Alice": "ignifugé et soin",
}


start = starter(POWERS)


def nose(sc: Scenario, name: str) -> list[str]:
    return [m.content for m in sc.new_mails(name) if m.subject.endswith("Truffe-de-Lynx")]


def test_answered_at_once(tmp_path: Path) -> None:
    """000, Truffe-de-Lynx: « Le MJ vous indique immédiatement »: by return of mail, the night
    still running; nobody is at 1 heart on night 1."""
    sc = start(tmp_path)
    sc.ok("Bruno", "attaquer Hugo\ntruffe-de-lynx")
    assert sc.phase() == ("night", 1)
    [told] = nose(sc, "Bruno")
    assert "Personne n'a plus qu'un cœur." in told
    answers = sc.events("PowerAnswered")
    assert [(e["player"], e["power"], e["told"]) for e in answers] == [
        ("Bruno", "truffe-de-lynx", {"names": []})
    ]


def test_the_names_are_exactly_those_at_one_heart(tmp_path: Path) -> None:
    """000, Truffe-de-Lynx: « les noms de tous les joueurs qui n'ont plus que 1 cœur »: David
    and Hugo (attacked on night 1); not Jules (dead), nor Farid (attacked tonight, not yet), nor
    the others at 2."""
    sc = start(tmp_path)
    night(sc, {}, "Hugo", "David")
    sc.end()  # a day without a vote
    night(sc, {}, "Jules", "Gina")  # Jules, vulnerable to VIE, dies; Gina at 1
    sc.end()
    assert not sc.alive("Jules")
    sc.ok("Alice", "attaquer Farid\nrien")
    sc.ok("Bruno", "attaquer Chloe\ntruffe-de-lynx")
    [told] = nose(sc, "Bruno")
    assert "N'ont plus qu'un cœur : David, Gina, Hugo." in told
    assert sc.events("PowerAnswered")[-1]["told"] == {"names": ["David", "Gina", "Hugo"]}


def test_a_villager_uses_it_too(tmp_path: Path) -> None:
    """000, « UNIVERSEL »: Truffe-de-Lynx is a universal power: Ines, a villager, uses it."""
    sc = start(tmp_path)
    night(sc, {}, "Hugo", "David")
    sc.end()  # a day without a vote
    sc.ok("Ines", "truffe-de-lynx")
    [told] = nose(sc, "Ines")
    assert "N'ont plus qu'un cœur : David, Hugo." in told


def test_after_the_answer_the_other_power_is_refused(tmp_path: Path) -> None:
    """000, « Les pouvoirs »: « chacun ne peut se servir que d'un de ses deux pouvoirs chaque
    nuit »: once Truffe-de-Lynx has answered, Régénération is refused."""
    sc = start(tmp_path)
    sc.ok("Ines", "truffe-de-lynx")
    sc.refused("Ines", "régénération", "not_allowed")


def test_rien_after_the_answer_does_not_free_the_other_power(tmp_path: Path) -> None:
    """000, « Les pouvoirs »: « chacun ne peut se servir que d'un de ses deux pouvoirs chaque
    nuit »: the answer given, « rien » cannot take Truffe-de-Lynx back to regenerate too."""
    sc = start(tmp_path)
    sc.ok("Ines", "truffe-de-lynx")
    assert nose(sc, "Ines")
    sc.ok("Ines", "rien")
    sc.refused("Ines", "régénération", "not_allowed")
