"""Passager (004): a wolf outside the den, unknown to the pack and knowing it not, who may send
the den a message of twenty words a night, the MJ validating it; he dies with the last wolf.

« Il est dans le camp des Loups-Garous, mais ne connait pas les identités de ces derniers. De
même, les Loups ne le connaissent pas non plus. » « Il gagne si au moins un Loup-Garou, même
traitre, remporte la partie et par conséquent, à la mort du dernier d'entre eux, il est
immédiatement éliminé. » « Chaque Nuit de jeu, il peut envoyer un message à l'antre des
Loups-Garous. Ce message ne peut contenir au maximum que vingt mots. » « Le MJ valide le message
ou le fait réécrire au besoin, si le Passager essaye de placer des mots qui ne conviennent pas.
Exemple : jepensequelecapitaineestsorcière (cela compte pour sept mots et pas un seul). » « Il
est interdit d'écrire le pseudo ou le nom/prénom IRL d'un joueur de la partie dans son message. »
« Le message sera transmis à la fin de la Nuit s'il est validé par le MJ. »

Rulings: words are counted as Les Nombres count a murmur's (glued words count as several); a
player's name, as a word or glued in one (names of four letters or more), is refused at once
with the name; his last message of the night counts; the MJ validates by letting it be, or has
it rewritten (« annuler message NOM »: he is told to write again); it reaches, anonymously, the
den's members alive at dawn, if he is alive then; « un Loup-Garou » is any player of the wolves'
camp but a Passager (the den, the Loup Égaré, an infected or turned player).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from lgmail.rules import word_count
from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, accepts, folds, nothing, resolves, tells, voids
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refusal, Refused
from lgmail.rules.role import RoleSpec, Said, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import acting, camps, tonight
from lgmail.rules.tx import Tx


def _message(said: Said) -> Order | Refusal:
    """004, Passager: « il peut envoyer un message à l'antre des Loups-Garous »."""
    text = said.after_verb()
    return (
        Order(MESSAGE.kind, args=(text,))
        if text
        else Refusal(Cause.UNREADABLE, {"missing": "text"})
    )


#: 004: the Passager's message to the den
MESSAGE = Verb(
    Kind.declare("message"),
    ("message", "passager", "msg"),
    hint={
        "fr": "message TEXTE (20 mots, aucun nom de joueur)",
        "en": "message TEXT (to the pack: 20 words, no player's name)",
    },
    read=_message,
    # 004: « Le MJ valide le message ou le fait réécrire au besoin »
    voidable=True,
)


ROLE = RoleSpec(
    slug="passager",
    camp="loups",
    names={"fr": "Passager", "en": "Passenger"},
    orders=frozenset({MESSAGE.kind}),
    verbs=(MESSAGE,),
    step="loups",
    help={
        "fr": "Vous êtes du camp des loups, sans les connaître. Chaque nuit, si vous le voulez : "
        "« message VOTRE TEXTE » : vingt mots au plus, aucun nom de joueur ; le MJ le valide et "
        "le transmet anonymement à la meute à la fin de la nuit. Vous mourez avec le dernier "
        "loup.",
        "en": "You play for the wolves without knowing them. Each night, if you wish: "
        '"message YOUR TEXT": twenty words at most, no player\'s name; the MJ validates it and '
        "hands it on anonymously to the pack at the end of the night. You die with the last "
        "wolf.",
    },
)

#: « Ce message ne peut contenir au maximum que vingt mots. »
WORDS = 20
#: the cause of his death with the last wolf
CAUSE = "passager"
#: names shorter than this are looked for as whole words only (not glued in another word)
GLUED_NAME = 4


def key(night: int) -> str:
    """`GameState.extra` key of night `night`'s messages: passager -> text."""
    return f"passager:{night}"


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def named(text: str, names: Iterable[str]) -> str | None:
    """The first player's name `text` writes, as a word or glued in a word; None when none."""
    words = ["".join(c for c in w if c.isalnum()) for w in _fold(text).split()]
    glued = "".join(words)
    for name in names:
        folded = "".join(c for c in _fold(name) if c.isalnum())
        if folded and (folded in words or (len(folded) >= GLUED_NAME and folded in glued)):
            return name
    return None


def is_passager(player: Player) -> bool:
    return player.role == ROLE.slug


