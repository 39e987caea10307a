"""Reading orders from text: one order per line, French first with English synonyms.

Accents and case are ignored, extra words are tolerated ("je vote contre Bob", "Je sonde Alice
stp"), names are matched by unique prefix or a close match. A line that cannot be read is kept
with its cause so that it is quoted back in the answer, never dropped. The same parser serves
`lgmail act` and the mail path.

A line is an order only when what follows its order word reads as that order's arguments: "See
also the rules page" is a sentence (`PROSE`), "see Alice" the Voyante's probe. A quote's header
("On Tue, Sep 25, 2012 at 8:00 AM, John <john@example.com> wrote:") is never an order, and an
English weekday or month (« tue », "sun") is no French order word on a line that reads as a date.

The words are those of the game's rule set (`lgmail.orders.kernel_verbs.verbs_of`): its roles'
`Verb`s (each declared in its role module, with what reads its arguments), its own and the
kernel's, and the names of its roles; a line read out of any game reads every rule set's.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.mail.quotes import is_reply_header
from lgmail.orders.kernel_verbs import Verbs, every
from lgmail.orders.names import match
from lgmail.orders.words import (
    ABSTAIN,
    AND,
    CALENDAR,
    DONE,
    DONE_FILLER,
    DONE_PHRASES,
    FILLER,
    LEAD,
    OTHERS,
    PROSE,
    SELF,
)
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refusal
from lgmail.rules.role import MANY, Verb
from lgmail.rules.spelling import fold


@dataclass(frozen=True)
class Line:
    """One line of the text and what it meant: an order or why it could not be read."""

    text: str
    result: Order | Refusal


def _verb_at(words: list[str], verbs: Verbs) -> tuple[int, Kind, int] | None:
    """The first order word in the line (multi-word verbs first): where it starts, its kind,
    where it ends."""
    index = verbs.index
    for i, word in enumerate(words):
        if word in CALENDAR and _dated(words[i + 1 : i + 3]):
            continue  # "On Tue, Sep 25", « jeu. 30 nov. »: a date, not « tue », « jeu »
        found = [
            (-len(parts), kind)
            for parts, kind in index.get(word, ())
            if tuple(words[i : i + len(parts)]) == parts
        ]
        if found:
            size, kind = min(found)
            return i, kind, i - size
    return None


def _dated(words: list[str]) -> bool:
    """Whether `words`, the two after a weekday or a month, go on with a date: a number, or
    another weekday or month and a number ("Sep 25", « 30 nov. »)."""

    def number(word: str) -> bool:
        return any(c.isdigit() for c in word)

    if not words:
        return False
    return number(words[0]) or (words[0] in CALENDAR and len(words) > 1 and number(words[1]))


def _reads_as_names(rest: list[str]) -> bool:
    """Whether the words after an order word that takes names (folded) may be its names: the
    first of them that is not `FILLER` is no `PROSE` ("also the rules page", "you tomorrow")."""
    for word in rest:
        if word in PROSE or word.split("-", 1)[0] in PROSE:  # « ci-dessous »
            return False
        if word not in FILLER:
            return True
    return True


def _find_verb(words: list[str], verbs: Verbs) -> tuple[Kind, int] | None:
    """The first order word in the line (multi-word verbs first) and where it ends."""
    found = _verb_at(words, verbs)
    return None if found is None else (found[1], found[2])


def _tokens(text: str) -> list[str]:
    return [w for w in re.split(r"[\s,;:!.()\"«»/]+|(?<=\w)'", text) if w]


def _resolve(words: list[str], players: Sequence[str], me: str | None) -> Refusal | str:
    """Match `words` (after the verb) to one player; the longest run of words that names one."""
    folded = [fold(w) for w in words]
    for size in range(min(len(words), 4), 0, -1):
        for start in range(len(words) - size + 1):
            chunk = folded[start : start + size]
            if size == 1 and chunk[0] in FILLER and chunk[0] not in SELF:
                continue
            if size == 1 and chunk[0] in SELF and me is not None:
                return me
            found = match(" ".join(words[start : start + size]), players)
            if len(found.names) == 1:
                return found.names[0]
            if len(found.names) > 1 and size == 1:
                return Refusal(
                    Cause.AMBIGUOUS_NAME,
                    {"written": words[start], "candidates": ", ".join(found.names)},
                )
    meaningful = [w for w, f in zip(words, folded, strict=True) if f not in FILLER]
    if meaningful:
        return Refusal(Cause.NO_SUCH_PLAYER, {"written": " ".join(meaningful)})
    return Refusal(Cause.UNREADABLE, {"missing": "name"})


def _after_verb(text: str, verb: Verb) -> str:
    """The text after the first of `verb`'s words, as written (a murmur's text)."""
    folded = fold(text)
    if len(folded) != len(text):
        text = folded
    for word in sorted(verb.words, key=len, reverse=True):
        found = re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", folded)
        if found:
            return text[found.end() :].strip().lstrip(":").strip().strip('«»"“”').strip()
    return ""


def _role(words: list[str], verbs: Verbs) -> tuple[str, list[str]] | None:
    """The card of the game named in `words` (French or English name, or slug) and the words
    left."""
    folded = [fold(w) for w in words]
    for size in (3, 2, 1):
        for start in range(len(words) - size + 1):
            phrase = " ".join(folded[start : start + size]).replace("-", " ")
            slug = verbs.cards.get(phrase)
            if slug is not None:
                return slug, words[:start] + words[start + size :]
    return None


def _role_prefix(text: str, verbs: Verbs) -> tuple[str, str] | None:
    """A line that opens with a role's name and a colon (001: « voyante : sonder Bruno »): the
    role's slug and the rest of the line; None for any other line (« tuer Bruno : Kiwi »)."""
    prefix, colon, rest = text.partition(":")
    if not colon or not rest.strip() or len(prefix) > 40:
        return None
    slug = verbs.heads.get(fold(prefix).replace("-", " ").strip())
    return None if slug is None else (slug, rest.strip())


