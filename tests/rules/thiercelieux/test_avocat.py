"""Avocat in the `thiercelieux` rule set: seed 004_c21bac90ae6ca834.txt."""

from __future__ import annotations

from pathlib import Path

from lgmail.rules.thiercelieux import camps
from tests.rules.thiercelieux.common import colours, died, thiercelieux, votes
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Chloe": "avocat",
    "David": "villageois",
    "Emma": "villageois",
    "Farid": "voyante",
    "Gina": "villageois",
}


def night(game: Scenario, victim: str) -> None:
    """The pack devours `victim`; the MJ closes what is left of the night."""
    for wolf in ("Alice", "Bruno"):
        if game.alive(wolf):
            game.ok(wolf, f"tuer {victim}")
    while game.phase()[0] == "night" and game.state.status == "running":
        game.end()


def test_the_first_night_he_names_two_clients_not_himself(tmp_path: Path) -> None:
    """004: « Pendant la première Nuit, l'Avocat choisit le nom de deux joueurs autres que
    lui-même, qui deviennent ses clients. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.refused("Chloe", "clients moi et David", "illegal_target")
    game.ok("Chloe", "clients David et Emma")
    night(game, "Gina")
    assert game.events("ClientsChosen") == [
        {"type": "ClientsChosen", "avocat": "Chloe", "clients": ["David", "Emma"], "drawn": False}
    ]
    votes(game, {})
    assert game.phase() == ("night", 2)
    game.refused("Chloe", "clients Farid et Alice", "already_used")


def test_clients_not_named_are_drawn(tmp_path: Path) -> None:
    """Ruling: clients not named by the end of the first night are drawn (a recorded draw)."""
    game = thiercelieux(tmp_path, ROLES)
    night(game, "Gina")
    (chosen,) = game.events("ClientsChosen")
    (draw,) = [e for e in game.events("RandomDrawn") if e["purpose"] == "clients:Chloe"]
    assert chosen["drawn"] and chosen["clients"] == draw["chosen"]
    assert len(set(chosen["clients"])) == 2 and "Chloe" not in chosen["clients"]


def test_he_wins_when_a_client_wins_alive(tmp_path: Path) -> None:
    """004: « La condition de victoire de l'Avocat est : de faire en sorte qu'au moins un des
    deux clients remporte la partie vivant. (Ce qui signifie que la victoire de l'Avocat suppose
    la victoire d'un autre camp dans la partie). » Ruling: he stands in no camp's way."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "clients David et Alice")
    night(game, "Gina")
    votes(game, {"David": "Alice", "Emma": "Alice", "Farid": "Alice", "Chloe": "Alice"})
    night(game, "Farid")
    votes(game, {"David": "Bruno", "Emma": "Bruno", "Chloe": "Bruno"})
    assert game.state.winner == "village"
    assert sorted(game.state.winners) == ["Chloe", "David", "Emma", "Farid", "Gina"]


def test_he_loses_when_his_clients_lose(tmp_path: Path) -> None:
    """004: « au moins un des deux clients remporte la partie vivant »: wolves as clients, the
    village's victory is not his."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "clients Alice et Bruno")
    night(game, "Gina")
    votes(game, {"David": "Alice", "Emma": "Alice", "Farid": "Alice", "Chloe": "Alice"})
    night(game, "Farid")
    votes(game, {"David": "Bruno", "Emma": "Bruno", "Chloe": "Bruno"})
    assert game.state.winner == "village" and "Chloe" not in game.state.winners


def dead_lawyer(tmp_path: Path, alive: bool) -> Scenario:
    game = thiercelieux(tmp_path, ROLES, options={"avocat_vivant": alive})
    game.ok("Chloe", "clients David et Emma")
    night(game, "Chloe")
    votes(game, {"David": "Alice", "Emma": "Alice", "Farid": "Alice"})
    night(game, "Farid")
    votes(game, {"David": "Bruno", "Emma": "Bruno", "Gina": "Bruno"})
    assert game.state.winner == "village" and not game.alive("Chloe")
    return game


def test_the_mj_says_whether_he_must_stay_alive(tmp_path: Path) -> None:
    """004: « le Maître du Jeu précisera, selon sa volonté, si l'Avocat doit rester en vie ou non
    à la fin de la partie pour gagner. » (the option `avocat_vivant`, true by default)"""
    assert "Chloe" not in dead_lawyer(tmp_path / "vivant", True).state.winners
    assert "Chloe" in dead_lawyer(tmp_path / "mort", False).state.winners


def test_he_dies_with_his_last_client_not_the_reverse(tmp_path: Path) -> None:
    """004: « En conséquence, à la mort du dernier client, l'Avocat est aussitôt éliminé de la
    partie. A l'inverse, la mort de l'Avocat n'a aucune incidence sur ses clients. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "clients David et Emma")
    night(game, "David")
    assert game.alive("Chloe")
    votes(game, {"Alice": "Emma", "Bruno": "Emma", "Gina": "Emma"})
    assert died(game) == [("David", "wolves"), ("Emma", "stake"), ("Chloe", "clients")]
    assert colours(game)["Chloe"] == ("vert", [])
    public = "\n".join(m.body for m in game.mails("Gina"))
    assert "Chloe est mort·e (éliminé·e à la mort de son dernier client)" in public

    other = thiercelieux(tmp_path / "autre", ROLES)
    other.ok("Chloe", "clients David et Emma")
    night(other, "Chloe")
    assert died(other) == [("Chloe", "wolves")]
    assert other.alive("David") and other.alive("Emma")


def test_clients_never_know(tmp_path: Path) -> None:
    """004: « Les clients ne se connaissent pas entre eux et ne connaissent pas non plus
    l'Avocat. Ils ne connaissent pas non plus leur statut de client. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "clients David et Emma")
    night(game, "Gina")
    assert any("David et Emma" in m.body for m in game.mails("Chloe"))
    for client in ("David", "Emma"):
        for mail in game.mails(client):
            assert "client" not in mail.body.lower() and "Avocat" not in mail.body


def test_a_couple_with_him_fails_and_nobody_is_told(tmp_path: Path) -> None:
    """004, Cupidon: « L'Avocat + X => échec du couple »; Avocat: « Toute tentative de mise en
    couple de l'Avocat échoue. Toute tentative allant en ce sens échouerait sans que ni Cupidon,
    ni l'avocat ne soient au courant de cet échec. »"""
    roles = {**ROLES, "Gina": "cupidon"}
    game = thiercelieux(tmp_path, roles)
    game.ok("Gina", "unir Chloe et David")
    assert game.state.lovers == []
    assert game.events("CoupleFailed")[0]["why"] == "seul"
    for name in ("Gina", "Chloe", "David"):
        assert not any("amoureu" in m.body.lower() for m in game.mails(name))


def test_infected_he_plays_for_the_wolves_and_no_longer_dies_with_his_clients(
    tmp_path: Path,
) -> None:
    """004, Infect Père des Loups: « le joueur infecté devient un Loup-Garou pour le restant de la
    partie et obtient leur condition de victoire en remplacement de sa condition de victoire
    initiale »: the Avocat's (« à la mort du dernier client, l'Avocat est aussitôt éliminé »)
    no longer binds him."""
    game = thiercelieux(tmp_path, dict(ROLES, Alice="infect-pere-des-loups"))
    game.ok("Chloe", "clients David et Emma")
    game.ok("Alice", "tuer Chloe\ninfecter")
    game.ok("Bruno", "tuer Chloe")
    while game.phase()[0] == "night":
        game.end()
    assert camps.camp(game.state, game.state.players["Chloe"]) == "loups"
    votes(game, {"Alice": "David", "Bruno": "David", "Chloe": "David", "Emma": "David"})
    for wolf in ("Alice", "Bruno", "Chloe"):
        game.ok(wolf, "tuer Emma")
    while game.phase()[0] == "night":
        game.end()
    assert not game.alive("David") and not game.alive("Emma")
    assert game.alive("Chloe") and ("Chloe", "clients") not in died(game)
