"""Powers taken away in 004, written once: a player stripped of his power keeps giving his
orders, and every power of the rule set fails silently when it is resolved (`tonight.powered`,
`Thiercelieux._effective`, the deaths' reactions).

- the Marquise's sentence: « elle retire son pouvoir nocturne et/ou diurne à un joueur pour la
  Nuit en cours et le bûcher suivant » (night N and day N: `sentence:N` in `GameState.extra`);
- the Fantôme's removal: « Le pouvoir supprimé par le Fantôme ne l'est qu'au lever du Jour »,
  until he dies (`fantome.removed`).
"""

from __future__ import annotations

from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux.roles import fantome, marquise


def sentenced(state: GameState, name: str) -> bool:
    """Sentenced for the night in progress or the stake that follows it."""
    return state.phase in ("night", "day") and name in state.extra.get(
        marquise.sentence_key(state.number), []
    )


def stripped(state: GameState, player: Player) -> bool:
    """Whether `player`'s power is taken away now."""
    return sentenced(state, player.name) or fantome.removed(state, player.name)
