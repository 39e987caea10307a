"""Rule set `maisons`, seed 001 (../shared/seeds/001_f67e2344efefe72c.txt): the Guérisseuse and
her step of the night, the Tavernier, the Putois. Each test cites the sentence of 001 it plays."""

from __future__ import annotations

from pathlib import Path

from tests.maisons.conftest import game
from tests.scenario import Scenario

DEAL = {
    "Alice": "loup-garou:assassin+chanoine+espion+meneur+planque",
    "Bruno": "villageois:guerisseuse+voyante+salbatar+institutrice+joueur-de-tarot",
    "Chloe": "villageois:voyante+planque+espion+meneur+chanoine",
    "David": "villageois:assassin+salvateur+salbatar+institutrice+joueur-de-tarot",
    "Emma": "villageois:voyante+chanoine+espion+meneur+paranoiaque",
}


def deaths(g: Scenario) -> list[str]:
    return [e["name"] for e in g.events("PlayerDied")]


def first_step(g: Scenario, wolves: str = "tuer Emma") -> None:
    """Night 1's first step: the pack's order, everyone else idle (Bruno too)."""
    g.ok("Alice", wolves)
    for name in ("Bruno", "Chloe", "David", "Emma"):
        g.ok(name, "rien")


def test_guerisseuse_is_told_the_victims_and_causes_in_her_step(tmp_path: Path) -> None:
    """001, Guérisseuse: « Est prévenue, pendant chaque nuit et tant qu'elle n'a pas utilisé son
    pouvoir, de chaque personne attaquée par un quelconque effet et de la cause de l'effet »;
    « Gestion de la nuit »: « la Guérisseuse, qui doit d'abord recevoir la liste des victimes
    de la nuit du MJ »."""
    g = game(tmp_path, DEAL)
    g.ok("David", "assassiner Chloe")
    first_step(g)
    assert g.step() == "guerisseuse"
    assert deaths(g) == []
    told = next(m for m in g.mails("Bruno") if "victimes de la nuit" in m.subject)
    assert "Emma : les Loups Garous" in told.body and "Chloe : Assassin" in told.body
    assert "guérir NOM" in told.body


def test_guerisseuse_saves_once_and_the_rest_of_the_order_follows(tmp_path: Path) -> None:
    """001, Guérisseuse: « Une fois par partie, elle peut alors décider de sauver cette
    personne. Action unique directe. »; the rest of the order (« Voyante ») resolves after her
    (« Une fois toutes les actions résolues, la Nuit se termine »)."""
    g = game(tmp_path, DEAL)
    g.ok("Chloe", "sonder David")
    g.ok("Alice", "tuer Emma")
    for name in ("Bruno", "David", "Emma"):
        g.ok(name, "rien")
    assert not g.events("RolesSeen")  # the Voyante acts after the Guérisseuse
    answer = g.ok("Bruno", "guérir Emma")
    assert "Vous sauverez Emma" in answer.text
    assert deaths(g) == []
    assert [e["target"] for e in g.events("RolesSeen")] == ["David"]
    assert g.games.load(g.name).players["Bruno"].counters == {"guerisseuse": 1}
    assert g.phase() == ("day", 1)
    # « tant qu'elle n'a pas utilisé son pouvoir »: night 2 has no step of hers
    for name in ("Alice", "Bruno", "Chloe", "David", "Emma"):
        g.ok(name, "vote Chloe" if name != "Chloe" else "vote Alice")
    g.later(hours=48)
    assert g.phase() == ("night", 2)
    g.ok("Alice", "tuer Emma")
    for name in ("Bruno", "David", "Emma"):
        g.ok(name, "rien")
    assert g.phase() == ("day", 2)
    assert "Emma" in deaths(g)


def test_guerisseuse_only_saves_the_attacked_in_her_step(tmp_path: Path) -> None:
    """001, Guérisseuse: « elle peut alors décider de sauver cette personne »: only after the
    list, and only one of the attacked."""
    g = game(tmp_path, DEAL)
    g.refused("Bruno", "guérir Emma", "not_allowed")
    first_step(g)
    g.refused("Bruno", "guérir Chloe", "not_allowed")
    g.refused("Bruno", "sonder Chloe", "not_now")
    g.ok("Bruno", "rien")
    assert deaths(g) == ["Emma"]
    assert g.games.load(g.name).players["Bruno"].counters == {}


