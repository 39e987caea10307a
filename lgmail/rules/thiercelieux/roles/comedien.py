"""Comédien (004): a villager with three village roles with powers set aside for him; each night
he may become one of them, for that night and the next stake; each is used once.

« Lorsque le MJ place le Comédien dans sa partie, il prévoit trois rôles villageois à pouvoirs,
écartés spécialement pour lui. » « Aucun autre joueur de la partie ne peut avoir reçu l'un de ces
trois rôles à la distribution. » « Le MJ ne peut proposer aucun des rôles suivants : Voleur,
Cupidon, Sœurs, Enfant Sauvage, Servante Dévouée. » « Chaque Nuit, le Comédien indique au MJ
s'il souhaite, ou non, devenir l'un de ces trois rôles, jusqu'au début de la Nuit suivante. »
« (Exemple : s'il devient Chasseur, ce sera effectif pour la Nuit de ce choix et pour le bûcher
suivant, avec possibilité de tirer la balle s'il meurt à ce bûcher) » « Une fois que le Comédien
a utilisé un rôle, ce rôle est retiré de ses choix possibles pour le reste de la partie. Une fois
que le Comédien a utilisé ses trois rôles, il ne se réveille plus la Nuit. »

The three roles: the option `comedien_roles` (the MJ names them), else drawn out of a composition
that has three cards more than players (a recorded draw). Like the Métronome's role of the
night, the role he plays gives him its orders and its power (`borrowed`), from his choice until
the next night falls.

Rulings: he chooses during the night, before the night's main step closes (the role's orders
then come with it); the choice stands for the night. The roles offered are those whose power
this rule set gives to whoever plays them (`CARDS`): not the Sorcière (her potions are hers for
the game) nor the Métronome (drawn at nightfall, before his choice). A multi-class role he plays
is played as a villager, which he is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, accepts, folds, may_give, resolves, role_help, tells
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refusal, Refused
from lgmail.rules.role import RoleSpec, Said, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import powers
from lgmail.rules.tx import Tx
from lgmail.rules.variants import variant_of


def _role_named(said: Said) -> Order | Refusal:
    """004's Comédien: « devenir chasseur »."""
    found = said.role(said.rest)
    if found is not None:
        return Order(DEVENIR.kind, args=(found[0],))
    return Refusal(Cause.UNREADABLE, {"missing": "role"})


#: 004: the Comédien becomes one of his three roles for the night
DEVENIR = Verb(
    Kind.declare("devenir"),
    ("devenir", "deviens", "incarner", "incarne", "become", "impersonate"),
    hint={
        "fr": "devenir RÔLE (l'un de vos rôles restants)",
        "en": "devenir ROLE (become one of your roles left)",
    },
    read=_role_named,
    short_args=True,
    choices=lambda s, name: [f"devenir {role}" for role in left(s, s.players[name])],
)


ROLE = RoleSpec(
    slug="comedien",
    camp="village",
    names={"fr": "Comédien", "en": "Actor"},
    orders=frozenset({DEVENIR.kind}),
    verbs=(DEVENIR,),
    step="loups",
    village_power=True,
    help={
        "fr": "Chaque nuit : « devenir RÔLE » (l'un de vos trois rôles, chacun une fois) : vous "
        "avez ses ordres et son pouvoir cette nuit et jusqu'au bûcher suivant. Votre salle : "
        "« Le Théâtre du Comédien ».",
        "en": 'Each night: "devenir ROLE" (one of your three roles, each once): you have its '
        "orders and power that night and until the next stake. Your room: « Le Théâtre du "
        "Comédien ».",
    },
)

#: the game option naming his three roles
OPTION = "comedien_roles"
COUNT = 3
#: 004: « Le MJ ne peut proposer aucun des rôles suivants »
FORBIDDEN = frozenset({"voleur", "cupidon", "deux-soeurs", "enfant-sauvage", "servante-devouee"})
#: the village roles with powers he may be given (ruling: those this rule set lends)
CARDS = frozenset(
    {
        "voyante",
        "chasseur",
        "salvateur",
        "ancien",
        "idiot-du-village",
        "bouc-emissaire",
        "corbeau",
        "renard",
        "pretre",
        "princesse",
        "marchand-de-sable",
        "fee",
        # « Les rôles multi-classables peuvent en faire partie » (played as a villager: he is one)
        "assommeur",
        "protecteur",
        "redirecteur",
        "telepathe",
    }
)


