"""Rule set `maisons`, seed 001 (../shared/seeds/001_f67e2344efefe72c.txt): the roles that act on
roles — Avare, Saint Insert Name Here, Sympathique, Dominateur. Each test cites the sentence of
001 it plays."""

from __future__ import annotations

from pathlib import Path

from lgmail.rules.maisons.acting import uses_left
from lgmail.rules.maisons.role import CATALOGUE
from tests.maisons.conftest import day, deaths, game, night, told
from tests.scenario import Scenario

DEAL = {
    "Alice": "loup-garou:avare+voyante+espion+meneur+planque",
    "Bruno": "villageois:voyante+salvateur+meneur+saint-insert-name-here+chanoine",
    "Chloe": "villageois:sympathique+planque+detective+baron+entete",
    "David": "villageois:dominateur+assassin+salbatar+institutrice+jardinier",
    "Emma": "villageois:joueur-de-tarot+chanoine+espion+institutrice+paranoiaque",
    "Fanny": "loup-garou:salvateur+detective+jardinier+baron+croque-mort",
}


def role_mail(g: Scenario, name: str) -> str:
    (mail,) = [m for m in g.mails(name) if "Votre rôle" in m.subject]
    return mail.body


# --- Avare ----------------------------------------------------------------------------------


def test_avare_cancels_the_roles_others_share_with_him(tmp_path: Path) -> None:
    """001, Avare: « Tant qu'il est en vie, tous les autres rôles des autres joueurs qui sont
    identiques à ceux de l'Avare sont annulés. Les joueurs sont prévenus individuellement au
    début de la partie de quels rôles dont ils disposent sont annulés »."""
    g = game(tmp_path, DEAL)
    assert "Annulés tant qu'un Avare est en vie : Voyante, Meneur" in role_mail(g, "Bruno")
    assert "Annulés tant qu'un Avare est en vie : Espion" in role_mail(g, "Emma")
    assert "Annulés" not in role_mail(g, "Alice") and "Annulés" not in role_mail(g, "Fanny")
    answer = g.refused("Bruno", "sonder Fanny", "not_allowed")
    assert "votre rôle Voyante ne peut pas agir pour l'instant" in answer.text
    g.ok("Alice", "sonder Fanny")  # his own work


def test_his_death_gives_them_back(tmp_path: Path) -> None:
    """001, Avare: « et du moment où il est réactivé »: at his death they are told, and the roles
    work again."""
    g = game(tmp_path, DEAL)
    night(g, {})
    day(g, {n: "Alice" for n in ("Bruno", "Chloe", "David", "Emma", "Fanny")})
    assert deaths(g) == ["Alice"]
    assert told(g, "Bruno", "L'Avare est mort : Voyante, Meneur fonctionnent de nouveau pour vous.")
    assert told(g, "Emma", "L'Avare est mort : Espion fonctionne de nouveau pour vous.")
    g.ok("Bruno", "sonder Fanny")


# --- Saint Insert Name Here -----------------------------------------------------------------


def test_the_blessed_may_cancel_one_of_his_roles_for_good(tmp_path: Path) -> None:
    """001, Saint Insert Name Here: « Une fois par nuit, peut donner sa bénédiction à un joueur.
    Ce joueur possède alors, pendant cette nuit, l'opportunité d'annuler un de ses rôles pour le
    reste de la partie. »"""
    g = game(tmp_path, DEAL)
    night(g, {"Bruno": "bénir Chloe"})
    assert told(g, "Chloe", "vous pouvez annuler l'un de vos rôles pour le reste de la partie")
    g.ok("Chloe", "renoncer à l'entêté")
    g.refused("Chloe", "renoncer à planque", "nothing_to_do")  # one a blessing
    day(g, {})
    assert "entete" in g.state.players["Chloe"].powers  # still his to see (the Voyante)
    night(g, {"Bruno": "bénir Chloe"})
    g.ok("Chloe", "renoncer à Planqué")
    day(g, {})
    g.refused("Chloe", "planquer la maison de Bruno", "not_allowed")


def test_no_blessing_no_renouncement(tmp_path: Path) -> None:
    """001, Saint Insert Name Here: only « ce joueur » has the opportunity, and only after it."""
    g = game(tmp_path, DEAL)
    night(g, {"Bruno": "bénir Chloe"})
    g.refused("David", "renoncer à salbatar", "nothing_to_do")
    day(g, {})
    g.refused("Chloe", "renoncer à planque", "nothing_to_do")  # the night after: too late


def test_a_blessing_is_indirect(tmp_path: Path) -> None:
    """001: « Action quotidienne indirecte » (the Chanoine: « Immunisé à toutes les actions
    indirectes »)."""
    g = game(tmp_path, DEAL)
    night(g, {"Bruno": "bénir Emma"})
    assert not g.events("Blessed")
    assert told(g, "Bruno", "Action échouée")


# --- Sympathique ----------------------------------------------------------------------------


def test_a_unique_action_gets_one_more_copy(tmp_path: Path) -> None:
    """001, Sympathique: « Cette personne est mise au courant du boost et sélectionne le rôle
    sur lequel le pouvoir est appliqué. Si le rôle a une action unique, il peut utiliser ce
    pouvoir une fois suivante par partie »; Planqué: « s'il est sympathisé, il peut se planquer
    une seule nouvelle fois »."""
    g = game(tmp_path, DEAL)
    night(g, {"Chloe": "sympathiser Chloe"})
    assert told(g, "Chloe", "Choisissez le rôle qui en profite en répondant « booster RÔLE »")
    g.ok("Chloe", "booster planque")
    chloe = g.state.players["Chloe"]
    planque = CATALOGUE["planque"]
    assert uses_left(chloe, planque, planque.actions[0]) == 4
    g.refused("Chloe", "booster detective", "nothing_to_do")  # picked once


