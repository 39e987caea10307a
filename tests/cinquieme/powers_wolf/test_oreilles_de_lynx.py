"""Oreilles-de-Lynx (PRO-LOUP, AIR), seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt, « LG LE
CINQUIÈME ÉLÉMENT »): « Nuit 1, si au moins un loup a Oreilles-de-Lynx, alors tous les loups
peuvent parler entre eux mais aucun de ceux qui ont Oreilles-de-Lynx ne peut utiliser son pouvoir
universel (en nuit 1, la capacité Oreilles-de-Lynx n'est pas consommée). Par la suite (à partir de
la nuit 2), quand un loup utilise Oreilles-de-Lynx, ce loup déclenche à nouveau la communication
nocturne entre tous les loups vivants, mais ne peut plus ensuite utiliser Oreilles-de-Lynx jusqu'à
la fin de la partie. (Si plusieurs loups utilisent Oreilles-de-Lynx la même nuit, ils perdent la
capacité de l'utiliser les nuits suivantes.) »; « OREILLES-DE-LYNX (doit être activé tôt dans la
nuit [...], sinon le MJ peut choisir de refuser son activation, vous obligeant à utiliser l'autre
pouvoir ou aucun pouvoir) » (ruling, `powers/oreilles_de_lynx.py`: refused once half the night
has passed).

The wolves talk on the channel « meute » (`sc.post(player, "meute", text)`). The deal is `TEN`
(Alice and Bruno the wolves)."""

from __future__ import annotations

from pathlib import Path

from tests.cinquieme.drive import elected
from tests.cinquieme.drive import orders_night as night
from tests.cinquieme.play import game
from tests.scenario import Scenario

POWERS = {
    "Alice": "ignifugé et oreilles-de-lynx",
    "Bruno": "truffe-de-lynx et soin",
    "Chloe": "observation et ignifugé",
}
DEN = "meute"


def start(folder: Path, powers: dict[str, str] = POWERS, mayor: str = "Jules") -> Scenario:
    """The game of `TEN`, the powers of `powers` chosen (the others drawn), `mayor` elected:
    night 1."""
    return elected(folder, powers, mayor)


def to_night(sc: Scenario, number: int) -> None:
    """Quiet nights (Alice attacks Chloe, Bruno attacks David... one heart each) and days without
    a stake up to night `number`."""
    prey = iter(["Chloe", "David", "Emma", "Farid", "Gina", "Hugo"])
    while sc.phase() != ("night", number):
        if sc.phase()[0] == "night":
            night(sc, {"Alice": f"attaquer {next(prey)}", "Bruno": f"attaquer {next(prey)}"})
        else:
            sc.end()


def talks(sc: Scenario, player: str, text: str) -> bool:
    """`player` writes `text` on the wolves' den: whether it was relayed."""
    before = len(sc.events("MessagePosted"))
    answer = sc.post(player, DEN, text)
    relayed = len(sc.events("MessagePosted")) > before
    assert answer.ok == relayed, answer.text
    return relayed


def test_night_one_the_den_opens_of_itself(tmp_path: Path) -> None:
    """« Nuit 1, si au moins un loup a Oreilles-de-Lynx, alors tous les loups peuvent parler
    entre eux »: the den is open without an order; Bruno (without the power) talks too and
    each wolf reads the other; a villager may not; no mail of the pack's powers (« si aucun
    loup n'a le pouvoir Oreilles-de-lynx, alors le MJ informe chaque loup des pouvoirs de ses
    compères »)."""
    sc = start(tmp_path)
    assert sc.events("DenOpened") == [{"type": "DenOpened", "night": 1, "by": ""}]
    assert sc.view("Alice")["den_open"] is True and sc.view("Bruno")["den_open"] is True
    assert sc.view("Chloe")["den_open"] is None
    sc.new_mails()
    assert talks(sc, "Alice", "Je prends Chloe.")
    assert talks(sc, "Bruno", "Et moi David.")
    assert any("Je prends Chloe." in m.content for m in sc.new_mails("Bruno"))
    assert any("Et moi David." in m.content for m in sc.new_mails("Alice"))
    assert not talks(sc, "Chloe", "Je vous entends ?")
    for name in ("Chloe", "David", "Hugo"):
        assert not any("Je prends Chloe." in m.content for m in sc.mails(name))
    assert not sc.events("WolvesPowersTold")
    assert not [m for m in sc.mails("Alice") if "pouvoirs de vos compères" in m.subject]


def test_without_it_the_den_stays_shut_and_the_pack_is_told(tmp_path: Path) -> None:
    """Without Oreilles-de-Lynx, « les loups ne peuvent pas communiquer entre eux de nuit »; the
    MJ tells each wolf his fellows' powers."""
    sc = start(tmp_path, {"Alice": "ignifugé et soin", "Bruno": "truffe-de-lynx et traçage"})
    assert not sc.events("DenOpened")
    assert sc.view("Alice")["den_open"] is False
    assert not talks(sc, "Alice", "Bruno ?")
    (pack,) = [m for m in sc.mails("Bruno") if "pouvoirs de vos compères" in m.subject]
    assert "Alice (Ignifugé, Soin)" in pack.content


