"""The game options an MJ gives at creation, checked against the rule set before the game exists:
a typo must be refused with its reason, not fall back silently to a default."""

from __future__ import annotations

import re
from collections.abc import Mapping
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from lgmail.rules.refusal import Cause, Refused

#: options whose value is a local time of day
CLOCK = frozenset({"close_at", "rise_at"})
_HHMM = re.compile(r"^([01]?\d|2[0-3]):[0-5]\d$")


def _refuse(key: str, value: object, allowed: str, expects: str = "choice") -> Refused:
    """`expects`: what the option takes, for the MJ's sentence ("choice": one of `allowed`,
    "bool", "count", "tz", "hhmm")."""
    return Refused(
        Cause.NOT_ALLOWED,
        why="option",
        option=key,
        value=str(value),
        allowed=allowed,
        expects=expects,
    )


def check(
    given: Mapping[str, object],
    defaults: Mapping[str, object],
    choices: Mapping[str, tuple[str, ...]],
) -> None:
    """Refuse a value of the wrong type for a known option (a number where the default is a
    number, true/false where it is a yes/no), a value outside an option's `choices`, an unknown
    time zone or a time of day not written HH:MM. Options the rule set does not know pass
    through (other tools may read them)."""
    for key, value in given.items():
        default = defaults.get(key)
        if key in choices and value not in choices[key]:
            raise _refuse(key, value, " | ".join(choices[key]))
        if isinstance(default, bool) and not isinstance(value, bool):
            raise _refuse(key, value, "true | false", "bool")
        if isinstance(default, int) and not isinstance(default, bool) and not _count(value):
            raise _refuse(key, value, "a whole number above 0", "count")
        if key == "tz":
            _zone(key, value)
        if key in CLOCK and value is not None and not _HHMM.match(str(value)):
            raise _refuse(key, value, "HH:MM", "hhmm")


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _zone(key: str, value: object) -> None:
    try:
        ZoneInfo(str(value))
    except (ZoneInfoNotFoundError, ValueError) as error:
        raise _refuse(key, value, "a time zone such as Europe/Paris", "tz") from error