def test_a_daily_action_twice_in_one_phase_even_direct(tmp_path: Path) -> None:
    """001, Sympathique: « Si le rôle a une action quotidienne, il peut, la journée ou la nuit
    de son choix, choisir d'appliquer deux fois cette action (même s'il s'agit d'une action
    directe) »: Fanny's Détective goes into two houses in one night, once."""
    g = game(tmp_path, DEAL)
    night(g, {"Chloe": "sympathiser Fanny"})
    g.ok("Fanny", "booster détective")
    day(g, {})
    night(g, {"Fanny": "enquêter la maison de Bruno\nenquêter la maison de Emma"})
    reports = [e["house"] for e in g.events("HouseInvestigated")]
    assert reports == ["Bruno", "Emma"]
    assert g.events("BoostSpent")
    day(g, {})
    answer = g.act("Fanny", "enquêter la maison de Bruno\nenquêter la maison de Emma")
    assert "vous avez déjà donné cette action de Détective dans ce message" in answer.text


def test_a_role_without_action_gains_nothing(tmp_path: Path) -> None:
    """001, Sympathique: « Si le rôle ne donne aucune action, rien ne se passe. »"""
    g = game(tmp_path, DEAL)
    night(g, {"Chloe": "sympathiser David"})
    g.ok("David", "booster jardinier")
    (picked,) = g.events("BoostPicked")
    assert (picked["extra"], picked["daily"]) == (False, False)
    assert "jardinier+" not in g.state.players["David"].counters


# --- Dominateur -----------------------------------------------------------------------------


def test_dominateur_takes_a_night_role_and_a_holder_loses_it(tmp_path: Path) -> None:
    """001, Dominateur: « peut décider de s'emparer d'une action quotidienne d'un rôle qu'il ne
    possède pas. Il peut alors effectuer l'action quotidienne du rôle choisi durant la phase
    actuelle (jour ou nuit). En prix de l'action du Dominateur, un autre joueur au hasard
    possédant ce rôle ne peut l'utiliser. » (Bruno's Voyante is the Avare's: Alice is the one
    who may use it, and loses it.)"""
    g = game(tmp_path, DEAL)
    night(g, {"David": "dominer voyante\nsonder Fanny", "Alice": "sonder Emma"})
    (dominated,) = g.events("Dominated")
    assert (dominated["role"], dominated["robbed"]) == ("voyante", "Alice")
    assert [e["seer"] for e in g.events("RolesSeen")] == ["David"]
    assert told(g, "Alice", "Un Dominateur s'est emparé de l'action de Voyante")
    assert told(g, "Alice", "Votre action de Voyante")  # hers failed
    assert g.state.players["David"].counters == {"dominateur": 1}


def test_dominateur_by_day_takes_the_meneur(tmp_path: Path) -> None:
    """001, Dominateur: « durant la phase actuelle (jour ou nuit) »; by day, « L'activation des
    rôles dépend de l'ordre d'envoi des MPs »: the Meneur's « doubler » is David's, not
    Alice's."""
    g = game(tmp_path, DEAL)
    night(g, {})
    g.ok("Alice", "doubler")
    g.ok("David", "dominer meneur\ndoubler")
    day(g, {"David": "Fanny", "Alice": "Chloe", "Bruno": "Chloe", "Emma": "Fanny"})
    (ballot,) = [e for e in g.events("BallotClosed") if e["step"] == "vote"]
    assert ballot["tally"] == {"Fanny": 3, "Chloe": 2}


def test_dominateur_fails_when_nobody_holds_the_role(tmp_path: Path) -> None:
    """001, Dominateur: « Si aucun joueur ne possède ce rôle, l'action du Dominateur échoue. »
    (Bruno, the only Saint, is dead; the action is spent all the same: « Action unique ».)"""
    g = game(tmp_path, DEAL)
    night(g, {"Alice": "tuer Bruno : Alice"})
    day(g, {})
    night(g, {"David": "dominer saint\nbénir Chloe"})
    assert told(g, "David", "Votre action de Dominateur")
    assert not g.events("Blessed")
    assert g.state.players["David"].counters == {"dominateur": 1}


def test_dominateur_takes_a_daily_role_he_does_not_hold(tmp_path: Path) -> None:
    """001, Dominateur: « une action quotidienne d'un rôle qu'il ne possède pas »."""
    g = game(tmp_path, DEAL)
    answer = g.refused("David", "dominer salbatar", "not_allowed")
    assert "vous avez déjà le rôle Salbatar" in answer.text
    g.refused("David", "dominer planque", "not_allowed")  # a unique action
    g.refused("David", "dominer meneur", "not_allowed")  # a day's action, at night


def test_a_spent_dominateur_is_told_it_is_spent(tmp_path: Path) -> None:
    """001 (001_f67e2344efefe72c.txt), Dominateur: « Une fois par partie [...] Action unique »;
    « Une action unique ne peut être effectuée qu'une fois par partie »: once used, « dominer »
    is refused as spent, by night and by day, never with « les votes se font le jour »
    (issue #38)."""
    g = game(tmp_path, DEAL)
    night(g, {"David": "dominer voyante\nsonder Fanny"})
    answer = g.refused("David", "dominer meneur", "already_used")
    assert "le jour" not in answer.text.split("Refusé")[1].splitlines()[0]
    day(g, {})
    g.refused("David", "dominer voyante", "already_used")
    assert "dominer" not in g.ok("David", "aide").text.split("Maintenant")[1]
