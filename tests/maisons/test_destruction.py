"""Rule set `maisons`, seed 001 (../shared/seeds/001_f67e2344efefe72c.txt): the destruction
roles Pyromane and Convaincant. Each test cites the sentence of 001 it plays."""

from __future__ import annotations

from pathlib import Path

from lgmail.rules.maisons.night import order_of_roles
from tests.maisons.conftest import game
from tests.scenario import Scenario

DEAL = {
    "Alice": "loup-garou:convaincant+chanoine+espion+meneur+planque",
    "Bruno": "villageois:pyromane+salvateur+salbatar+institutrice+joueur-de-tarot",
    "Chloe": "villageois:voyante+planque+espion+meneur+chanoine",
    "David": "villageois:convaincant+assassin+salbatar+institutrice+joueur-de-tarot",
    "Emma": "villageois:pyromane+chanoine+espion+meneur+planque",
    "Fanny": "loup-garou:voyante+salvateur+espion+meneur+chanoine",
}
PLAYERS = list(DEAL)


def deaths(g: Scenario) -> list[str]:
    return [e["name"] for e in g.events("PlayerDied")]


def night(g: Scenario, orders: dict[str, str]) -> None:
    """The night's `orders` (player -> mail), « rien » from every other living player."""
    for name in PLAYERS:
        if g.alive(name):
            g.ok(name, orders.get(name, "rien"))


def told(g: Scenario, player: str, words: str) -> bool:
    return any(words in m.subject or words in m.body for m in g.mails(player))


# --- Pyromane -------------------------------------------------------------------------------


def test_pyromane_burns_his_house_with_the_planque_in_it_and_moves(tmp_path: Path) -> None:
    """001, Pyromane: « peut choisir de brûler sa maison. Il va alors habiter une maison habitée
    de son choix et est considéré comme propriétaire de la maison au même titre que le
    précédent. Tout [...] Planqué dans la maison est brûlé dans l'occasion. »"""
    g = game(tmp_path, DEAL)
    night(
        g,
        {"Chloe": "planquer la maison de Bruno", "Bruno": "brûler, puis habiter la maison de Emma"},
    )
    assert deaths(g) == ["Chloe"]
    assert g.state.players["Bruno"].house == "Emma"
    assert g.state.players["Bruno"].counters == {"pyromane": 1}
    (fire,) = g.events("HouseBurned")
    assert (fire["pyromane"], fire["house"]) == ("Bruno", "Bruno")


def test_everyone_hears_of_the_fire_only_the_co_owner_where_he_lives(tmp_path: Path) -> None:
    """001, Pyromane: « Tous les autres joueurs sont au courant de l'incendie de sa maison, mais
    ignorent dans quelle maison il habite, sauf le co-propriétaire. »"""
    g = game(tmp_path, DEAL)
    night(g, {"Bruno": "brûler, puis habiter la maison de Emma"})
    for name in ("Alice", "Chloe", "David", "Fanny"):
        assert told(g, name, "la maison de Bruno a brûlé"), name
        assert not told(g, name, "co-propriétaire"), name
    assert told(g, "Emma", "Un nouveau co-propriétaire")
    mail = next(m for m in g.mails("Emma") if "co-propriétaire" in m.subject)
    assert "Bruno a brûlé sa maison cette nuit et habite désormais la vôtre" in mail.body
    fire = next(m for m in g.mails("David") if "a brûlé" in m.body)
    assert "Emma" not in fire.body


def test_the_co_owner_burns_with_the_house(tmp_path: Path) -> None:
    """001, Pyromane: « Tout horcruxe, co-propriétaire et Planqué dans la maison est brûlé dans
    l'occasion » (Bruno, who moved into Emma's house, burns when Emma burns it)."""
    g = game(tmp_path, DEAL)
    night(g, {"Bruno": "brûler, puis habiter la maison de Emma"})
    for name in PLAYERS:
        g.ok(name, "vote Chloe" if name != "Chloe" else "vote Alice")
    g.later(hours=48)
    assert g.phase() == ("night", 2)
    night(g, {"Emma": "incendier puis habiter la maison de David"})
    assert "Bruno" in deaths(g) and g.alive("Emma")
    assert g.state.players["Emma"].house == "David"


