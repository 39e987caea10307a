"""Rule set `maisons`, seed 001 (../shared/seeds/001_f67e2344efefe72c.txt): the choices « au
début de la partie » (step « choix ») and the self-protection roles Voldemort and Occultiste.
Each test cites the sentence of 001 it plays."""

from __future__ import annotations

from pathlib import Path

from tests.maisons.conftest import day, deaths, game, night, told
from tests.scenario import Scenario

DEAL = {
    "Alice": "loup-garou:planque+espion+meneur+chanoine+jardinier",
    "Bruno": "villageois:voldemort+salvateur+espion+meneur+institutrice",
    "Chloe": "villageois:occultiste+planque+croque-mort+baron+entete",
    "David": "villageois:voyante+assassin+salbatar+institutrice+convaincant",
    "Emma": "villageois:pyromane+chanoine+espion+meneur+planque",
    "Fanny": "loup-garou:voyante+salvateur+detective+jardinier+baron",
}
HOUSES = "horcruxes Alice, Chloe, David, Emma, Fanny"


def started(tmp_path: Path, horcruxes: str = HOUSES, curse: str = "maudire David") -> Scenario:
    """Night 1, the choices made: the step « choix » closes and « actions » opens."""
    g = game(tmp_path, DEAL)
    assert g.step() == "choix"
    g.ok("Bruno", horcruxes)
    g.ok("Chloe", curse)
    assert g.step() == "actions"
    return g


# --- the first step -------------------------------------------------------------------------


def test_the_first_phase_opens_with_the_choices(tmp_path: Path) -> None:
    """001, Voldemort: « Au début de la partie, choisit cinq joueurs différents »; Occultiste:
    « Au début de la partie, peut maudire une personne »: each is asked in his role mail, with
    the step's deadline, and the step closes once both have chosen."""
    g = game(tmp_path, DEAL)
    assert g.step() == "choix"
    (mail,) = [m for m in g.mails("Bruno") if "Votre rôle" in m.subject]
    assert "À faire d'abord, avant le" in mail.body and "« horcruxes A, B, C, D, E »" in mail.body
    assert "le tirage au sort décide pour vous" in mail.body
    (mail,) = [m for m in g.mails("Chloe") if "Votre rôle" in m.subject]
    assert "« maudire NOM »" in mail.body and "tirage" not in mail.body
    g.ok("Bruno", HOUSES)
    assert g.step() == "choix"
    g.ok("Chloe", "maudire David")
    assert g.step() == "actions"
    g.refused("Chloe", "maudire Emma", "not_allowed")  # the step is over


def test_night_actions_are_taken_during_the_choices(tmp_path: Path) -> None:
    """001: « Chaque joueur souhaitant faire une ou plusieurs actions l'indique au MJ par
    l'intermédiaire d'un seul MP »: a night action sent while the choices are open counts."""
    g = game(tmp_path, DEAL)
    g.ok("David", "sonder Fanny")
    g.ok("Bruno", HOUSES)
    g.ok("Chloe", "maudire Alice")
    night(g, {"Alice": "tuer Emma : Alice"})
    assert any(e["target"] == "Fanny" for e in g.events("RolesSeen"))


def test_voldemort_who_does_not_choose_gets_a_recorded_draw(tmp_path: Path) -> None:
    """001, Voldemort: « choisit cinq joueurs différents »; ruling: not chosen by the step's
    end, the five are drawn (recorded) and he is told them. The Occultiste who does not curse
    has no curse (« peut maudire »)."""
    g = game(tmp_path, DEAL)
    g.later(hours=12)
    assert g.step() == "actions"
    (drawn,) = [e for e in g.events("RandomDrawn") if e["purpose"] == "horcruxes:Bruno"]
    assert len(set(drawn["chosen"])) == 5
    (placed,) = g.events("HorcruxesPlaced")
    assert sorted(placed["houses"]) == sorted(drawn["chosen"])
    assert told(g, "Bruno", "Vos cinq horcruxes sont cachés dans les maisons de")
    assert not g.events("Cursed")


def test_horcruxes_need_five_different_players(tmp_path: Path) -> None:
    """001, Voldemort: « choisit cinq joueurs différents »."""
    g = game(tmp_path, DEAL)
    answer = g.refused("Bruno", "horcruxes Alice, Chloe, David", "not_allowed")
    assert "nommez cinq joueurs différents" in answer.text
    g.refused("Chloe", "maudire Chloe", "not_allowed")
    g.refused("David", "maudire Alice", "not_your_role")


