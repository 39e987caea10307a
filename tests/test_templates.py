"""What players read exists in French and English alike, and dates are written in words."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from lgmail.mail.render import templates_dir, when


def names(lang: str) -> set[str]:
    root = templates_dir() / lang
    return {str(p.relative_to(root)) for p in root.rglob("*.txt")}


def test_both_languages_have_the_same_templates() -> None:
    assert names("fr") == names("en")
    assert "player/role.txt" in names("fr")


def test_dates_in_words_in_paris_time() -> None:
    moment = datetime(2026, 11, 29, 20, 30, tzinfo=UTC)
    assert when(moment, "fr") == "dimanche 29 novembre à 21h30"
    assert when(moment, "en") == "Sunday 29 November at 21:30"
    summer = datetime(2026, 6, 1, 19, 30, tzinfo=UTC)
    assert when(summer, "fr") == "lundi 1 juin à 21h30"


def test_templates_dir_is_the_top_level_folder() -> None:
    assert templates_dir() == Path(__file__).resolve().parents[1] / "templates"