def test_pyromane_is_indirect_a_salbatar_does_not_stop_him(tmp_path: Path) -> None:
    """001, Pyromane: « Action unique » (not « directe »): ruling, the fire is indirect, so the
    Salbatar (« ne peut(vent) effectuer d'action directe ») does not stop it, and he may make a
    direct action the same night (« qu'une action directe par nuit »)."""
    g = game(tmp_path, DEAL)
    night(
        g,
        {
            "David": "entraver la maison de Bruno",
            "Bruno": "brûler, puis habiter la maison de Emma\nprotéger la maison de Chloe",
        },
    )
    assert len(g.events("HouseBurned")) == 1
    assert g.state.players["Bruno"].house == "Emma"
    failed = [(e["player"], e["role"], e["why"]) for e in g.events("ActionFailed")]
    assert failed == [("Bruno", "salvateur", "salbatar")]


def test_pyromane_once_a_game_into_another_inhabited_house(tmp_path: Path) -> None:
    """001, Pyromane: « Une fois par partie »; « une maison habitée de son choix » (not his own;
    a dead player's house is no target)."""
    g = game(tmp_path, DEAL)
    g.refused("Bruno", "brûler, puis habiter la maison de Bruno", "not_allowed")
    night(g, {"David": "assassiner Chloe", "Bruno": "brûler, puis habiter la maison de Emma"})
    for name in PLAYERS:
        if g.alive(name):
            g.ok(name, "vote Alice" if name != "Alice" else "vote David")
    g.later(hours=48)
    assert g.phase() == ("night", 2)
    g.refused("Bruno", "brûler, puis habiter la maison de David", "already_used")
    g.refused("Emma", "brûler, puis habiter la maison de Chloe", "illegal_target")


# --- Convaincant ----------------------------------------------------------------------------


def test_convaincant_has_a_place_in_the_order() -> None:
    """001's « Ordre d'activation des rôles » omits the Convaincant: he acts after the
    Pyromane (the destruction roles), before the Guérisseuse."""
    order = order_of_roles()
    assert order.index("convaincant") == order.index("pyromane") + 1


def test_a_wolf_convaincant_makes_a_wolf(tmp_path: Path) -> None:
    """001, Convaincant: « il peut choisir une maison, puis une personne dans la maison. Si le
    convaincant est loup garou, la personne choisie devient loup garou. »"""
    g = game(tmp_path, DEAL)
    night(g, {"Alice": "convaincre la maison de Chloe : Chloe"})
    chloe = g.state.players["Chloe"]
    assert (chloe.nature, chloe.role) == ("loup-garou", "loup-garou")
    assert deaths(g) == []
    assert told(g, "Chloe", "Vous êtes Loup Garou")
    mail = next(m for m in g.mails("Chloe") if "Vous êtes Loup Garou" in m.subject)
    assert "La meute : Alice, Fanny" in mail.body
    for wolf in ("Alice", "Fanny"):
        assert told(g, wolf, "Un nouveau loup"), wolf
    assert not told(g, "Bruno", "Un nouveau loup")


def test_a_villager_convaincant_kills_a_wolf(tmp_path: Path) -> None:
    """001, Convaincant: « Si le convaincant est villageois et la personne loup garou, le loup
    garou meurt. »; a villager convinced by a villager: nothing."""
    g = game(tmp_path, DEAL)
    night(g, {"David": "convaincre la maison de Fanny : Fanny"})
    assert deaths(g) == ["Fanny"]
    assert g.state.players["David"].counters == {"convaincant": 1}


def test_the_person_must_be_in_the_house(tmp_path: Path) -> None:
    """001, Convaincant: « une personne dans la maison »; not found is no failure (« visite
    d'un joueur Planqué ailleurs »: « le joueur n'est pas prévenu »)."""
    g = game(tmp_path, DEAL)
    night(g, {"David": "convaincre la maison de Chloe : Fanny"})
    assert deaths(g) == []
    assert not told(g, "David", "Action échouée")
    assert g.state.players["David"].counters == {"convaincant": 1}