# --- Voldemort ------------------------------------------------------------------------------


def test_the_mj_sees_where_the_horcruxes_lie_and_nobody_else(tmp_path: Path) -> None:
    """001, Voldemort: « 5 joueurs reçoivent un objet "horcruxe" »: the MJ's view of his seat
    (the desk's board, `state --json`) says where; no player's view does."""
    g = started(tmp_path)
    seats = {s["name"]: s for s in g.view()["players"]}
    assert seats["Bruno"]["horcruxes"] == {
        n: 1 for n in ("Alice", "Chloe", "David", "Emma", "Fanny")
    }
    assert "horcruxes" not in seats["Alice"]
    for player in DEAL:
        assert all("horcruxes" not in s for s in g.view(player)["players"]), player


def test_voldemort_cannot_be_killed_while_a_horcrux_is_left(tmp_path: Path) -> None:
    """001, Voldemort: « Tant qu'au moins un de ces horcruxes est présent, le Voldemort ne peut
    être tué d'aucune façon » (the pack's kill, then the stake, which everyone sees him
    survive)."""
    g = started(tmp_path)
    night(g, {"Alice": "tuer Bruno : Alice"})
    assert deaths(g) == []
    assert g.phase() == ("day", 1)
    day(g, {n: "Bruno" for n in ("Alice", "Chloe", "David", "Emma", "Fanny")})
    assert deaths(g) == [] and g.alive("Bruno")
    assert told(g, "David", "Bruno a survécu au bûcher.")


def test_a_visitor_is_told_and_may_destroy_the_horcrux(tmp_path: Path) -> None:
    """001, Voldemort: « Quand une maison avec un objet "horcruxe" est visitée, le visiteur est
    prévenu de l'existence de l'objet. Il peut alors choisir de détruire, laisser ou emporter
    l'objet »."""
    g = started(tmp_path)
    night(g, {"Emma": "planquer la maison de David"})
    assert told(g, "Emma", "vous avez trouvé un objet « horcruxe »")
    assert not told(g, "Alice", "horcruxe")
    g.ok("Emma", "détruire l'horcruxe")
    assert "David" not in g.state.extra["horcruxes"]["Bruno"]
    g.refused("Emma", "emporter l'horcruxe", "nothing_to_do")  # his choice is made


def test_a_visitor_may_carry_it_home(tmp_path: Path) -> None:
    """001, Voldemort: « ou emporter l'objet dans sa maison à la fin de son action directe »."""
    g = started(tmp_path)
    night(g, {"Emma": "planquer la maison de David"})
    g.ok("Emma", "emporter l'horcruxe")
    assert g.state.extra["horcruxes"]["Bruno"] == {"Alice": 1, "Chloe": 1, "Emma": 2, "Fanny": 1}


def test_left_without_an_answer_before_nightfall(tmp_path: Path) -> None:
    """001, Voldemort: « détruire, laisser ou emporter »; ruling: no answer during the day that
    follows the visit, the horcrux is left (« laisser »)."""
    g = started(tmp_path)
    night(g, {"Emma": "planquer la maison de David"})
    g.later(hours=48)
    assert g.phase() == ("night", 2)
    assert g.state.extra["horcruxes"]["Bruno"]["David"] == 1
    g.refused("Emma", "détruire l'horcruxe", "nothing_to_do")


def test_a_visitor_killed_that_night_leaves_it(tmp_path: Path) -> None:
    """001, Voldemort: « Si le visiteur est tué avant la fin de son action directe, il ne peut
    pas emporter l'objet avec lui et sera considéré comme "laissé" » (Alice, a wolf, hides at
    Fanny's, where David, a villager Convaincant, finds and kills her)."""
    g = started(tmp_path)
    night(
        g,
        {"Alice": "planquer la maison de Fanny", "David": "convaincre la maison de Fanny : Alice"},
    )
    assert deaths(g) == ["Alice"]
    assert [e["visitor"] for e in g.events("HorcruxFound")] == ["David"]
    assert not told(g, "Alice", "horcruxe")


def test_a_house_without_a_living_owner_loses_its_horcruxes(tmp_path: Path) -> None:
    """001, Voldemort: « Une maison sans propriétaire vivant a tous ses horcruxes détruits. »"""
    g = started(tmp_path)
    night(g, {"Alice": "tuer Emma : Alice"})
    assert deaths(g) == ["Emma"]
    assert "Emma" not in g.state.extra["horcruxes"]["Bruno"]
    (gone,) = g.events("HorcruxesMoved")
    assert (gone["house"], gone["to"], gone["by"]) == ("Emma", None, "")


