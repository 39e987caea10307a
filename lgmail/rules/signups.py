"""A game opened for sign-ups: the MJ proposes it, players sign up themselves and confirm from
their address (double opt-in), substitutes queue, and the MJ starts it with the confirmed
players, dealt as any game is (``lgmail.rules.setup``). Pure, as ``lgmail.rules.decide``.

The list itself, and how the log builds it, is ``lgmail.rules.signup_list``.
"""

from __future__ import annotations

from datetime import datetime

from lgmail.rules import events as ev
from lgmail.rules import options as options_rules
from lgmail.rules.commands import (
    AmendProposal,
    ConfirmSignup,
    ProposeGame,
    RequestSignup,
    Seat,
    WithdrawSignup,
)
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.setup import deal, seat_record, start
from lgmail.rules.signup_list import entry, free_names, name_taken, seated
from lgmail.rules.state import GameState, Proposal
from lgmail.rules.tx import Tx, iso
from lgmail.rules.variants import VARIANTS, variant_of

#: the kernel's own option of a proposal: start at the closing date when the count fits
AUTO_START = "demarrage_auto"
#: the longest name a player may sign up under
NAME_LENGTH = 30


# --- the decisions -------------------------------------------------------------------------


def _aware(moment: datetime | None) -> None:
    if moment is not None and moment.tzinfo is None:
        raise ValueError("a closing date must be timezone-aware")


def propose(tx: Tx, cmd: ProposeGame) -> None:
    _aware(cmd.closes_at)
    if tx.state.status != "new":
        raise Refused(Cause.NOT_ALLOWED, why="exists")
    if cmd.variant not in VARIANTS:
        raise Refused(
            Cause.NOT_ALLOWED, why="variant", variant=cmd.variant, known=", ".join(VARIANTS)
        )
    variant = VARIANTS[cmd.variant]
    options_rules.check(cmd.options, variant.defaults, variant.choices)
    _check_deck(cmd.variant, cmd.composition)
    _check_bounds(cmd.min_players, cmd.max_players)
    tx.emit(
        ev.GameProposed(
            cmd.variant,
            cmd.lang,
            {**variant.defaults, **cmd.options},
            cmd.mj,
            None if cmd.composition is None else list(cmd.composition),
            cmd.min_players,
            cmd.max_players,
            None if cmd.closes_at is None else iso(cmd.closes_at),
            cmd.auto_start,
        )
    )


def _check_deck(variant: str, composition: tuple[str, ...] | None) -> None:
    unknown = sorted(set(composition or ()) - set(VARIANTS[variant].roles))
    if unknown:
        raise Refused(Cause.NOT_ALLOWED, why="composition", roles=",".join(unknown))


def _check_bounds(low: int | None, high: int | None) -> None:
    for bound in (low, high):
        if bound is not None and bound < 1:
            raise Refused(Cause.NOT_ALLOWED, why="bounds", low=str(low), high=str(high))
    if low is not None and high is not None and low > high:
        raise Refused(Cause.NOT_ALLOWED, why="bounds", low=str(low), high=str(high))


def _open(state: GameState) -> Proposal:
    """The proposal of a game still in sign-ups; refused once it started or ended."""
    if state.status == "new":
        raise Refused(Cause.NO_GAME)
    if state.status == "ended":
        raise Refused(Cause.GAME_OVER)
    if state.status != "signup" or state.proposal is None:
        raise Refused(Cause.NOT_ALLOWED, why="started")
    return state.proposal


