"""Guérisseuse (001): « Est prévenue, pendant chaque nuit et tant qu'elle n'a pas utilisé son
pouvoir, de chaque personne attaquée par un quelconque effet et de la cause de l'effet. Une fois
par partie, elle peut alors décider de sauver cette personne. Action unique directe. » and, from
« Gestion de la nuit »: « L'unique exception à cette règle est la Guérisseuse, qui doit d'abord
recevoir la liste des victimes de la nuit du MJ. »

The night has a second step, « guerisseuse » (`game`), planned when a living Guérisseuse has her
save left. When the first step closes, the order is resolved up to her (`night.resolve_before`);
if someone was attacked, each such Guérisseuse is told the victims and their causes
(`VictimsShown`) and the step opens; she answers « guérir NOM ». At its close her save resolves,
then the rest of the order (Voyante, Joueur de tarot, ...), the reports, and dawn.

Rulings:
- nobody attacked: the step does not open (she is told nothing; the rest of the order resolves
  at once);
- « guérir NOM » is given only in her step, on one of the attacked; she may save herself;
- it is a direct action into the house where the victim spends the night: like any other, it
  fails when she is held in her house (Salbatar) or the house is shielded (Salvateur), spent
  all the same (« Action unique »); it counts as her one direct action of the night (a
  Guérisseuse who already went out tonight may not save);
- a save lifts every attack on the victim: he is off dawn's deaths, and off what the reports
  (Jardinier, Paranoïaque, Détective) treat as dying; nobody is told of the save but by dawn;
- her other actions of the night stay as given (her « guérir » is no new night mail).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.maisons import acting
from lgmail.rules.maisons.events import ATTACKS, ActionPlanned, attacks, phase_key, plans
from lgmail.rules.maisons.night import GUERISSEUSE, NightRun, Plan, resolves
from lgmail.rules.maisons.role import PLAYER, Action, MaisonRole, holds, role
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.role import Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

SAUVER = Verb(
    Kind.declare("guerir"),
    # not « sauver »: the Sorcière's word everywhere else (a line read out of any game)
    ("guerir", "gueris", "soigner", "soigne", "heal", "cure"),
    1,
    {"fr": "guérir NOM", "en": "guerir NAME (heal)"},
)

ROLE = role(
    MaisonRole(
        slug=GUERISSEUSE,
        names={"fr": "Guérisseuse", "en": "Healer"},
        family="protection",
        help={
            "fr": "Tant que vous n'avez pas sauvé : chaque nuit où quelqu'un est attaqué, la "
            "liste des victimes et des causes vous est envoyée ; une fois par partie, répondez "
            "« guérir NOM » (directe).",
            "en": "Until you have saved someone: each night someone is attacked, you are sent "
            'the victims and their causes; once a game, answer "guerir NAME" (heal; direct).',
        },
        actions=(Action(SAUVER, direct=True, uses=1, aims=PLAYER),),
    )
)


@event
@dataclass(frozen=True)
class VictimsShown(Event):
    """The Guérisseuse `player` is told tonight's attacked and causes ([victim, cause])."""

    player: str
    victims: list[list[str]] = field(default_factory=list)


@event
@dataclass(frozen=True)
class Saved(Event):
    """`by` saved `victim`: every attack on him tonight is lifted."""

    by: str
    victim: str


@folds(VictimsShown)
def _shown(s: GameState, e: VictimsShown) -> None:
    """Nothing changes: she is told."""


@folds(Saved)
def _saved(s: GameState, e: Saved) -> None:
    held = s.extra.get(ATTACKS, {})
    if held.get("at") == phase_key(s):
        held["list"] = [a for a in held["list"] if a[0] != e.victim]


@tells(VictimsShown)
def _tell(s: GameState, e: VictimsShown, later: Sequence[Event]) -> list[Notice]:
    ctx = {"victims": [{"name": v, "cause": c} for v, c in e.victims]}
    return [Notice(e.player, "maisons:guerisseuse:victims", ctx)]


def may_save(s: GameState, player: Player) -> bool:
    """A living Guérisseuse with her save left (« tant qu'elle n'a pas utilisé son pouvoir »)."""
    left = acting.uses_left(player, ROLE, ROLE.actions[0])
    return holds(s, player, ROLE.slug) and bool(left)


def healers(s: GameState) -> list[str]:
    """The Guérisseuses who may save tonight: none when nobody was attacked."""
    if not attacks(s):
        return []
    return [p.name for p in s.living() if may_save(s, p)]


def tell_victims(tx: Tx) -> None:
    """« doit d'abord recevoir la liste des victimes de la nuit du MJ »."""
    victims: list[list[str]] = []
    for victim, cause, _ in attacks(tx.state):
        if [victim, cause] not in victims:
            victims.append([victim, cause])
    for name in healers(tx.state):
        tx.emit(VictimsShown(name, victims))


def saved_tonight(s: GameState, player: str) -> bool:
    return any(p["role"] == ROLE.slug for p in plans(s).get(player, []))


def accept(tx: Tx, player: Player, order: Order) -> None:
    """« guérir NOM » in her step: one of the attacked, her one direct action of the night."""
    s = tx.state
    if player.name not in healers(s) or saved_tonight(s, player.name):
        raise Refused(Cause.NOT_NOW, when="night")
    if order.target not in {v for v, _, _ in attacks(s)}:
        raise acting.refused("not-attacked", target=order.target)
    mine = plans(s).get(player.name, [])
    if any(acting.is_direct(str(p["role"]), str(p["kind"])) for p in mine):
        raise acting.refused("one-direct")
    tx.emit(ActionPlanned(player.name, ROLE.slug, order.kind.value, [order.target], tx.mail))


@resolves(ROLE.slug)
def _sauver(run: NightRun, plan: Plan) -> None:
    victim = plan.target
    if victim not in {v for v, _, _ in run.attacked}:
        return  # saved by another Guérisseuse first
    house = run.where.get(victim, run.house_of(victim))
    if run.enter(plan, house):
        run.tx.emit(Saved(plan.player, victim))
        run.attacked = [a for a in run.attacked if a[0] != victim]
