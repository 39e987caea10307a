"""The words of sign-ups by mail, French first with English synonyms (``lgmail.rules.signups``).

To the service's address, an MJ opens a game:

    nouvelle partie NOM            | new game NAME
    variante thiercelieux          | variant thiercelieux
    langue fr                      | language en
    joueurs 8-16                   | players 8-16        (or « joueurs 12 »: at most 12)
    inscriptions jusqu'au 12/12 21:30 | signups until 12/12 21:30   (the game's time zone)
    composition loup-garou:2,voyante,sorciere
    option CLÉ=VALEUR              (the command line's options; demarrage_auto=true)

To the game's address, a player: `inscription [NOM]` (« je m'inscris », `join`), `remplaçant
[NOM]` (`substitute`); to his own sign-up address: `oui` (`yes`) to confirm, `désinscription`
(`leave`). To his own address, before the start, the MJ: `liste`, `retirer NOM`, `composition
...`, `option ...`, `joueurs ...`, `inscriptions jusqu'au ...`, `démarrer` (`start`),
`annuler` (`cancel`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from lgmail.orders.setup_words import ROLE_LISTS, Misread, composition, role_list
from lgmail.rules.spelling import fold

#: what a player writes, by meaning: (words as folded, language)
PLAYER_WORDS: dict[str, tuple[tuple[str, str], ...]] = {
    "join": (
        ("je m'inscris", "fr"),
        ("je m inscris", "fr"),
        ("inscris-moi", "fr"),
        ("inscris moi", "fr"),
        ("inscription", "fr"),
        ("m'inscrire", "fr"),
        ("sign me up", "en"),
        ("sign up", "en"),
        ("signup", "en"),
        ("join", "en"),
    ),
    "substitute": (
        ("remplacante", "fr"),
        ("remplacant", "fr"),
        ("suppleant", "fr"),
        ("suppleante", "fr"),
        ("substitute", "en"),
    ),
    "leave": (
        ("je me desinscris", "fr"),
        ("desinscription", "fr"),
        ("desinscris-moi", "fr"),
        ("desinscrire", "fr"),
        ("unsubscribe", "en"),
        ("withdraw", "en"),
        ("leave", "en"),
    ),
    "yes": (
        ("je confirme", "fr"),
        ("confirme", "fr"),
        ("d'accord", "fr"),
        ("oui", "fr"),
        ("confirm", "en"),
        ("yes", "en"),
        ("ok", "fr"),
    ),
}

#: what MJs call the rule sets besides their own names: the seeds' numbers, French names
VARIANT_NAMES = {
    "003": "classic",
    "classique": "classic",
    "002": "nombres",
    "les-nombres": "nombres",
    "004": "thiercelieux",
    "les-loups-garous-de-thiercelieux": "thiercelieux",
    "001": "maisons",
    "les-maisons": "maisons",
    "koh-lanta": "kohlanta",
    "cinquieme-element": "cinquieme-element",
    "le-cinquieme-element": "cinquieme-element",
    "cinquieme": "cinquieme-element",
}

#: how many of the mail's first lines are read for a word
LINES_READ = 3


@dataclass(frozen=True)
class PlayerWord:
    """What a player's mail asks: `kind` ("join", "substitute", "leave", "yes"), the `name`
    written after it ("" when none) and the language it was written in."""

    kind: str
    name: str
    lang: str


def _clean(line: str) -> str:
    return " ".join(fold(line).replace("’", "'").strip(' \t.!?,;:«»"').split())


def player_word(text: str) -> PlayerWord | None:
    """The sign-up word of a player's mail (on one of its first lines), or None."""
    lines = [line.strip() for line in text.splitlines() if line.strip()][:LINES_READ]
    for line in lines:
        key = _clean(line)
        for kind, words in PLAYER_WORDS.items():
            for word, lang in words:
                if key == word or key.startswith(word + " "):
                    # the name keeps its own spelling: the words after the sign-up word
                    count = len(word.split())
                    written = " ".join(line.replace("’", "'").split()[count:])
                    name = written.strip(' \t.!?,;:«»"') if kind in ("join", "substitute") else ""
                    return PlayerWord(kind, name, lang)
    return None


