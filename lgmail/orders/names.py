"""Matching a written name to a player: accents and case ignored, unique prefix, close match."""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.rules.spelling import fold


@dataclass(frozen=True)
class Match:
    """`names`: one name when it is unambiguous, several candidates otherwise, none if unknown."""

    names: tuple[str, ...]


def match(written: str, players: Sequence[str]) -> Match:
    key = fold(written).strip(" .,;:!?\"'«»()")
    if not key:
        return Match(())
    folded = {name: fold(name) for name in players}
    exact = [n for n, f in folded.items() if f == key]
    if exact:
        return Match(tuple(exact))
    prefixed = [n for n, f in folded.items() if f.startswith(key)]
    if prefixed:
        return Match(tuple(prefixed))
    words = [n for n, f in folded.items() if key in f.replace("-", " ").split()]
    if words:
        return Match(tuple(words))
    close = difflib.get_close_matches(key, list(folded.values()), n=3, cutoff=0.75)
    return Match(tuple(n for n, f in folded.items() if f in close))
