"""The MJ's orders by mail, one per line, French first with English synonyms:

fin | end                      close the current step now
prolonger 2h | extend 2h       give the current step more time
pause | reprendre (resume)     stop and run the clock again
foudroyer NOM | strike NAME    strike a player down
remplacer NOM par Nom <email>  a substitute takes the seat (replace NAME with ...); « remplacer
                               NOM » alone: the next substitute of the sign-ups
annonce TEXTE | announce TEXT  the rest of the mail is posted to every player
annuler murmure NOM | void murmur NAME   002: a murmur of the night will not appear
annuler message NOM | void message NAME  004: the Passager's message is to be rewritten
nouveaux liens | new links     the web pages' links change (the old ones lead nowhere)

Any other line that reads as a game order is the MJ's own order of the rule set (`MjRuling`),
which the rule set takes or refuses (000, with `--option epreuves=manuel`: the day's challenge,
« PLAGE / PUZZLE / EN RELAIS / AU SOLEIL »).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from email.utils import parseaddr

from lgmail.orders.kernel_verbs import KERNEL, every
from lgmail.orders.names import match
from lgmail.orders.parse import parse_line
from lgmail.rules.commands import (
    Announce,
    EndStep,
    ExtendDeadline,
    MjRuling,
    Pause,
    ReplacePlayer,
    Resume,
    RotateLinks,
    StrikeDown,
    VoidMurmur,
)
from lgmail.rules.orders import Kind
from lgmail.rules.refusal import Cause, Refusal
from lgmail.rules.spelling import fold

MjOrder = (
    EndStep
    | ExtendDeadline
    | Pause
    | Resume
    | StrikeDown
    | ReplacePlayer
    | Announce
    | VoidMurmur
    | RotateLinks
    | MjRuling
)

#: the orders every player gives (a vote, « rien »): never the MJ's own
EVERYONES = frozenset({verb.kind for verb in KERNEL} | {Kind.FINI})

VERBS = {
    "end": ("fin", "finir", "terminer", "clore", "cloturer", "end", "close"),
    "extend": ("prolonger", "prolonge", "rallonger", "extend"),
    "pause": ("pause", "suspendre", "suspend"),
    "resume": ("reprendre", "reprise", "resume", "continue"),
    "strike": ("foudroyer", "foudroie", "strike"),
    "replace": ("remplacer", "remplace", "replace"),
    "announce": ("annonce", "annoncer", "announce", "announcement"),
    "void": ("annuler", "annule", "void"),
    # « nouveaux liens » / « new links »: the web pages' links
    "links": ("nouveaux", "nouveau", "new", "liens", "links"),
}


def duration_minutes(text: str) -> int | None:
    """ "47h30", "24h", "90m", "2d", "1h30m", "90" -> minutes; None when unreadable."""
    found = re.fullmatch(
        r"\s*(?:(\d+)\s*[dj])?\s*(?:(\d+)\s*h)?\s*(?:(\d+)\s*(?:m|min)?)?\s*", text.lower()
    )
    if not found or not any(found.groups()):
        return None
    days, hours, minutes = (int(g) if g else 0 for g in found.groups())
    return days * 1440 + hours * 60 + minutes


@dataclass(frozen=True)
class MjLine:
    text: str
    result: MjOrder | Refusal


def _verb(word: str) -> str | None:
    key = fold(word).strip(" :.,!")
    return next((verb for verb, words in VERBS.items() if key in words), None)


def _links(head: str, rest: str) -> bool:
    """« nouveaux liens », « new links », or « liens » / « links » alone."""
    first, then = fold(head).strip(" :.,!"), fold(rest).strip(" :.,!")
    if first in ("liens", "links"):
        return not then
    return then in ("liens", "lien", "links", "link")


def _player(written: str, players: Sequence[str]) -> str | Refusal:
    found = match(written, players)
    if len(found.names) == 1:
        return found.names[0]
    if found.names:
        return Refusal(
            Cause.AMBIGUOUS_NAME, {"written": written, "candidates": ", ".join(found.names)}
        )
    return Refusal(Cause.NO_SUCH_PLAYER, {"written": written})


def parse_mj(text: str, players: Sequence[str]) -> list[MjLine]:
    lines = [line.strip() for line in text.splitlines()]
    out: list[MjLine] = []
    for i, line in enumerate(lines):
        if not line:
            continue
        head, _, rest = line.partition(" ")
        verb = _verb(head)
        rest = rest.strip()
        if verb == "links" and not _links(head, rest):
            verb = None  # « nouveau vote ... »: not the links
        if verb == "announce":
            body = "\n".join([rest, *lines[i + 1 :]]).strip()
            result: MjOrder | Refusal = (
                Announce(body) if body else Refusal(Cause.UNREADABLE, {"missing": "text"})
            )
            out.append(MjLine(line, result))
            break
        result = _one(verb, rest, players)
        if verb is None:
            read = parse_line(line, players)
            if not isinstance(read, Refusal) and read.kind not in EVERYONES:
                result = MjRuling(read)
        out.append(MjLine(line, result))
    return out


def _one(verb: str | None, rest: str, players: Sequence[str]) -> MjOrder | Refusal:
    if verb == "end":
        return EndStep()
    if verb == "pause":
        return Pause()
    if verb == "links":
        return RotateLinks()
    if verb == "resume":
        return Resume()
    if verb == "extend":
        minutes = duration_minutes(rest)
        return (
            ExtendDeadline(minutes)
            if minutes
            else Refusal(Cause.UNREADABLE, {"missing": "duration"})
        )
    if verb == "strike":
        name = _player(rest, players)
        return name if isinstance(name, Refusal) else StrikeDown(name)
    if verb == "replace":
        parts = re.split(r"\s+(?:par|with|by)\s+", rest, maxsplit=1, flags=re.IGNORECASE)
        name = _player(parts[0], players)
        if len(parts) != 2:
            # « remplacer NOM » alone: the next of the game's substitutes (its sign-ups)
            return name if isinstance(name, Refusal) else ReplacePlayer(name, "", "")
        if isinstance(name, Refusal):
            return name
        display, email = parseaddr(parts[1])
        if "@" not in email:
            return Refusal(Cause.UNREADABLE, {"missing": "email"})
        return ReplacePlayer(name, email, display or email.split("@")[0])
    if verb == "void":
        words = rest.split(maxsplit=1)
        voidable = {word for verb in every() if verb.voidable for word in verb.words}
        if len(words) != 2 or fold(words[0]) not in voidable:
            return Refusal(Cause.UNREADABLE, {"missing": "murmure NOM"})
        name = _player(words[1], players)
        return name if isinstance(name, Refusal) else VoidMurmur(name)
    return Refusal(Cause.UNREADABLE)
