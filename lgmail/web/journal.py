"""The MJ's log on his desk: one event a line, numbered (its version in the log), at its time in
the game's time zone (option "tz", Europe/Paris by default), said in a sentence
(`lgmail.web.prose`: the texts the mails use), its raw JSON behind a `<details>`, a link to the
mail it came from; filtered by phase and by player with plain links (`?phase=night-1`,
`?player=Alice`: no script)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import urlencode
from zoneinfo import ZoneInfo

from lgmail.rules.state import GameState
from lgmail.store.model import RecordedEvent
from lgmail.web.lobby import game_tz, zone
from lgmail.web.prose import Told

#: the lines the desk shows (the latest of those the filters keep)
LOG_LINES = 2000


@dataclass(frozen=True)
class Entry:
    """One line of the log."""

    version: int
    at: str
    text: str
    raw: str
    mail: str | None


@dataclass(frozen=True)
class Filter:
    """A filter's link: its label, its query string, whether it is the one in use."""

    label: str
    href: str
    chosen: bool


@dataclass(frozen=True)
class Journal:
    entries: list[Entry]
    #: how many lines the filters keep, of how many in all
    kept: int
    total: int
    phases: list[Filter]
    players: list[Filter]
    phase: str | None
    player: str | None
    zone: str


def phase_label(key: str, lang: str) -> str:
    """ "night-2" -> « Nuit 2 » / "Night 2"."""
    kind, _, number = key.partition("-")
    words = {
        "fr": {"setup": "Préparation", "election": "Élection", "night": "Nuit", "day": "Jour"},
        "en": {"setup": "Setting up", "election": "Election", "night": "Night", "day": "Day"},
    }[lang if lang == "en" else "fr"]
    if kind in ("setup", "election"):
        return words[kind]
    return f"{words.get(kind, kind)} {number}".strip()


def journal(
    state: GameState,
    said: Sequence[Told],
    lang: str,
    phase: str | None = None,
    player: str | None = None,
) -> Journal:
    """The log of `state`'s game as the desk shows it, kept by `phase` and `player` (None:
    every one); `said`: every event of the log in a sentence (`lgmail.web.prose.told`)."""
    tz = ZoneInfo(game_tz(state))
    phases = list(dict.fromkeys(t.phase for t in said))
    phase = phase if phase in phases else None
    player = player if player in state.players else None
    kept = [
        t
        for t in said
        if (phase is None or t.phase == phase) and (player is None or player in t.names)
    ]
    entries = [_entry(t, tz) for t in kept[-LOG_LINES:]]

    def link(**query: str | None) -> str:
        chosen = {k: v for k, v in query.items() if v}
        return "?" + urlencode(chosen) if chosen else "?"

    everyone = "Tout" if lang == "fr" else "All"
    phase_links = [Filter(everyone, link(player=player), phase is None)] + [
        Filter(phase_label(key, lang), link(phase=key, player=player), key == phase)
        for key in phases
    ]
    player_links = [Filter(everyone, link(phase=phase), player is None)] + [
        Filter(name, link(phase=phase, player=name), name == player) for name in state.players
    ]
    return Journal(
        entries, len(kept), len(said), phase_links, player_links, phase, player, zone(state)
    )


def _entry(said: Told, tz: ZoneInfo) -> Entry:
    record = said.record
    local = record.recorded_at.astimezone(tz)
    payload = json.dumps(record.payload, ensure_ascii=False, indent=1, sort_keys=False)
    return Entry(
        record.version,
        local.strftime("%d/%m %H:%M"),
        said.text,
        f"{record.type} {payload}",
        mail_cause(record),
    )


def mail_cause(record: RecordedEvent) -> str | None:
    """The Message-ID of the mail an event came from (its cause "mail:<id>"), else None."""
    kind, _, rest = record.cause.partition(":")
    return rest if kind == "mail" and rest.startswith("<") else None
