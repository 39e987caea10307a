"""What `lgmail state GAME --json` shows, the MJ's view and each player's, in the
`thiercelieux` rule set: seed 004_c21bac90ae6ca834.txt."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.rules.thiercelieux.common import thiercelieux, votes
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "infect-pere-des-loups",
    "Chloe": "villageois",
    "David": "assommeur",
    "Emma": "enfant-sauvage",
    "Farid": "villageois",
    "Gina": "voyante",
    "Hugo": "villageois",
    "Ines": "villageois",
}


def seats(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {p["name"]: p for p in view["players"]}


def test_camp_is_the_camp_he_plays_for_now_and_card_camp_his_card_s(tmp_path: Path) -> None:
    """004: the multi-class roles « Il peut être Loup-Garou ou Villageois »; the Infect Père des
    Loups: « le joueur infecté devient un Loup-Garou pour le restant de la partie »; the Enfant
    Sauvage: « Lorsque le modèle est éliminé [...] l'Enfant Sauvage devient l'équivalent d'un
    Loup-Garou, avec le changement de condition de victoire associé. »: the view's `camp` is the
    camp each plays for now, `card_camp` his card's where it differs."""
    game = thiercelieux(tmp_path, ROLES, options={"alignements": {"David": "loup"}})
    game.ok("Emma", "modele Farid")
    game.ok("Gina", "sonder Hugo")
    for wolf in ("Alice", "David"):
        game.ok(wolf, "tuer Chloe")
    game.ok("Bruno", "tuer Chloe\ninfecter")
    while game.phase()[0] == "night":
        game.end()
    votes(game, {n: "Farid" for n in ("Alice", "Bruno", "Chloe", "David", "Hugo")})
    assert not game.alive("Farid") and game.phase() == ("night", 2)
    mj = seats(game.view())
    for name in ("Chloe", "David", "Emma"):
        assert (mj[name]["camp"], mj[name]["card_camp"]) == ("loups", "village"), name
    assert (mj["Alice"]["camp"], mj["Hugo"]["camp"]) == ("loups", "village")
    assert "card_camp" not in mj["Alice"] and "card_camp" not in mj["Hugo"]
    for name in ("Chloe", "David", "Emma"):
        # each knows his own camp (told of his alignment, infection, model's death)
        own = seats(game.view(name))[name]
        assert (own["camp"], own["card_camp"]) == ("loups", "village"), name
    # a player knows no more of others' camps than of their roles: the Voyante who probed
    # nobody of them sees none
    seen = seats(game.view("Gina"))
    assert all(seen[n]["camp"] is None for n in ("Chloe", "David", "Emma"))
    assert all("card_camp" not in seen[n] for n in seen)


STEPS = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou-manipulateur",
    "Chloe": "voyante",
    "David": "sorciere",
    "Emma": "villageois",
    "Farid": "villageois",
    "Gina": "servante-devouee",
    "Hugo": "villageois",
}


def step_and_deadline(game: Scenario, name: str) -> tuple[str | None, str | None]:
    seen = game.view(name)
    return seen["step"], seen["deadline"]


def test_a_player_s_view_shows_only_the_steps_he_acts_in(tmp_path: Path) -> None:
    """004 keeps the roles secret: the Sorcière's, the Manipulateur's (« C'est à la fin de la
    Nuit, entre la fin des actions de Nuit et le lever du Jour que le MJ indique au Loup-Garou
    Manipulateur si le joueur ciblé a agit »: his step opens only when his player acted) and the
    Servante Dévouée's (« après que toutes les actions de Nuit aient été effectuées et résolues,
    et avant le lever du Jour ») steps would tell who is in play. A player who does not act in
    the open step sees no step, and the night's deadline, the same all night long."""
    game = thiercelieux(tmp_path, STEPS)
    night_end = game.state.phase_deadline
    assert night_end is not None
    neutral = (None, night_end.isoformat())
    assert step_and_deadline(game, "Emma") == neutral
    assert step_and_deadline(game, "Alice")[0] == "loups"
    game.ok("Bruno", "manipuler Chloe")
    game.ok("Chloe", "sonder Emma")
    for wolf in ("Alice", "Bruno"):
        game.ok(wolf, "tuer Hugo")
    assert game.step() == "sorciere"
    assert step_and_deadline(game, "David")[0] == "sorciere"
    for name in ("Emma", "Alice", "Chloe", "Gina"):
        assert step_and_deadline(game, name) == neutral, name
    game.ok("David", "rien")
    assert game.step() == "manipulateur"
    assert step_and_deadline(game, "Bruno")[0] == "manipulateur"
    for name in ("Emma", "Alice", "Chloe", "David", "Gina"):
        assert step_and_deadline(game, name) == neutral, name
    game.ok("Bruno", "rien")
    assert game.step() == "servante"
    assert step_and_deadline(game, "Gina")[0] == "servante"
    for name in ("Emma", "Alice", "Bruno", "Chloe", "David"):
        assert step_and_deadline(game, name) == neutral, name
    # the MJ's view shows every step
    assert game.view()["step"] == "servante"
    game.ok("Gina", "rien")
    # by day, the vote is everyone's, announced publicly
    assert game.phase() == ("day", 1)
    assert {step_and_deadline(game, n)[0] for n in STEPS if game.alive(n)} == {"vote"}