def _names(text: str, players: Sequence[str], me: str | None) -> Refusal | list[str]:
    """Several players, separated by commas, "et", "puis", ">" (a testament, a share)."""
    groups = [
        g.split() for g in re.split(r"\s*(?:[,;/>]|\bet\b|\band\b|\bpuis\b|\bthen\b|&)\s*", text)
    ]
    groups = [g for g in groups if g]
    if len(groups) == 1 and len(match(" ".join(groups[0]), players).names) != 1:
        groups = [[w] for w in groups[0] if fold(w) not in FILLER or fold(w) in SELF]
    out: list[str] = []
    for group in groups:
        got = _resolve(group, players, me)
        if isinstance(got, Refusal):
            return got
        out.append(got)
    if not out:
        return Refusal(Cause.UNREADABLE, {"missing": "name"})
    return out


@dataclass
class _Said:
    """A line being read (`Said`): what a verb's reader is handed."""

    verb: Verb
    text: str
    words: list[str]
    folded: list[str]
    rest: list[str]
    rest_folded: list[str]
    players: Sequence[str]
    me: str | None
    verbs: Verbs

    def fold(self, text: str) -> str:
        return fold(text)

    def tokens(self, text: str) -> list[str]:
        return _tokens(text)

    def name(self, words: list[str]) -> str | Refusal:
        return _resolve(words, self.players, self.me)

    def names(self, text: str) -> list[str] | Refusal:
        return _names(text, self.players, self.me)

    def after_verb(self) -> str:
        return _after_verb(self.text, self.verb)

    def role(self, words: list[str]) -> tuple[str, list[str]] | None:
        return _role(words, self.verbs)

    def pair(self, cuts: frozenset[str] = frozenset()) -> Order | Refusal:
        rest, kind = self.rest, self.verb.kind
        cut = next((i for i, f in enumerate(self.rest_folded) if f in AND | cuts), None)
        groups = [rest[:cut], rest[cut + 1 :]] if cut is not None else [[w] for w in rest]
        groups = [g for g in groups if g][:2] if cut is not None else _two_names(rest)
        targets: list[str] = []
        for group in groups:
            got = _resolve(group, self.players, self.me)
            if isinstance(got, Refusal):
                return got
            targets.append(got)
        if len(targets) != 2:
            return Refusal(Cause.UNREADABLE, {"missing": "two names"})
        return Order(kind, tuple(targets))

    def order(self) -> Order | Refusal:
        kind, needed = self.verb.kind, self.verb.targets
        if needed == 0:
            return Order(kind)
        if needed == MANY:
            return _many(kind, self.text, self.players, self.me, self.verbs)
        if needed == 2:
            return self.pair()
        got = _resolve(self.rest, self.players, self.me)
        if isinstance(got, Refusal):
            return got
        return Order(kind, (got,))


def _done(folded: list[str]) -> bool:
    """Whether the line only says its author is done with the step (`DONE`, `DONE_PHRASES`)."""
    words = [w for f in folded for w in re.split(r"['’]", f) if w]
    said = [w for w in words if w not in DONE_FILLER]
    if not said:
        return False
    return all(w in DONE for w in said) or tuple(said) in DONE_PHRASES


