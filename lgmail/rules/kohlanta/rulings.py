"""A refusal of 000's rules, told by `templates/<lang>/kohlanta/refusals/not_allowed/kohlanta.txt`
(rule -> a sentence that says what to do)."""

from __future__ import annotations

from lgmail.rules.refusal import Cause, Refused


def refused(rule: str, **detail: str) -> Refused:
    return Refused(Cause.NOT_ALLOWED, why="kohlanta", rule=rule, **detail)
