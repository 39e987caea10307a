"""Marquise (004): a villager who, each night, uses one of three actions, and may not use one
again until she has used all three.

« La Marquise choisit une de ces trois actions chaque Nuit : Lettre de la marquise (la Nuit, elle
écrit un message de la longueur et de la forme qu'elle souhaite qui sera publié en début de
journée par le meneur), Sentence de la marquise (elle retire son pouvoir nocturne et/ou diurne à
un joueur pour la Nuit en cours et le bûcher suivant), Jeux de pouvoir (elle désigne un joueur
afin de connaître son pouvoir). Elle ne peut pas en réutiliser une tant qu'elle ne les a pas
toutes utilisées. Elle gagne si tous les Loups-Garous sont éliminés ainsi que d'autres éventuels
ennemis » (the village's condition). « Jeux de pouvoir » : « La Marquise obtient uniquement le
pouvoir (ou l'absence de pouvoir) du joueur choisi sans toutefois connaître son affiliation [...]
si elle sonde un SV ou un SLG, elle obtiendra comme résultat « Pas de pouvoir ». »

Rulings: her last order of the night is her action (one a night); an action counts as used once
resolved; the letter is published without its author's name; the sentenced player is not told,
his powers fail silently (`lgmail.rules.thiercelieux.powers`); the Avocat's choice of clients is
not a power she can take (« sauf contre l'Avocat choisissant ses clients », Protecteur).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import MayFn, Notice, accepts, folds, may_give, resolves, tells
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refusal, Refused
from lgmail.rules.role import RoleSpec, Said, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import acting, layers, powers, tonight
from lgmail.rules.tx import Tx


def _read_letter(said: Said) -> Order | Refusal:
    """004: « elle écrit un message de la longueur et de la forme qu'elle souhaite »."""
    text = said.after_verb()
    return (
        Order(LETTRE.kind, args=(text,)) if text else Refusal(Cause.UNREADABLE, {"missing": "text"})
    )


#: 004: the Marquise's three actions; her letter runs to the end of the mail (« Lettre de la
#: marquise », « de la longueur et de la forme qu'elle souhaite »)
LETTRE = Verb(
    Kind.declare("lettre"),
    ("lettre", "letter"),
    hint={
        "fr": "lettre TEXTE (jusqu'à la fin du mail)",
        "en": "lettre TEXT (letter, to the end of the mail)",
    },
    read=_read_letter,
    to_the_end=True,
)
SENTENCE = Verb(
    Kind.declare("sentence"),
    ("sentence", "sentencier", "condamner", "condamne", "sentenced"),
    1,
    {
        "fr": "sentence NOM",
        "en": "sentence NAME (their powers taken tonight and at the next stake)",
    },
)
JEUX = Verb(
    Kind.declare("jeux"),
    ("jeux de pouvoir", "jeux", "jeu", "power play", "powerplay", "power"),
    1,
    {"fr": "jeux NOM (Jeux de pouvoir)", "en": "jeux NAME (power play: learn their power)"},
)


ROLE = RoleSpec(
    slug="marquise",
    camp="village",
    names={"fr": "Marquise", "en": "Marchioness"},
    orders=frozenset({LETTRE.kind, SENTENCE.kind, JEUX.kind}),
    verbs=(LETTRE, SENTENCE, JEUX),
    step="loups",
    one_of=frozenset({LETTRE.kind, SENTENCE.kind, JEUX.kind}),
    village_power=True,
    help={
        "fr": "Chaque nuit, une de vos trois actions : « lettre TEXTE » (publiée à l'aube, sans "
        "votre nom), « sentence NOM » (il perd ses pouvoirs cette nuit et au bûcher suivant), "
        "« jeux NOM » (Jeux de pouvoir : son pouvoir, sans son camp). Pas deux fois la même "
        "tant que vous n'avez pas utilisé les trois.",
        "en": 'Each night, one of your three actions: "lettre TEXT" (letter, published at dawn '
        'without your name), "sentence NAME" (they lose their powers tonight and at the next '
        'stake), "jeux NAME" (power play: their power, not their camp). Not the same one again '
        "until you have used all three.",
    },
)

