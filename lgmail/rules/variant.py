"""What a rule set gives the kernel. The kernel runs phases, steps, orders and reactions; the
rule set says which steps a phase has, who acts in them, what an order means and what a closed
step, a resolved phase or a death does."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from typing import Protocol

from lgmail.rules.electorate import Electorate
from lgmail.rules.orders import Kind, Order
from lgmail.rules.role import Role, RoleSpec, Verb
from lgmail.rules.state import GameState, Player, Reaction
from lgmail.rules.tx import Tx


class Variant(Protocol):
    name: str
    #: the cards the rule set deals (a player's `role`), by slug
    roles: Mapping[str, RoleSpec]
    #: the roles a player holds beside his card (`Player.powers`), by slug, where they are
    #: roles of their own (001: five roles beside a nature); empty where the card is the role
    powers: Mapping[str, Role]
    #: option defaults of the rule set
    defaults: Mapping[str, object]
    #: the values an option may take, where they are a closed list
    choices: Mapping[str, tuple[str, ...]]
    #: the steps where everyone votes (announced by the public digest, not one by one)
    vote_steps: frozenset[str]
    #: whether writing without an order recorded counts as presence (PlayerPresent): where
    #: absences cost the seat (002), not where they are only told to the MJ
    counts_presence: bool
    #: the orders the rule set adds for everyone, besides its roles' and the kernel's (002's
    #: PAD, numbers, testament...): how they are written
    verbs: tuple[Verb, ...]
    #: what the help says of those orders, by language
    orders_help: Mapping[str, str]
    #: what the captain is called, by language (002: the Nombre Fétiche)
    captain: Mapping[str, str]
    #: the role that fills a composition up to the players
    filler: str

    def composition(self, count: int) -> list[str]:
        """The default deal for `count` players."""
        ...

    def set_aside(self, tx: Tx, deck: list[str], players: int) -> dict[str, list[str]]:
        """The cards kept out of the players' hands for the roles that use them, by role (004:
        the Voleur's two, the Comédien's three): named by the game's options, or drawn out of
        `deck` (which loses them) when it holds more cards than `players`. Raise Refused when
        the deck cannot give them."""
        ...

    def first_phase(self, state: GameState) -> tuple[str, int]: ...

    def next_phase(self, state: GameState) -> tuple[str, int]: ...

    def opened(self, tx: Tx) -> None:
        """A phase has just risen (PhaseOpened): what the rule set does then, before its steps
        open (004: the Métronome's draw at nightfall)."""
        ...

    def duration(self, state: GameState, kind: str) -> timedelta: ...

    def steps(self, state: GameState, kind: str, number: int) -> list[str]: ...

    def actors(self, state: GameState, step: str) -> list[str]:
        """Living players who can act in `step` now."""
        ...

    def orders(self, state: GameState, player: Player, step: str) -> list[Kind]:
        """The orders `player` may give in `step` (for help and reminders)."""
        ...

    def done(self, state: GameState, player: Player, step: str) -> bool: ...

    def closes_early(self, state: GameState, step: str) -> bool: ...

    def afterlife(self, state: GameState, player: Player) -> frozenset[Kind]:
        """The orders the dead `player` may give now, besides the reactions the game awaits
        from him (004: « La voix des morts »); `accept` takes them. The dead give no other."""
        ...

    def accept(self, tx: Tx, player: Player, order: Order) -> None:
        """Record `order` (OrderAccepted or its immediate effect) or raise Refused."""
        ...

    def mj_order(self, tx: Tx, order: Order) -> None:
        """An order only the MJ gives (000: the day's challenge set by hand), or raise
        Refused."""
        ...

    def react(self, tx: Tx, player: Player, order: Order, reaction: Reaction) -> None:
        """A dead player's awaited reaction (shot, successor)."""
        ...

    def decisive(self, reaction: Reaction) -> bool:
        """Whether answering `reaction` may change who wins (a shot may; a successor may not):
        the game is decided without waiting for the others."""
        ...

    def expire(self, tx: Tx, reaction: Reaction) -> None:
        """The reaction's delay passed (or the MJ ended it)."""
        ...

    def kill(self, tx: Tx, victims: list[tuple[str, str]]) -> None:
        """Deaths [(name, cause)] and what they set off (grief, reactions, lost powers)."""
        ...

    def absent(self, tx: Tx, players: list[str]) -> None:
        """The rule set's policy for players absent a day and the following night."""
        ...

    def void(self, tx: Tx, player: str) -> None:
        """The MJ voids what `player` wrote to appear later (002's murmur), or raise Refused."""
        ...

    def close_step(self, tx: Tx, step: str) -> None: ...

    def resolve_phase(self, tx: Tx) -> None:
        """All steps closed: dawn's deaths, the stake, the election's outcome."""
        ...

    def channels(self) -> tuple[str, ...]:
        """The channels players may write on, besides their private line to the MJ."""
        ...

    def may_post(self, state: GameState, player: Player, channel: str) -> None:
        """Raise Refused when `player` may not write on `channel` now."""
        ...

    def readers(self, state: GameState, channel: str) -> list[str]:
        """Who reads what is posted on `channel` now."""
        ...

    def reply_channels(self, state: GameState) -> tuple[str, ...]:
        """The channels of this game a reply address may carry besides `channels` (001: the
        reply to a relayed private message, one per right and sender)."""
        ...

    def relay(self, tx: Tx, player: Player, channel: str, text: str) -> bool:
        """Take `player`'s message written to `channel` when the rule set relays it itself
        (001: a private message through the MJ): True once done (or raise Refused); False
        for a post to the channel's readers."""
        ...

    def known(self, state: GameState, viewer: str) -> dict[str, str]:
        """Roles `viewer` knows by the rules (pack, probes, a public role), name -> role,
        besides their own, the revealed ones and, at the end, all."""
        ...

    def outcome(self, state: GameState) -> tuple[str | None, list[str]] | None:
        """None while the game goes on; else (winner, winners)."""
        ...

    def hint(self, state: GameState, player: Player, kind: Kind, lang: str) -> str | None:
        """How `player` writes `kind` in this rule set, where it differs from the verb's own
        hint (001: the Salvateur protects « la maison de NOM »); None: the verb's."""
        ...

    def help(self, state: GameState, player: Player, lang: str) -> str | None:
        """What `aide` tells `player` in `lang` when the rule set says it itself (his roles,
        its own orders and their rules); None: his role's help and the kernel's orders."""
        ...

    def electorate(
        self,
        state: GameState,
        ballot: str,
        group: str,
        votes: Mapping[str, str | None],
        tally: Mapping[str, float],
    ) -> Electorate | None:
        """Who voted, and how, in a vote of kind `ballot` the rule set counted on `state` (as
        it stood just before): `ELECTION`, `STAKE`, `DEN` or the rule set's own (000: a tribe's
        chief, `group`, its council, the jury), `votes` and `tally` as the count gave them where
        it gives them. None where the rule set counts no such vote (the pack's choice, except
        in 002)."""
        ...