def test_nobody_attacked_no_step_of_hers(tmp_path: Path) -> None:
    """001, Guérisseuse: she is told « de chaque personne attaquée »: nobody attacked, nothing
    to tell (ruling: her step does not open, the night goes on to dawn)."""
    g = game(tmp_path, DEAL)
    g.ok("Chloe", "sonder David")
    for name in ("Alice", "Bruno", "David", "Emma"):
        g.ok(name, "rien")
    assert g.phase() == ("day", 1)
    assert not g.events("VictimsShown")
    assert [e["target"] for e in g.events("RolesSeen")] == ["David"]


def test_guerisseuse_save_is_a_direct_action_the_salvateur_stops(tmp_path: Path) -> None:
    """001, Guérisseuse: « Action unique directe »; Salvateur: « Cette maison ne peut être la
    cible d'action directes »: the Salvateur shields the house after the attack... (ruling: her
    save enters the victim's house like any direct action, and fails when she is held in)."""
    deal = dict(DEAL, David="villageois:assassin+salvateur+salbatar+institutrice+paranoiaque")
    g = game(tmp_path, deal)
    g.ok("David", "entraver la maison de Bruno")
    first_step(g)
    g.ok("Bruno", "guérir Emma")
    assert deaths(g) == ["Emma"]
    assert any("Action échouée" in m.subject for m in g.mails("Bruno"))
    assert g.games.load(g.name).players["Bruno"].counters == {"guerisseuse": 1}


def test_saved_victim_is_not_dying_for_the_reports(tmp_path: Path) -> None:
    """001, Paranoïaque: « Est mis au courant de chaque action directe ou indirecte appliquée
    sur la maison qu'il occupe ou sur lui »: saved, Emma lives and gets her report, which names
    the Guérisseuse's visit too."""
    g = game(tmp_path, DEAL)
    first_step(g)
    g.ok("Bruno", "guérir Emma")
    assert deaths(g) == []
    report = [e for e in g.events("ActionsOnYou") if e["player"] == "Emma"]
    assert report and {a["by"] for a in report[0]["actions"]} == {"Alice", "Bruno"}


TAVERN = dict(DEAL, Chloe="villageois:tavernier+planque+espion+meneur+chanoine")


def to_day_one(g: Scenario) -> None:
    """A quiet night 1."""
    for name in ("Alice", "Bruno", "Chloe", "David", "Emma"):
        g.ok(name, "rien")
    assert g.phase() == ("day", 1)


def test_tavernier_cancels_every_action_of_the_next_night(tmp_path: Path) -> None:
    """001, Tavernier: « Une fois par journée, peut décider d'annuler toutes les actions de la
    nuit suivante. Action unique. »: the pack's kill and the Assassin's fail (their authors are
    told, « le joueur est simplement prévenu du fait que l'action a échouée »), spent all the
    same; nobody dies, no Guérisseuse step."""
    g = game(tmp_path, TAVERN)
    g.refused("Chloe", "annuler", "not_now")  # by day only
    to_day_one(g)
    answer = g.ok("Chloe", "annuler")
    assert "toutes les actions de la nuit prochaine seront annulées" in answer.text
    g.refused("Chloe", "annuler", "already_used")
    for name in ("Alice", "Bruno", "Chloe", "David", "Emma"):
        g.ok(name, "vote Bruno" if name != "Bruno" else "vote Chloe")
    g.later(hours=48)
    assert g.phase() == ("night", 2) and deaths(g) == ["Bruno"]
    g.ok("David", "assassiner Chloe")
    g.ok("Emma", "sonder David")
    g.ok("Alice", "tuer Emma")
    g.ok("Chloe", "rien")
    assert g.phase() == ("day", 2)
    assert deaths(g) == ["Bruno"]
    assert not g.events("RolesSeen") and not g.events("Attacked")
    failed = {(e["player"], e["why"]) for e in g.events("ActionFailed")}
    assert failed == {("Alice", "tavernier"), ("David", "tavernier"), ("Emma", "tavernier")}
    assert any("Action échouée" in m.subject for m in g.mails("Emma"))
    assert g.games.load(g.name).players["David"].counters == {"assassin": 1}
    assert g.games.load(g.name).players["Chloe"].counters == {"tavernier": 1}


