"""What a power of 000's « LE CINQUIÈME ÉLÉMENT » is (« Les pouvoirs »): one of three categories
(« pro-villageois, universel et pro-loup ») and five elements, used by night only, one of one's
two a night (« chacun ne peut se servir que d'un de ses deux pouvoirs chaque nuit »). Each power's
module registers it (`power`) with what it aims at, its checks, its immediate answer and its
resolver at its place in 000's « Ordre de résolution des pouvoirs de nuit » (`STAGES`).

Written « NOM_DU_POUVOIR [JOUEUR] [ÉLÉMENT] » (« observation Bruno », « justice Bruno feu »,
« régénération »), or « activer NOM_DU_POUVOIR ... ».
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lgmail.rules.cinquieme.cards import ELEMENT_NAMES, ELEMENTS
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refusal
from lgmail.rules.role import Said, Verb
from lgmail.rules.spelling import fold

if TYPE_CHECKING:
    from lgmail.rules.state import GameState, Player
    from lgmail.rules.tx import Tx

VILLAGE, UNIVERSEL, PRO_LOUP = "village", "universel", "loup"
#: what a power names: a player, a player and an element, an element, nothing
PLAYER, PLAYER_ELEMENT, ELEMENT, NOTHING = "joueur", "joueur+element", "element", "rien"
#: 000's order: during the night (on arrival), then at its end
EARLY, HEAL, ATTACK, JUSTICE, PROBES, ARMED = (
    "tot",
    "soins",
    "attaques",
    "justice",
    "sondes",
    "armes",
)
STAGES = (HEAL, ATTACK, JUSTICE, PROBES, ARMED)


@dataclass(frozen=True)
class Power:
    slug: str
    names: dict[str, str]
    element: str
    category: str
    aims: str
    help: dict[str, str]
    #: what players write for it besides its names (folded)
    words: tuple[str, ...] = ()
    #: nights it may be used on: None every night, 0 even, 1 odd
    parity: int | None = None

    def name(self, lang: str) -> str:
        return self.names.get(lang, self.names["fr"])


#: slug -> power, in 000's order of listing
POWERS: dict[str, Power] = {}
Check = Callable[["GameState", "Player", "Order"], None]
Act = Callable[["Tx", "Player", "Order"], None]
Resolve = Callable[["Tx", str, list[str]], None]
#: slug -> what refuses an activation beyond the common rules
CHECKS: dict[str, Check] = {}
#: slug -> what it does as soon as it is activated (Oeil-de-Lynx's answer by return mail)
AT_ONCE: dict[str, Act] = {}
#: (stage, slug) -> its resolver at the night's end: (tx, owner, what he named)
RESOLVERS: dict[tuple[str, str], Resolve] = {}


def power(spec: Power) -> Power:
    if spec.slug in POWERS:
        raise ValueError(f"power {spec.slug} registered twice")
    POWERS[spec.slug] = spec
    return spec


def checks(slug: str) -> Callable[[Check], Check]:
    def register(fn: Check) -> Check:
        CHECKS[slug] = fn
        return fn

    return register


def at_once(slug: str) -> Callable[[Act], Act]:
    def register(fn: Act) -> Act:
        AT_ONCE[slug] = fn
        return fn

    return register


def resolves(stage: str, slug: str) -> Callable[[Resolve], Resolve]:
    def register(fn: Resolve) -> Resolve:
        RESOLVERS[(stage, slug)] = fn
        return fn

    return register


def _keys(spec: Power) -> set[str]:
    return {fold(n).replace("-", " ") for n in (spec.slug, *spec.names.values())} | set(spec.words)


def which(words: list[str]) -> tuple[str, list[str]] | None:
    """The power named at the head of `words` (folded), and the words after it."""
    text = " ".join(words).replace("-", " ")
    found: list[tuple[int, str]] = []
    for slug, spec in POWERS.items():
        for key in _keys(spec):
            if text == key or text.startswith(key + " "):
                found.append((len(key), slug))
    if not found:
        return None
    size, slug = max(found)
    return slug, text[size:].split()


def element_in(words: list[str]) -> str | None:
    names = {fold(n): e for e, ns in ELEMENT_NAMES.items() for n in ns.values()} | {
        e: e for e in ELEMENTS
    }
    return next((names[w] for w in words if w in names), None)


def _read(said: Said) -> Order | Refusal:
    """« observation Bruno », « justice Bruno feu », « activer régénération »: the power, then
    the player, then the element; one line names one or two powers to choose (`CHOISIR`)."""
    folded = said.folded
    start = next((i for i, w in enumerate(folded) if which(folded[i:]) is not None), None)
    if start is None:
        return Refusal(Cause.NOT_ALLOWED, {"why": "cinquieme", "rule": "which-power"})
    found = which(folded[start:])
    assert found is not None
    slug, rest = found
    spec = POWERS[slug]
    args: list[str] = [slug]
    targets: tuple[str, ...] = ()
    words = [w for w in rest if element_in([w]) is None]
    if spec.aims in (PLAYER, PLAYER_ELEMENT) and words:
        got = said.name(words)
        if isinstance(got, Refusal):
            return got
        targets = (got,)
    elif words and not isinstance(named := said.name(words), Refusal):
        targets = (named,)  # a dead owner's choice (« ascension NOM »)
    if spec.aims in (ELEMENT, PLAYER_ELEMENT):
        element = element_in(rest)
        if element:
            args.append(element)
    return Order(ACTIVER, targets, args=tuple(args))


def _choose(said: Said) -> Order | Refusal:
    """« pouvoirs observation et ignifugé »: the two powers chosen at the start."""
    text = re.sub(r"\s*(?:,|\+|\band\b)\s*", " et ", said.after_verb())
    chosen: list[str] = []
    for part in text.split(" et "):
        found = which([fold(w) for w in said.tokens(part)])
        if found is None:
            continue
        chosen.append(found[0])
    if not chosen:
        return Refusal(Cause.NOT_ALLOWED, {"why": "cinquieme", "rule": "which-power"})
    return Order(CHOISIR, args=tuple(chosen))


#: the order of a power used (its verb is written by any power's name: `verbs`)
ACTIVER = Kind.declare("activer")
#: the two powers chosen at the start
CHOISIR = Kind.declare("choisir")


def verbs() -> tuple[Verb, ...]:
    """The activation, written by any power's name, and the choice at the start."""
    keys = {k for spec in POWERS.values() for k in _keys(spec)}
    # « Oeil-de-Lynx » is one word to the parser
    words = sorted(keys | {k.replace(" ", "-") for k in keys if " " in k})
    return (
        Verb(
            ACTIVER,
            ("activer", "active", "utiliser pouvoir", "activate", *words),
            0,
            {
                "fr": "POUVOIR [NOM] [ÉLÉMENT], p. ex. « observation NOM » (ou « rien »)",
                "en": 'POWER [NAME] [ELEMENT], e.g. "observation NAME" (or "rien")',
            },
            read=_read,
            short_args=True,
        ),
        Verb(
            CHOISIR,
            ("pouvoirs", "choisir", "choix", "powers", "choose"),
            0,
            {
                "fr": "pouvoirs POUVOIR et POUVOIR (vos deux pouvoirs)",
                "en": "pouvoirs POWER and POWER (your two powers)",
            },
            read=_choose,
            short_args=True,
        ),
    )
