"""Rule set `maisons`, seed 001 (../shared/seeds/001_f67e2344efefe72c.txt): the information
roles that watch the dead and the houses, Croque-mort, Détective, Jardinier and Paranoïaque.
Each test cites the sentence of 001 it plays."""

from __future__ import annotations

from pathlib import Path

from tests.maisons.conftest import game
from tests.scenario import Scenario

DEAL = {
    "Alice": "loup-garou:assassin+chanoine+espion+meneur+planque",
    "Bruno": "villageois:croque-mort+detective+salvateur+salbatar+institutrice",
    "Chloe": "villageois:paranoiaque+voyante+planque+espion+meneur",
    "David": "villageois:jardinier+assassin+salvateur+joueur-de-tarot+voyante",
    "Emma": "villageois:jardinier+voyante+chanoine+espion+planque",
}


def night(g: Scenario, orders: dict[str, str]) -> None:
    """Every living player sends his mail of the night (« rien » when `orders` names him not)."""
    living = [name for name, p in sorted(g.state.players.items()) if p.alive]
    for name in living:
        if name in orders:
            g.ok(name, orders[name])
    for name in living:
        if name not in orders:
            g.ok(name, "rien")


def facts(g: Scenario, kind: str) -> list[dict[str, object]]:
    """The payloads of the game's events of type `kind`."""
    return [{k: v for k, v in e.items() if k != "type"} for e in g.events(kind)]


# --- Croque-mort ---------------------------------------------------------------------------


def test_croque_mort_learns_the_new_dead_at_each_rising(tmp_path: Path) -> None:
    """001, Croque-mort: « Au début de chaque nuit et au début de chaque journée, est mis au
    courant des rôles de tous les nouveaux morts »; « Gestion du Jour »: « Puis il informe les
    différents rôles du début de jour de leurs conditions (... rôles pour le croque-mort...) »;
    « Gestion de la nuit »: « Au début de la nuit, le MJ informe le Croque-mort des rôles des
    victimes du bûcher »."""
    g = game(tmp_path, DEAL)
    assert not g.events("DeadRolesTold")  # nobody dead yet: no news at the first rising
    night(g, {"Alice": "tuer Emma"})
    assert g.phase() == ("day", 1)
    emma = ["jardinier", "voyante", "chanoine", "espion", "planque"]
    assert facts(g, "DeadRolesTold") == [
        {
            "undertaker": "Bruno",
            "dead": ["Emma"],
            "natures": {"Emma": "villageois"},
            "roles": {"Emma": emma},
        }
    ]
    mail = next(m for m in g.mails("Bruno") if "nouveaux morts" in m.subject)
    assert "Emma : Villageois ; Jardinier, Voyante, Chanoine, Espion, Planqué" in mail.body
    for name in ("Alice", "Bruno", "Chloe", "David"):
        g.ok(name, "vote Chloe" if name != "Chloe" else "vote Alice")
    g.later(hours=48)
    assert g.phase() == ("night", 2)
    told = facts(g, "DeadRolesTold")
    # the stake's victim, told as the night rises; Emma, already told, is not told again
    assert [t["dead"] for t in told] == [["Emma"], ["Chloe"]]
    assert told[1]["natures"] == {"Chloe": "villageois"}


def test_croque_mort_dead_is_told_nothing(tmp_path: Path) -> None:
    """001, Croque-mort: he « est mis au courant » as a player; « un joueur mort n'est ni
    autorisé à envoyer des MPs [...] »: a dead Croque-mort learns nothing more."""
    g = game(tmp_path, DEAL)
    night(g, {"Alice": "tuer Bruno"})
    assert not g.alive("Bruno")
    assert not g.events("DeadRolesTold")


# --- Détective -----------------------------------------------------------------------------


