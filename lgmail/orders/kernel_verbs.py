"""The orders everyone has (vote, rien, aide; the dead's shot, the captain's successor and tie),
and the table a game's lines are read with: the verbs of its rule set's roles, the rule set's own
and these, and the names of its roles. « fini » is read apart (`lgmail.orders.words.DONE`)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache

from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Refusal
from lgmail.rules.role import Role, Said, Verb
from lgmail.rules.spelling import fold
from lgmail.rules.variant import Variant

BLANK = ("blanc", "blanche", "vote blanc", "abstention", "blank", "abstain")


def _vote(said: Said) -> Order | Refusal:
    """A vote, or a blank one (« vote blanc »); « vote A et B » names two (000's orientation
    day; the rule sets refuse more than they take)."""
    if any(f in BLANK for f in said.folded):
        return Order(Kind.VOTE, (), blank=True)
    if set(said.rest_folded) & {"et", "and"} or "," in said.after_verb():
        both = said.names(said.after_verb())
        if not isinstance(both, Refusal) and len(both) >= 2:
            return Order(Kind.VOTE, tuple(both))
    return said.order()


VOTE = Verb(
    Kind.VOTE,
    ("vote", "voter", "votes", "votons", "je vote", "elire", "elis", "election"),
    1,
    {"fr": "vote NOM (ou vote blanc)", "en": "vote NAME (or vote blanc)"},
    read=_vote,
)
TIRER = Verb(
    Kind.TIRER,
    ("tirer", "tire", "abattre", "abats", "shoot", "fire"),
    1,
    {"fr": "tirer NOM", "en": "tirer NAME (shoot)"},
)
SUCCESSEUR = Verb(
    Kind.SUCCESSEUR,
    (
        "successeur",
        "succession",
        "designer",
        "designe",
        "nommer",
        "nomme",
        "heritier",
        "successor",
        "heir",
        "name",
    ),
    1,
    {"fr": "successeur NOM", "en": "successeur NAME (successor)"},
)
TRANCHER = Verb(
    Kind.TRANCHER,
    ("trancher", "tranche", "decide", "tiebreak", "break"),
    1,
    {"fr": "trancher NOM", "en": "trancher NAME (break the tie)"},
)
RIEN = Verb(
    Kind.RIEN,
    (
        "rien",
        "passer",
        "passe",
        "je passe",
        "aucun",
        "aucune",
        "personne",
        "nothing",
        "pass",
        "skip",
        "none",
        "nobody",
    ),
    hint={"fr": "rien", "en": "rien (nothing)"},
    bare=True,
)
AIDE = Verb(Kind.AIDE, ("aide", "aider", "help", "?", "commandes", "commands"), bare=True)

DIGEST = Verb(
    Kind.DIGEST,
    ("digest", "digests"),
    hint={"fr": "digest oui (ou 6h, ou non)", "en": "digest oui (or 6h, or non)"},
    read=lambda said: Order(Kind.DIGEST, (), args=tuple(said.rest_folded)),
    bare=True,
    short_args=True,
)

KERNEL: tuple[Verb, ...] = (VOTE, TIRER, SUCCESSEUR, TRANCHER, RIEN, AIDE, DIGEST)


def _named(roles: Iterable[Role]) -> dict[str, str]:
    """Roles by their names (slug, French, English), folded, "-" read as " " -> slug; the first
    role to bear a name keeps it."""
    out: dict[str, str] = {}
    for spec in roles:
        for name in (spec.slug, *spec.names.values()):
            out.setdefault(fold(name).replace("-", " "), spec.slug)
    return out


@dataclass(frozen=True, eq=False)
class Verbs:
    """What a game's lines are read with: its verbs, by kind (`index` finds them by their first
    word), and its roles by their names (`cards`, `heads`)."""

    by_kind: Mapping[Kind, Verb]
    #: the cards a line names (« voler voyante », « pad voyante Bruno »), as `_named`
    cards: Mapping[str, str] = field(default_factory=dict)
    #: the roles that may head a line (001: « voyante : sonder Bruno »), as `_named`: those
    #: held beside a card first (`Variant.powers`), then the cards
    heads: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, verbs: Iterable[Verb], variants: Sequence[Variant] = ()) -> Verbs:
        """The table of `verbs`, naming the roles of the rule sets `variants`."""
        by_kind: dict[Kind, Verb] = {}
        for verb in verbs:
            if by_kind.setdefault(verb.kind, verb) is not verb:
                raise ValueError(f"{verb.kind} is written two ways")
        cards = [spec for variant in variants for spec in variant.roles.values()]
        powers = [spec for variant in variants for spec in variant.powers.values()]
        return cls(by_kind, _named(cards), _named([*powers, *cards]))

    def __iter__(self) -> Iterator[Verb]:
        return iter(self.by_kind.values())

    def __contains__(self, kind: object) -> bool:
        return kind in self.by_kind

    def __getitem__(self, kind: Kind) -> Verb:
        return self.by_kind[kind]

    def get(self, kind: Kind) -> Verb | None:
        return self.by_kind.get(kind)

    @property
    def index(self) -> dict[str, list[tuple[tuple[str, ...], Kind]]]:
        """Every order word by its first word: (all its words, its kind)."""
        cached: dict[str, list[tuple[tuple[str, ...], Kind]]] | None = self.__dict__.get("_index")
        if cached is None:
            cached = {}
            for verb in self:
                for word in verb.words:
                    parts = tuple(word.split())
                    cached.setdefault(parts[0], []).append((parts, verb.kind))
            object.__setattr__(self, "_index", cached)
        return cached


def _rule_set_verbs(variant: Variant) -> Iterator[Verb]:
    for spec in variant.roles.values():
        yield from spec.verbs
    yield from variant.verbs
    yield from KERNEL


@cache
def verbs_of(rule_set: str) -> Verbs:
    """The verbs a game of `rule_set` reads: its roles', its own, everyone's."""
    from lgmail.rules.variants import VARIANTS  # the rule sets load every role module

    variant = VARIANTS[rule_set]
    return Verbs.of(_rule_set_verbs(variant), [variant])


@cache
def every() -> Verbs:
    """Every rule set's verbs (for a line read out of any game)."""
    from lgmail.rules.variants import VARIANTS  # the rule sets load every role module

    variants = list(VARIANTS.values())
    return Verbs.of((verb for variant in variants for verb in _rule_set_verbs(variant)), variants)
