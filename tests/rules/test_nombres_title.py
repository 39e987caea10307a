"""The captain of Les Nombres is the "Nombre Fétiche" in what players read
(002_9504e6e276dc5f60.txt)."""

from __future__ import annotations

from pathlib import Path

from tests.nombres import ROLES, elect, game
from tests.scenario import Scenario


def test_the_digest_names_the_nombre_fetiche(tmp_path: Path) -> None:
    """002: « Le Nombre Fétiche (capitaine) » — his election is announced under that name."""
    g = game(tmp_path)
    opening = "\n".join(m.subject + "\n" + m.body for m in g.mails("Alice"))
    assert "Élection du Nombre Fétiche" in opening and "Capitaine" not in opening
    elect(g, "Chloe")
    news = "\n".join(m.body for m in g.new_mails("Alice"))
    assert "Chloe est élu·e Nombre Fétiche." in news
    assert "Capitaine" not in news


def test_the_classic_digest_keeps_the_capitaine(tmp_path: Path) -> None:
    g = Scenario(tmp_path, ROLES, election=True)
    assert "élire le Capitaine" in "\n".join(m.body for m in g.mails("Alice"))
