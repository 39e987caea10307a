"""Private messages in 001 (« Envoi de MP »): « Plusieurs rôles permettent l'envoi de MPs entre
joueurs (ce qui implique qu'en temps normal ils ne sont pas autorisés). Sauf exceptions, tous
les MPs passent par le MJ, qui les transmet au joueur concerné. Si le joueur a plusieurs moyens
disponibles pour envoyer un MP [...], il doit préciser quelle est l'action lui autorisant à
envoyer le MP. »

A player writes to his MJ address a mail whose first line names the recipient, « écrire à
Bruno » (or « mp Bruno »), or, headed by the right used, « lâche : à Bruno » (needed when
several could carry it); the rest of the mail is the message. lgmail relays it (`MpRelayed`)
from the game's address, signed as the right says (his name, or nobody), with a reply address
that carries the recipient's answer back on the same right where the right allows one (channel
`mp:RIGHT:SENDER`, in the address's token only), and none where it does not. The sender's
address is never shown.

Each right (`Right`, registered by its role's module in `RIGHTS`) says whether `sender` may
write to `recipient` now (or the refusal's rule), how the MP is signed, and whether the
recipient may answer. Counts are read from this phase's relayed MPs (`sent_today`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.maisons.acting import refused
from lgmail.rules.maisons.events import phase_key
from lgmail.rules.maisons.role import handles
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refusal, Refused
from lgmail.rules.role import Said, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

#: the prefix of a reply channel: `mp:RIGHT:SENDER`
CHANNEL = "mp"
#: `GameState.extra` keys: this phase's MPs [[right, sender, recipient]]; every MP carried; the
#: game's MPs by "right>sender>recipient"
SENT, CARRIED, EVER = "mps-du-jour", "mps-portes", "mps-par-droit"


@dataclass(frozen=True)
class Right:
    """A right to send MPs (a role's, or a power's): `check(s, sender, recipient)` raises
    Refused when `sender` may not write to `recipient` now on it (an answer included);
    `signed(s, sender)` is how the MP is signed (None: nobody); `replies`: whether the
    recipient may answer on it."""

    slug: str
    holds: Callable[[GameState, Player], bool]
    check: Callable[[GameState, Player, str], None]
    signed: Callable[[GameState, Player], str | None]
    replies: bool
    #: whom a reply reaches instead of the sender (the Pigeonnier's pigeon flies home)
    answered_by: Callable[[GameState, Player], str] | None = None
    #: what the right does once an MP is relayed (the pigeon lands)
    sent: Callable[[Tx, Player, str], None] | None = None
    #: whether it carries MPs by night too (the Banquier's: 001 sets no time); the others are
    #: a day's, each `check` refusing them by night
    anytime: bool = False
    #: whether it carries MPs to and from a dead player (the Fantôme's)
    beyond: bool = False


#: slug -> the right (its role's slug where the right is a role's)
RIGHTS: dict[str, Right] = {}


def right(r: Right) -> Right:
    RIGHTS[r.slug] = r
    return r


@event
@dataclass(frozen=True)
class MpRelayed(Event):
    """`sender`'s MP to `recipient` on right `right`, relayed signed `signed` (None: unsigned);
    `replies`: the recipient may answer on it, to `reply_to` ("": the sender). `readers`: who it
    was relayed to."""

    sender: str
    recipient: str
    right: str
    text: str
    signed: str | None
    replies: bool
    reply_to: str = ""

    @property
    def readers(self) -> list[str]:
        return [self.recipient]


@folds(MpRelayed)
def _relayed(s: GameState, e: MpRelayed) -> None:
    held = s.extra.get(SENT, {})
    if held.get("at") != phase_key(s):
        held = {"at": phase_key(s), "list": []}
    held["list"].append([e.right, e.sender, e.recipient])
    s.extra[SENT] = held
    s.extra[CARRIED] = int(s.extra.get(CARRIED, 0)) + 1
    ever = s.extra.setdefault(EVER, {})
    key = f"{e.right}>{e.sender}>{e.recipient}"
    ever[key] = int(ever.get(key, 0)) + 1


@tells(MpRelayed)
def _tell(s: GameState, e: MpRelayed, later: Sequence[Event]) -> list[Notice]:
    ctx: dict[str, Any] = {"text": e.text, "signed": e.signed, "right": e.right}
    channel = f"{CHANNEL}:{e.right}:{e.reply_to or e.sender}" if e.replies else "mj"
    ctx["replies"] = e.replies
    # the signature is in the text: no header names the sender (not even From's display name)
    return [Notice(e.recipient, "maisons:mp:relayed", ctx, channel=channel)]


def sent_today(s: GameState, right: str, sender: str) -> list[str]:
    """The recipients of `sender`'s MPs on `right` this phase, one per MP."""
    held = s.extra.get(SENT, {})
    if held.get("at") != phase_key(s):
        return []
    return [str(to) for r, by, to in held["list"] if r == right and by == sender]


