"""When a phase ends: wall-clock arithmetic in the game's time zone.

A forum game lives by local time: 002's phases "rise at 22:00 and close at 21:30" whatever the
season. So a phase's length is added to the local wall time (a 47h30 day that starts at 22:00 on
a Friday ends at 21:30 on the Sunday, even when the clocks change that weekend), and with
`close_at` the deadline is the first such local time at or after the nominal end less an hour
(a phase that opens late still closes at the usual time). The time zone data is reference data
(the pinned `tzdata`), read the same way on every replay; deadlines are recorded in events, so a
replay never computes them again.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

DEFAULT_TZ = "Europe/Paris"
#: how much earlier than its nominal end a phase may close to meet `close_at`
SLACK = timedelta(hours=1)


def _hhmm(text: str) -> tuple[int, int]:
    hours, _, minutes = text.partition(":")
    return int(hours), int(minutes or 0)


def local(moment: datetime, tz: str) -> datetime:
    """The naive local wall time of `moment` in `tz`."""
    return moment.astimezone(ZoneInfo(tz)).replace(tzinfo=None)


def instant(wall: datetime, tz: str) -> datetime:
    """The UTC instant of a naive local wall time (a time skipped by a DST change is taken
    an hour later, as clocks show it)."""
    zone = ZoneInfo(tz)
    aware = wall.replace(tzinfo=zone)
    return aware.astimezone(UTC)


def phase_end(start: datetime, minutes: int, options: Mapping[str, object]) -> datetime:
    """The deadline of a phase that opens at `start` and lasts `minutes` of wall time."""
    tz = str(options.get("tz") or DEFAULT_TZ)
    end = local(start, tz) + timedelta(minutes=minutes)
    close_at = options.get("close_at")
    if close_at:
        hours, mins = _hhmm(str(close_at))
        earliest = end - SLACK
        end = earliest.replace(hour=hours, minute=mins, second=0, microsecond=0)
        if end < earliest:
            end += timedelta(days=1)
    return instant(end, tz)


def rise_after(moment: datetime, options: Mapping[str, object]) -> datetime | None:
    """With the option `rise_at` ("22:00"), the first such local time at or after `moment`:
    when the next phase rises (002: phases close at 21:30 and rise at 22:00). None without."""
    rise_at = options.get("rise_at")
    if not rise_at:
        return None
    tz = str(options.get("tz") or DEFAULT_TZ)
    hours, mins = _hhmm(str(rise_at))
    wall = local(moment, tz)
    rise = wall.replace(hour=hours, minute=mins, second=0, microsecond=0)
    if rise < wall:
        rise += timedelta(days=1)
    return instant(rise, tz)
