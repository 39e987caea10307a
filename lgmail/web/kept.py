"""What the site computed of a game, kept until the game moves on: one entry a game, keyed by
its version (and whatever else the value depends on), so a page read twice is made once and a
game that moved on is made afresh."""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")


class Kept(Generic[T]):
    def __init__(self) -> None:
        self._by_game: dict[str, tuple[Hashable, T]] = {}
        self._lock = threading.Lock()

    def get(self, game: str, key: Hashable, make: Callable[[], T]) -> T:
        """The value kept for `game` at `key`, else `make()` (kept in place of the game's
        older one)."""
        with self._lock:
            known = self._by_game.get(game)
        if known is not None and known[0] == key:
            return known[1]
        value = make()
        with self._lock:
            self._by_game[game] = (key, value)
        return value
