"""Whether a player has his power in 004, written once: the village's powers are lost with the
Ancien (`has_power`), and powers are taken away (`stripped`): a player stripped of his power keeps
giving his orders, and every power of the rule set fails silently when it is resolved
(`tonight.powered`, `effective`, the deaths' reactions).

- the Marquise's sentence: « elle retire son pouvoir nocturne et/ou diurne à un joueur pour la
  Nuit en cours et le bûcher suivant » (night N and day N: `sentence_key(N)` in
  `GameState.extra`, which her module folds);
- the Fantôme's removal: « Le pouvoir supprimé par le Fantôme ne l'est qu'au lever du Jour »,
  until he dies (`removed`; `REMOVED` in `GameState.extra`, which his module folds).
"""

from __future__ import annotations

from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import camps

#: `GameState.extra` key of the powers the Fantôme removed: player -> the night of the removal
REMOVED = "fantome:supprimes"


def sentence_key(night: int) -> str:
    """`GameState.extra` key of the players the Marquise sentenced on night `night`."""
    return f"sentence:{night}"


def sentenced(state: GameState, name: str) -> bool:
    """Sentenced for the night in progress or the stake that follows it."""
    return state.phase in ("night", "day") and name in state.extra.get(
        sentence_key(state.number), []
    )


def haunting(state: GameState) -> bool:
    """A Fantôme lives: his removals hold."""
    return any(p.role == "fantome" for p in state.living())


def removed(state: GameState, name: str) -> bool:
    """`name`'s power is taken away by the Fantôme now: from the dawn after the night of the
    removal, while a Fantôme lives."""
    night = state.extra.get(REMOVED, {}).get(name)
    if night is None or not haunting(state):
        return False
    dawn = state.phase != "night" or state.resolved
    return state.number > night or (state.number == night and dawn)


def stripped(state: GameState, player: Player) -> bool:
    """Whether `player`'s power is taken away now."""
    return sentenced(state, player.name) or removed(state, player.name)


def has_power(state: GameState, player: Player) -> bool:
    # 004: « La perte des pouvoirs villageois liée à la mort de l'Ancien n'affecte jamais
    # l'Enfant Sauvage »
    return not (camps.village_power(state, player) and state.powers_lost)


def effective(state: GameState, player: Player) -> bool:
    """Whether `player`'s power works now: he has it and nobody took it away (004: the
    Marquise's sentence, the Fantôme's removal). A power taken away still takes orders, and
    fails silently."""
    return has_power(state, player) and not stripped(state, player)