def test_detective_counts_indirect_actions_and_sees_who_came_and_went(tmp_path: Path) -> None:
    """001, Détective: « Il sait combien d'action indirectes ont été commises dans la maison (à
    savoir, si la maison est le départ de l'action indirecte). Il sait aussi quelles personnes
    sont rentrées et sorties dans la maison, et dans quel ordre. Action quotidienne directe. »"""
    g = game(tmp_path, DEAL)
    night(
        g,
        {
            "Bruno": "enquêter sur la maison de David",
            "Emma": "planquer la maison de David",  # 5th in 001's order: goes in, stays
            "Alice": "tuer David",  # 7th: the wolf goes in, then out
            "David": "assassiner Emma\nsonder Chloe\ntarot",  # 8th: out and back; 1 indirect
            "Chloe": "sonder Alice",  # from Chloe's house, not David's
        },
    )
    (report,) = facts(g, "HouseInvestigated")
    assert report == {
        "detective": "Bruno",
        "house": "David",
        "indirect": 1,
        "moves": [
            ["Emma", "in"],
            ["Alice", "in"],
            ["Alice", "out"],
            ["David", "out"],
            ["David", "in"],
        ],
    }
    mail = next(m for m in g.mails("Bruno") if "enquête" in m.subject)
    assert "une action indirecte en est partie" in mail.body
    assert "1. Emma entre dans la maison" in mail.body
    assert "3. Alice sort de la maison" in mail.body
    # the Jardinier David, killed tonight, is told nothing at dawn; Emma's garden is
    # scratched by David's visit
    assert facts(g, "ThornsFound") == [{"gardener": "Emma", "house": "Emma", "visitors": ["David"]}]


def test_detective_counts_a_failed_indirect_action_and_his_action_is_direct(
    tmp_path: Path,
) -> None:
    """001, Détective: « combien d'action indirectes ont été commises dans la maison » (a
    probe on a Chanoine was committed, though it failed); « Action quotidienne directe »: a
    house shielded by the Salvateur (« ne peut être la cible d'action directes ») stops him."""
    g = game(tmp_path, DEAL)
    night(g, {"Bruno": "enquêter sur la maison de Chloe", "Chloe": "sonder Alice"})
    (report,) = facts(g, "HouseInvestigated")
    assert (report["indirect"], report["moves"]) == (1, [])
    mail = next(m for m in g.mails("Bruno") if "enquête" in m.subject)
    assert "personne n'y est entré ni n'en est sorti" in mail.body
    g.ok("Alice", "vote Chloe")
    g.ok("Bruno", "vote Chloe")
    g.later(hours=48)
    night(g, {"David": "protéger la maison de Emma", "Bruno": "enquêter sur la maison de Emma"})
    assert len(facts(g, "HouseInvestigated")) == 1
    assert {"player": "Bruno", "role": "detective", "kind": "enqueter", "why": "salvateur"} in (
        facts(g, "ActionFailed")
    )


# --- Jardinier -----------------------------------------------------------------------------


def test_jardinier_knows_who_is_covered_in_thorns(tmp_path: Path) -> None:
    """001, Jardinier: « Son jardin est rempli de ronces. Au début de chaque journée, il sait si
    quelqu'un a effectué une action directe contre sa maison et qui est couvert d'épines. » A
    direct action stopped by the Salvateur was not « effectuée »; « il sait si »: nobody is news
    too."""
    g = game(tmp_path, DEAL)
    night(
        g,
        {
            "Bruno": "protéger la maison de David",  # 3rd: goes in, shields the house
            "Chloe": "planquer la maison de David",  # 5th: fails, the house is shielded
            "Alice": "tuer David",  # 7th: fails too
            "David": "sonder Chloe",  # indirect: no thorns
        },
    )
    assert g.alive("David")
    assert facts(g, "ThornsFound") == [
        {"gardener": "David", "house": "David", "visitors": ["Bruno"]},
        {"gardener": "Emma", "house": "Emma", "visitors": []},
    ]
    david = next(m for m in g.mails("David") if "ronces" in m.subject)
    assert "Qui est couvert d'épines : Bruno." in david.body
    emma = next(m for m in g.mails("Emma") if "ronces" in m.subject)
    assert "personne n'a effectué d'action directe contre votre maison" in emma.body


