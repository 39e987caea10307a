"""Who won (003): the village when no wolf is left, the wolves when no villager is left; a wolf
and a villager in love win together when they are the last two alive."""

from __future__ import annotations

from lgmail.rules.state import GameState
from lgmail.rules.thiercelieux.roles import cupidon
from lgmail.rules.variants import variant_of

VILLAGE, LOUPS, AMOUREUX = "village", "loups", "amoureux"


def outcome(state: GameState) -> tuple[str | None, list[str]] | None:
    camp_of = {slug: card.camp for slug, card in variant_of(state).roles.items()}
    living = state.living()
    mixed = cupidon.mixed_couple(state, camp_of)
    traitors = set(state.lovers) if mixed else set()
    if not living:
        return None, []
    if mixed and {p.name for p in living} == traitors:
        return AMOUREUX, list(state.lovers)
    if not any(camp_of[p.role] == LOUPS for p in living):
        return VILLAGE, _camp(state, camp_of, VILLAGE, traitors)
    if all(camp_of[p.role] == LOUPS and p.name not in traitors for p in living):
        return LOUPS, _camp(state, camp_of, LOUPS, traitors)
    return None


def _camp(state: GameState, camp_of: dict[str, str], camp: str, traitors: set[str]) -> list[str]:
    return [
        p.name for p in state.players.values() if camp_of[p.role] == camp and p.name not in traitors
    ]
