"""Counting a murmur's words (002_9504e6e276dc5f60.txt): « Nombre de mots maximum dans un
mur-mur = Nombre de joueurs vivants + Numéro de la nuit où ils utilisent leur mur-mur. Si vous
essayez n'importe quel moyen abusé pour raccourcir vos phrases (ex : jaisondémaléetmoghloups),
votre message sera remplacé par des 0 sans avertissement. »"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from lgmail.rules.word_count import count, lexicon

COMMON = ["loup", "village", "nuit", "vote", "maison", "garde", "soleil", "chasseur", "mort"]


def test_the_seeds_glued_example_counts_as_several_words() -> None:
    assert count("jaisondémaléetmoghloups") > 3


@given(st.lists(st.sampled_from(COMMON), min_size=1, max_size=12))
def test_words_apart_count_one_each(words: list[str]) -> None:
    assert all(w in lexicon() for w in COMMON)
    assert count(" ".join(words)) == len(words)
    assert count(", ".join(words) + " !") == len(words)


@given(st.lists(st.sampled_from(COMMON), min_size=2, max_size=5))
def test_the_same_words_glued_count_as_several(words: list[str]) -> None:
    assert count("".join(words)) >= 2


def test_names_elisions_and_compounds_count_as_one() -> None:
    assert count("Jean-Pierre m'a dit aujourd'hui", exempt=["Jean-Pierre"]) == 4
    assert count("Farid et Marie-Claire", exempt=["Farid", "Marie-Claire"]) == 3
