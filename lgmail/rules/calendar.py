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

from lgmail.rules.state import GameState

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


def first_rise(start: datetime, minutes: int, options: Mapping[str, object]) -> datetime:
    """When the first phase rises, for a game started at `start`: at once, unless with
    `rise_at` it would then last longer than its `minutes` before it closes (002: « La partie
    commence par une journée d'élection qui ne dure que 23h30 »: started at noon, it would last
    33h30); then at the next rising hour. Started at 22:00, or in the hour after, it rises at
    once and still closes at 21:30 the next day."""
    rise = rise_after(start, options)
    if rise is None:
        return start
    tz = str(options.get("tz") or DEFAULT_TZ)
    length = local(phase_end(start, minutes, options), tz) - local(start, tz)
    return start if length <= timedelta(minutes=minutes) else rise


def rising(state: GameState) -> datetime | None:
    """When the game waits for a phase to rise at its set hour (option `rise_at`): the next
    phase, once this one is resolved and nothing is pending (002: phases close at 21:30 and
    rise at 22:00); or this one, announced ahead of its rising hour and not risen yet (the
    first phase of a game started outside it). None: nothing waits for a rising hour."""
    if state.status != "running" or state.reactions or state.step is not None:
        return None
    if not state.resolved:
        if state.closed_steps or state.phase_at is None or not state.options.get("rise_at"):
            return None
        return state.phase_at
    return rise_after(state.closed_at, state.options) if state.closed_at else None
