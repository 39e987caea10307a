"""The default deal for a player count, for seed 003's roles."""

from __future__ import annotations

MIN_PLAYERS = 4

#: (smallest player count, role) in the order they join the village
SPECIALS = (
    (4, "voyante"),
    (6, "sorciere"),
    (7, "chasseur"),
    (8, "cupidon"),
    (10, "salvateur"),
    (12, "ancien"),
)


def wolves_for(count: int) -> int:
    """About one wolf for four players (003 plays 20 with a handful of wolves)."""
    return max(1, (count + 1) // 4) if count > 5 else 1


def default(count: int) -> list[str]:
    if count < MIN_PLAYERS:
        raise ValueError(f"at least {MIN_PLAYERS} players")
    roles = ["loup-garou"] * wolves_for(count)
    roles += [role for needed, role in SPECIALS if count >= needed]
    return roles + ["villageois"] * (count - len(roles))
