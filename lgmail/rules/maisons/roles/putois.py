"""Putois (001): « Si les Loups Garous attaquent la maison dans laquelle le Putois se trouvent,
ils attaquent à la place une personne au hasard ayant fait une action directe contre la maison
s'il y en a une. Ne fonctionne qu'une fois dans la partie pour tous les Putois (en d'autres
termes, s'il y a deux Putois, seul le premier attaqué sera protégé de cette façon). »

When the pack's direct action enters the house where a living Putois spends the night
(`night.DIVERTS`), the pack attacks instead one person drawn at random (`tx.draw`) among those
who made a direct action into that house earlier tonight; the first victim is spared.

Rulings:
- « attaquent la maison »: it works whoever in that house the pack aimed at (the Putois or
  another occupant), and even when the aimed victim is not found there (a Planqué elsewhere);
- « ayant fait une action directe contre la maison »: the direct actions that entered it
  tonight before the pack did (a Salvateur's, a Détective's, a Planqué's, an Assassin's...; one
  stopped at the door did not enter), the wolf who went out excepted; any of them may be drawn,
  a Loup Garou too; the drawn one is attacked wherever he is (cause: the Loups Garous);
- nobody to draw (« s'il y en a une »): the attack goes on as aimed and the Putois' power is
  not spent; once it has worked, no Putois' works again in the game;
- nobody is told of the switch beyond dawn's deaths (the Guérisseuse is told the new victim).
"""

from __future__ import annotations

from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds
from lgmail.rules.maisons.night import DIVERTS, PACK_CAUSE, NightRun, Plan
from lgmail.rules.maisons.role import MaisonRole, holds, role
from lgmail.rules.state import GameState

ROLE = role(
    MaisonRole(
        slug="putois",
        names={"fr": "Putois", "en": "Skunk"},
        family="auto-protection",
        help={
            "fr": "Si les Loups Garous attaquent la maison où vous êtes, ils attaquent à la place "
            "quelqu'un, tiré au hasard, qui y est entré par une action directe cette nuit (une "
            "fois dans la partie pour tous les Putois).",
            "en": "If the Werewolves attack the house you are in, they attack instead someone, "
            "drawn at random, who entered it by a direct action tonight (once a game for all "
            "the Skunks).",
        },
    )
)

#: `GameState.extra` key: the Putois' power has worked (once a game for all of them)
USED = "putois"


@event
@dataclass(frozen=True)
class SkunkSprayed(Event):
    """The pack's `wolf`, entering `house` where the Putois `putois` was, attacked `instead`
    rather than `aimed`."""

    putois: str
    wolf: str
    house: str
    aimed: str
    instead: str


@folds(SkunkSprayed)
def _sprayed(s: GameState, e: SkunkSprayed) -> None:
    s.extra[USED] = True


def _divert(run: NightRun, plan: Plan, house: str) -> None:
    s = run.state
    if s.extra.get(USED):
        return
    skunks = [p for p in sorted(run.inside(house)) if holds(s, s.players[p], ROLE.slug)]
    if not skunks:
        return
    earlier = [p for p, h in run.visits[:-1] if h == house and p != plan.player]
    among = sorted({p for p in earlier if s.players[p].alive})
    if not among:
        return
    instead = run.tx.draw(f"putois:{house}", among, 1)[0]
    run.tx.emit(SkunkSprayed(skunks[0], plan.player, house, plan.target, instead))
    run.attack(instead, PACK_CAUSE, plan.player)
    run.diverted.add(plan.player)


DIVERTS.append(_divert)
