"""Absences (002, Règle 3): "Jusqu'au début du jour 4, les absences non-justifiées pendant une
journée de débat (dans le jeu) et une nuit causeront un remplacement. Si aucun remplaçant n'est
disponible, le joueur absent sera foudroyé. A partir du jour 4, les remplacements feront place à
des foudroiements. Les rôles des foudroyés seront révélés."

The kernel notes, at the end of night N, who gave no order during day N-1 and night N. Here:
those excused in advance for day N-1 ("excuse N-1") are spared; before day 4 (N < 4) the first
unused substitute of the game's list (option `substitutes`: "Nom <adresse>" or {"name",
"email"}, then the sign-ups left without a seat) takes each seat, in the order noted;
otherwise, and from day 4, the absent player is struck down, role revealed.
"""

from __future__ import annotations

import re
from typing import Any

from lgmail.rules import events as ev
from lgmail.rules.nombres import memory
from lgmail.rules.nombres.events import AbsenceExcused
from lgmail.rules.orders import Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.signup_list import substitutes as signup_substitutes
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

#: 002: "Jusqu'au début du jour 4"
STRIKE_FROM_DAY = 4

_ADDRESS = re.compile(r"^\s*(.*?)\s*<\s*([^<>\s]+@[^<>\s]+)\s*>\s*$")


def substitutes(s: GameState) -> list[tuple[str, str]]:
    """The game's substitutes not yet seated: (name, address)."""
    raw: list[Any] = list(s.options.get("substitutes") or [])
    out = []
    for entry in raw:
        if isinstance(entry, dict):
            name, email = str(entry.get("name", "")), str(entry.get("email", ""))
        else:
            found = _ADDRESS.match(str(entry))
            name, email = (found.group(1), found.group(2)) if found else ("", str(entry).strip())
        out.append((name or email.partition("@")[0], email))
    # then those of the sign-ups left without a seat, in their order
    out += [(x.name, x.email) for x in signup_substitutes(s)]
    used = {p.email.lower() for p in s.players.values()}
    return [(n, e) for n, e in out if e.lower() not in used]


def apply(tx: Tx, absent: list[str], strike: list[tuple[str, str]]) -> None:
    """Replace the absent players while 002 allows it; add the others to `strike`."""
    s = tx.state
    day = s.number - 1
    for name in absent:
        if memory.excused(s, name, day) or not s.players[name].alive:
            continue
        free = substitutes(s) if s.number < STRIKE_FROM_DAY else []
        if free:
            by, email = free[0]
            tx.emit(ev.PlayerReplaced(name, email, by))
        else:
            strike.append((name, "struck"))


def absent_on(s: GameState, player: str, day: int, excuses: bool = True) -> bool:
    """Gave no order during debate day `day` (and, with `excuses`, was not excused for it)."""
    if f"day {day}" in s.players[player].acted:
        return False
    return not (excuses and memory.excused(s, player, day))


def excuse(tx: Tx, player: Player, order: Order) -> None:
    """002: absences excused in advance by mail ("excuse N": debate day N and the night after;
    without a number, the current debate day, or the next one)."""
    s = tx.state
    coming = s.number if s.phase in ("day", "night") else 1
    coming = max(coming, 1)
    if order.args:
        try:
            day = int(order.args[0])
        except ValueError as error:
            raise Refused(Cause.UNREADABLE, missing="day") from error
    else:
        day = coming
    if day < coming:
        raise Refused(Cause.NOT_NOW, when="past")
    tx.emit(AbsenceExcused(player.name, day))
