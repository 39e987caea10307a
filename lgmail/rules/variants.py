"""The rule sets the kernel can run, by name, each loaded the first time a game names it (a
command reading one classic game loads neither 001's houses nor Koh-Lanta's challenges)."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from lgmail.rules.state import GameState
from lgmail.rules.variant import Variant

#: each rule set's name, and where it is: "module:attribute"
_PLACES: dict[str, str] = {
    "classic": "lgmail.rules.classic:CLASSIC",
    "nombres": "lgmail.rules.nombres.game:NOMBRES",
    "thiercelieux": "lgmail.rules.thiercelieux.game:THIERCELIEUX",
    "maisons": "lgmail.rules.maisons.game:MAISONS",
    "kohlanta": "lgmail.rules.kohlanta.game:KOHLANTA",
    "cinquieme-element": "lgmail.rules.cinquieme.game:CINQUIEME",
}


class RuleSets(Mapping[str, Variant]):
    """The rule sets by name: the names are known at once, each rule set is imported when it is
    first asked for."""

    def __init__(self, places: Mapping[str, str]) -> None:
        self._places = dict(places)
        self._loaded: dict[str, Variant] = {}

    def __getitem__(self, name: str) -> Variant:
        loaded = self._loaded.get(name)
        if loaded is None:
            module, attribute = self._places[name].split(":")
            loaded = getattr(importlib.import_module(module), attribute)
            assert loaded.name == name, (loaded.name, name)
            self._loaded[name] = loaded
        return loaded

    def load_all(self) -> None:
        """Import every rule set now (a worker as it starts: not the first tick of each)."""
        for name in self._places:
            self[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._places)

    def __len__(self) -> int:
        return len(self._places)

    def __contains__(self, name: object) -> bool:
        return name in self._places


VARIANTS = RuleSets(_PLACES)


def variant_of(state: GameState) -> Variant:
    return VARIANTS[state.variant]
