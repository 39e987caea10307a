"""Orders while the game waits for a phase to rise (002, Règle 1: « Les journées se lèvent à
22h00 pour finir le surlendemain à 21h30. Les nuits se lèvent à 22h00 pour finir le lendemain à
21h30. »; Règle 2: « La clôture des votes se fait à 21h30. »).

Ruling: between a phase's close and the next one's rising (21:30 to 22:00, or from the MJ's
early close to 22:00), and before the first phase of a game started outside 22:00 rises, an
order of a phase is refused with the true reason: what is closed, when the next phase rises,
and to send the order again from then on when that phase takes it (`when` "gap"); otherwise
with the phase that takes it. Orders given in advance (testament, excuse, the Chasseur's shot)
are recorded as at any time.
"""

from __future__ import annotations

from lgmail.rules.calendar import rising
from lgmail.rules.nombres import verbs
from lgmail.rules.orders import Kind
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.tx import Tx, iso

#: the orders of the election day itself, which it takes only once risen (its step need not be
#: open for the rules to take them)
OF_THE_ELECTION = frozenset({Kind.VOTE, verbs.NOMBRES.kind})
#: the phases (kinds) that take an order refused for `when`
TAKEN_IN = {
    "night": {"night"},
    "den": {"night"},
    "day": {"day", "election"},
    "square": {"day", "election"},
    "election": {"election"},
}


def waiting(tx: Tx, next_phase: tuple[str, int]) -> dict[str, str] | None:
    """What the game waits for, as a refusal's details: `closed` (the phase closed, "" before
    the first rising) and `number`, `next` and `next_number` (the phase to rise), `rise` (when);
    None when no phase waits for its rising hour."""
    s = tx.state
    rise = rising(s)
    if rise is None or rise <= tx.now:
        return None
    if s.resolved:
        closed, kind, number = s.phase, *next_phase
    else:
        closed, kind, number = "", s.phase, s.number
    return {
        "closed": closed,
        "number": str(s.number),
        "next": kind,
        "next_number": str(number),
        "rise": iso(rise),
    }


def not_risen(tx: Tx, kind: Kind, next_phase: tuple[str, int]) -> None:
    """The election day's own orders wait for it to rise."""
    if kind in OF_THE_ELECTION and not tx.state.resolved and waiting(tx, next_phase):
        raise Refused(Cause.NOT_NOW, when="gap")


def explained(tx: Tx, refused: Refused, next_phase: tuple[str, int]) -> Refused:
    """`refused`, with the wait's details when it is refused for the time while the game waits
    for a phase to rise; `when` "gap" when the phase to rise takes the order."""
    refusal = refused.refusal
    wait = waiting(tx, next_phase) if refusal.cause is Cause.NOT_NOW else None
    if wait is None:
        return refused
    when = refusal.detail.get("when", "")
    if when == "gap" or wait["next"] in TAKEN_IN.get(when, ()):
        when = "gap"
    return Refused(Cause.NOT_NOW, **{**refusal.detail, **wait, "when": when})