def orphaned(state: GameState, is_wolf: Callable[[Player], bool]) -> list[Player]:
    """The living Passagers with no Loup-Garou alive (« à la mort du dernier d'entre eux, il est
    immédiatement éliminé »)."""
    wolves = [p for p in state.living() if is_wolf(p) and not is_passager(p)]
    return [] if wolves else [p for p in state.by_role(ROLE.slug)]


@event
@dataclass(frozen=True)
class PassengerWrote(Event):
    """The Passager's message of tonight to the den (004: « vingt mots » at most, `words` as
    counted), held for the MJ's validation until the end of the night."""

    passager: str
    text: str
    words: int
    night: int


@event
@dataclass(frozen=True)
class PassengerMessageVoided(Event):
    """The MJ has the Passager's message rewritten (004: « Le MJ valide le message ou le fait
    réécrire au besoin »); it will not be handed on."""

    passager: str
    night: int


@event
@dataclass(frozen=True)
class PassengerMessageDelivered(Event):
    """004: « Le message sera transmis à la fin de la Nuit s'il est validé par le MJ », to the
    den's `readers`, without its author's name."""

    passager: str
    text: str
    readers: list[str]
    night: int


@folds(PassengerWrote)
def _passenger_wrote(s: GameState, e: PassengerWrote) -> None:
    s.extra.setdefault(key(e.night), {})[e.passager] = e.text


@folds(PassengerMessageVoided)
def _passenger_voided(s: GameState, e: PassengerMessageVoided) -> None:
    s.extra.get(key(e.night), {}).pop(e.passager, None)


folds(PassengerMessageDelivered)(nothing)


@tells(PassengerWrote)
def _tell_wrote(s: GameState, e: PassengerWrote, later: Sequence[Event]) -> list[Notice]:
    """004: « Le MJ valide le message ou le fait réécrire au besoin »."""
    return [Notice(None, "mj:passager", e.payload())]


@tells(PassengerMessageVoided)
def _tell_voided(s: GameState, e: PassengerMessageVoided, later: Sequence[Event]) -> list[Notice]:
    return [Notice(e.passager, "roles:passager:message-refuse")]


@tells(PassengerMessageDelivered)
def _tell_delivered(
    s: GameState, e: PassengerMessageDelivered, later: Sequence[Event]
) -> list[Notice]:
    """The den reads the text, not who wrote it."""
    return [Notice(n, "roles:passager:message-transmis", {"text": e.text}) for n in e.readers]


# --- in 004 (thiercelieux): its night ---


@resolves("thiercelieux", "message")
def _resolve_message(tx: Tx) -> None:
    """004, Passager: « il peut envoyer un message à l'antre des Loups-Garous » « Le message sera
    transmis à la fin de la Nuit s'il est validé par le MJ »; the den does not learn who wrote."""
    s = tx.state
    for player, _ in tonight.given(s, ROLE.slug, MESSAGE.kind):
        text = s.extra.get(key(s.number), {}).get(player.name)
        readers = [p.name for p in camps.den(s) if p.name != player.name]
        if text and readers:
            tx.emit(PassengerMessageDelivered(player.name, str(text), readers, s.number))


# --- in 004 (thiercelieux): its orders ---


@accepts(MESSAGE.kind)
def _accept_message(tx: Tx, player: Player, order: Order) -> None:
    """004, Passager: « Ce message ne peut contenir au maximum que vingt mots. » « Il est
    interdit d'écrire le pseudo ou le nom/prénom IRL d'un joueur de la partie ». His last
    message of the night counts."""
    s = tx.state
    text = " ".join(order.args).strip()
    if not text:
        raise Refused(Cause.UNREADABLE, missing="text")
    acting.accept(tx, player, order)
    counted = word_count.count(text)
    if counted > WORDS:
        raise Refused(Cause.NOT_ALLOWED, why="passager-long", words=str(counted))
    name = named(text, s.players)
    if name is not None:
        raise Refused(Cause.NOT_ALLOWED, why="passager-name", name=name)
    tx.emit(PassengerWrote(player.name, text, counted, s.number))


@voids("thiercelieux")
def _void_message(tx: Tx, player: str) -> None:
    """The MJ has the Passager's message of tonight rewritten (004: « Le MJ valide le
    message ou le fait réécrire au besoin »)."""
    s = tx.state
    if s.phase != "night" or player not in s.extra.get(key(s.number), {}):
        raise Refused(Cause.NOTHING_TO_DO, what="message")
    tx.emit(PassengerMessageVoided(player, s.number))