#: her three actions, by the order that gives each
ACTIONS: dict[Kind, str] = {LETTRE.kind: "lettre", SENTENCE.kind: "sentence", JEUX.kind: "jeux"}
#: 004: « si elle sonde un SV ou un SLG, elle obtiendra comme résultat « Pas de pouvoir » »
NO_POWER = frozenset({"villageois", "loup-garou"})


def cycle_key(name: str) -> str:
    """`GameState.extra` key of the actions `name` used since her cycle last began."""
    return f"marquise:cycle:{name}"


def choice_key(night: int) -> str:
    """`GameState.extra` key of night `night`'s choices: marquise -> {action, target, text}."""
    return f"marquise:choix:{night}"


def used(state: GameState, player: Player) -> list[str]:
    return list(state.extra.get(cycle_key(player.name), []))


def may(state: GameState, player: Player, kind: Kind) -> bool:
    """« Elle ne peut pas en réutiliser une tant qu'elle ne les a pas toutes utilisées. »"""
    return ACTIONS[kind] not in used(state, player)


def choice(state: GameState, player: Player) -> dict[str, str] | None:
    """Her action of tonight: the last she ordered."""
    got = state.extra.get(choice_key(state.number), {}).get(player.name)
    return dict(got) if got else None


def power(role: str, plain: bool) -> str | None:
    """The power the Jeux de pouvoir tell: the role, None for « Pas de pouvoir » (a Simple
    Villageois or Simple Loup-Garou, or a player without his power)."""
    return None if plain or role in NO_POWER else role


@event
@dataclass(frozen=True)
class MarquiseChose(Event):
    """The Marquise's action of night `night` (004: « La Marquise choisit une de ces trois
    actions chaque Nuit »): `action` is "lettre" (with its `text`), "sentence" or "jeux" (with
    its `target`); her last order of the night counts."""

    marquise: str
    night: int
    action: str
    target: str | None = None
    text: str = ""


@event
@dataclass(frozen=True)
class SentencePassed(Event):
    """004, « Sentence de la marquise »: `target` loses his night and day powers « pour la Nuit
    en cours et le bûcher suivant »; he is not told."""

    marquise: str
    target: str
    night: int


@event
@dataclass(frozen=True)
class PowerProbed(Event):
    """004, « Jeux de pouvoir »: the Marquise learns `target`'s power, the role (`power`) or None
    for « Pas de pouvoir », never his camp."""

    marquise: str
    target: str
    power: str | None


@event
@dataclass(frozen=True)
class LetterPublished(Event):
    """004, « Lettre de la marquise »: « publié en début de journée par le meneur »; the public
    reads the text, not who wrote it."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "roles/marquise/lettre.txt"
    HIDDEN: ClassVar[tuple[str, ...]] = ("marquise",)

    marquise: str
    text: str
    night: int


@folds(MarquiseChose)
def _marquise_chose(s: GameState, e: MarquiseChose) -> None:
    choice = {"action": e.action, "target": e.target, "text": e.text}
    s.extra.setdefault(choice_key(e.night), {})[e.marquise] = choice


def _used(s: GameState, name: str, action: str) -> None:
    """004: « Elle ne peut pas en réutiliser une tant qu'elle ne les a pas toutes utilisées. »"""
    cycle = [*s.extra.get(cycle_key(name), []), action]
    done = set(cycle) >= set(ACTIONS.values())
    s.extra[cycle_key(name)] = [] if done else cycle


@folds(SentencePassed)
def _sentence(s: GameState, e: SentencePassed) -> None:
    s.extra.setdefault(powers.sentence_key(e.night), []).append(e.target)
    _used(s, e.marquise, "sentence")


