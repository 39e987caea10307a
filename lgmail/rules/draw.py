"""Deterministic draws from caller-supplied entropy.

The rules never call `random`: the service hands every command an integer of entropy, and the
rules turn it into choices with SHA-256. The choice itself is then recorded as an event, so a
replay applies the recorded result and never draws again (DESIGN: "every random draw is an
event").
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def _number(entropy: int, salt: str) -> int:
    digest = hashlib.sha256(f"{entropy}:{salt}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def pick(entropy: int, salt: str, items: Sequence[T]) -> T:
    """One item of `items`, chosen by `entropy` and `salt`."""
    if not items:
        raise ValueError("nothing to pick from")
    return items[_number(entropy, salt) % len(items)]


def shuffled(entropy: int, salt: str, items: Sequence[T]) -> list[T]:
    """A permutation of `items` (Fisher-Yates driven by hashed entropy)."""
    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        j = _number(entropy, f"{salt}:{i}") % (i + 1)
        result[i], result[j] = result[j], result[i]
    return result