def request(tx: Tx, cmd: RequestSignup) -> None:
    s = tx.state
    _open(s)
    name = " ".join(cmd.name.split())
    if not name or len(name) > NAME_LENGTH or "@" in name or not any(c.isalpha() for c in name):
        raise Refused(Cause.UNREADABLE, why="name", written=cmd.name, most=str(NAME_LENGTH))
    if "@" not in cmd.email.strip():
        raise Refused(Cause.UNREADABLE, why="email", written=cmd.email)
    known = entry(s, cmd.email)
    if known is not None and known.confirmed:
        raise Refused(Cause.NOT_ALLOWED, why="signed-up", name=known.name)
    if name_taken(s, name, cmd.email):
        raise Refused(
            Cause.NOT_ALLOWED,
            why="name-taken",
            name=name,
            choices=", ".join(free_names(s, name, cmd.email, NAME_LENGTH)),
        )
    tx.emit(ev.SignupRequested(name, cmd.email.strip(), cmd.lang, cmd.substitute))


def confirm(tx: Tx, cmd: ConfirmSignup) -> None:
    s = tx.state
    _open(s)
    known = entry(s, cmd.email)
    if known is None:
        raise Refused(Cause.NOT_A_PLAYER)
    if known.confirmed:
        raise Refused(Cause.NOT_ALLOWED, why="confirmed", name=known.name)
    tx.emit(ev.SignupConfirmed(known.email))


def withdraw(tx: Tx, cmd: WithdrawSignup) -> None:
    s = tx.state
    _open(s)
    known = entry(s, cmd.email)
    if known is None:
        raise Refused(Cause.NOT_A_PLAYER)
    before = {p.email for p in seated(s)}
    tx.emit(ev.SignupWithdrawn(known.email, cmd.by))
    for moved in [p for p in seated(s) if p.email not in before]:
        tx.emit(ev.SignupPromoted(moved.email))


def amend(tx: Tx, cmd: AmendProposal) -> None:
    _aware(cmd.closes_at)
    s = tx.state
    proposal = _open(s)
    variant = variant_of(s)
    options_rules.check(cmd.options, variant.defaults, variant.choices)
    _check_deck(s.variant, cmd.composition)
    low = proposal.min_players if cmd.min_players is None else cmd.min_players
    high = proposal.max_players if cmd.max_players is None else cmd.max_players
    _check_bounds(low, high)
    before = {p.email for p in seated(s)}
    tx.emit(
        ev.ProposalAmended(
            None if cmd.composition is None else list(cmd.composition),
            dict(cmd.options),
            cmd.min_players,
            cmd.max_players,
            None if cmd.closes_at is None else iso(cmd.closes_at),
            cmd.auto_start,
        )
    )
    # more seats: the first of the waiting list move up, and are told
    for moved in [p for p in seated(s) if p.email not in before]:
        tx.emit(ev.SignupPromoted(moved.email))


def begin(tx: Tx, roles: dict[str, str] | None = None, and_start: bool = True) -> None:
    """The game is created with the seated players, dealt (drawn and recorded, or as `roles`
    gives it) and, `and_start`, started: each player is mailed his role."""
    s = tx.state
    proposal = _open(s)
    players = seated(s)
    low = proposal.min_players or 1
    if len(players) < low:
        raise Refused(Cause.NOT_ALLOWED, why="too-few", count=str(len(players)), low=str(low))
    seats = [Seat(p.name, p.email, p.lang) for p in players]
    tx.emit(
        ev.GameCreated(s.variant, s.lang, [seat_record(x) for x in seats], dict(s.options), s.mj)
    )
    composition = tuple(proposal.composition) if proposal.composition else None
    deal(tx, variant_of(s), [p.name for p in players], roles, composition)
    if and_start:
        start(tx)


def tick(tx: Tx) -> None:
    """At the closing date: the MJ is told the count; with `auto_start`, the game starts
    when the count fits (else it waits for the MJ)."""
    s = tx.state
    proposal = s.proposal
    if proposal is None or proposal.closed or proposal.closes_at is None:
        return
    if tx.now < proposal.closes_at:
        return
    tx.emit(ev.SignupsClosed(len(seated(s))))
    if not proposal.auto_start:
        return
    trial = Tx(tx.state, tx.now, tx.entropy, tx.fold)
    try:
        begin(trial)
    except Refused:
        return
    for event in trial.events:
        tx.emit(event)
