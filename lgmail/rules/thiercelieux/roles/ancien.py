"""Ancien (003): survives the first wolf attack; when he dies the Salvateur, the Voyante, the
Sorcière and the Chasseur lose their powers.

004 where 003 is silent: a Salvateur's protection spares the bonus life; the Sorcière's life
potion saves him but the bonus life is spent all the same; he is never told he lost it.
"""

from __future__ import annotations

from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds
from lgmail.rules.role import RoleSpec
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import acting, tonight
from lgmail.rules.thiercelieux.roles import metronome

ROLE = RoleSpec(
    slug="ancien",
    camp="village",
    names={"fr": "Ancien", "en": "Elder"},
    help={
        "fr": "Vous survivez à la première attaque des loups. Votre mort coûte au village "
        "ses pouvoirs.",
        "en": "You survive the wolves' first attack. Your death costs the village its powers.",
    },
)

BONUS = "bonus_life"

#: 003: "le salvateur, la voyante, la sorcière et le chasseur perdent leur pouvoir spécial"
POWERS_LOST_AT_DEATH = ("salvateur", "voyante", "sorciere", "chasseur")


def has_bonus_life(player: Player) -> bool:
    return player.role == ROLE.slug and BONUS not in player.spent


@event
@dataclass(frozen=True)
class AncienResisted(Event):
    """The Ancien's bonus life is spent; he is never told (004)."""

    name: str


@event
@dataclass(frozen=True)
class PowersLost(Event):
    """The village's special powers are gone (003: the Ancien died)."""

    reason: str
    roles: list[str]


@folds(AncienResisted)
def _ancien(s: GameState, e: AncienResisted) -> None:
    s.players[e.name].spent.add("bonus_life")


@folds(PowersLost)
def _powers(s: GameState, e: PowersLost) -> None:
    s.powers_lost = True


# --- in 004 (thiercelieux): its night ---


def bonus_life(state: GameState, name: str) -> bool:
    """The Ancien's bonus life: 004, Métronome, « le "vrai" Ancien rendu inactif peut donc mourir
    en une fois »; the life is one for the game, the Ancien's or the Métronome's."""
    player = state.players[name]
    # 004, Ancien: « Si la Marquise obtient "Sentence de la Marquise" [...] et agit sur
    # l'Ancien, alors l'Ancien ne dispose pas de son éventuelle vie 'bonus' pour la Nuit. »
    return metronome.bonus_life(state, acting.role(state, player)) and tonight.powered(
        state, player
    )