# --- the MJ --------------------------------------------------------------------------------

MJ_WORDS: dict[str, tuple[str, ...]] = {
    "new": ("nouvelle partie", "nouvelle", "new game"),
    "variant": ("variante", "variant", "regles", "rules"),
    "lang": ("langue", "language", "lang"),
    "players": ("joueurs", "players"),
    "closes": (
        "inscriptions jusqu'au",
        "inscriptions jusqu'a",
        "inscriptions jusqu au",
        "inscriptions",
        "signups until",
        "sign-ups until",
        "signups",
        "sign-ups",
        "cloture",
        "closes",
    ),
    "composition": ("composition",),
    "option": ("option",),
    "list": ("liste", "list", "inscrits"),
    "remove": ("retirer", "retire", "remove"),
    "start": ("demarrer", "demarre", "demarrage", "lancer", "commencer", "start"),
    "cancel": ("annuler", "annule", "cancel"),
}


@dataclass(frozen=True)
class MjLine:
    """One line of the MJ's sign-up mail: `kind` (a key of `MJ_WORDS`) and the rest of the
    line as written; `value`, what the rest reads as; `problem`, why it cannot be read (a
    key of the answer's texts), with `detail`."""

    text: str
    kind: str
    rest: str
    value: Any = None
    problem: str = ""
    detail: dict[str, str] = field(default_factory=dict)


def _mj_kind(line: str) -> tuple[str, str] | None:
    """(kind, the rest as written) of a line that starts with one of the MJ's words."""
    key = _clean(line)
    for kind, words in MJ_WORDS.items():
        for word in sorted(words, key=len, reverse=True):
            if key == word or key.startswith(word + " ") or key.startswith(word + ":"):
                count = len(word.split())
                rest = " ".join(line.replace("’", "'").split()[count:]).lstrip(":").strip()
                return kind, rest
    return None


#: the rule set of a proposal that names none
DEFAULT_RULE_SET = "classic"


def mj_lines(text: str, tz: str, now: datetime, rule_set: str | None = None) -> list[MjLine]:
    """Every non-empty line of the MJ's mail, read (a line that reads as nothing has the
    kind "unknown"); the roles they name are those of `rule_set` (the game's), else of the
    rule set the mail names, else of `DEFAULT_RULE_SET`."""
    found: list[tuple[str, tuple[str, str] | None]] = []
    for raw in text.splitlines():
        line = raw.strip()
        if line:
            found.append((line, _mj_kind(line)))
    if rule_set is None:
        named = [_rule_set(said[1]) for _, said in found if said and said[0] == "variant"]
        rule_set = named[-1] if named else DEFAULT_RULE_SET
    out: list[MjLine] = []
    for line, said in found:
        if said is None:
            out.append(MjLine(line, "unknown", line, problem="unknown"))
            continue
        kind, rest = said
        out.append(_read(MjLine(line, kind, rest), tz, now, rule_set))
    return out


def _rule_set(written: str) -> str:
    """The rule set a « variante » line names, by its name or what MJs call it."""
    key = fold(written).strip(" .").replace(" ", "-").replace("_", "-")
    return VARIANT_NAMES.get(key, key)