def test_the_fire_burns_the_horcrux(tmp_path: Path) -> None:
    """001, Pyromane: « Tout horcruxe, co-propriétaire et Planqué dans la maison est brûlé dans
    l'occasion. »"""
    g = started(tmp_path)
    night(g, {"Emma": "brûler, puis habiter la maison de David"})
    assert "Emma" not in g.state.extra["horcruxes"]["Bruno"]
    (burnt,) = g.events("HorcruxesMoved")
    assert burnt["by"] == "Emma"


def test_the_last_horcrux_destroyed_kills_him_at_once(tmp_path: Path) -> None:
    """001, Voldemort: « Quand tous les horcruxes d'un joueur sont détruits, le Voldemort en
    question meurt immédiatement. » Four visitors destroy four the first day; the fifth, the
    next day, kills him as it is destroyed."""
    g = started(tmp_path)
    night(
        g,
        {
            "Emma": "planquer la maison de David",
            "Chloe": "planquer la maison de Alice",
            "Fanny": "enquêter la maison de Chloe",
            "Alice": "planquer la maison de Emma",
        },
    )
    for visitor in ("Emma", "Chloe", "Fanny", "Alice"):
        g.ok(visitor, "détruire l'horcruxe")
    assert g.state.extra["horcruxes"]["Bruno"] == {"Fanny": 1}
    g.later(hours=48)
    night(g, {"Emma": "planquer la maison de Fanny"})
    assert g.alive("Bruno")
    g.ok("Emma", "détruire l'horcruxe")
    assert not g.alive("Bruno")
    assert deaths(g) == ["Bruno"]
    assert g.phase() == ("day", 2)


# --- Occultiste -----------------------------------------------------------------------------


def test_the_first_indirect_action_on_him_goes_to_the_cursed(tmp_path: Path) -> None:
    """001, Occultiste: « La première fois qu'il est la cible d'une action indirecte, l'action
    est renvoyée sur la personne maudite. L'auteur de l'action indirecte n'est pas informé du
    renvoi. » (Fanny's Voyante reads David's roles as Chloe's.)"""
    g = started(tmp_path)
    night(g, {"Fanny": "sonder Chloe"})
    (seen,) = g.events("RolesSeen")
    assert (seen["target"], seen["roles"]) == ("Chloe", DEAL["David"].split(":")[1].split("+"))
    (turned,) = g.events("CurseTurned")
    assert (turned["occultiste"], turned["target"], turned["by"]) == ("Chloe", "David", "Fanny")
    (mail,) = [m for m in g.mails("Fanny") if "boule de cristal" in m.body]
    assert "David" not in mail.content and "les rôles de Chloe sont Voyante, Assassin" in mail.body


def test_only_the_first_time(tmp_path: Path) -> None:
    """001, Occultiste: « La première fois qu'il est la cible d'une action indirecte »: the
    second reaches him."""
    g = started(tmp_path)
    night(g, {"Fanny": "sonder Chloe"})
    day(g, {})
    night(g, {"David": "sonder Chloe"})
    second = g.events("RolesSeen")[-1]
    assert second["roles"] == DEAL["Chloe"].split(":")[1].split("+")
    assert len(g.events("CurseTurned")) == 1


def test_a_direct_action_is_not_turned(tmp_path: Path) -> None:
    """001, Occultiste: « cible d'une action indirecte » only: the pack's kill (a direct action)
    finds him."""
    g = started(tmp_path)
    night(g, {"Alice": "tuer Chloe : Alice"})
    assert deaths(g) == ["Chloe"]
    assert not g.events("CurseTurned")


def test_a_chanoine_is_not_held_in_by_the_salbatar(tmp_path: Path) -> None:
    """001, Chanoine: « Immunisé à toutes les actions indirectes »; Salbatar: « Action quotidienne
    indirecte »: Emma, a Chanoine, hides at Fanny's though David holds her house."""
    g = started(tmp_path)
    night(g, {"David": "entraver la maison de Emma", "Emma": "planquer la maison de Fanny"})
    assert [e["player"] for e in g.events("ActionFailed")] == []
    assert [e["visitor"] for e in g.events("HorcruxFound")] == ["Emma"]
