"""A game's setup: created with its players and options, its roles dealt (and dealt again
while it waits), then started, its first phase opened. Pure, as ``lgmail.rules.decide``."""

from __future__ import annotations

from collections.abc import Mapping

from lgmail.rules import events as ev
from lgmail.rules import options as options_rules
from lgmail.rules.calendar import first_rise
from lgmail.rules.commands import (
    CreateGame,
    Redeal,
    Seat,
)
from lgmail.rules.flow import advance, open_phase
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.tx import Tx
from lgmail.rules.variant import Variant
from lgmail.rules.variants import VARIANTS, variant_of


def create(tx: Tx, cmd: CreateGame) -> None:
    if tx.state.status != "new":
        raise Refused(Cause.NOT_ALLOWED, why="exists")
    if cmd.variant not in VARIANTS:
        raise Refused(
            Cause.NOT_ALLOWED, why="variant", variant=cmd.variant, known=", ".join(VARIANTS)
        )
    variant = VARIANTS[cmd.variant]
    names = [seat.name for seat in cmd.players]
    emails = [seat.email.lower() for seat in cmd.players]
    if len(set(names)) != len(names) or len(set(emails)) != len(emails):
        raise Refused(Cause.NOT_ALLOWED, why="duplicate-player")
    options_rules.check(cmd.options, variant.defaults, variant.choices)
    options = {**variant.defaults, **cmd.options}
    tx.emit(
        ev.GameCreated(
            cmd.variant,
            cmd.lang,
            [seat_record(s) for s in cmd.players],
            options,
            cmd.mj,
        )
    )
    deal(tx, variant, names, cmd.roles, cmd.composition)


def deal(
    tx: Tx,
    variant: Variant,
    names: list[str],
    given: Mapping[str, str] | None,
    composition: tuple[str, ...] | None,
) -> None:
    """Deal the roles: as `given` (the MJ's exact deal), or drawn from `composition` (or the
    rule set's default)."""
    own_deal = getattr(variant, "deal", None)
    if own_deal is not None:
        # a rule set that deals more than one card a player (001: a nature and five roles)
        own_deal(tx, names, None if given is None else dict(given))
        return
    if given is not None:
        unknown = sorted(set(given.values()) - set(variant.roles))
        if set(given) != set(names) or unknown:
            raise Refused(Cause.NOT_ALLOWED, why="roles", roles=",".join(unknown))
        roles = {n: given[n] for n in names}
        aside = variant.set_aside(tx, list(roles.values()), len(names))
        tx.emit(ev.RolesDealt(roles, drawn=False, aside=_aside_of(roles, aside)))
        return
    try:
        deck = list(composition or variant.composition(len(names)))
    except ValueError as error:
        raise Refused(Cause.NOT_ALLOWED, why="players", detail=str(error)) from error
    unknown = sorted(set(deck) - set(variant.roles))
    if unknown:
        raise Refused(Cause.NOT_ALLOWED, why="composition", roles=",".join(unknown))
    # the cards beyond the players (004: the Voleur's two, the Comédien's three) are set aside
    # first, by the MJ's options or by a recorded draw
    aside = variant.set_aside(tx, deck, len(names))
    if len(deck) > len(names):
        raise Refused(Cause.NOT_ALLOWED, why="composition", roles="")
    deck += [variant.filler] * (len(names) - len(deck))
    dealt = tx.draw("deal", deck, len(deck))
    roles = dict(zip(names, dealt, strict=True))
    tx.emit(ev.RolesDealt(roles, drawn=True, aside=_aside_of(roles, aside)))


def redeal(tx: Tx, cmd: Redeal) -> None:
    """The MJ deals again before the start (001: « relancer un tirage »)."""
    s = tx.state
    if s.status in ("running", "ended"):
        raise Refused(Cause.NOT_ALLOWED, why="started")
    if s.status != "dealt":
        raise Refused(Cause.NO_GAME)
    deal(tx, variant_of(s), list(s.players), cmd.roles, None)


def seat_record(seat: Seat) -> dict[str, str]:
    """A seat as GameCreated records it; the gender only when the MJ gave one."""
    out = {"name": seat.name, "email": seat.email, "lang": seat.lang}
    if seat.gender:
        out["gender"] = seat.gender
    return out


def _aside_of(roles: Mapping[str, str], aside: Mapping[str, list[str]]) -> dict[str, list[str]]:
    """The cards set aside for each player dealt a role that has some (role -> cards)."""
    return {name: list(aside[role]) for name, role in roles.items() if role in aside}


def start(tx: Tx) -> None:
    s = tx.state
    if s.status == "running" or s.status == "ended":
        raise Refused(Cause.NOT_ALLOWED, why="started")
    if s.status != "dealt":
        raise Refused(Cause.NO_GAME)
    tx.emit(ev.GameStarted())
    variant = variant_of(s)
    kind, number = variant.first_phase(s)
    # a game whose phases rise at a set hour announces its first phase now, to rise then
    minutes = int(variant.duration(s, kind).total_seconds() // 60)
    tx.at = first_rise(tx.now, minutes, s.options)
    open_phase(tx, variant, kind, number)
    tx.at = tx.now
    advance(tx)
