"""Who won (002, Règle 6): "Nombres Numériques : éliminer les Nombres Maudits / Nombres Maudits :
éliminer les Nombres Numériques. S'il ne reste qu'un villageois et un loup, le loup gagne. S'il
ne reste plus que le chasseur et un loup, le chasseur gagne. S'il ne reste plus qu'un villageois
et un loup et que les deux sont absents pendant une journée de débat, le loup gagne."

The third sentence would repeat the first for a plain villager, so it reads as the exception to
the second: the Chasseur and a wolf left, both absent during the last debate day (no order; an
excuse spares a seat, not a duel), the wolf wins. The classic cases (no wolf left, only wolves
left, the lovers last) come first. The fourth end rule (two villagers and a wolf) acts at the
stake: `game`.
"""

from __future__ import annotations

from lgmail.rules.nombres.absences import absent_on
from lgmail.rules.state import GameState
from lgmail.rules.thiercelieux.base.outcome import LOUPS, VILLAGE
from lgmail.rules.thiercelieux.base.outcome import outcome as base_outcome
from lgmail.rules.thiercelieux.catalogue import CAMP_OF
from lgmail.rules.thiercelieux.roles import chasseur


def last_debate_day(s: GameState) -> int:
    """The last debate day played: the day itself once resolved, else the one before."""
    return s.number if s.phase == "day" else s.number - 1


def outcome(s: GameState) -> tuple[str | None, list[str]] | None:
    decided = base_outcome(s)
    if decided is not None:
        return decided
    living = s.living()
    wolves = [p for p in living if CAMP_OF[p.role] == LOUPS]
    villagers = [p for p in living if CAMP_OF[p.role] != LOUPS]
    if len(wolves) != 1 or len(villagers) != 1:
        return None
    hunter = villagers[0]
    day = last_debate_day(s)
    both_absent = day >= 1 and all(absent_on(s, p.name, day, excuses=False) for p in living)
    winner = VILLAGE if hunter.role == chasseur.ROLE.slug and not both_absent else LOUPS
    camp = [p.name for p in s.players.values() if (CAMP_OF[p.role] == LOUPS) == (winner == LOUPS)]
    return winner, camp
