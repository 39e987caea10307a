"""What a role of seed 001 (`maisons`) is: its names, its family, its actions (each direct or
indirect, unique with its count or daily, by night or by day, on a house or a player), how many
of it a deal holds, and what its module registers here (its checks, what it does when an order is
taken, ...); how each action resolves is registered with the night (`night.resolves`).

001, « Actions »: « Une action unique ne peut être effectuée qu'une fois par partie, et ce même
si elle échoue »; « Une action indirecte n'implique pas de sortir de sa maison »; « Une action
directe implique de sortir de sa maison et de rentrer dans la maison souhaitée ».
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from lgmail.rules.maisons.events import CHOSEN
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refusal
from lgmail.rules.role import Said, Verb
from lgmail.rules.spelling import fold

if TYPE_CHECKING:
    from lgmail.rules.state import GameState, Player
    from lgmail.rules.tx import Tx

#: what an action aims at
HOUSE, PLAYER, NOBODY = "maison", "joueur", "rien"


@dataclass(frozen=True)
class Action:
    """One action of a role: the order that gives it (`verb`), direct or indirect, its uses
    (None: daily, once a phase; N: « unique », N copies in the game), when (« nuit », « jour »)
    and what it aims at (a house, a player, nothing)."""

    verb: Verb
    direct: bool
    uses: int | None
    #: « nuit », « jour », or "" for either (the Dominateur: « durant la phase actuelle »)
    when: str = "nuit"
    aims: str = PLAYER
    #: how this role writes it, by language, where the verb's hint says otherwise (a verb
    #: the classic game shares: the Salvateur protects « la maison de NOM »)
    written: Mapping[str, str] | None = None

    @property
    def kind(self) -> Kind:
        return self.verb.kind

    def hint(self, lang: str) -> str:
        """How the action is written, in `lang` (French where it has none)."""
        told = self.written or self.verb.hint
        return told.get(lang, told.get("fr", self.verb.words[0]))


@dataclass(frozen=True)
class MaisonRole:
    """A role of 001: `available` is how many of it a game holds where 001 gives a count (« Il
    ne peut pas y avoir plus d'un Iznogoud », « Un seul Banquier par partie »: 1; « 3 Paumés par
    partie »: 3): a drawn deal gives it exactly that many times or not at all; None where it
    gives none (`deal`: dealt as evenly as the deal goes). `dealt_with`: the roles it is dealt
    with or not at all, each to another player (the Banquier and « une liste de 3 joueurs
    étant Paumés »)."""

    slug: str
    names: dict[str, str]
    family: str
    help: dict[str, str]
    actions: tuple[Action, ...] = ()
    available: int | None = None
    #: what MJs write for it besides its slug and names
    aliases: tuple[str, ...] = field(default=())
    dealt_with: tuple[str, ...] = field(default=())

    def name(self, lang: str) -> str:
        return self.names.get(lang, self.names["fr"])

    def action(self, kind: Kind) -> Action | None:
        return next((a for a in self.actions if a.kind is kind), None)


Handler = Callable[["Tx", "Player", Order], None]

#: slug -> the role, in the order their modules load
CATALOGUE: dict[str, MaisonRole] = {}


def catalogue() -> dict[str, MaisonRole]:
    """Every role of 001 (`CATALOGUE` holds those whose modules have loaded so far)."""
    importlib.import_module("lgmail.rules.maisons.roles")  # each registers on import
    return CATALOGUE


def role(spec: MaisonRole) -> MaisonRole:
    """Register a role of 001."""
    if spec.slug in CATALOGUE:
        raise ValueError(f"role {spec.slug} registered twice")
    CATALOGUE[spec.slug] = spec
    return spec


Check = Callable[["GameState", "Player", "Order"], None]
#: slug -> what refuses an order of that role beyond the common rules (raise Refused)
CHECKS: dict[str, Check] = {}


def checks(slug: str) -> Callable[[Check], Check]:
    """Register what refuses role `slug`'s orders beyond `acting`'s common rules."""

    def register(fn: Check) -> Check:
        CHECKS[slug] = fn
        return fn

    return register


#: slug -> what a role does at once when one of its orders is taken (by day, 001: « L'activation
#: des rôles dépend de l'ordre d'envoi des MPs »: the Tavernier's, the Dominateur's)
ACCEPTED: dict[str, Handler] = {}


def on_accept(slug: str) -> Callable[[Handler], Handler]:
    """Register what role `slug` does as soon as one of its orders is taken."""

    def register(fn: Handler) -> Handler:
        ACCEPTED[slug] = fn
        return fn

    return register


#: what may let a player give a role's action twice in one phase (the Sympathique's boost):
#: (state, player, role) -> allowed
TWICE: list[Callable[[GameState, Player, str], bool]] = []


#: the roles whose actions the dead give (« S'il meurt, peut choisir de hanter une maison »):
#: their orders are taken from the dead, their night actions resolve
AFTER_DEATH: set[str] = set()


#: votes a role binds today whatever the voter cast, at one voice each (the Banquier's debts:
#: « Aucun autre pouvoir de ces joueurs ne peut influencer sur le vote »): voter -> target
BOUND_VOTES: list[Callable[[GameState], dict[str, str]]] = []


#: what roles do as a phase closes, before its deaths (the Sympathique's boost spent)
SETTLING: list[Callable[[Tx], None]] = []
#: what roles do as a phase rises (« Au début de chaque nuit et au début de chaque journée »:
#: the Croque-mort), in registration order
RISING: list[Callable[[Tx], None]] = []


def role_named(text: str) -> str | None:
    """The role of 001 `text` names (its slug, or a name in any language), or None."""
    key = fold(text).replace("-", " ").replace("'", " ").strip()
    for slug, spec in CATALOGUE.items():
        names = (slug, *spec.names.values(), *spec.aliases)
        if key in {fold(n).replace("-", " ").replace("'", " ") for n in names}:
            return slug
    return None


#: words before a role's name that name nothing (« renoncer à la voyante »)
FILLER = ("a", "au", "le", "la", "l", "de", "du", "mon", "ma", "to", "the", "my", "on")


def _unfilled(text: str) -> str:
    words = [w for w in re.split(r"[\s']+", fold(text)) if w]
    while len(words) > 1 and words[0] in FILLER:
        words.pop(0)
    return " ".join(words)


def roles_named(said: Said) -> list[str] | None:
    """The roles of 001 the words after the verb name, parted by commas, « et » or spaces
    alone (« importants : voyante, joueur de tarot et espion »); None when some words name
    none."""
    text = said.after_verb().strip().lstrip(":").strip()
    found: list[str] = []
    for part in re.split(r"\s*(?:[,;+]|\bet\b|\band\b)\s*", text):
        words = _unfilled(part).split()
        while words:
            # the longest run of words that names a role (« joueur de tarot »)
            size = next((n for n in range(len(words), 0, -1) if role_named(" ".join(words[:n]))), 0)
            if not size:
                return None
            found.append(str(role_named(" ".join(words[:size]))))
            words = _unfilled(" ".join(words[size:])).split() if words[size:] else []
    return found or None


def read_role(kind: Kind) -> Callable[[Said], Order | Refusal]:
    """The reader of an order that names one role of 001 (« dominer voyante »)."""

    def read(said: Said) -> Order | Refusal:
        found = roles_named(said)
        if found is None or len(found) != 1:
            return Refusal(Cause.UNREADABLE, {"missing": "role"})
        return Order(kind, args=(found[0],))

    return read


#: what keeps a player from using roles he holds now (the Avare's, the roles renounced under
#: the Saint's blessing, the Dominateur's price): (state, player) -> those roles' slugs
SUPPRESSED: list[Callable[[GameState, Player], set[str]]] = []
#: what lends a player roles he does not hold for this phase (the Dominateur)
BORROWED: list[Callable[[GameState, Player], set[str]]] = []


def suppressed(s: GameState, player: Player) -> set[str]:
    """The roles `player` holds but may not use now."""
    out: set[str] = set()
    for rule in SUPPRESSED:
        out |= rule(s, player)
    return out


def usable(s: GameState, player: Player) -> list[str]:
    """The roles `player` may use now: his own less the suppressed, then the borrowed."""
    off = suppressed(s, player)
    mine = [slug for slug in player.powers if slug not in off]
    for rule in BORROWED:
        mine += sorted(rule(s, player) - set(mine))
    return mine


def holds(s: GameState, player: Player, slug: str) -> bool:
    """Whether living `player` may use role `slug` now (passive roles included)."""
    return player.alive and slug in usable(s, player)


#: words of orders that are no role's action (a choice, a boost, a horcrux found), so that
#: the rule set reads them
VERBS: list[Verb] = []


def verb(v: Verb) -> Verb:
    """Register the words of an order no `Action` carries."""
    VERBS.append(v)
    return v


@dataclass(frozen=True)
class Choice:
    """What a role chooses « au début de la partie » (001: Voldemort's horcruxes, the
    Occultiste's curse, the Lâche's two piles), by mail, in the first phase's step « choix »:
    `made` says whether `player` has chosen, `take` records the choice `order` (or raises
    Refused), `draw` what happens when he has not chosen by the step's end (a recorded draw;
    None: nothing, the choice was his to make or not)."""

    slug: str
    verb: Verb
    made: Callable[[GameState, Player], bool]
    take: Callable[[Tx, Player, Order], None]
    draw: Callable[[Tx, Player], None] | None = None

    @property
    def kind(self) -> Kind:
        return self.verb.kind


#: order kind -> the choice it gives
CHOICES: dict[Kind, Choice] = {}


def chooses(choice: Choice) -> Choice:
    """Register a role's choice at the start of the game."""
    CHOICES[choice.kind] = choice
    verb(choice.verb)
    return choice


def pending(s: GameState, player: Player) -> list[Choice]:
    """The choices `player` has still to make (none once the step « choix » is over)."""
    if s.extra.get(CHOSEN):
        return []
    return [c for c in CHOICES.values() if holds(s, player, c.slug) and not c.made(s, player)]


#: order kind -> what takes an order that is no role's action nor a choice (the boosted
#: player's pick, a blessed player's renouncement, a horcrux found): it records it or raises
#: Refused
HANDLERS: dict[Kind, Handler] = {}


def handles(v: Verb) -> Callable[[Handler], Handler]:
    """Register what takes the orders written `v`."""

    def register(fn: Handler) -> Handler:
        HANDLERS[v.kind] = fn
        verb(v)
        return fn

    return register


#: who the powers that include « tous les joueurs » leave out (the Exclu)
OUTSIDE_ALL: list[Callable[[GameState, Player], bool]] = []


def outside_all(s: GameState, player: Player) -> bool:
    """Whether `player` does not count in a power that includes « tous les joueurs »."""
    return any(rule(s, player) for rule in OUTSIDE_ALL)
