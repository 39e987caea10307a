"""Why an order is refused: a cause code that the mail layer turns into a sentence."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Cause(StrEnum):
    UNREADABLE = "unreadable"
    NOT_A_PLAYER = "not_a_player"
    NO_GAME = "no_game"
    GAME_NOT_STARTED = "game_not_started"
    GAME_OVER = "game_over"
    DEAD = "dead"
    NOT_NOW = "not_now"
    NOT_YET_TOLD = "not_yet_told"
    NOT_YOUR_ROLE = "not_your_role"
    NO_SUCH_PLAYER = "no_such_player"
    AMBIGUOUS_NAME = "ambiguous_name"
    ILLEGAL_TARGET = "illegal_target"
    POWER_LOST = "power_lost"
    ALREADY_USED = "already_used"
    NOTHING_TO_DO = "nothing_to_do"
    BLANK_NOT_ALLOWED = "blank_not_allowed"
    NOT_ALLOWED = "not_allowed"
    PAUSED = "paused"


@dataclass(frozen=True)
class Refusal:
    """A refused command: nothing changes. `detail` feeds the answer's template."""

    cause: Cause
    detail: dict[str, str] = field(default_factory=dict)

    def __str__(self) -> str:
        extra = ", ".join(f"{k}={v}" for k, v in sorted(self.detail.items()))
        return f"{self.cause.value}({extra})" if extra else self.cause.value


class Refused(Exception):
    """Raised inside the rules to abort a decision; carries the refusal."""

    def __init__(self, cause: Cause, **detail: str) -> None:
        super().__init__(cause.value)
        self.refusal = Refusal(cause, dict(detail))


class Spoiled(Exception):
    """A decision made in place (`decide(..., in_place=True)`) was refused after some of its
    events had been folded into the state it was given: that state no longer holds the game;
    the caller must rebuild it (and decide on a copy). Carries the refusal."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(str(refusal))
        self.refusal = refusal
