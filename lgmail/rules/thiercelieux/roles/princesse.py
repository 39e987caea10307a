"""Princesse (004): each night she names a player whose vote counts one more at the next stake,
if he is a Simple Villageois or a Simple Loup-Garou.

« Chaque Nuit de jeu, la Princesse peut cibler un joueur de son choix, qui aura un vote compte
+1 pour le bûcher suivant, mais uniquement s'il est Simple Villageois ou Simple Loup-Garou. »
"""

from __future__ import annotations

from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds, resolves
from lgmail.rules.orders import Kind
from lgmail.rules.role import RoleSpec, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import powers, tonight
from lgmail.rules.thiercelieux.roles import servante_devouee
from lgmail.rules.tx import Tx

#: 004: the Princesse's favour
FAVORISER = Verb(
    Kind.declare("favoriser"),
    ("favoriser", "favorise", "couronner", "couronne", "favour", "favor", "crown"),
    1,
    {"fr": "favoriser NOM", "en": "favoriser NAME (favour)"},
)


ROLE = RoleSpec(
    slug="princesse",
    camp="village",
    names={"fr": "Princesse", "en": "Princess"},
    orders=frozenset({FAVORISER.kind}),
    verbs=(FAVORISER,),
    step="loups",
    village_power=True,
    help={
        "fr": "Chaque nuit : « favoriser NOM » : son vote comptera +1 au bûcher suivant s'il est "
        "Simple Villageois ou Simple Loup-Garou.",
        "en": 'Each night: "favoriser NAME" (favour): their vote counts one more at the next '
        "stake if they are a Simple Villager or a Simple Werewolf.",
    },
)

#: 004: « uniquement s'il est Simple Villageois ou Simple Loup-Garou »
SIMPLE = frozenset({"villageois", "loup-garou"})


def favoured(player: Player) -> bool:
    return player.role in SIMPLE


@event
@dataclass(frozen=True)
class VoteBoosted(Event):
    """`player`'s vote counts one more at the stake of `day` (004: the Princesse)."""

    player: str
    day: int


@folds(VoteBoosted)
def _boosted(s: GameState, e: VoteBoosted) -> None:
    s.extra.setdefault(f"princesse:{e.day}", []).append(e.player)


# --- in 004 (thiercelieux): its night ---


@resolves("thiercelieux", "favoriser")
def _favoriser(tx: Tx) -> None:
    s = tx.state
    for _, targets in tonight.given(s, ROLE.slug, FAVORISER.kind):
        # 004, Servante Dévouée: her role taken, « elle récupère aussi le bonus de +1 voix »
        target = s.players[servante_devouee.taker(s, targets[0])]
        # 004, Fantôme: « Si la Princesse cible un joueur dont le pouvoir a été supprimé [...]
        # le joueur aura un vote compte +1 »
        if target.alive and (favoured(target) or powers.stripped(s, target)):
            tx.emit(VoteBoosted(target.name, s.number))