def sent_ever(s: GameState, right: str, sender: str, recipient: str) -> int:
    """How many MPs `sender` sent `recipient` on `right` in the game."""
    return int(s.extra.get(EVER, {}).get(f"{right}>{sender}>{recipient}", 0))


def addressed(kind: Kind) -> Callable[[Said], Order | Refusal]:
    """The reader of an order that names a player, then a text (« écrire à Bruno : ... », the
    Scribe's « ... dans la maison de Bruno : ... »): the name on its line, the text after a
    colon or on the lines below (`Verb.to_the_end` adds them when the mail is read)."""

    def read(said: Said) -> Order | Refusal:
        first, _, rest = said.after_verb().partition("\n")
        head, colon, tail = first.partition(":")
        name = said.name(said.tokens(head if colon else first))
        if isinstance(name, Refusal):
            return name
        text = "\n".join(p for p in (tail.strip() if colon else "", rest.strip()) if p)
        return Order(kind, (name,), args=(text,))

    return read


MP = Verb(
    Kind.declare("mp"),
    ("mp", "ecrire", "ecris", "write"),
    hint={
        "fr": "écrire à NOM, puis votre message (jusqu'à la fin du mail)",
        "en": "écrire à NAME (write), then your message (to the end of the mail)",
    },
    read=addressed(Kind("mp")),
    to_the_end=True,
    # 001, « Envoi de MP »: « lâche : à Bruno »
    after_role=("à", "a", "to"),
)


def _usable(s: GameState, player: Player) -> list[Right]:
    return [r for r in RIGHTS.values() if r.holds(s, player)]


@handles(MP)
def send(tx: Tx, player: Player, order: Order) -> None:
    """An MP by mail: the right named, or the one he holds."""
    s = tx.state
    mine = _usable(s, player)
    if order.role:
        mine = [r for r in mine if r.slug == order.role]
    if not mine:
        raise refused("mp-none")
    if len(mine) > 1:
        # « Si le joueur a plusieurs moyens disponibles pour envoyer un MP »: the rights that
        # can carry this one; a single one carries it, none: the first one's refusal
        mine = [r for r in mine if _reaches(s, player, r, order.target)] or mine[:1]
    if len(mine) > 1:
        raise refused("mp-which", rights=", ".join(r.slug for r in mine))
    if not order.args[0].strip():
        raise Refused(Cause.UNREADABLE, missing="text")
    relay(tx, player, mine[0], order.target, order.args[0].strip())


def _reaches(s: GameState, player: Player, r: Right, recipient: str) -> bool:
    """Whether right `r` could carry `player`'s MP to `recipient` now."""
    try:
        r.check(s, player, recipient)
    except Refused:
        return False
    return True


#: what keeps a player from sending any MP a role allows now (the Museleur's gag): each raises
#: Refused
GAGS: list[Callable[[GameState, Player], None]] = []


def relay(tx: Tx, player: Player, r: Right, recipient: str, text: str) -> None:
    s = tx.state
    if not player.alive and not r.beyond:
        raise Refused(Cause.DEAD)  # « un joueur mort n'est ni autorisé à envoyer des MPs »
    for gag in GAGS:
        gag(s, player)
    if recipient == player.name:
        raise Refused(Cause.ILLEGAL_TARGET, target=recipient, why="self")
    if not s.players[recipient].alive and not r.beyond:
        raise Refused(Cause.ILLEGAL_TARGET, target=recipient, why="dead")
    r.check(s, player, recipient)
    back = r.answered_by(s, player) if r.answered_by else ""
    replies = r.replies and back != recipient
    tx.emit(MpRelayed(player.name, recipient, r.slug, text, r.signed(s, player), replies, back))
    if r.sent is not None:
        r.sent(tx, player, recipient)


def reply_channels(s: GameState) -> tuple[str, ...]:
    """Every reply channel of this game: one per right that allows answers and per player."""
    return tuple(
        f"{CHANNEL}:{slug}:{name}" for slug, r in RIGHTS.items() if r.replies for name in s.players
    )


def answer(tx: Tx, player: Player, channel: str, text: str) -> bool:
    """A reply written to a relayed MP's address: an MP back on the same right."""
    prefix, _, rest = channel.partition(":")
    if prefix != CHANNEL:
        return False
    slug, _, sender = rest.partition(":")
    r = RIGHTS.get(slug)
    if r is None or sender not in tx.state.players:
        raise Refused(Cause.NOT_ALLOWED, why="channel")
    if not text:
        raise Refused(Cause.UNREADABLE, missing="text")
    relay(tx, player, r, sender, text)
    return True
