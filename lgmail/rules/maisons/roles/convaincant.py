"""Convaincant (001): « Une fois par partie, pendant la nuit, il peut choisir une maison, puis une
personne dans la maison. Si le convaincant est loup garou, la personne choisie devient loup garou.
Si le convaincant est villageois et la personne loup garou, le loup garou meurt. [...] Action
unique directe. »

He writes « convaincre la maison de NOM : PERSONNE »: he enters NOM's house (a direct action:
the Salbatar and the Salvateur stop it, reported as failed); a PERSONNE who is not in that house
that night is not found, which is not reported as a failure (001: « visite d'un joueur Planqué
ailleurs »).

Rulings:
- he acts where `night.PLACED` puts him, right after the Pyromane: with the other destruction
  roles, after the night's kills (the pack's order stands as the pack was when it gave it: a
  new wolf does not join tonight's murder), before the Guérisseuse, who must learn every victim
  of the night (a wolf a villager convinced is one);
- his nature is read when he acts; a Loup Garou convincing a wolf, or a villager a villager:
  nothing happens;
- a villager made a wolf (`Converted`) is told he is a Loup Garou now, with the names of the
  pack; the pack (its other living wolves, the Convaincant among them) is told his name, but not
  which wolf convinced him;
- a wolf a villager convinced is attacked and dies at dawn (a Guérisseuse may save him);
- the Suiveur's clause (« Si le convaincant est Suiveur, il est mis au courant de si la personne
  choisie est Suiveur [...] ») waits for the Suiveur: not implemented yet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.maisons.night import NightRun, Plan
from lgmail.rules.maisons.role import HOUSE, Action, MaisonRole, resolves, role
from lgmail.rules.maisons.roles.loup_garou import NATURE, pack
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Refusal
from lgmail.rules.roles.base import Said, Verb
from lgmail.rules.state import GameState


def _read(said: Said) -> Order | Refusal:
    """« convaincre la maison de NOM : PERSONNE » (the house's owner, then the person)."""
    house_part, colon, person_part = said.after_verb().partition(":")
    if not colon or not house_part.strip() or not person_part.strip():
        return said.order()
    owner = said.name(said.tokens(house_part))
    if isinstance(owner, Refusal):
        return owner
    person = said.name(said.tokens(person_part))
    if isinstance(person, Refusal):
        return person
    return Order(Kind.CONVAINCRE, (owner, person))


CONVAINCRE = Verb(
    Kind.CONVAINCRE,
    ("convaincre", "convaincs", "convainc", "persuader", "persuade", "convince"),
    2,
    {
        "fr": "convaincre la maison de NOM : PERSONNE",
        "en": "convaincre la maison de NAME : PERSON (convince)",
    },
    read=_read,
)

ROLE = role(
    MaisonRole(
        slug="convaincant",
        names={"fr": "Convaincant", "en": "Persuader"},
        family="destruction",
        help={
            "fr": "Une fois par partie, la nuit : « convaincre la maison de NOM : PERSONNE » "
            "(directe) : loup garou, vous en faites un loup garou ; villageois, s'il est loup "
            "garou, il meurt.",
            "en": 'Once a game, at night: "convaincre la maison de NAME : PERSON" (convince; '
            "direct): a Werewolf, you make them a Werewolf; a villager, if they are a "
            "Werewolf, they die.",
        },
        actions=(Action(CONVAINCRE, direct=True, uses=1, aims=HOUSE),),
    )
)

CAUSE = "convaincant"


@event
@dataclass(frozen=True)
class Converted(Event):
    """`player` is a Loup Garou now, convinced by `by` (the new wolf is not told who)."""

    player: str
    by: str
    nature: str = NATURE


@folds(Converted)
def _converted(s: GameState, e: Converted) -> None:
    p = s.players[e.player]
    p.nature = p.role = e.nature


@tells(Converted)
def _tell_converted(s: GameState, e: Converted, later: Sequence[Event]) -> list[Notice]:
    wolves = pack(s)
    others = [w for w in wolves if w != e.player]
    told = [Notice(e.player, "maisons:convaincant:converted", {"pack": others})]
    return told + [Notice(w, "maisons:convaincant:recruit", {"recruit": e.player}) for w in others]


@resolves(ROLE.slug)
def _convaincre(run: NightRun, plan: Plan) -> None:
    owner, person = plan.targets[0], plan.targets[1]
    house = run.house_of(owner)
    if not run.enter(plan, house) or person not in run.inside(house):
        return
    mine = run.state.players[plan.player].nature
    theirs = run.state.players[person].nature
    if mine == NATURE and theirs != NATURE:
        run.tx.emit(Converted(person, plan.player))
    elif mine != NATURE and theirs == NATURE:
        run.attack(person, CAUSE, plan.player)
