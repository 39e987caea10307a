"""Enfant Sauvage: seed 004_c21bac90ae6ca834.txt."""

from pathlib import Path

from tests.rules.thiercelieux.common import colours, thiercelieux, votes

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "enfant-sauvage",
    "Chloe": "voyante",
    "David": "chasseur",
    "Emma": "villageois",
    "Farid": "villageois",
    "Gina": "villageois",
}


def test_he_names_a_model_who_is_not_told(tmp_path: Path) -> None:
    """004: « Dès la réception de son rôle, il indique au MJ un autre joueur de la partie afin
    que celui-ci devienne son modèle. Le modèle n'est pas averti de son statut de modèle. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.new_mails()
    game.refused("Bruno", "modele Bruno", "illegal_target")
    game.ok("Bruno", "modele Emma")
    assert game.events("ModelChosen") == [
        {"type": "ModelChosen", "child": "Bruno", "model": "Emma", "drawn": False}
    ]
    assert all("Bruno" not in m.body for m in game.new_mails("Emma"))
    game.refused("Bruno", "modele Farid", "already_used")


def test_no_model_in_time_one_is_drawn(tmp_path: Path) -> None:
    """Ruling: « il indique au MJ un autre joueur »; none in time, one is drawn (an event)."""
    game = thiercelieux(tmp_path, ROLES)
    game.end()
    (draw,) = game.events("RandomDrawn")
    assert draw["purpose"] == "modele:Bruno" and "Bruno" not in draw["among"]
    (chosen,) = game.events("ModelChosen")
    assert chosen["drawn"] and [chosen["model"]] == draw["chosen"]


def test_the_model_dead_at_night_he_turns_wolf_and_joins_the_next_night(tmp_path: Path) -> None:
    """004: « Lorsque le modèle est éliminé, peu importe la raison, le moment, ou même peu
    importe le rôle du modèle, alors l'Enfant Sauvage devient l'équivalent d'un Loup-Garou
    [...] Il rejoint l'antre au début de la Nuit suivant la mort de son modèle. » and the
    colour: « bleu s'il n'avait pas encore intégré l'antre, rouge s'il avait intégré l'antre »."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Bruno", "modele Emma")
    game.ok("Chloe", "sonder Alice")
    game.ok("Alice", "tuer Emma")
    assert "sauvage-loup" in game.state.players["Bruno"].status
    assert "antre" not in game.state.players["Bruno"].status
    # the day after: a wolf by camp, not yet in the den
    assert "Bruno" not in {p["name"] for p in game.view("Alice")["players"] if p["role"]}
    votes(game, {})
    assert "antre" in game.state.players["Bruno"].status
    assert "Bruno" in game.events("StepOpened")[-1]["actors"]
    game.ok("Chloe", "sonder Bruno")
    game.ok("Bruno", "tuer Farid")
    game.ok("Alice", "tuer Farid")
    # the Voyante still sees his role
    assert game.events("SeerSaw")[-1]["role"] == "enfant-sauvage"
    votes(game, {n: "Bruno" for n in ("Chloe", "David", "Gina")})
    assert colours(game)["Bruno"] == ("rouge", [])


def test_the_model_dead_at_the_stake_he_joins_at_once_and_dies_blue_red(tmp_path: Path) -> None:
    """004: « Si son modèle meurt à l'issue d'un bûcher, l'Enfant Sauvage intègre l'antre
    immédiatement pour la Nuit qui tombe. » « bleu-rouge s'il meurt en même temps qu'il était en
    train d'intégrer l'antre (ex : le Chasseur est son modèle, passe au bûcher, et lui tire
    dessus). »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Bruno", "modele David")
    game.ok("Chloe", "sonder Alice")
    game.ok("Alice", "tuer Gina")
    game.ok("David", "tirer Bruno")
    votes(game, {n: "David" for n in ("Alice", "Chloe", "Emma", "Farid")})
    assert colours(game)["Bruno"] == ("bleu-rouge", [])


def test_the_voyante_is_answered_with_his_colour(tmp_path: Path) -> None:
    """004: « Le MJ utilise ce même code couleur pour répondre au sondage de la Voyante. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Bruno", "modele Emma")
    game.ok("Chloe", "sonder Bruno")
    game.ok("Alice", "tuer Emma")
    game.new_mails()
    votes(game, {})
    game.ok("Chloe", "sonder Bruno")
    game.ok("Bruno", "tuer Farid")
    game.ok("Alice", "tuer Farid")
    assert [e["colour"] for e in game.events("ColourSeen")] == ["bleu", "rouge"]
    # told in the vision itself, once: no second mail for the colour
    (vision,) = [m for m in game.new_mails("Chloe") if "Votre vision" in m.subject]
    assert "Sa couleur est rouge (Loups-Garous)" in vision.body
    assert not [m for m in game.mails("Chloe") if "couleur" in m.subject]


def test_the_voyante_s_vision_tells_whether_he_joined_the_den(tmp_path: Path) -> None:
    """004, Enfant Sauvage: « Le MJ annoncera la mort de l'Enfant Sauvage avec le code couleur
    bleu s'il n'avait pas encore intégré l'antre, rouge s'il avait intégré l'antre, ou
    bleu-rouge s'il meurt en même temps qu'il était en train d'intégrer l'antre » « Le MJ
    utilise ce même code couleur pour répondre au sondage de la Voyante. »: her vision gives the
    role and that colour, which says whether he joined the den (the camp of no other role)."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Bruno", "modele Emma")
    game.ok("Chloe", "sonder Bruno")
    game.ok("Alice", "tuer Emma")
    (vision,) = [m for m in game.new_mails("Chloe") if "Votre vision" in m.subject]
    assert "Votre boule de cristal est formelle : Bruno est Enfant Sauvage." in vision.body
    assert (
        "Sa couleur est bleu (Villageois) : l'Enfant Sauvage n'a pas rejoint l'antre des loups."
        in vision.body
    )
    votes(game, {})
    game.ok("Chloe", "sonder Bruno")
    game.ok("Bruno", "tuer Farid")
    game.ok("Alice", "tuer Farid")
    (vision,) = [m for m in game.new_mails("Chloe") if "Votre vision" in m.subject]
    assert (
        "Sa couleur est rouge (Loups-Garous) : l'Enfant Sauvage a rejoint l'antre des loups."
        in vision.body
    )
    assert game.view("Chloe")["players"][1]["colour"] == "rouge"
    # another role: no colour (« sans toutefois lui préciser son camp »)
    votes(game, {})
    game.ok("Chloe", "sonder Alice")
    game.ok("Bruno", "tuer Gina")
    game.ok("Alice", "tuer Gina")
    (vision,) = [m for m in game.new_mails("Chloe") if "Votre vision" in m.subject]
    assert "couleur" not in vision.body


def test_the_model_is_never_announced(tmp_path: Path) -> None:
    """004: « Le MJ n'annonce jamais publiquement le statut de modèle à la mort éventuelle de ce
    dernier »."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Bruno", "modele Emma")
    game.ok("Chloe", "sonder Alice")
    game.new_mails()
    game.ok("Alice", "tuer Emma")
    assert colours(game)["Emma"] == ("bleu", [])
    assert all("modèle" not in m.body for m in game.new_mails("Farid"))
