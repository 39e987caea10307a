"""The « Nouvelle Lune » events of 004: the cards the Garde Champêtre chooses from and the
Gitane draws, applied at the rising of the day, each played card « retirée de la liste ».

004 names the mechanism, not the list (« la liste des événements Nouvelle Lune joués sur RPG »):
the list is the MJ's, the option `nouvelle_lune` (a list of entries; `DEFAULT` when absent). An
entry is data: its names, the text announced with it, and the effect the rule set applies, one
of `EFFECTS`:
- "annonce": nothing more than the announcement (the MJ applies by hand what the text says);
- "bucher-supplementaire": when the day's stake burns a player of the camp `si` ("village",
  "loups", "tous"), a further stake of `minutes` (60) follows, once a day (004: « le bûcher
  supplémentaire d'une heure lié à l'événement », "Mécontentement", "Enthousiasme");
- "sans-bucher": the votes are counted but nobody burns that day;
- "voix-capitaine": the Capitaine's vote weighs `voix` that day.
An entry may also be the name of one of `DEFAULT` ("Mécontentement"). An event is active during
the day it is applied at, its further stake included.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from lgmail.rules.state import GameState
from lgmail.rules.thiercelieux.events import EventApplied
from lgmail.rules.tx import Tx


def fold(text: str) -> str:
    """Lower case, no accents: how a name written in a mail is compared."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return " ".join(plain.casefold().split())


OPTION = "nouvelle_lune"
EFFECTS = ("annonce", "bucher-supplementaire", "sans-bucher", "voix-capitaine")

DEFAULT: tuple[dict[str, Any], ...] = (
    {
        "nom": "Mécontentement",
        "name": "Discontent",
        "texte": "Si le bûcher de ce jour élimine un Villageois, un bûcher supplémentaire "
        "d'une heure suit.",
        "text": "If today's stake burns a Villager, a further one-hour stake follows.",
        "effet": "bucher-supplementaire",
        "si": "village",
        "minutes": 60,
    },
    {
        "nom": "Enthousiasme",
        "name": "Enthusiasm",
        "texte": "Si le bûcher de ce jour élimine un Loup-Garou, un bûcher supplémentaire "
        "d'une heure suit.",
        "text": "If today's stake burns a Werewolf, a further one-hour stake follows.",
        "effet": "bucher-supplementaire",
        "si": "loups",
        "minutes": 60,
    },
    {
        "nom": "Trêve",
        "name": "Truce",
        "texte": "Les votes de ce jour sont comptés, mais personne ne passe au bûcher.",
        "text": "Today's votes are counted, but nobody goes to the stake.",
        "effet": "sans-bucher",
    },
    {
        "nom": "Capitaine contesté",
        "name": "Contested Captain",
        "texte": "Aujourd'hui, la voix du Capitaine ne compte que pour une.",
        "text": "Today the Captain's vote counts as one.",
        "effet": "voix-capitaine",
        "voix": 1,
    },
    {
        "nom": "Fête au village",
        "name": "Village fair",
        "texte": "Le village fait la fête : la journée suit son cours habituel.",
        "text": "The village holds a fair: the day goes on as usual.",
        "effet": "annonce",
    },
)

#: GameState.extra keys: the names played; the cards waiting for the day's rising; the day a
#: draw is due for; the events of day N
PLAYED, NEXT, DUE = "nl:joues", "nl:prochains", "nl:du"


def _entry(raw: Any) -> dict[str, Any] | None:
    if isinstance(raw, str):
        return next((dict(e) for e in DEFAULT if fold(e["nom"]) == fold(raw)), None)
    if isinstance(raw, Mapping) and raw.get("nom"):
        entry = {str(k): v for k, v in raw.items()}
        entry.setdefault("effet", "annonce")
        return entry if entry["effet"] in EFFECTS else None
    return None


def catalogue(state: GameState) -> list[dict[str, Any]]:
    """The game's list of events (the MJ's, else `DEFAULT`), entries it cannot read left out."""
    given = state.options.get(OPTION)
    raw = given if isinstance(given, list) else list(DEFAULT)
    entries = [e for e in (_entry(r) for r in raw) if e is not None]
    return list({e["nom"]: e for e in entries}.values())


def find(state: GameState, name: str) -> dict[str, Any] | None:
    return next((e for e in catalogue(state) if e["nom"] == name), None)


def left(state: GameState) -> list[str]:
    """The names that may still be drawn: not played (« retiré de la liste »), not waiting."""
    waiting = {n["nom"] for n in state.extra.get(NEXT, [])}
    gone = set(state.extra.get(PLAYED, [])) | waiting
    return [e["nom"] for e in catalogue(state) if e["nom"] not in gone]


def active(state: GameState) -> list[dict[str, Any]]:
    """The events applied at the rising of the current day."""
    if state.phase != "day":
        return []
    names = state.extra.get(f"nl:jour:{state.number}", [])
    return [e for n in names if (e := find(state, n)) is not None]


def effect(state: GameState, kind: str) -> dict[str, Any] | None:
    return next((e for e in active(state) if e["effet"] == kind), None)


def extra_stake(state: GameState) -> int | None:
    """The day whose further stake is called and not held yet."""
    day = state.extra.get("bucher-sup")
    if day is None or state.extra.get("bucher-sup:tenu") == day:
        return None
    return int(day)


def matches(entry: Mapping[str, Any], camp: str, wolf: bool) -> bool:
    """Whether the burnt player's camp calls the entry's further stake."""
    when = entry.get("si", "tous")
    return when == "tous" or (when == "loups" and wolf) or (when == "village" and camp == when)


def rise(tx: Tx) -> None:
    """The day rises: the events waiting are applied and announced (004: « appliqué au lever du
    Jour »)."""
    s = tx.state
    for waiting in list(s.extra.get(NEXT, [])):
        entry = find(s, waiting["nom"])
        if entry is None:
            continue
        tx.emit(
            EventApplied(
                s.number,
                str(waiting["par"]),
                str(entry["nom"]),
                str(entry.get("name", entry["nom"])),
                str(entry.get("texte", "")),
                str(entry.get("text", entry.get("texte", ""))),
                str(entry["effet"]),
            )
        )
