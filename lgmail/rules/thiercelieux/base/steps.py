"""The steps of the base game (003, completed by 004): their names, the orders its night is
made of, and which step each is resolved in. The roles that give them (`roles.cupidon`...)
take their verbs' kinds from here, where the night's table is."""

from __future__ import annotations

from lgmail.rules.orders import Kind

ELECTION, VOTE, CUPIDON, LOUPS, SORCIERE = "election", "vote", "cupidon", "loups", "sorciere"
STANDING = "standing"

#: 003's night: « Cupidon (1ère nuit) », « la Voyante », « le Salvateur », « les Loups-Garous »,
#: « la Sorcière »: the orders of their steps (the pack's kill, `TUER`, is every wolf's)
UNIR = Kind.declare("unir")
SONDER = Kind.declare("sonder")
PROTEGER = Kind.declare("proteger")
TUER = Kind.declare("tuer")
SAUVER = Kind.declare("sauver")
EMPOISONNER = Kind.declare("empoisonner")

#: which step each order is resolved in ("vote" means the phase's vote step)
ORDER_STEP: dict[Kind, str] = {
    UNIR: CUPIDON,
    SONDER: LOUPS,
    PROTEGER: LOUPS,
    TUER: LOUPS,
    SAUVER: SORCIERE,
    EMPOISONNER: SORCIERE,
}
