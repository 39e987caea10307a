"""The one clock: real UTC time, or the instant in LGMAIL_NOW (ISO 8601) when a test or an MJ
rehearsing a game sets it (`ISO@UNIXTIME`: from that instant on, at the real pace). The rules
never read it; the service passes `now` in."""

from __future__ import annotations

import os
import time
from datetime import UTC, datetime, timedelta


def now() -> datetime:
    fixed = os.environ.get("LGMAIL_NOW")
    if fixed:
        text, _, anchor = fixed.partition("@")
        moment = datetime.fromisoformat(text)
        moment = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
        if anchor:  # running from that instant, reached at the Unix time `anchor`
            moment += timedelta(seconds=time.time() - float(anchor))
        return moment
    return datetime.now(UTC)


def runs() -> bool:
    """Whether the clock runs at the real pace: not fixed by LGMAIL_NOW (`ISO@UNIXTIME` runs
    from ISO, reached at UNIXTIME: a rehearsal, or a benchmark's several processes)."""
    fixed = os.environ.get("LGMAIL_NOW")
    return not fixed or "@" in fixed