def test_tavernier_cancels_the_pack_kill(tmp_path: Path) -> None:
    """001, Tavernier: « annuler toutes les actions de la nuit suivante », the Loups Garous'
    kill too (« l'action des Loups Garous de tuer un innocent compte comme une action
    directe »)."""
    deal = dict(TAVERN, David="loup-garou:assassin+salvateur+salbatar+institutrice+paranoiaque")
    g = game(tmp_path, deal)
    to_day_one(g)
    g.ok("Chloe", "annuler")
    for name in ("Alice", "Bruno", "Chloe", "David", "Emma"):
        g.ok(name, "vote Alice" if name != "Alice" else "vote Chloe")
    g.later(hours=48)
    g.ok("David", "tuer Emma")
    for name in ("Bruno", "Chloe", "Emma"):
        g.ok(name, "rien")
    assert g.phase() == ("day", 2) and deaths(g) == ["Alice"]
    assert [(e["player"], e["why"]) for e in g.events("ActionFailed")] == [("David", "tavernier")]


SKUNK = {
    "Alice": "loup-garou:assassin+chanoine+espion+meneur+planque",
    "Bruno": "villageois:voyante+salvateur+salbatar+institutrice+joueur-de-tarot",
    "Chloe": "villageois:voyante+planque+espion+meneur+chanoine",
    "David": "villageois:detective+salvateur+salbatar+institutrice+joueur-de-tarot",
    "Emma": "villageois:putois+voyante+chanoine+espion+meneur",
}


def test_putois_turns_the_pack_on_a_visitor_once_a_game(tmp_path: Path) -> None:
    """001, Putois: « Si les Loups Garous attaquent la maison dans laquelle le Putois se
    trouvent, ils attaquent à la place une personne au hasard ayant fait une action directe
    contre la maison s'il y en a une. Ne fonctionne qu'une fois dans la partie pour tous les
    Putois »."""
    g = game(tmp_path, SKUNK)
    g.ok("David", "enquêter la maison de Emma")
    g.ok("Alice", "tuer Emma")
    for name in ("Bruno", "Chloe", "Emma"):
        g.ok(name, "rien")
    assert deaths(g) == ["David"]
    sprayed = [{k: v for k, v in e.items() if k != "type"} for e in g.events("SkunkSprayed")]
    assert sprayed == [
        {"putois": "Emma", "wolf": "Alice", "house": "Emma", "aimed": "Emma", "instead": "David"}
    ]
    assert [e["among"] for e in g.events("RandomDrawn") if e["purpose"] == "putois:Emma"] == [
        ["David"]
    ]
    for name in ("Alice", "Bruno", "Chloe", "Emma"):
        g.ok(name, "vote Bruno" if name != "Bruno" else "vote Chloe")
    g.later(hours=48)
    assert g.phase() == ("night", 2)
    g.ok("Chloe", "planquer la maison de Emma")
    g.ok("Alice", "tuer Emma")
    g.ok("Emma", "rien")
    assert deaths(g) == ["David", "Bruno", "Emma"]
    assert len(g.events("SkunkSprayed")) == 1


def test_putois_with_no_visitor_is_attacked_and_keeps_his_power(tmp_path: Path) -> None:
    """001, Putois: « une personne au hasard ayant fait une action directe contre la maison
    s'il y en a une »: none, the attack goes on (ruling: his power is not spent)."""
    g = game(tmp_path, SKUNK)
    g.ok("Alice", "tuer Emma")
    for name in ("Bruno", "Chloe", "David", "Emma"):
        g.ok(name, "rien")
    assert deaths(g) == ["Emma"]
    assert not g.events("SkunkSprayed")
    assert "putois" not in g.games.load(g.name).extra