def test_convaincant_is_direct(tmp_path: Path) -> None:
    """001, Convaincant: « Action unique directe »: a shielded house (Salvateur) stops it, told
    as failed; one direct action a night."""
    g = game(tmp_path, DEAL)
    answer = game(tmp_path / "one", DEAL).act(
        "David", "assassiner Chloe\nconvaincre la maison de Fanny : Fanny"
    )
    assert not answer.lines[1]["ok"]
    night(
        g,
        {"Bruno": "protéger la maison de Fanny", "David": "convaincre la maison de Fanny : Fanny"},
    )
    assert deaths(g) == []
    assert told(g, "David", "Action échouée")


# --- Convaincant and Suiveur ----------------------------------------------------------------

FOLLOWING = {
    **DEAL,
    "Alice": "loup-garou:convaincant+suiveur+espion+meneur+planque",
    "Emma": "villageois:pyromane+suiveur+espion+meneur+planque",
}


def test_a_suiveur_convaincant_learns_whether_the_person_follows(tmp_path: Path) -> None:
    """001, Convaincant: « Si le convaincant est Suiveur, il est mis au courant de si la
    personne choisie est Suiveur. »; and « S'il ne l'est pas, le convaincant peut choisir, au
    lieu ou en plus de l'action habituelle, de transformer cette personne en Suiveur en plus de
    ses autres rôles »: Alice, a wolf, makes Chloe a wolf and a Suiveur."""
    g = game(tmp_path, FOLLOWING)
    night(g, {"Alice": "convaincre la maison de Chloe : Chloe, suiveur"})
    assert told(g, "Alice", "Chloe n'était pas Suiveur")
    chloe = g.state.players["Chloe"]
    assert chloe.nature == "loup-garou" and "suiveur" in chloe.powers
    assert len(chloe.powers) == 6
    mail = next(m for m in g.mails("Chloe") if "Vous êtes Suiveur" in m.subject)
    assert "en plus de vos autres rôles" in mail.body and "Alice" not in mail.body


def test_instead_of_the_usual_action(tmp_path: Path) -> None:
    """001, Convaincant: « au lieu [...] de l'action habituelle »: Chloe becomes a Suiveur and
    stays a villager."""
    g = game(tmp_path, FOLLOWING)
    night(g, {"Alice": "convaincre la maison de Chloe : Chloe, seulement suiveur"})
    chloe = g.state.players["Chloe"]
    assert chloe.nature == "villageois" and "suiveur" in chloe.powers


def test_two_suiveurs_the_convaincant_may_reveal_himself(tmp_path: Path) -> None:
    """001, Convaincant: « Si, à la fin de l'action, les deux personnes sont Suiveur, le
    convaincant peut choisir de révéler son identité et son rôle de Suiveur à la personne
    choisie. »: Emma, a Suiveur already, learns it is Alice; Alice learns Emma follows."""
    g = game(tmp_path, FOLLOWING)
    night(g, {"Alice": "convaincre la maison de Emma : Emma, révéler"})
    assert told(g, "Alice", "Emma est Suiveur")
    mail = next(m for m in g.mails("Emma") if "Un autre Suiveur" in m.subject)
    assert "Alice vous a convaincu·e cette nuit et se révèle à vous" in mail.body


def test_a_convaincant_who_is_no_suiveur_has_no_such_choice(tmp_path: Path) -> None:
    """001, Convaincant: « Si le convaincant est Suiveur »: David, no Suiveur, only kills the
    wolf he convinces; Fanny is made no Suiveur."""
    g = game(tmp_path, FOLLOWING)
    night(g, {"David": "convaincre la maison de Chloe : Chloe, suiveur"})
    assert "suiveur" not in g.state.players["Chloe"].powers
    assert not told(g, "David", "Suiveur")


def test_an_unknown_option_is_refused_with_the_words(tmp_path: Path) -> None:
    """001, Convaincant: the Suiveur's choices are the only words after the person."""
    g = game(tmp_path, FOLLOWING)
    answer = g.refused("Alice", "convaincre la maison de Chloe : Chloe, transformer", "not_allowed")
    assert "« , seulement suiveur »" in answer.text