def parse_line(
    text: str, players: Sequence[str], me: str | None = None, verbs: Verbs | None = None
) -> Order | Refusal:
    """What line `text` orders, read with `verbs` (a game's; by default every rule set's)."""
    table = every() if verbs is None else verbs
    if is_reply_header(text):
        return Refusal(Cause.UNREADABLE)  # the head of a quote, kept by a mail client
    named = _role_prefix(text, table)
    if named is not None:
        # « voyante : sonder Bruno »: the role that gives the order, then the order
        role, rest = named
        for verb in table:
            # « lâche : à Bruno »: the verb such a line is (001: a private message)
            if verb.after_role and re.match(rf"(?i)({'|'.join(verb.after_role)})\s", rest):
                rest = f"{verb.words[0]} {rest}"
                break
        read = parse_line(rest, players, me, table)
        return dataclasses.replace(read, role=role) if isinstance(read, Order) else read
    words = _tokens(text)
    folded = [fold(w) for w in words]
    if _done(folded):
        return Order(Kind.FINI)
    found = _find_verb(folded, table)
    if found is None:
        if any(f in ABSTAIN for f in folded):
            return Order(Kind.VOTE, (), blank=True)
        return Refusal(Cause.UNREADABLE)
    kind, end = found
    verb = table[kind]
    if verb.bare and not opens_with_order(text, table):
        # an order word naming nobody inside a sentence (« et personne ne l'a vue », « merci
        # pour ton aide »): conversation, not an order
        return Refusal(Cause.UNREADABLE)
    if verb.targets and not _reads_as_names(folded[end:]):
        # "See also the rules page": no names after the order word, a sentence
        return Refusal(Cause.UNREADABLE)
    said = _Said(verb, text, words, folded, words[end:], folded[end:], players, me, table)
    return said.order() if verb.read is None else verb.read(said)


def _many(
    kind: Kind, text: str, players: Sequence[str], me: str | None, verbs: Verbs
) -> Order | Refusal:
    """One or more names after the verb, separated by commas, "et" or "and"."""
    words = _tokens(re.sub(r"[,;&+]", " et ", text))
    found = _find_verb([fold(w) for w in words], verbs)
    assert found is not None
    groups: list[list[str]] = [[]]
    for word in words[found[1] :]:
        if fold(word) in AND:
            groups.append([])
        else:
            groups[-1].append(word)
    targets: list[str] = []
    for group in groups:
        if not [w for w in group if fold(w) not in FILLER or fold(w) in SELF]:
            continue
        got = _resolve(group, players, me)
        if isinstance(got, Refusal):
            return got
        if got not in targets:
            targets.append(got)
    if not targets:
        return Refusal(Cause.UNREADABLE, {"missing": "name"})
    return Order(kind, tuple(targets))


def _two_names(words: list[str]) -> list[list[str]]:
    meaningful = [w for w in words if fold(w) not in FILLER or fold(w) in SELF]
    return [[w] for w in meaningful[:2]]


def parse(
    text: str, players: Sequence[str], me: str | None = None, verbs: Verbs | None = None
) -> list[Line]:
    """Every non-empty line of `text` with its meaning, read with `verbs` (a game's; by
    default every rule set's). An order whose text runs to the end of the mail
    (`Verb.to_the_end`) takes the lines after it."""
    table = every() if verbs is None else verbs
    raw = text.splitlines()
    out: list[Line] = []
    for i, line in enumerate(raw):
        line = line.strip()
        if not line:
            continue
        result = parse_line(line, players, me, table)
        verb = table.get(result.kind) if isinstance(result, Order) else None
        if isinstance(result, Order) and verb is not None and verb.to_the_end:
            whole = "\n".join([result.args[0], *raw[i + 1 :]]).strip()
            # the names and the role the line gave stay (001: « lâche : à Bruno », then the MP)
            order = dataclasses.replace(result, args=(whole, *result.args[1:]))
            out.append(Line("\n".join([line, *raw[i + 1 :]]).strip(), order))
            break
        out.append(Line(line, result))
    return out


def opens_with_order(text: str, verbs: Verbs | None = None) -> bool:
    """Whether the line starts with an order word, after the words tolerated around orders
    (« je », « bonjour », « stp », « je ne fais »), and goes on with what reads as that order's
    names when it takes some: a line that does not is conversation when it cannot be played (a
    sentence, a greeting, a signature, "See also the rules page", a quote's header), not an
    order to refuse."""
    if is_reply_header(text):
        return False
    table = every() if verbs is None else verbs
    named = _role_prefix(text, table)
    if named is not None:
        # « voyante : sonder Bruno », « lâche : à Bruno » (001): the order after the role
        rest = named[1]
        return bool(re.match(r"(?i)(à|a|to)\s", rest)) or opens_with_order(rest, table)
    folded = [fold(w) for w in _tokens(text)]
    if _done(folded):
        return True
    found = _verb_at(folded, table)
    start = len(folded) if found is None else found[0]
    if OTHERS & set(folded[:start]):
        return False  # someone else does it (« il n'a rien dit »): a sentence about him
    lead = [w for w in folded[:start] if w not in FILLER and w not in LEAD]
    if lead:
        return lead[0] in ABSTAIN
    if found is None:
        return False
    _, kind, end = found
    return not table[kind].targets or _reads_as_names(folded[end:])
