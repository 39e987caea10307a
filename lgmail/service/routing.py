"""Whether a mail written to a channel (the square, the den...) is meant as orders (#18): a
player who replies « vote Emma » to a post on the square means his vote, not a post."""

from __future__ import annotations

from datetime import datetime

from lgmail.orders.kernel_verbs import verbs_of
from lgmail.orders.parse import Line, parse
from lgmail.rules.commands import GiveOrder
from lgmail.rules.decide import decide
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Refusal
from lgmail.rules.state import GameState

#: a line of a post read as an order: a short one (« je vote Alice », « vote Alice stp »);
#: a longer sentence that names an order is debate
ORDER_LINE_WORDS = 6


def reads_as_orders(state: GameState, player: str, text: str, now: datetime) -> bool:
    """Whether a mail written to a channel reads as orders `player` may give now: all its
    lines, or its first line, are short orders (`ORDER_LINE_WORDS`) the rules would take."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        return False
    parsed = parse(text, list(state.players), player, verbs_of(state.variant))

    def may_give(line: Line) -> bool:
        order = line.result
        if not isinstance(order, Order) or len(line.text.split()) > ORDER_LINE_WORDS:
            return False
        if order.kind is Kind.AIDE:
            return True
        return not isinstance(decide(state, GiveOrder(player, order, 0, False), now), Refusal)

    return bool(parsed) and (may_give(parsed[0]) or all(may_give(line) for line in parsed))
