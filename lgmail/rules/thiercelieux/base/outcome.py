"""Who won (003): the village when no wolf is left, the wolves when no villager is left; a wolf
and a villager in love win together when they are the last two alive."""

from __future__ import annotations

from lgmail.rules.state import GameState
from lgmail.rules.thiercelieux.catalogue import CAMP_OF
from lgmail.rules.thiercelieux.roles import cupidon

VILLAGE, LOUPS, AMOUREUX = "village", "loups", "amoureux"


def outcome(state: GameState) -> tuple[str | None, list[str]] | None:
    living = state.living()
    mixed = cupidon.mixed_couple(state, CAMP_OF)
    traitors = set(state.lovers) if mixed else set()
    if not living:
        return None, []
    if mixed and {p.name for p in living} == traitors:
        return AMOUREUX, list(state.lovers)
    if not any(CAMP_OF[p.role] == LOUPS for p in living):
        return VILLAGE, _camp(state, VILLAGE, traitors)
    if all(CAMP_OF[p.role] == LOUPS and p.name not in traitors for p in living):
        return LOUPS, _camp(state, LOUPS, traitors)
    return None


def _camp(state: GameState, camp: str, traitors: set[str]) -> list[str]:
    return [
        p.name for p in state.players.values() if CAMP_OF[p.role] == camp and p.name not in traitors
    ]
