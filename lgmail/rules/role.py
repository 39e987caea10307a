"""What a role is to the kernel: its camp, names, orders (and how they are written) and the step
its power acts in."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Refusal
from lgmail.rules.state import GameState

#: a verb that takes one or more names (separated by commas or "et")
MANY = -1


class Said(Protocol):
    """A line being read, as the parser hands it to a verb's reader: the line as written, its
    words (and folded), the words after the verb, and the parser's ways of reading names."""

    verb: Verb
    text: str
    words: list[str]
    folded: list[str]
    rest: list[str]
    rest_folded: list[str]
    players: Sequence[str]
    me: str | None

    def fold(self, text: str) -> str:
        """Lower case without accents."""
        ...

    def tokens(self, text: str) -> list[str]:
        """The words of `text`, as the parser cuts them."""
        ...

    def name(self, words: list[str]) -> str | Refusal:
        """The one player `words` name (the longest run of words that names one)."""
        ...

    def names(self, text: str) -> list[str] | Refusal:
        """Several players, separated by commas, "et", "puis", ">"."""
        ...

    def after_verb(self) -> str:
        """The text after the verb, as written (a message's text)."""
        ...

    def role(self, words: list[str]) -> tuple[str, list[str]] | None:
        """The role named in `words` (French or English name, or slug) and the words left."""
        ...

    def pair(self, cuts: frozenset[str] = frozenset()) -> Order | Refusal:
        """The verb's two names, parted by "et" (or one of `cuts`)."""
        ...

    def order(self) -> Order | Refusal:
        """The line read as the verb's plain order: its number of names (`Verb.targets`)."""
        ...


Reader = Callable[[Said], Order | Refusal]


@dataclass(frozen=True)
class Verb:
    """How players write an order of `kind`: its `words` (folded: no accents, lower case;
    French first, then English synonyms), how many names it takes (`targets`; MANY: one or
    more), its `hint` by language (what the answers offer), and `read`, what reads its line
    when it is more than names (a role, a square, a text)."""

    kind: Kind
    words: tuple[str, ...]
    targets: int = 0
    hint: Mapping[str, str] = field(default_factory=dict)
    read: Reader | None = None
    #: it names nobody: read only at the start of a line, never inside a sentence (« merci
    #: pour ton aide »); a role's is tried without a target for the hints
    bare: bool = False
    #: its text runs to the end of the mail (004, the Marquise's « Lettre de la marquise »)
    to_the_end: bool = False
    #: its arguments are short enough to name in an answer's subject (a role, a square)
    short_args: bool = False
    #: the step it is given in, where it is not its role's (`RoleSpec.step`)
    step: str | None = None
    #: the lines its owner may write now, from what he alone knows (the Voleur's two cards):
    #: what the bots choose from, where a name among the players would not do
    choices: Callable[[GameState, str], list[str]] | None = None
    #: what it writes waits for the MJ, who may have it written again (« void murmure NOM »,
    #: the MJ's command, takes its words)
    voidable: bool = False
    #: after a role's name and a colon, a line opening with one of these words is this verb's
    #: (001: « lâche : à Bruno », a private message on that role's right)
    after_role: tuple[str, ...] = ()


class Role(Protocol):
    """A role as the kernel and the service read it, whatever its rule set's shape (a card,
    `RoleSpec`; 001's roles held beside a nature): its slug, its names, what its owner is told
    it can do, what MJs write for it besides its slug and names."""

    @property
    def slug(self) -> str: ...

    @property
    def names(self) -> Mapping[str, str]: ...

    @property
    def help(self) -> Mapping[str, str]: ...

    @property
    def aliases(self) -> tuple[str, ...]: ...

    def name(self, lang: str) -> str:
        """Its name in `lang` (French where it has none)."""
        ...


@dataclass(frozen=True)
class RoleSpec:
    slug: str
    camp: str
    names: dict[str, str]
    #: orders of its power (the vote belongs to everyone)
    orders: frozenset[Kind] = field(default_factory=frozenset)
    #: the step its power is resolved in
    step: str | None = None
    #: orders the role chooses one of each night (004, the Marquise: « une de ces trois actions
    #: chaque Nuit »); each other order of a step is a use of its own, all of which the step
    #: waits for unless the player says he is done
    one_of: frozenset[Kind] = field(default_factory=frozenset)
    #: a village power lost when the Ancien dies (003)
    village_power: bool = False
    #: what the role's owner is told it can do, by language
    help: dict[str, str] = field(default_factory=dict)
    #: how its orders are written (`orders`' words, names and hints)
    verbs: tuple[Verb, ...] = ()
    #: what MJs write for it besides its slug and names ("gml"), for `--roles`
    aliases: tuple[str, ...] = ()

    def name(self, lang: str) -> str:
        return self.names.get(lang, self.names["fr"])
