"""Orders: what a player asks for, once the text has been read.

Kinds keep the seeds' French verbs (seed 003/004 vocabulary); the parser in `lgmail.orders`
maps French and English words onto them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Kind(StrEnum):
    VOTE = "vote"
    TUER = "tuer"
    SONDER = "sonder"
    PROTEGER = "proteger"
    SAUVER = "sauver"
    EMPOISONNER = "empoisonner"
    UNIR = "unir"
    TIRER = "tirer"
    SUCCESSEUR = "successeur"
    TRANCHER = "trancher"
    RIEN = "rien"
    AIDE = "aide"


@dataclass(frozen=True)
class Order:
    """A readable order. `targets` are exact player names; `blank` is a blank vote."""

    kind: Kind
    targets: tuple[str, ...] = ()
    blank: bool = False

    @property
    def target(self) -> str:
        return self.targets[0]
