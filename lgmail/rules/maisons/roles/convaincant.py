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
- a Suiveur Convaincant adds, after the person, « , suiveur » (make him a Suiveur besides the
  usual action), « , seulement suiveur » (instead of it) and « , révéler » (if both are Suiveurs
  at the end, the person learns who he is); he is told whether the person was a Suiveur
  (`FollowerSounded`); the person made a Suiveur is told (`MadeFollower`), with the
  Convaincant's name when revealed; « Suiveur » is read from the roles he may use (a cancelled
  Suiveur is none); the person's roles are read as they are, a Suiveur role he holds but may
  not use still counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.maisons.night import NightRun, Plan, resolves
from lgmail.rules.maisons.role import HOUSE, Action, MaisonRole, holds, role
from lgmail.rules.maisons.roles.loup_garou import NATURE, pack
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refusal
from lgmail.rules.role import Said, Verb
from lgmail.rules.state import GameState

#: what a Suiveur Convaincant may add after the person, comma-separated: make him a Suiveur
#: besides the usual action, or instead of it; reveal himself to him if both are Suiveurs
FOLLOW, ONLY, REVEAL = "suiveur", "seulement suiveur", "reveler"
FLAGS = {
    "suiveur": FOLLOW,
    "follower": FOLLOW,
    "seulement suiveur": ONLY,
    "only follower": ONLY,
    "reveler": REVEAL,
    "reveal": REVEAL,
}


def _read(said: Said) -> Order | Refusal:
    """« convaincre la maison de NOM : PERSONNE » (the house's owner, then the person), then,
    for a Suiveur, « , suiveur », « , seulement suiveur », « , révéler »."""
    house_part, colon, rest = said.after_verb().partition(":")
    person_part, *extra = rest.split(",")
    if not colon or not house_part.strip() or not person_part.strip():
        return said.order()
    owner = said.name(said.tokens(house_part))
    if isinstance(owner, Refusal):
        return owner
    person = said.name(said.tokens(person_part))
    if isinstance(person, Refusal):
        return person
    flags = [FLAGS.get(" ".join(said.fold(e).split())) for e in extra if e.strip()]
    if None in flags:
        return Refusal(Cause.NOT_ALLOWED, {"why": "maisons", "rule": "convaincre-option"})
    return Order(CONVAINCRE.kind, (owner, person), args=tuple(f for f in flags if f))


CONVAINCRE = Verb(
    Kind.declare("convaincre"),
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
#: the Suiveur's slug (« Si le convaincant est Suiveur »)
FOLLOWER = "suiveur"


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


@event
@dataclass(frozen=True)
class FollowerSounded(Event):
    """A Suiveur Convaincant learnt whether `person` is a Suiveur."""

    convaincant: str
    person: str
    follower: bool


@folds(FollowerSounded)
def _sounded(s: GameState, e: FollowerSounded) -> None:
    """Nothing changes: he is told."""


@tells(FollowerSounded)
def _tell_sounded(s: GameState, e: FollowerSounded, later: Sequence[Event]) -> list[Notice]:
    ctx = {"person": e.person, "follower": e.follower}
    return [Notice(e.convaincant, "maisons:convaincant:sounded", ctx)]


@event
@dataclass(frozen=True)
class MadeFollower(Event):
    """`person` is a Suiveur now, besides his other roles (a Suiveur Convaincant's doing;
    `made` False: he was one already); `revealed`: he is told who did it."""

    person: str
    by: str
    revealed: bool = False
    made: bool = True


@folds(MadeFollower)
def _made(s: GameState, e: MadeFollower) -> None:
    p = s.players[e.person]
    if FOLLOWER not in p.powers:
        p.powers = [*p.powers, FOLLOWER]


@tells(MadeFollower)
def _tell_made(s: GameState, e: MadeFollower, later: Sequence[Event]) -> list[Notice]:
    ctx = {"by": e.by if e.revealed else None, "made": e.made}
    return [Notice(e.person, "maisons:convaincant:follower", ctx)]


@resolves(ROLE.slug)
def _convaincre(run: NightRun, plan: Plan) -> None:
    owner, person = plan.targets[0], plan.targets[1]
    house = run.house_of(owner)
    if not run.enter(plan, house) or person not in run.inside(house):
        return
    s = run.state
    me = s.players[plan.player]
    follower = holds(s, me, FOLLOWER)
    if not (follower and ONLY in plan.args):
        _usual(run, plan.player, person)
    if follower:
        _follow(run, plan, person)


def _usual(run: NightRun, convaincant: str, person: str) -> None:
    mine = run.state.players[convaincant].nature
    theirs = run.state.players[person].nature
    if mine == NATURE and theirs != NATURE:
        run.tx.emit(Converted(person, convaincant))
    elif mine != NATURE and theirs == NATURE:
        run.attack(person, CAUSE, convaincant)


def _follow(run: NightRun, plan: Plan, person: str) -> None:
    """« Si le convaincant est Suiveur, il est mis au courant de si la personne choisie est
    Suiveur. S'il ne l'est pas, le convaincant peut choisir [...] de transformer cette personne
    en Suiveur en plus de ses autres rôles. Si, à la fin de l'action, les deux personnes sont
    Suiveur, le convaincant peut choisir de révéler son identité et son rôle de Suiveur »."""
    s = run.state
    already = FOLLOWER in s.players[person].powers
    run.tx.emit(FollowerSounded(plan.player, person, already))
    reveal = REVEAL in plan.args
    if not already and (FOLLOW in plan.args or ONLY in plan.args):
        run.tx.emit(MadeFollower(person, plan.player, reveal))
    elif already and reveal:
        run.tx.emit(MadeFollower(person, plan.player, True, made=False))