def _read(line: MjLine, tz: str, now: datetime, rule_set: str) -> MjLine:
    """`line` with its value read (the roles it names, of rule set `rule_set`), or its
    problem."""
    rest = line.rest
    if line.kind == "new":
        name = rest.strip(' .!"«»')
        if not re.fullmatch(r"[\w][\w .'-]{0,38}", name):
            return _problem(line, "name", written=rest)
        return _value(line, name)
    if line.kind == "variant":
        return _value(line, _rule_set(rest))
    if line.kind == "lang":
        lang = fold(rest).strip(" .")[:2]
        if lang not in ("fr", "en"):
            return _problem(line, "lang", written=rest)
        return _value(line, lang)
    if line.kind == "players":
        bounds = players(rest)
        return _problem(line, "players", written=rest) if bounds is None else _value(line, bounds)
    if line.kind == "closes":
        moment = closing(rest, tz, now)
        return _problem(line, "closes", written=rest) if moment is None else _value(line, moment)
    if line.kind == "composition":
        if fold(rest).strip(" .") in ("", "defaut", "default", "par defaut"):
            return _value(line, ())
        try:
            return _value(line, tuple(composition(rest, rule_set)))
        except Misread as misread:
            return _problem(line, "composition", **misread.detail)
    if line.kind == "option":
        key, equal, value = rest.partition("=")
        if not equal or not key.strip():
            return _problem(line, "option", written=rest)
        return _value(line, (key.strip(), option_value(key.strip(), value.strip(), rule_set)))
    if line.kind == "remove" and not rest:
        return _problem(line, "remove")
    return _value(line, rest)


def _value(line: MjLine, value: Any) -> MjLine:
    return MjLine(line.text, line.kind, line.rest, value)


def _problem(line: MjLine, problem: str, **detail: str) -> MjLine:
    return MjLine(line.text, line.kind, line.rest, None, problem, dict(detail))


def option_value(key: str, raw: str, rule_set: str) -> Any:
    """An option's value as the command line reads it: JSON when it reads as JSON, else the
    text; the cards an option names read as roles of rule set `rule_set`."""
    try:
        value: Any = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    if key in ROLE_LISTS:
        value = role_list(value, rule_set)
    return value


def players(text: str) -> tuple[int | None, int | None] | None:
    """ "8-16" -> (8, 16), "12" -> (None, 12), "8 à 16", "de 8 à 16", "8 to 16"."""
    found = re.fullmatch(
        r"\s*(?:de\s+|from\s+)?(\d{1,3})\s*(?:(?:-|–|a|à|to|\.\.)\s*(\d{1,3}))?\s*", text.lower()
    )
    if found is None:
        return None
    low, high = found.group(1), found.group(2)
    return (int(low), int(high)) if high else (None, int(low))


_DATE = re.compile(
    r"(?:le\s+|on\s+)?(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d{2,4}))?"
    r"(?:\s*(?:a|à|at|,)?\s*(\d{1,2})(?:\s*[h:]\s*(\d{2})?|\s*h)?)?\s*"
)


def closing(text: str, tz: str, now: datetime) -> datetime | None:
    """A closing date as an MJ writes it, in the game's time zone: "12/12 21:30", "12/12/2026
    à 21h30", "le 12/12" (21:30, the forums' hour), or ISO; the next such date after `now`
    when the year is not written. None when unreadable."""
    try:
        zone = ZoneInfo(tz)
    except (ZoneInfoNotFoundError, ValueError):
        zone = ZoneInfo("Europe/Paris")
    written = text.strip().lower()
    try:
        moment = datetime.fromisoformat(written.upper())
        return moment if moment.tzinfo else moment.replace(tzinfo=zone)
    except ValueError:
        pass
    found = _DATE.fullmatch(written)
    if found is None:
        return None
    day, month, year, hour, minute = found.groups()
    at = now.astimezone(zone)
    full_year = int(year) + (2000 if len(year) == 2 else 0) if year else at.year
    try:
        moment = datetime(
            full_year,
            int(month),
            int(day),
            int(hour) if hour else 21,
            int(minute) if minute else (30 if not hour else 0),
            tzinfo=zone,
        )
    except ValueError:
        return None
    if not year and moment < at - timedelta(days=1):
        moment = moment.replace(year=moment.year + 1)
    return moment
