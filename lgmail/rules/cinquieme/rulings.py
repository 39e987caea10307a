"""A refusal of 000's Cinquième Élément rules, told by
`templates/<lang>/cinquieme/refusals/not_allowed/cinquieme.txt` (rule -> a sentence that says
what to do)."""

from __future__ import annotations

from lgmail.rules.refusal import Cause, Refused


def refused(rule: str, **detail: str) -> Refused:
    return Refused(Cause.NOT_ALLOWED, why="cinquieme", rule=rule, **detail)
