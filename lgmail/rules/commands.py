"""Commands: intents that `decide` accepts (events) or refuses (a cause).

Every command carries `entropy`, supplied by the service, from which the rules draw what chance
decides; the draws are recorded as events.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from lgmail.rules.orders import Order


@dataclass(frozen=True)
class Seat:
    name: str
    email: str
    lang: str = "fr"
    #: the grammatical gender the texts use for the player: "m", "f", or "" (both)
    gender: str = ""


@dataclass(frozen=True)
class CreateGame:
    variant: str
    players: tuple[Seat, ...]
    lang: str = "fr"
    #: exact deal, name -> role slug (the MJ deals as he likes, 001)
    roles: dict[str, str] | None = None
    #: role slugs to deal at random; None: the rule set's default for the player count
    composition: tuple[str, ...] | None = None
    options: dict[str, Any] = field(default_factory=dict)
    mj: str | None = None
    entropy: int = 0


@dataclass(frozen=True)
class ProposeGame:
    """An MJ opens a game for sign-ups (``lgmail.rules.signups``); the players join it
    themselves, and it is created with the confirmed ones when the MJ starts it."""

    variant: str
    lang: str = "fr"
    mj: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    composition: tuple[str, ...] | None = None
    min_players: int | None = None
    max_players: int | None = None
    closes_at: datetime | None = None
    auto_start: bool = False
    entropy: int = 0


@dataclass(frozen=True)
class RequestSignup:
    """`email` asks to play as `name` (or to be a substitute): counted once confirmed."""

    name: str
    email: str
    lang: str = "fr"
    substitute: bool = False
    entropy: int = 0


@dataclass(frozen=True)
class ConfirmSignup:
    """`email` answers his confirmation."""

    email: str
    entropy: int = 0


@dataclass(frozen=True)
class WithdrawSignup:
    """`email`'s sign-up is withdrawn before the start (by himself, or by the MJ: `by`)."""

    email: str
    by: str = "player"
    entropy: int = 0


@dataclass(frozen=True)
class AmendProposal:
    """The MJ changes the proposal before the start (what is None stays as it is; an empty
    `composition`: the rule set's default)."""

    composition: tuple[str, ...] | None = None
    options: dict[str, Any] = field(default_factory=dict)
    min_players: int | None = None
    max_players: int | None = None
    closes_at: datetime | None = None
    auto_start: bool | None = None
    entropy: int = 0


@dataclass(frozen=True)
class Redeal:
    """Deal the roles again before the start (001: « Le MJ a tout droit de relancer un tirage de
    rôles qui ne lui convient pas »), at random or as `roles` gives them."""

    roles: dict[str, str] | None = None
    entropy: int = 0


@dataclass(frozen=True)
class StartGame:
    entropy: int = 0


@dataclass(frozen=True)
class GiveOrder:
    """One order of a player. `settle=False` records it without moving the game on, so that
    the orders of one mail are all recorded before a step may close (the last one settles)."""

    player: str
    order: Order
    entropy: int = 0
    settle: bool = True
    #: which mail the order came in (a digest of its cause): the orders of one mail share it
    #: (001: a player's night actions are one mail, a later one replaces it)
    mail: str = ""


@dataclass(frozen=True)
class EndStep:
    """The MJ closes the current step (or the delay of a pending reaction) now."""

    entropy: int = 0


@dataclass(frozen=True)
class Tick:
    """Time passes: resolve whatever deadline is due."""

    entropy: int = 0


@dataclass(frozen=True)
class ExtendDeadline:
    """The MJ gives the current step (and what follows it in the phase) more time."""

    minutes: int
    entropy: int = 0


@dataclass(frozen=True)
class Pause:
    """The MJ stops the clock: no deadline passes and no order is taken until Resume."""

    entropy: int = 0


@dataclass(frozen=True)
class Resume:
    """The clock runs again; every pending deadline moves by the length of the pause."""

    entropy: int = 0


@dataclass(frozen=True)
class StrikeDown:
    """The MJ strikes a player down ("foudroyer"): dead at once, role revealed."""

    player: str
    entropy: int = 0


@dataclass(frozen=True)
class ReplacePlayer:
    """A substitute takes a seat: same name in the game, role and history; a new address."""

    player: str
    email: str
    by: str = ""
    entropy: int = 0


@dataclass(frozen=True)
class Archive:
    """The MJ closes the game for good: it ends now, with no winner."""

    entropy: int = 0


@dataclass(frozen=True)
class RotateLinks:
    """The MJ gives new links to the game's web pages (the old ones lead nowhere)."""

    entropy: int = 0


@dataclass(frozen=True)
class Announce:
    """The MJ posts an announcement to every player."""

    text: str
    entropy: int = 0


@dataclass(frozen=True)
class PostMessage:
    """A player writes on a channel (the square, the den, the lovers', the cemetery)."""

    player: str
    channel: str
    text: str
    entropy: int = 0


@dataclass(frozen=True)
class NotePresence:
    """A player wrote to the game and nothing of it was recorded (every line refused): he is
    present all the same (002: the absences are of who sends nothing)."""

    player: str
    entropy: int = 0


@dataclass(frozen=True)
class VoidMurmur:
    """The MJ voids a player's murmur of the night before it appears (002: "votre message sera
    remplacé par des 0 sans avertissement")."""

    player: str
    entropy: int = 0


@dataclass(frozen=True)
class MjRuling:
    """An order of the rule set that only the MJ gives, by mail (000: the day's challenge with
    `--option epreuves=manuel`)."""

    order: Order
    entropy: int = 0


Command = (
    CreateGame
    | ProposeGame
    | RequestSignup
    | ConfirmSignup
    | WithdrawSignup
    | AmendProposal
    | StartGame
    | Redeal
    | GiveOrder
    | EndStep
    | Tick
    | ExtendDeadline
    | Pause
    | Resume
    | StrikeDown
    | ReplacePlayer
    | Announce
    | PostMessage
    | VoidMurmur
    | NotePresence
    | Archive
    | RotateLinks
    | MjRuling
)
