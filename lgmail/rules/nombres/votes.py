"""Votes (002, Règle 2 and 4): by private mail, blank allowed, closed at 21:30; the Nombre
Fétiche's vote counts 1.5; a tie kills nobody and marks the tied ("en violet")."""

from __future__ import annotations

from collections.abc import Mapping

#: 002: "son vote est équivalent à 1,5 votes"
CAPTAIN_WEIGHT = 1.5


def tally(
    votes: Mapping[str, str | None], captain: str | None, weight: float = CAPTAIN_WEIGHT
) -> tuple[dict[str, float], str | None, list[str]]:
    """(tally, chosen, tied): the most votes is chosen; a tie chooses nobody (002: "En cas
    d'égalité, il n'y aura pas de morts")."""
    counts: dict[str, float] = {}
    for voter, target in votes.items():
        if target is not None:
            counts[target] = counts.get(target, 0) + (weight if voter == captain else 1)
    if not counts:
        return counts, None, []
    top = max(counts.values())
    leaders = sorted(n for n, c in counts.items() if c == top)
    if len(leaders) == 1:
        return counts, leaders[0], []
    return counts, None, leaders


def pack_vote(kills: list[tuple[str, str]], living: set[str]) -> tuple[str | None, str | None]:
    """The wolves' victim (002, Règle 5): each living wolf's last order is his vote; the most
    votes is the victim, a tie kills nobody. Returns (victim, the last wolf who named it)."""
    votes = {wolf: target for wolf, target in kills if wolf in living and target in living}
    counts: dict[str, int] = {}
    for target in votes.values():
        counts[target] = counts.get(target, 0) + 1
    if not counts:
        return None, None
    top = max(counts.values())
    leaders = [n for n, c in counts.items() if c == top]
    if len(leaders) > 1:
        return None, None
    victim = leaders[0]
    by = next(w for w, t in reversed(kills) if t == victim and votes.get(w) == victim)
    return victim, by