def test_jardinier_garden_is_his_house_wherever_he_sleeps(tmp_path: Path) -> None:
    """001, Jardinier: « contre sa maison » (« Lorsqu'un joueur réfère à « la maison de **** »,
    il réfère à sa maison de départ »): a Jardinier who hid elsewhere still knows who went into
    his own garden."""
    g = game(tmp_path, DEAL)
    night(g, {"Emma": "planquer la maison de Chloe", "Alice": "tuer Emma"})
    assert g.alive("Emma")
    thorns = {str(t["gardener"]): t["visitors"] for t in facts(g, "ThornsFound")}
    assert thorns == {"David": [], "Emma": ["Alice"]}


# --- Paranoïaque ---------------------------------------------------------------------------


def test_paranoiaque_knows_every_action_on_him_or_his_house_even_failed(tmp_path: Path) -> None:
    """001, Paranoïaque: « Est mis au courant de chaque action directe ou indirecte appliquée
    sur la maison qu'il occupe ou sur lui, ainsi que de la personne l'ayant appliquée. Ce
    pouvoir fonctionne même si l'action est inefficace pour quelque raison donnée. »"""
    g = game(tmp_path, DEAL)
    night(
        g,
        {
            "Bruno": "entraver la maison de Chloe\nprotéger la maison de Chloe",
            "Emma": "planquer la maison de Chloe",  # fails: shielded
            "Alice": "tuer Chloe",  # fails: shielded
            "David": "sonder Chloe",
            "Chloe": "sonder Emma",  # her own: not reported
        },
    )
    assert g.alive("Chloe")
    (told,) = facts(g, "ActionsOnYou")
    assert told["player"] == "Chloe" and told["house"] == "Chloe"
    assert told["actions"] == [
        {"by": "Bruno", "role": "salbatar", "kind": "entraver", "direct": False, "on": "house"},
        {"by": "Bruno", "role": "salvateur", "kind": "proteger", "direct": True, "on": "house"},
        {"by": "Emma", "role": "planque", "kind": "planquer", "direct": True, "on": "house"},
        {"by": "Alice", "role": "loup-garou", "kind": "tuer", "direct": True, "on": "you"},
        {"by": "David", "role": "voyante", "kind": "sonder", "direct": False, "on": "you"},
    ]
    mail = next(m for m in g.mails("Chloe") if "pris à vous" in m.subject)
    assert "- Alice (Loup-Garou) : « tuer », action directe sur vous" in mail.body
    assert "- Emma (Planqué) : « planquer », action directe sur la maison" in mail.body


def test_paranoiaque_hidden_occupies_the_house_he_hid_in(tmp_path: Path) -> None:
    """001, Paranoïaque: « la maison qu'il occupe ou sur lui »; Planqué: « Il n'est alors plus
    considéré dans sa maison »: the kill aimed at him at home is still on him (« même si
    l'action est inefficace »), the house he hid in is the one he occupies; a probe of another
    player sharing that house is not on him."""
    g = game(tmp_path, DEAL)
    night(
        g,
        {
            "Chloe": "planquer la maison de David",
            "Bruno": "entraver la maison de David",
            "Alice": "tuer Chloe",  # finds nobody at Chloe's
            "Emma": "sonder David",  # on David, in the same house: not reported
        },
    )
    assert g.alive("Chloe")
    (told,) = facts(g, "ActionsOnYou")
    assert told["house"] == "David"
    assert [(a["by"], a["kind"], a["on"]) for a in told["actions"]] == [  # type: ignore[union-attr]
        ("Bruno", "entraver", "house"),
        ("Alice", "tuer", "you"),
    ]