def test_night_one_its_owner_may_not_use_his_universal_power(tmp_path: Path) -> None:
    """« aucun de ceux qui ont Oreilles-de-Lynx ne peut utiliser son pouvoir universel » on night
    1; nor Oreilles-de-Lynx itself (« n'est pas consommée »: it acts of itself); Bruno, without
    it, uses his universal power; from night 2 Alice uses hers."""
    sc = start(tmp_path)
    answer = sc.refused("Alice", "ignifugé", "not_allowed")
    assert "Oreilles-de-Lynx empêche le pouvoir universel" in answer.text
    sc.refused("Alice", "oreilles-de-lynx", "not_allowed")
    night(sc, {"Alice": "attaquer Chloe", "Bruno": "attaquer David\ntruffe-de-lynx"})
    assert sc.phase() == ("day", 1)
    sc.end()
    assert sc.phase() == ("night", 2)
    sc.ok("Alice", "ignifugé")


def test_from_night_two_it_reopens_the_den_once(tmp_path: Path) -> None:
    """« Par la suite (à partir de la nuit 2), quand un loup utilise Oreilles-de-Lynx, ce loup
    déclenche à nouveau la communication nocturne entre tous les loups vivants, mais ne peut
    plus ensuite utiliser Oreilles-de-Lynx »: night 2 the den is shut until Alice uses it, then
    both talk; the day after it is shut; night 3 she may not use it again, her other power
    still."""
    sc = start(tmp_path)
    to_night(sc, 2)
    assert not talks(sc, "Bruno", "On se parle ?")
    sc.ok("Alice", "oreilles-de-lynx")
    assert sc.events("DenOpened")[-1] == {"type": "DenOpened", "night": 2, "by": "Alice"}
    assert talks(sc, "Bruno", "On se parle.")
    assert talks(sc, "Alice", "Oui, Emma.")
    night(sc, {"Alice": "attaquer Emma", "Bruno": "attaquer Emma"})
    assert sc.phase() == ("day", 2)
    assert not talks(sc, "Alice", "Encore ?")
    sc.end()
    assert sc.phase() == ("night", 3)
    assert not talks(sc, "Alice", "Encore ?")
    answer = sc.refused("Alice", "oreilles-de-lynx", "not_allowed")
    assert "déjà utilisé Oreilles-de-Lynx" in answer.text
    sc.ok("Alice", "ignifugé")


def test_two_wolves_using_it_the_same_night_both_lose_it(tmp_path: Path) -> None:
    """« Si plusieurs loups utilisent Oreilles-de-Lynx la même nuit, ils perdent la capacité de
    l'utiliser les nuits suivantes »; night 1, neither uses his universal power."""
    powers = dict(POWERS, Bruno="truffe-de-lynx et oreilles-de-lynx")
    sc = start(tmp_path, powers)
    sc.refused("Bruno", "truffe-de-lynx", "not_allowed")
    to_night(sc, 2)
    sc.ok("Alice", "oreilles-de-lynx")
    sc.ok("Bruno", "oreilles-de-lynx")
    assert [e["by"] for e in sc.events("DenOpened")] == ["", "Alice", "Bruno"]
    to_night(sc, 3)
    assert not talks(sc, "Alice", "Encore ?")
    sc.refused("Alice", "oreilles-de-lynx", "not_allowed")
    sc.refused("Bruno", "oreilles-de-lynx", "not_allowed")


def test_refused_once_half_the_night_is_gone(tmp_path: Path) -> None:
    """« doit être activé tôt dans la nuit [...], sinon le MJ peut choisir de refuser son
    activation, vous obligeant à utiliser l'autre pouvoir ou aucun pouvoir »; the ruling: past
    half the night, refused (and not spent: the next night, early, it works)."""
    sc = start(tmp_path)
    to_night(sc, 2)
    s = sc.state
    assert s.phase_at is not None and s.phase_deadline is not None
    half = (s.phase_deadline - s.phase_at) / 2
    sc.later(seconds=half.total_seconds() + 60)
    assert sc.phase() == ("night", 2)
    answer = sc.refused("Alice", "oreilles-de-lynx", "not_allowed")
    assert "tôt dans la nuit" in answer.text
    assert not talks(sc, "Alice", "Trop tard ?")
    sc.ok("Alice", "ignifugé")
    to_night(sc, 3)
    s = sc.state
    assert s.phase_at is not None and s.phase_deadline is not None
    sc.later(seconds=(s.phase_deadline - s.phase_at).total_seconds() / 2 - 60)
    sc.ok("Alice", "oreilles-de-lynx")
    assert talks(sc, "Bruno", "À temps.")


def test_a_villager_has_no_such_power(tmp_path: Path) -> None:
    """« Les loups font pareil avec un pouvoir universel et un pouvoir de loup »: a villager
    neither chooses nor uses it."""
    sc = game(tmp_path)
    sc.refused("Chloe", "pouvoirs observation et oreilles-de-lynx", "not_allowed")
    sc = start(tmp_path / "next")
    sc.refused("Chloe", "oreilles-de-lynx", "not_allowed")