@folds(PowerProbed)
def _probed(s: GameState, e: PowerProbed) -> None:
    if e.power:
        s.players[e.marquise].learned[e.target] = e.power
    _used(s, e.marquise, "jeux")


@folds(LetterPublished)
def _letter(s: GameState, e: LetterPublished) -> None:
    _used(s, e.marquise, "lettre")


@tells(PowerProbed)
def _tell_probed(s: GameState, e: PowerProbed, later: Sequence[Event]) -> list[Notice]:
    return [Notice(e.marquise, "roles:marquise:jeux-de-pouvoir", e.payload())]


# --- in 004 (thiercelieux): its night ---


def _marquise(state: GameState, action: str) -> list[tuple[Player, dict[str, str]]]:
    """The living, powered Marquises whose action of tonight is `action`, with their choice."""
    out = []
    for player in [p for p in state.living() if acting.role(state, p) == ROLE.slug]:
        chosen = choice(state, player)
        if not (chosen and chosen["action"] == action and tonight.powered(state, player)):
            continue
        if not layers.acts(state, player.name, action) or not layers.due(
            state, player.name, action
        ):
            continue
        if chosen.get("target"):
            # the night's first actions: the knock-out, the protection, ... (`layers`)
            kind = Kind(action)
            landed = layers.aim(state, player.name, action, kind, [chosen["target"]])
            if not landed:
                continue
            chosen = {**chosen, "target": landed[0]}
        out.append((player, chosen))
    return out


@resolves("thiercelieux", "sentence")
def _resolve_sentence(tx: Tx) -> None:
    """004: « elle retire son pouvoir nocturne et/ou diurne à un joueur pour la Nuit en cours
    et le bûcher suivant »."""
    s = tx.state
    for player, chosen in _marquise(s, "sentence"):
        if s.players[chosen["target"]].alive:
            tx.emit(SentencePassed(player.name, chosen["target"], s.number))


@resolves("thiercelieux", "jeux")
def _jeux(tx: Tx) -> None:
    """004: « La Marquise obtient uniquement le pouvoir (ou l'absence de pouvoir) du joueur
    choisi sans toutefois connaître son affiliation ». Ruling: a player whose power is taken
    away has « Pas de pouvoir »."""
    s = tx.state
    for player, chosen in _marquise(s, "jeux"):
        target = s.players[chosen["target"]]
        if target.alive:
            found = power(target.role, powers.stripped(s, target))
            tx.emit(PowerProbed(player.name, target.name, found))


@resolves("thiercelieux", "lettre")
def _lettre(tx: Tx) -> None:
    """004: « elle écrit un message [...] qui sera publié en début de journée par le meneur »."""
    s = tx.state
    for player, chosen in _marquise(s, "lettre"):
        tx.emit(LetterPublished(player.name, chosen["text"], s.number))


# --- in 004 (thiercelieux): its orders ---


def _may_action(kind: Kind) -> MayFn:
    def allows(state: GameState, player: Player) -> bool:
        return may(state, player, kind)

    return allows


for _kind in ACTIONS:
    may_give(ROLE.slug, _kind)(_may_action(_kind))


@accepts(*ACTIONS)
def _accept_action(tx: Tx, player: Player, order: Order) -> None:
    """004: « La Marquise choisit une de ces trois actions chaque Nuit »: her last order of
    the night is her action."""
    if order.kind is LETTRE.kind and not "".join(order.args).strip():
        raise Refused(Cause.UNREADABLE, missing="text")
    acting.accept(tx, player, order)
    target = order.targets[0] if order.targets else None
    text = order.args[0].strip() if order.kind is LETTRE.kind else ""
    action = ACTIONS[order.kind]
    tx.emit(MarquiseChose(player.name, tx.state.number, action, target, text))
    # the order is accepted once more after her choice, as the rule set always did
    acting.accept(tx, player, order)
