"""What a player reads back about his mail, and what the MJ reads when the CLI is refused.

A player's answer says what was recorded (its subject too), why each order was refused, which
lines were read as conversation and not passed on, the help he asked for and what he may do
now. It never grows with the mail: at most `ORDER_LINES` order lines and `PROSE_LINES` lines of
conversation are quoted, each cut to `QUOTE` characters.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from lgmail.mail.render import LANGS, environment, naming, render
from lgmail.orders.kernel_verbs import Verbs, every
from lgmail.orders.parse import opens_with_order
from lgmail.rules.hooks import UNTOLD
from lgmail.rules.orders import Order
from lgmail.rules.refusal import Cause, Refusal
from lgmail.rules.state import GameState
from lgmail.rules.variant import Variant
from lgmail.rules.variants import VARIANTS, variant_of
from lgmail.rules.view import view
from lgmail.service.hints import can_do, help_text

#: order lines quoted with what became of them; the others are counted
ORDER_LINES = 20
#: lines of conversation quoted; the others are counted
PROSE_LINES = 3
#: characters of a line quoted back (and of a name the player wrote)
QUOTE = 80


def shorten(text: str, size: int = QUOTE) -> str:
    """The first line of `text`, cut to `size` characters ("…" where it was cut)."""
    lines = text.strip().splitlines()
    first = lines[0].strip() if lines else ""
    if len(first) > size:
        return first[: size - 1].rstrip() + "…"
    return first + (" …" if len(lines) > 1 else "")


def line_of(text: str, result: Order | Refusal, verbs: Verbs | None = None) -> dict[str, Any]:
    """One line of a mail and what became of it. A refused line that does not start with an
    order word (of `verbs`, the game's; by default every rule set's) is `prose`: conversation,
    quoted back briefly, never refused line by line. The arguments of an order are named when
    they are short (`Verb.short_args`: a role, a square, a list)."""
    table = every() if verbs is None else verbs
    if isinstance(result, Refusal):
        return {
            "text": text,
            "ok": False,
            "cause": result.cause.value,
            "detail": {k: shorten(str(v)) for k, v in result.detail.items()},
            "prose": not opens_with_order(text, table),
        }
    verb = table.get(result.kind)
    return {
        "text": text,
        "ok": True,
        "kind": result.kind.value,
        "targets": list(result.targets),
        "blank": result.blank,
        "args": [shorten(a, 20) for a in result.args] if verb and verb.short_args else [],
        "prose": False,
    }


def stays_open(state: GameState, player: str, steps: Iterable[str]) -> bool:
    """Whether the night step `player` just gave orders in is still open and waits for him:
    he may do more in it (one of his orders given, another) until he says he is done."""
    step = state.step
    seat = state.players.get(player)
    if state.status != "running" or state.phase != "night" or step is None or seat is None:
        return False
    if step.name not in set(steps) or not seat.alive:
        return False
    return not variant_of(state).done(state, seat, step.name)


def answer(
    state: GameState,
    player: str | None,
    lines: list[dict[str, Any]],
    wants_help: bool = False,
    steps: Iterable[str] = (),
    now: datetime | None = None,
    notes: Iterable[str] = (),
) -> tuple[bool, str, str]:
    """(all went through, subject, body) of the answer to `player`'s mail (None: a stranger).
    `steps`: the steps of the orders recorded from the mail; `notes`: the templates of what
    its events add to the answer (`Event.NOTE`)."""
    orders = [line for line in lines if not line.get("prose")]
    prose = [line for line in lines if line.get("prose")]
    recorded = [line for line in orders if line["ok"]]
    refused = len(orders) - len(recorded)
    running = state.status == "running" and player is not None
    lang = state.players[player].lang if player is not None else state.lang
    subject, body = render(
        lang,
        "player:answer",
        variant=VARIANTS.get(state.variant),
        game=state.name,
        view=view(state, player),
        # a vote for someone: an election's, or a jury's (000: the eliminated vote at the end)
        election=state.phase == "election"
        or (player is not None and not state.players[player].alive),
        orders=[{**line, "quote": shorten(line["text"])} for line in orders[:ORDER_LINES]],
        more=max(0, len(orders) - ORDER_LINES),
        recorded=recorded,
        refused=refused,
        prose=[shorten(line["text"]) for line in prose[:PROSE_LINES]],
        prose_more=max(0, len(prose) - PROSE_LINES),
        help=help_text(state, player) if wants_help and player is not None else "",
        can=can_do(state, player, now) if running and player is not None else [],
        open_step=player is not None and bool(recorded) and stays_open(state, player, steps),
        notes=[f"{note}.txt" for note in dict.fromkeys(notes)],
        # 000: a juror learns nothing of the game, not even its phase, until it ends
        untold=player is not None and any(untold(state, player) for untold in UNTOLD),
    )
    return refused == 0 and bool(recorded or wants_help), subject, body


def stranger(state: GameState) -> tuple[dict[str, Any], tuple[bool, str, str]]:
    """The answer to an address that plays no part in the game, and its one line."""
    line = {
        "text": "",
        "ok": False,
        "cause": Cause.NOT_A_PLAYER.value,
        "detail": {},
        "prose": False,
    }
    return line, answer(state, None, [line])


def explain(
    lang: str,
    action: str,
    game: str,
    cause: str,
    detail: dict[str, str],
    gender: str | None = None,
    variant: Variant | None = None,
) -> str:
    """A refusal the CLI prints, as one sentence or two in the game's language that say what
    to do: `action` is "create", "start", "end" or "mj"; `cause` a refusal's cause or the CLI's
    own ("unknown_role", "player", "count"); `gender`, the player it names; `variant`, the
    game's rule set (whose roles it names)."""
    template = environment(lang if lang in LANGS else "fr").get_template("cli/refused.txt")
    with naming(variant):
        text = template.render(action=action, game=game, cause=cause, detail=detail, gender=gender)
    return re.sub(r"\s+", " ", text).strip()


def explain_refusal(
    state: GameState, action: str, refusal: Refusal, lang: str | None = None
) -> str:
    """`explain` for the rules' refusal of the MJ's command on `state` (in `lang`, the
    language of a game being created)."""
    named = state.players.get(refusal.detail.get("target", ""))
    gender = named.gender if named is not None else None
    detail = dict(refusal.detail)
    return explain(
        lang or state.lang,
        action,
        state.name,
        refusal.cause.value,
        detail,
        gender,
        VARIANTS.get(state.variant),
    )
