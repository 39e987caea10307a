"""The steps of the base game (003, completed by 004): their names, and which step each of
its roles' orders is resolved in."""

from __future__ import annotations

from lgmail.rules.orders import Kind

ELECTION, VOTE, CUPIDON, LOUPS, SORCIERE = "election", "vote", "cupidon", "loups", "sorciere"
STANDING = "standing"

#: which step each order is resolved in ("vote" means the phase's vote step)
ORDER_STEP: dict[Kind, str] = {
    Kind.UNIR: CUPIDON,
    Kind.SONDER: LOUPS,
    Kind.PROTEGER: LOUPS,
    Kind.TUER: LOUPS,
    Kind.SAUVER: SORCIERE,
    Kind.EMPOISONNER: SORCIERE,
}
