"""Enfant Sauvage (004): a villager who names a model on receiving his role; when the model
dies, whatever the cause, he becomes a wolf and joins the den the following night.

« Dès la réception de son rôle, il indique au MJ un autre joueur de la partie afin que celui-ci
devienne son modèle. » « Lorsque le modèle est éliminé, peu importe la raison [...] l'Enfant
Sauvage devient l'équivalent d'un Loup-Garou [...] Il rejoint l'antre au début de la Nuit suivant
la mort de son modèle. » Ruling: a model not named by the end of the first night's first step is
drawn at random (a recorded draw).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, checks, folds, may_give, resolves, tells, used_up
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.role import RoleSpec, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

#: 004: the Enfant Sauvage's model
MODELE = Verb(
    Kind.declare("modele"),
    ("modele", "model", "mentor"),
    1,
    {"fr": "modele NOM", "en": "modele NAME (model)"},
)


ROLE = RoleSpec(
    slug="enfant-sauvage",
    camp="village",
    names={"fr": "Enfant Sauvage", "en": "Wild Child"},
    orders=frozenset({MODELE.kind}),
    verbs=(MODELE,),
    step="cupidon",
    help={
        "fr": "Dès le début : « modele NOM ». S'il meurt, vous devenez loup-garou et rejoignez "
        "la meute la nuit suivante.",
        "en": 'At the start: "modele NAME" (model). If they die, you become a werewolf and join '
        "the pack the following night.",
    },
)

MODEL = "modele"
#: the status of a child whose model died: a wolf, not yet in the den
TURNED = "sauvage-loup"


def model_of(player: Player) -> str | None:
    return player.links.get(MODEL)


def children_of(state: GameState, model: str) -> list[Player]:
    """The living Enfants Sauvages whose model is `model` and who are still villagers."""
    return [
        p
        for p in state.living()
        if p.role == ROLE.slug and model_of(p) == model and TURNED not in p.status
    ]


@event
@dataclass(frozen=True)
class ModelChosen(Event):
    """The Enfant Sauvage's model (004); `drawn` when he named none in time."""

    child: str
    model: str
    drawn: bool = False


@folds(ModelChosen)
def _model(s: GameState, e: ModelChosen) -> None:
    s.players[e.child].links["modele"] = e.model


@tells(ModelChosen)
def _tell_model(s: GameState, e: ModelChosen, later: Sequence[Event]) -> list[Notice]:
    """Told only when the lot chose his model for him."""
    return [Notice(e.child, "roles:enfant_sauvage:modele", {"model": e.model})] if e.drawn else []


# --- in 004 (thiercelieux): its night ---


@resolves("thiercelieux", "modele")
def _modele(tx: Tx) -> None:
    s = tx.state
    for child in s.by_role(ROLE.slug):
        if model_of(child):
            continue
        given = s.order_of(child.name, MODELE.kind)
        if given is not None:
            tx.emit(ModelChosen(child.name, given.order.target))
            continue
        others = [n for n in s.living_names() if n != child.name]
        if others:
            (model,) = tx.draw(f"modele:{child.name}", others)
            tx.emit(ModelChosen(child.name, model, drawn=True))


# --- in 004 (thiercelieux): its orders ---


@may_give(ROLE.slug, MODELE.kind)
def _may_choose(state: GameState, player: Player) -> bool:
    return state.number == 1 and not model_of(player)


@used_up(ROLE.slug, MODELE.kind)
def _chose(state: GameState, player: Player) -> bool:
    return bool(model_of(player))


@checks(ROLE.slug, MODELE.kind)
def _check_model(state: GameState, player: Player, order: Order) -> None:
    if order.target == player.name:
        # 004: « il indique au MJ un autre joueur de la partie »
        raise Refused(Cause.ILLEGAL_TARGET, target=player.name, why="self")