def allowed(slug: str) -> bool:
    return slug in CARDS and slug not in FORBIDDEN


def roles(state: GameState, player: Player) -> list[str]:
    """His three roles, set aside at the deal."""
    return list(state.extra.get("aside", {}).get(player.name, []))


def used_key(name: str) -> str:
    return f"comedien:joues:{name}"


def night_key(number: int) -> str:
    """`GameState.extra` key of the roles played from night `number` to the next stake."""
    return f"comedien:{number}"


def left(state: GameState, player: Player) -> list[str]:
    """The roles he has not played yet (« retiré de ses choix possibles »)."""
    used = state.extra.get(used_key(player.name), [])
    return [r for r in roles(state, player) if r not in used]


def playing(state: GameState, player: Player) -> str | None:
    """The role the Comédien `player` plays now: from his choice at night N until night N+1
    falls (« effectif pour la Nuit de ce choix et pour le bûcher suivant »)."""
    if player.role != ROLE.slug or state.phase not in ("night", "day"):
        return None
    role = state.extra.get(night_key(state.number), {}).get(player.name)
    return str(role) if role else None


def chose_tonight(state: GameState, player: Player) -> bool:
    return state.phase == "night" and playing(state, player) is not None


@event
@dataclass(frozen=True)
class ActorBecame(Event):
    """The Comédien becomes one of his three roles (004: « devenir l'un de ces trois rôles,
    jusqu'au début de la Nuit suivante »), from night `night` to the next stake."""

    comedien: str
    role: str
    night: int


@folds(ActorBecame)
def _actor(s: GameState, e: ActorBecame) -> None:
    s.extra.setdefault(f"comedien:{e.night}", {})[e.comedien] = e.role
    s.extra.setdefault(f"comedien:joues:{e.comedien}", []).append(e.role)


@tells(ActorBecame)
def _tell_became(s: GameState, e: ActorBecame, later: Sequence[Event]) -> list[Notice]:
    """The role he plays tonight, what it does, and the roles he has left."""
    me = s.players[e.comedien]
    help_text = role_help(s, e.comedien, variant_of(s).roles[e.role])
    ctx = {"role": e.role, "help": help_text, "left": left(s, me)}
    return [Notice(e.comedien, "roles:comedien:role-de-la-nuit", ctx)]


# --- in 004 (thiercelieux): its night ---


@resolves("thiercelieux", "devenir")
def _devenir(tx: Tx) -> None:
    """004, Comédien: his role of the night took effect when he chose it (ActorBecame), so that
    its orders come with it; nothing is left to resolve."""


# --- in 004 (thiercelieux): its orders ---


@may_give(ROLE.slug, DEVENIR.kind)
def _may_become(state: GameState, player: Player) -> bool:
    # 004: « Une fois que le Comédien a utilisé ses trois rôles, il ne se réveille plus »
    return bool(left(state, player)) and not chose_tonight(state, player)


@accepts(DEVENIR.kind)
def _accept_become(tx: Tx, player: Player, order: Order) -> None:
    """004, Comédien: « Chaque Nuit, le Comédien indique au MJ s'il souhaite, ou non,
    devenir l'un de ces trois rôles »; each once."""
    s = tx.state
    if player.role != ROLE.slug:
        raise Refused(Cause.NOT_YOUR_ROLE, kind=order.kind.value)
    if not powers.has_power(s, player):
        raise Refused(Cause.POWER_LOST)
    if s.phase != "night" or s.resolved or ROLE.step in s.closed_steps:
        raise Refused(Cause.NOT_NOW, when="night")
    if chose_tonight(s, player):
        raise Refused(Cause.ALREADY_USED)
    role = order.args[0] if order.args else ""
    if role not in roles(s, player):
        raise Refused(Cause.ILLEGAL_TARGET, target=role, why="not-a-card")
    if role not in left(s, player):
        # « ce rôle est retiré de ses choix possibles pour le reste de la partie »
        raise Refused(Cause.ALREADY_USED)
    tx.emit(ActorBecame(player.name, role, s.number))
