"""Villageois-Villageois: seed 004_c21bac90ae6ca834.txt.

004: « C'est un rôle appartenant au camp Villageois. Son identité est connue de tous, dès le
départ. Le MJ annoncera publiquement dès le début de la partie (élections) l'identité du joueur
qui a reçu ce rôle. »
"""

from pathlib import Path

from tests.rules.thiercelieux.common import colours, thiercelieux, votes

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "cupidon",
    "Chloe": "villageois-villageois",
    "David": "villageois",
    "Emma": "villageois",
}


def test_everyone_knows_him_from_the_election(tmp_path: Path) -> None:
    game = thiercelieux(tmp_path, ROLES, election=True)
    for name in ROLES:
        seen = {p["name"]: p["role"] for p in game.view(name)["players"]}
        assert seen["Chloe"] == "villageois-villageois"
        (opening,) = [m for m in game.new_mails(name) if "Élection" in m.subject]
        assert "Chloe est Villageois-Villageois : tout le village le sait." in opening.body
    # nobody else's role is public
    assert game.view("David")["players"][0]["role"] is None


def test_he_may_still_be_a_traitor_lover(tmp_path: Path) -> None:
    """004: « Les joueurs prendront garde au fait que le Villageois-Villageois peut tout de même
    être amoureux traître, acolyte ou infecté... son innocence n'est donc pas certaine. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Bruno", "unir Chloe et Alice")
    game.ok("Alice", "tuer David")
    votes(game, {"Bruno": "Chloe", "Emma": "Chloe"})
    assert colours(game)["Chloe"] == ("rose", ["amoureux"])
