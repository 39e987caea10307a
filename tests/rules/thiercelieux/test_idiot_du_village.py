"""Idiot du Village: seed 004_c21bac90ae6ca834.txt."""

from pathlib import Path

from tests.rules.thiercelieux.common import died, digest, thiercelieux, votes

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Chloe": "idiot-du-village",
    "David": "villageois",
    "Emma": "villageois",
    "Farid": "villageois",
    "Gina": "villageois",
}


def test_designated_by_the_stake_he_is_revealed_survives_and_votes_no_more(
    tmp_path: Path,
) -> None:
    """004: « S'il est désigné par la majorité des votes d'un bûcher, et uniquement dans le
    cas, son rôle est révélé et il survit. Il perd alors son droit de vote pour le reste de la
    partie, mais a toujours le droit de débattre. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Alice", "tuer Gina")
    game.ok("Bruno", "tuer Gina")
    game.new_mails()
    votes(game, {n: "Chloe" for n in ("Alice", "Bruno", "David", "Emma")})
    assert game.alive("Chloe")
    assert game.events("RoleRevealed") == [
        {"type": "RoleRevealed", "name": "Chloe", "role": "idiot-du-village", "why": "bucher"}
    ]
    seen = {p["name"]: p["role"] for p in game.view("Farid")["players"]}
    assert seen["Chloe"] == "idiot-du-village"
    assert "c'est l'Idiot du Village : il survit" in digest(game, "Farid")
    game.ok("Alice", "tuer Farid")
    game.ok("Bruno", "tuer Farid")
    game.refused("Chloe", "vote Alice", "not_allowed")
    assert "Chloe" not in game.events("StepOpened")[-1]["actors"]
    # he still debates
    assert game.post("Chloe", "place", "Je suis innocent !").ok


def test_killed_by_the_wolves_he_dies(tmp_path: Path) -> None:
    """004: « et uniquement dans le cas »: the wolves kill him as anyone."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Alice", "tuer Chloe")
    game.ok("Bruno", "tuer Chloe")
    assert died(game) == [("Chloe", "wolves")]


def test_a_captain_revealed_loses_the_title_for_good(tmp_path: Path) -> None:
    """004: « Si l'Idiot était le Capitaine au moment où son rôle est révélé suite aux votes du
    bûcher, ce rôle est perdu définitivement. »"""
    game = thiercelieux(tmp_path, ROLES, election=True)
    votes(game, {n: "Chloe" for n in ROLES})
    game.ok("Alice", "tuer Gina")
    game.ok("Bruno", "tuer Gina")
    votes(game, {n: "Chloe" for n in ("Alice", "Bruno", "David")})
    assert game.events("CaptainPassed") == [
        {"type": "CaptainPassed", "frm": "Chloe", "to": None, "how": "lost"}
    ]
    assert game.view()["captain"] is None
    assert "Le titre de Capitaine est perdu définitivement." in digest(game, "David")


def test_the_title_passed_to_him_gives_no_advantage_but_he_may_pass_it(tmp_path: Path) -> None:
    """004: « Si le Capitaine décide de transmettre son titre à l'Idiot révélé, l'Idiot ne
    bénéficie d'aucun des avantages liés à ce titre. Il ne pourra donc ni voter, ni trancher. En
    revanche, il pourra lui-même transmettre le titre de Capitaine à son éventuelle future
    mort. »"""
    game = thiercelieux(tmp_path, ROLES, capitaine="tranchage", election=True)
    votes(game, {n: "David" for n in ROLES})
    game.ok("David", "successeur Chloe")
    game.ok("Alice", "tuer Gina")
    game.ok("Bruno", "tuer Gina")
    votes(game, {n: "Chloe" for n in ("Alice", "Bruno", "Emma")})
    assert game.state.players["Chloe"].revealed
    game.ok("Alice", "tuer David")
    game.ok("Bruno", "tuer David")
    assert game.view()["captain"] == "Chloe"
    # a tie: the Idiot captain may not break it, nobody burns
    votes(game, {"Alice": "Emma", "Emma": "Alice"})
    assert game.events("ReactionAwaited") == []
    game.refused("Chloe", "trancher Alice", "not_allowed")
    assert died(game)[-1] == ("David", "wolves")
    game.ok("Chloe", "successeur Farid")
    game.ok("Alice", "tuer Chloe")
    game.ok("Bruno", "tuer Chloe")
    assert game.view()["captain"] == "Farid"
