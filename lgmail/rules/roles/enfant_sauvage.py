"""Enfant Sauvage (004): a villager who names a model on receiving his role; when the model
dies, whatever the cause, he becomes a wolf and joins the den the following night.

« Dès la réception de son rôle, il indique au MJ un autre joueur de la partie afin que celui-ci
devienne son modèle. » « Lorsque le modèle est éliminé, peu importe la raison [...] l'Enfant
Sauvage devient l'équivalent d'un Loup-Garou [...] Il rejoint l'antre au début de la Nuit suivant
la mort de son modèle. » Ruling: a model not named by the end of the first night's first step is
drawn at random (a recorded draw).
"""

from lgmail.rules.orders import Kind
from lgmail.rules.roles.base import RoleSpec
from lgmail.rules.state import GameState, Player

ROLE = RoleSpec(
    slug="enfant-sauvage",
    camp="village",
    names={"fr": "Enfant Sauvage", "en": "Wild Child"},
    orders=frozenset({Kind.MODELE}),
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
