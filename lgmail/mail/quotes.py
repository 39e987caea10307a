"""The new text of a reply: quoted blocks, reply headers and signatures removed
(`strip_reply`), as the mail clients named in ``lgmail.mail.reading`` write them.

Quote stripping is our own code. The libraries were measured on `tests/mail/corpus/` (37 mails,
28 of them human replies; `tests/mail/compare_libraries.py` gives each the same decoded body, HTML
already turned into text): email-reply-parser 0.5.12 got 13 of the 28 replies right,
mail-parser-reply 1.36 got 11, quotequail 0.5.4 got 11, talon 1.4.4 got 19. Talon installs on
Python 3.11 but is unmaintained (last release 2017): its machine-learned signature extractor
fails to import with a current scikit-learn (`sklearn.externals.joblib` is gone), only its
quotation code and brute-force signature code run. None passes the corpus: they miss the French
Gmail attributions wrapped over two lines, Outlook's French header blocks ("De : / Envoyé :",
often with non-breaking spaces), Samsung's "-------- Message d'origine --------" and the mobile
signatures ("Envoyé de mon iPhone", "Obtenir Outlook pour Android", "Sent from Mail for
Windows"), so none is used.

What is recognised, everything after it being dropped (a `>`-quoted block is skipped instead, so
that a reply written below or between the quotes is kept):

- `>`-quoted lines; an attribution line ("Le lun. 30 nov. 2026 à 21:04, Bruno <b@x.org> a
  écrit :", "On Mon, Nov 30, 2026 at 9:04 PM Bruno <b@x.org> wrote:", Apple's and
  Thunderbird's forms, also wrapped over two or three lines) before a quote;
- Outlook's header blocks ("De : / Envoyé : / À : / Objet :", "From: / Sent: / To: /
  Subject:", with "Date :" or "Cc :"), "-----Original Message-----", "-----Message d'origine-----",
  "-------- Message d'origine --------", a line of underscores;
- signatures: a "-- " (or "--") line, and the mobile ones ("Envoyé de mon iPhone", "Sent from my
  iPhone", "Envoyé depuis mon smartphone Samsung Galaxy", "Obtenir Outlook pour Android", "Get
  Outlook for iOS", "Sent from Mail for Windows"...).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["normalize_spaces", "safe_text", "strip_reply", "tidy"]

_CONTROLS = dict.fromkeys([*range(0x00, 0x09), *range(0x0B, 0x20), 0x7F], None)


def safe_text(text: str) -> str:
    """Storable anywhere: no control characters but newlines and tabs (NUL breaks PostgreSQL),
    no lone surrogates."""
    text = text.translate(_CONTROLS)
    if any("\ud800" <= ch <= "\udfff" for ch in text):
        text = text.encode("utf-8", "replace").decode("utf-8")
    return text


_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"), None)
_SPACES = dict.fromkeys(map(ord, "\u00a0\u202f\u2007\u2009\u200a\u3000"), " ")


def normalize_spaces(text: str) -> str:
    return text.translate(_INVISIBLE).translate(_SPACES)


_QUOTED = re.compile(r"^[ \t]*>")
_UNDERSCORES = re.compile(r"^[ \t]*_{10,}[ \t]*$")
_ORIGINAL = re.compile(
    r"^\s*-{2,}\s*(?:original message|message d['’]origine|mail original|message original"
    r"|ursprüngliche nachricht|mensaje original|messaggio originale|forwarded message"
    r"|message transf[ée]r[ée]|weitergeleitete nachricht)\s*-{2,}\s*$",
    re.IGNORECASE,
)
_FORWARD_INTRO = re.compile(
    r"^\s*(?:begin forwarded message|d[ée]but du message r[ée]exp[ée]di[ée])\s*:\s*$",
    re.IGNORECASE,
)
_DEVICE = (
    r"iphone|ipad|ipod|android|samsung|galaxy|smartphone|mobile|phone|t[ée]l[ée]phone|portable"
    r"|tablet|tablette|outlook|mail|courrier|yahoo|proton|gmail|windows|blackberry|huawei"
    r"|xiaomi|pixel|aol|orange|sfr|laposte|tuta|fairemail|k-9|spark|appareil|device"
)
_MOBILE_SIGNATURE = re.compile(
    r"^(?:"
    rf"(?=.*\b(?:{_DEVICE})\b)"
    r"(?:sent|envoy[ée]e?|exp[ée]di[ée]e?)\s+(?:from|with|via|using|de|depuis|avec"
    r"|[àa]\s+partir\s+d['’e]\s*)\s*[\w\s.'’()&-]{1,50}"
    rf"|(?:get|download|obtenir|obtenez|t[ée]l[ée]charge[rz]?)\s+outlook\s+(?:for|pour)\s+"
    r"(?:android|ios|iphone|ipad)"
    r"|provenance\s*:\s*courrier\s+pour\s+windows(?:\s+\d+)?"
    r")\s*[.!]?$",
    re.IGNORECASE,
)
_LINK = re.compile(r"<\s*(?:https?|mailto):[^>\s]*\s*>", re.IGNORECASE)
_HEADER_FROM = re.compile(
    r"^\s*\*?\s*(?:from|de|von|da|van|od|fr[åa]n|fra)\s*\*?\s*:\s*\*?\s*\S", re.IGNORECASE
)
_HEADER_OTHER = re.compile(
    r"^\s*\*?\s*(sent|envoy[ée]|date|to|[àa]|cc|cci|bcc|subject|objet|gesendet|an|betreff"
    r"|datum|enviado|para|asunto|inviato|oggetto|reply-to|r[ée]pondre [àa])\s*\*?\s*:",
    re.IGNORECASE,
)
_HEADER_SENT = re.compile(r"\b(?:sent|envoy[ée]|date)\s*\*?\s*:", re.IGNORECASE)
_HEADER_TO = re.compile(r"(?:\bto|\bsubject|\bobjet|[àÀ])\s*\*?\s*:", re.IGNORECASE)
_WROTE = (
    r"(?:a\s+[ée]crit|wrote|schrieb|escribi[óo]|ha\s+scritto|schreef|escreveu|kirjoitti"
    r"|napisa[łl]|skrev)"
)
_DAYS = (
    r"lun|mar|mer|jeu|ven|sam|dim|mon|tue|wed|thu|fri|sat|sun|mo|di|mi|do|fr|sa|so|mié|jue|vie"
    r"|sáb|dom|gio|ma|wo|vr|za|zo"
)
_MONTHS = (
    r"janv|f[ée]vr|mars|avr|mai|juin|juil|ao[ûu]t|sept|oct|nov|d[ée]c|jan|feb|mar|apr|may|jun"
    r"|jul|aug|sep|dec|ene|abr|ago|dic|gen|giu|lug|set|ott|mei|okt|mär|dez"
)
#: how an attribution starts: "Le lun. 30 nov.", "Le 30/11/2026", "On Mon, Nov 30", "Am 30.11."
_ATTRIBUTION_START = re.compile(
    r"^(?:le|on|am|el|il(?:\s+giorno)?|op|em|den)\s+"
    rf"(?:(?:{_DAYS})[a-zé]*\.?,?\s|\d{{1,2}}\b|\d{{4}}-\d|(?:{_MONTHS})[a-zéû]*\.?\s+\d)",
    re.IGNORECASE,
)
_ATTRIBUTION_END = re.compile(rf"(?:\s{_WROTE}\s*:|\sschrieb\s.{{1,200}}:)$", re.IGNORECASE)
_LOOSE_ATTRIBUTION = re.compile(rf"^.{{1,200}}\s{_WROTE}\s*:$", re.IGNORECASE)
_DATE_OR_TIME = re.compile(
    r"\d{1,2}\s*[:h.]\s*\d{2}|\d{1,2}/\d{1,2}/\d{2,4}|\b(?:19|20)\d{2}\b", re.IGNORECASE
)
_LONG = 500


def _is_quoted(line: str) -> bool:
    return bool(_QUOTED.match(line))


def _is_signature(line: str) -> bool:
    stripped = line.strip()
    if line.rstrip() == "--" and stripped == "--":
        return True
    if len(stripped) > 120:
        return False
    return bool(_MOBILE_SIGNATURE.match(_LINK.sub("", stripped).strip()))


def _is_header_block(lines: list[str], i: int) -> bool:
    line = lines[i]
    if len(line) > _LONG:
        return False
    start = _HEADER_FROM.match(line)
    if not start:
        return False
    sent = _HEADER_SENT.search(line, start.end())  # the whole block on one line
    if sent and _HEADER_TO.search(line, sent.end()):
        return True
    labels: set[str] = set()
    for follow in lines[i + 1 : i + 9]:
        if not follow.strip():
            break
        match = _HEADER_OTHER.match(follow)
        if match:
            labels.add(match.group(1).lower())
    return len(labels) >= 2


def _is_cut(lines: list[str], i: int) -> bool:
    line = lines[i]
    return bool(
        _is_signature(line)
        or _UNDERSCORES.match(line)
        or _ORIGINAL.match(line)
        or _FORWARD_INTRO.match(line)
        or _is_header_block(lines, i)
    )


def _attribution(lines: list[str], i: int) -> tuple[int, bool]:
    """(lines taken, strong) for an attribution line starting at `i`, or (0, False).

    A strong one starts like "Le lun. 30 nov.", "Le 30/11/2026", "On Mon, Nov 30", has a date or
    time on its first line, and may be wrapped over three lines. A loose one ("Bruno a écrit :")
    counts only before a quoted block."""
    first = lines[i].strip()
    if not first or len(first) > _LONG or _is_quoted(lines[i]):
        return 0, False
    if _ATTRIBUTION_START.match(first) and _DATE_OR_TIME.search(first):
        for k in (1, 2, 3):
            segment = lines[i : i + k]
            if len(segment) < k or any(not s.strip() or _is_quoted(s) for s in segment):
                break
            if k > 1 and (len(first) < 30 or first[-1] in ".!?;"):
                break
            joined = " ".join(" ".join(s.split()) for s in segment)
            if len(joined) > _LONG:
                break
            if _ATTRIBUTION_END.search(joined):
                return k, True
    if _LOOSE_ATTRIBUTION.match(first):
        return 1, False
    return 0, False


def strip_reply(text: str) -> str:
    """The new text of a reply: quoted blocks, reply headers and signatures removed."""
    text = safe_text(normalize_spaces(text.replace("\r\n", "\n").replace("\r", "\n")))
    lines = [line.rstrip() for line in text.split("\n")]
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if _is_quoted(line):
            i += 1
            continue
        if _is_cut(lines, i):
            break
        taken, strong = _attribution(lines, i)
        if taken:
            j = i + taken
            while j < len(lines) and not lines[j].strip():
                j += 1
            if j < len(lines) and _is_quoted(lines[j]):
                i = j
                continue
            if strong:
                break
        out.append(line)
        i += 1
    return tidy(out)


def tidy(lines: Iterable[str]) -> str:
    """Blank lines trimmed at both ends, and runs of them made one."""
    out: list[str] = []
    for line in lines:
        if not line.strip():
            if out and out[-1]:
                out.append("")
            continue
        out.append(line)
    while out and not out[-1]:
        out.pop()
    return "\n".join(out)
