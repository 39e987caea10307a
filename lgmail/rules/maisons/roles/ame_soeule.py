"""Âme soeule (001): « Au début de la partie, choisie un autre joueur. Ce joueur et l'âme soeule
deviennent amoureux. Deux joueurs amoureux doivent être soit tous les deux en vie, soit tous
les deux morts à la fin de la partie pour gagner. Condition de victoire supplémentaire. Si le
couple d'amoureux est composé d'un villageois et d'un loup garou, le villageois devient loup
garou. »

She writes « aimer NOM » in the first phase's step « choix » (not chosen by its end: drawn,
recorded). Both are told they are in love, and who with; a villager in love with a Loup Garou
becomes one (`convaincant.Converted`: he and the pack are told). Both then win only if both are
alive, or both dead, at the end (a condition on the two players, `outcome.PERSONAL`).

Rulings: 001 gives lovers no death of grief (unlike 003): none here; the lovers do not learn
each other's roles."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.maisons.acting import refused
from lgmail.rules.maisons.outcome import PERSONAL, WOLF, Condition
from lgmail.rules.maisons.role import Choice, MaisonRole, chooses, role
from lgmail.rules.maisons.roles.convaincant import Converted
from lgmail.rules.orders import Kind, Order
from lgmail.rules.role import Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

AIMER = Verb(
    Kind.declare("aimer"),
    ("aimer", "aime", "love"),
    1,
    {"fr": "aimer NOM", "en": "aimer NAME (love)"},
)

ROLE = role(
    MaisonRole(
        slug="ame-soeule",
        names={"fr": "Âme soeule", "en": "Soul mate"},
        family="manipulation des conditions de victoire",
        help={
            "fr": "Au début de la partie : « aimer NOM » : vous voilà amoureux ; vous ne "
            "gagnez que vivants tous les deux ou morts tous les deux (condition "
            "supplémentaire). Un villageois amoureux d'un Loup Garou devient Loup Garou.",
            "en": 'At the start of the game: "aimer NAME" (love): you are in love; you win only '
            "both alive or both dead (a supplementary condition). A Villager in love with a "
            "Werewolf becomes one.",
        },
        aliases=("ame-soeur",),
    )
)

#: `GameState.extra` key: âme soeule -> her lover
LOVERS = "amoureux"


@event
@dataclass(frozen=True)
class FellInLove(Event):
    """`soul` and `lover` are in love."""

    soul: str
    lover: str


@folds(FellInLove)
def _fell(s: GameState, e: FellInLove) -> None:
    s.extra.setdefault(LOVERS, {})[e.soul] = e.lover


@tells(FellInLove)
def _tell(s: GameState, e: FellInLove, later: Sequence[Event]) -> list[Notice]:
    return [
        Notice(a, "maisons:ame-soeule:love", {"other": b})
        for a, b in ((e.soul, e.lover), (e.lover, e.soul))
    ]


def _made(s: GameState, player: Player) -> bool:
    return player.name in s.extra.get(LOVERS, {})


def _love(tx: Tx, soul: Player, lover: str) -> None:
    tx.emit(FellInLove(soul.name, lover))
    pair = [soul, tx.state.players[lover]]
    natures = {p.nature for p in pair}
    if WOLF in natures and len(natures) == 2:
        # « le villageois devient loup garou »
        villager = next(p for p in pair if p.nature != WOLF)
        tx.emit(Converted(villager.name, soul.name))


def _take(tx: Tx, player: Player, order: Order) -> None:
    if order.target == player.name or _made(tx.state, player):
        raise refused("ame-other")
    _love(tx, player, order.target)


def _draw(tx: Tx, player: Player) -> None:
    others = sorted(p.name for p in tx.state.living() if p.name != player.name)
    _love(tx, player, tx.draw(f"ame-soeule:{player.name}", others)[0])


chooses(Choice(ROLE.slug, AIMER, _made, _take, _draw))


def _together(s: GameState, player: Player, winner: str | None) -> bool:
    """« soit tous les deux en vie, soit tous les deux morts à la fin de la partie »."""
    for soul, lover in s.extra.get(LOVERS, {}).items():
        if player.name in (soul, lover):
            other = s.players[lover if player.name == soul else soul]
            if other.alive != player.alive:
                return False
    return True


def _in_love(s: GameState, player: Player) -> bool:
    return any(player.name in pair for pair in s.extra.get(LOVERS, {}).items())


PERSONAL.append(Condition("amoureux", _together, _in_love))
