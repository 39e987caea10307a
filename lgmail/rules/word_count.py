"""Counting a message's words: 002's murmur ("Nombre de mots maximum dans un mur-mur"; "Si vous
essayez n'importe quel moyen abusé pour raccourcir vos phrases (ex : jaisondémaléetmoghloups)
..."), 004's Passager (« Ce message ne peut contenir au maximum que vingt mots »).

A word is what spaces and punctuation separate ("j'ai" and "Jean-Pierre" are one each). A word
unknown to the French lexicon is cut into the likeliest words it is glued from, and counts as
that many: "jaisondémaléetmoghloups" counts as several. A proper noun (a capital, then lower
case) and a player's name count as one. The
lexicon is reference data shipped by a package made for it (pyspellchecker's French word list,
pinned like `tzdata`); the count is recorded in the event, so a replay never counts again.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Collection, Mapping
from functools import cache

#: the one-letter words a glued word may contain
SHORT = frozenset({"a", "à", "y", "ô"})
#: the longest piece tried
LONGEST = 25
#: what an unknown stretch costs, and each of its letters after the first (Norvig: an unknown
#: word is the less likely the longer it is), tuned on the lexicon's costs (3 to 16)
UNKNOWN = 18.0
UNKNOWN_LETTER = 4.0

_WORD = re.compile(r"[\w'’-]+")
_LETTERS = re.compile(r"[^\W\d_]+")


@cache
def lexicon() -> dict[str, float]:
    """The French words (lower case, accents kept) and what each costs in a segmentation:
    the negative log of its frequency, so common words are preferred (Norvig's segmenter).
    The word list loads with the first count, not with the rule sets that count."""
    from spellchecker import SpellChecker

    frequency = SpellChecker(language="fr", distance=1).word_frequency.dictionary
    total = sum(frequency.values())
    return {
        word: math.log(total / n)
        for word, n in frequency.items()
        if n > 0 and (len(word) > 1 or word in SHORT)
    }


def pieces(run: str, words: Mapping[str, float] | None = None) -> int:
    """How many words a run of letters is glued from: the pieces of its likeliest
    segmentation, each piece a word of the lexicon or an unknown stretch (whose cost grows
    with its length, as in Norvig's segmenter). A word, or a run no likelier cut into words,
    is one."""
    lex = lexicon() if words is None else words
    text = unicodedata.normalize("NFC", run.lower())
    n = len(text)
    if n < 4 or text in lex:
        return 1
    # best[i]: (cost, pieces) for text[:i]
    best: list[tuple[float, int]] = [(0.0, 0)] + [(math.inf, 0)] * n
    for j in range(1, n + 1):
        for i in range(max(0, j - LONGEST), j):
            piece = text[i:j]
            weight = lex.get(piece)
            if weight is None:
                weight = UNKNOWN + UNKNOWN_LETTER * (len(piece) - 1)
            cost = best[i][0] + weight
            if cost < best[j][0]:
                best[j] = (cost, best[i][1] + 1)
    return max(1, best[n][1])


def written(text: str) -> int:
    """The words of `text` as written: each glued run counts as one."""
    return len(_WORD.findall(text))


def zeros(text: str) -> str:
    """`text` replaced by zeros, one a word as written (002: « votre message sera remplacé par
    des 0 »)."""
    return " ".join(["0"] * max(1, written(text)))


def count(text: str, exempt: Collection[str] = ()) -> int:
    """The words of `text`; `exempt` (the players' names) always count as one each."""
    names = {unicodedata.normalize("NFC", n.lower()) for n in exempt}
    total = 0
    for token in _WORD.findall(text):
        runs = _LETTERS.findall(token)
        if not runs:
            total += 1
            continue
        low = unicodedata.normalize("NFC", token.lower())
        proper = token[0].isupper() and token[1:] == token[1:].lower()
        if low in names or low in lexicon() or proper or all(len(r) < 4 for r in runs):
            total += 1
            continue
        total += 1 + sum(pieces(r) - 1 for r in runs)
    return total
