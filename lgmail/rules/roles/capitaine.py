"""Capitaine (003): a title on top of a role; on a tie his vote counts double; at his death he
names his successor.

004 where 003 is silent: the successor may be named in advance; with none named in the delay the
title is drawn among the living; a tied election leaves the game without a captain.
"""

from collections.abc import Mapping

from lgmail.rules.orders import Kind

TITLE = {"fr": "Capitaine", "en": "Captain"}
ORDERS = frozenset({Kind.SUCCESSEUR})


def tally(
    votes: Mapping[str, str | None], captain: str | None
) -> tuple[dict[str, float], str | None, list[str]]:
    """Count the votes (003): most votes dies; on a tie the captain's vote counts double;
    still tied, nobody. Returns (tally, chosen, tied)."""
    counts: dict[str, float] = {}
    for target in votes.values():
        if target is not None:
            counts[target] = counts.get(target, 0) + 1
    if not counts:
        return counts, None, []
    top = max(counts.values())
    leaders = [n for n, c in counts.items() if c == top]
    if len(leaders) > 1 and captain is not None and votes.get(captain) in leaders:
        counts[votes[captain] or ""] += 1
        top = max(counts.values())
        leaders = [n for n, c in counts.items() if c == top]
    if len(leaders) == 1:
        return counts, leaders[0], []
    return counts, None, sorted(leaders)
