"""Spelling set aside: what a written word is compared by (a player's name, a verb, a role),
accents and case ignored."""

from __future__ import annotations

import functools
import unicodedata


@functools.lru_cache(maxsize=8192)
def fold(text: str) -> str:
    """Lower case without accents: "Sorcière" -> "sorciere" (kept: names come again and
    again)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
