"""Renard: seed 004_c21bac90ae6ca834.txt."""

from pathlib import Path

from tests.rules.thiercelieux.common import thiercelieux

ROLES = {
    "Alice": "villageois",
    "Bruno": "renard",
    "Chloe": "villageois",
    "David": "loup-garou",
    "Emma": "villageois",
    "Farid": "villageois",
    "Gina": "infect-pere-des-loups",
}


def test_a_wolf_among_the_target_and_its_neighbours_he_sniffs_again(tmp_path: Path) -> None:
    """004: « Le joueur ciblé et ses deux voisins (celui d'avant et celui d'après) dans la liste
    par ordre alphabétique des joueurs font alors partie d'un groupe. » « "Il y a au moins un
    Loup-Garou dans ce groupe" ; le Renard reçoit cette information et pourra réutiliser son
    pouvoir pour la Nuit suivante. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.new_mails()
    game.ok("Bruno", "flairer Chloe")
    game.ok("David", "tuer Farid")
    game.ok("Gina", "tuer Farid\nfini")
    (sniffed,) = game.events("FoxSniffed")
    assert sniffed["group"] == ["Bruno", "Chloe", "David"] and sniffed["found"]
    (notice,) = [m for m in game.new_mails("Bruno") if "flair" in m.subject]
    assert (
        "Le groupe flairé : Bruno, Chloe, David.\nIl y a au moins un Loup-Garou dans ce groupe."
        in (notice.body)
    )
    game.end()
    assert "Bruno" in game.events("StepOpened")[-1]["actors"]


def test_no_wolf_he_never_wakes_again_and_the_dead_are_skipped(tmp_path: Path) -> None:
    """004: « "Il n'y pas de Loup-Garou dans ce groupe" ; le Renard reçoit cette information et
    ne se réveillera plus la Nuit pour le reste de la partie. » « Les joueurs éliminés ne sont
    pas pris en compte. » Ruling: the list wraps around (Alice's neighbours: Gina and Bruno)."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Bruno", "flairer Emma")
    game.ok("David", "tuer Farid")
    game.ok("Gina", "tuer Farid\nfini")
    (sniffed,) = game.events("FoxSniffed")
    assert sniffed["group"] == ["David", "Emma", "Farid"] and sniffed["found"]
    game.end()
    # Farid is dead: Emma's neighbours are now David and Gina
    game.ok("Bruno", "flairer Alice")
    game.ok("David", "tuer Emma")
    game.ok("Gina", "tuer Emma\nfini")
    last = game.events("FoxSniffed")[-1]
    assert last["group"] == ["Gina", "Alice", "Bruno"] and last["found"]
    game.end()
    game.ok("Bruno", "flairer Chloe")
    game.ok("David", "tuer Alice")
    game.ok("Gina", "tuer Alice\nfini")
    last = game.events("FoxSniffed")[-1]
    assert last["group"] == ["Bruno", "Chloe", "David"]


def test_the_infected_of_the_night_is_not_a_wolf_yet(tmp_path: Path) -> None:
    """004: « Un joueur recruté par l'IPL n'est pas considéré comme un Loup-Garou la Nuit où il
    se fait recruter. » and « l'infecté ayant rejoint l'antre au cours d'une Nuit antérieure »
    is one."""
    roles = {**ROLES, "David": "villageois", "Gina": "infect-pere-des-loups"}
    game = thiercelieux(tmp_path, roles)
    game.ok("Bruno", "flairer Emma")
    game.ok("Gina", "tuer Emma\ninfecter")
    (sniffed,) = game.events("FoxSniffed")
    assert sniffed["group"] == ["David", "Emma", "Farid"] and not sniffed["found"]
    assert "infecte" in game.state.players["Emma"].status
    game.end()
    assert "Bruno" not in game.events("StepOpened")[-1]["actors"]
    game.refused("Bruno", "flairer Emma", "already_used")
