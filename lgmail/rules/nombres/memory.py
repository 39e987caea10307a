"""Typed reads of 002's facts kept in `GameState.extra` (written by `fold`)."""

from __future__ import annotations

from lgmail.rules.state import GameState


def testament(s: GameState, captain: str) -> list[str]:
    return [str(n) for n in s.extra.get("testaments", {}).get(captain, [])]


def pad_spent(s: GameState) -> bool:
    return bool(s.extra.get("pad_spent", False))


def pad_pending(s: GameState) -> tuple[str, str, str] | None:
    pending = s.extra.get("pad")
    if not pending:
        return None
    wolf, target, role = (str(x) for x in pending)
    return wolf, target, role


def excused(s: GameState, player: str, day: int) -> bool:
    return day in s.extra.get("excused", {}).get(player, [])


def ticket(s: GameState, player: str) -> list[int]:
    return [int(n) for n in s.extra.get("tickets", {}).get(player, [])]


def tickets(s: GameState) -> dict[str, list[int]]:
    return {str(k): [int(n) for n in v] for k, v in s.extra.get("tickets", {}).items()}


def draws(s: GameState) -> list[list[int]]:
    return [[int(n) for n in d] for d in s.extra.get("draws", [])]


def unlimited(s: GameState, player: str) -> bool:
    return player in s.extra.get("unlimited", [])


def jackpot(s: GameState, player: str) -> bool:
    return player in s.extra.get("jackpots", [])


def shared(s: GameState, winner: str) -> list[str]:
    return [str(n) for n in s.extra.get("shared", {}).get(winner, [])]


def murmurs_left(s: GameState, player: str) -> int | None:
    """Murmurs a player holds (None: unlimited)."""
    if unlimited(s, player):
        return None
    earned = int(s.extra.get("earned", {}).get(player, 0))
    return earned - int(s.extra.get("used", {}).get(player, 0))


def murmur_limit(s: GameState, night: int) -> int:
    """002: « Nombre de mots maximum dans un mur-mur = Nombre de joueurs vivants + Numéro de la
    nuit où ils utilisent leur mur-mur »."""
    return len(s.living()) + night


def murmur_tonight(s: GameState, player: str) -> tuple[str, int, int] | None:
    """The murmur `player` wrote this night (text, words, the limit when he wrote it), if any."""
    entry = s.extra.get("tonight", {}).get(player)
    if not entry or s.phase != "night" or int(entry[0]) != s.number:
        return None
    words = int(entry[2])
    return str(entry[1]), words, int(entry[3]) if len(entry) > 3 else words
