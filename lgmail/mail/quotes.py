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
  écrit :", "On Mon, Nov 30, 2026 at 9:04 PM Bruno <b@x.org> wrote:", also glued as
  "<b@x.org>wrote:", Apple's and Thunderbird's forms, also wrapped over two or three lines, and
  in any language a dated line ending with "<b@x.org>:", as Gmail writes it in Russian) before
  a quote; `is_reply_header` tells the order reader such a line is never an order;
- Outlook's and the webmails' header blocks, in the languages they write them ("De : / Envoyé :
  / À : / Objet :", "From: / Sent: / To: / Subject:", "Von: / Gesendet: / An: / Betreff:", "De: /
  Enviada em: / Para: / Assunto:", "От: / Отправлено: / Кому: / Тема:", "Od: / Wysłano: / Do: /
  Temat:", Spanish, Italian, Dutch, Scandinavian, Finnish, Czech, Turkish, Hungarian, Japanese,
  Chinese, Korean; with "Date :" or "Cc :"), "-----Original Message-----" and its translations,
  "-------- Message d'origine --------", a line of underscores;
- whatever the language, a rule ("-----", "=====", a line of underscores; in HTML an `<hr>` or a
  border-top div, as Outlook and Windows Mail draw it, see ``lgmail.mail.html_text``) followed by
  a run of "Label: value" lines, two or more, one of whose values holds an address or a date
  (`header_run`);
- signatures: a "-- " (or "--") line, and the mobile ones ("Envoyé de mon iPhone", "Sent from my
  iPhone", "Envoyé depuis mon smartphone Samsung Galaxy", "Obtenir Outlook pour Android", "Get
  Outlook for iOS", "Sent from Mail for Windows"...).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["header_run", "is_reply_header", "normalize_spaces", "safe_text", "strip_reply", "tidy"]

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
    r"|ursprüngliche nachricht|original-?nachricht|mensaje original|messaggio originale"
    r"|mensagem original|oorspronkelijk bericht|origineel bericht|исходное сообщение"
    r"|wiadomość oryginalna|oryginalna wiadomość|ursprungligt meddelande"
    r"|oprindelig meddelelse|opprinnelig melding|alkuperäinen viesti|původní zpráva"
    r"|orijinal ileti|eredeti üzenet|forwarded message|message transf[ée]r[ée]"
    r"|weitergeleitete nachricht|mensaje reenviado|messaggio inoltrato|mensagem encaminhada"
    r"|doorgestuurd bericht|пересылаемое сообщение|пересланное сообщение"
    r"|wiadomość przekazana dalej|vidarebefordrat meddelande|videresendt meddelelse)"
    r"\s*-{2,}\s*$",
    re.IGNORECASE,
)
_FORWARD_INTRO = re.compile(
    r"^\s*(?:begin forwarded message|d[ée]but du message r[ée]exp[ée]di[ée]"
    r"|anfang der weitergeleiteten nachricht|inicio del mensaje reenviado"
    r"|inizio messaggio inoltrato|início da mensagem reencaminhada|begin doorgestuurd bericht"
    r"|начало пересылаемого сообщения)\s*:\s*$",
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
#: the labels of the header blocks that Outlook, Windows Mail and the webmails write above the
#: mail replied to, in their languages: who it is from...
_FROM_LABELS = (
    r"from|de|von|da|van|od|fr[åa]n|fra|от|от\s+кого|від|lähettäjä|kimden|feladó|afzender"
    r"|remitente|mittente|remetente|nadawca|odesílatel|差出人|发件人|寄件者|보낸\s*사람"
)
#: ... and the others (sent, date, to, copy, subject, reply to)
_OTHER_LABELS = (
    r"sent|envoy[ée]|date|to|[àa]|cc|cci|bcc|subject|objet|sujet|reply-to|r[ée]pondre\s+[àa]"
    r"|gesendet|an|betreff|datum|antwort\s+an|kopie"  # de
    r"|enviad[oa](?:\s+(?:el|em))?|fecha|para|asunto|cco|responder\s+a"  # es, pt
    r"|inviato|data|oggetto|ccn|rispondi\s+a|assunto"  # it, pt
    r"|verzonden|verstuurd|aan|onderwerp"  # nl
    r"|отправлено|дата|кому|копия|тема|надіслано"  # ru, uk
    r"|wysłan[oe]|do|dw|udw|temat"  # pl
    r"|skickat|till|kopia|ämne|sendt|til|kopi|emne|dato"  # sv, da, no
    r"|lähetetty|vastaanottaja|aihe|päivämäärä|odesláno|komu|předmět"  # fi, cs
    r"|gönderildi|tarih|kime|konu|bilgi|elküldve|címzett|tárgy|dátum"  # tr, hu
    r"|送信日時|宛先|件名|日付|发送时间|收件人|主题|日期|抄送|보낸\s*날짜|받는\s*사람|제목"
)
_COLON = r"\s*\*?\s*[:：]"
_HEADER_FROM = re.compile(rf"^\s*\*?\s*(?:{_FROM_LABELS}){_COLON}\s*\*?\s*\S", re.IGNORECASE)
_HEADER_OTHER = re.compile(rf"^\s*\*?\s*({_OTHER_LABELS}){_COLON}", re.IGNORECASE)
_HEADER_SENT = re.compile(
    rf"\b(?:sent|envoy[ée]|date|gesendet|datum|enviad[oa](?:\s+(?:el|em))?|fecha|inviato|data"
    rf"|verzonden|отправлено|wysłano|skickat|sendt|lähetetty|odesláno|gönderildi|elküldve){_COLON}",
    re.IGNORECASE,
)
_HEADER_TO = re.compile(
    rf"(?:\bto|\bsubject|\bobjet|[àÀ]|\ban|\bbetreff|\bpara|\basunto|\boggetto|\bassunto"
    rf"|\baan|\bonderwerp|\bкому|\bтема|\bdo|\btemat|\btill|\btil|\bkomu){_COLON}",
    re.IGNORECASE,
)
_WROTE = (
    r"(?:a\s+[ée]crit|wrote|schrieb|escribi[óo]|ha\s+scritto|schreef|escreveu|kirjoitti"
    r"|napisa[łl](?:\(a\)|a)?|skrev|написал(?:\(а\)|а|и)?|пишет|yazdı|írta|napsal(?:\(a\)|a)?)"
)
_DAYS = (
    r"lun|mar|mer|jeu|ven|sam|dim|mon|tue|wed|thu|fri|sat|sun|mo|di|mi|do|fr|sa|so|mié|jue|vie"
    r"|sáb|dom|gio|ma|wo|vr|za|zo|seg|ter|qua|qui|sex|pon|wt|śr|czw|pt|sob|niedz"
)
_MONTHS = (
    r"janv|f[ée]vr|mars|avr|mai|juin|juil|ao[ûu]t|sept|oct|nov|d[ée]c|jan|feb|mar|apr|may|jun"
    r"|jul|aug|sep|dec|ene|abr|ago|dic|gen|giu|lug|set|ott|mei|okt|mär|dez|fev|out"
)
#: how an attribution starts: "Le lun. 30 nov.", "Le 30/11/2026", "On Mon, Nov 30", "Am 30.11."
_ATTRIBUTION_START = re.compile(
    r"^(?:le|on|am|el|il(?:\s+giorno)?|op|em|den|w\s+dniu)\s+"
    rf"(?:(?:{_DAYS})[a-zé]*\.?,?\s|\d{{1,2}}\b|\d{{4}}-\d|(?:{_MONTHS})[a-zéû]*\.?\s+\d)",
    re.IGNORECASE,
)
#: "... wrote:", also glued to the address ("<john@example.com>wrote:"); "schrieb NAME:"
_ATTRIBUTION_END = re.compile(
    rf"(?:(?:\s|(?<=>)){_WROTE}\s*:|\s(?:schrieb|schreef)\s.{{1,200}}:)$", re.IGNORECASE
)
_LOOSE_ATTRIBUTION = re.compile(rf"^.{{1,200}}(?:\s|(?<=>)){_WROTE}\s*:$", re.IGNORECASE)
#: a dated line that ends with the address and a colon, in any language ("чт, 26 июн. 2014 г.
#: в 15:05, Alexander <a@example.com>:", Gmail's Russian attribution)
_ADDRESS_COLON = re.compile(r"<[^<>\s@]{1,64}@[^<>\s@]{1,255}>\s*[:：]$")
#: "NAME <a@example.com> escreveu no dia segunda, 30/11/2026 à(s) 21:04:", the date after the
#: verb (Gmail in Portuguese)
_WROTE_THEN_DATE = re.compile(
    rf"<[^<>\s@]{{1,64}}@[^<>\s@]{{1,255}}>\)?\s+{_WROTE}\s.{{1,200}}[:：]$", re.IGNORECASE
)
_DATE_OR_TIME = re.compile(
    r"\d{1,2}\s*[:h.]\s*\d{2}|\d{1,2}/\d{1,2}/\d{2,4}|\b(?:19|20)\d{2}\b", re.IGNORECASE
)
_LONG = 500

#: a rule drawn before a header block: dashes, underscores, equals signs, box lines
_RULE = re.compile(r"^\s*(?:-{3,}|_{3,}|={3,}|\*{3,}|[─━—–]{3,})\s*$")
#: "Label: value", the label one to three words of letters ("Enviada em", "Antwort an")
_LABEL_LINE = re.compile(
    r"^[\s*]*([^\W\d_]+(?:[\s'’.-]{1,2}[^\W\d_]+){0,2}\.?)[\s*]*[:：][\s*]*(\S.*)$"
)
_URL = re.compile(r"\b(?:https?|ftp)://\S*|\bwww\.\S*", re.IGNORECASE)
_ADDRESS = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\bmailto:", re.IGNORECASE)


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


def header_run(lines: list[str], i: int) -> bool:
    """Whether a header block starts at line `i` (blank lines before it skipped), whatever its
    language: two "Label: value" lines or more at the start of the run of lines, one of whose
    values holds an address or a date. Said after a rule, it is the mail replied to."""
    for _ in range(4):  # a few blank lines at most: linear on a mail of rules and blanks
        if i < len(lines) and not lines[i].strip():
            i += 1
    labelled: list[str] = []
    for line in lines[i : i + 10]:
        if not line.strip() or len(line) > _LONG:
            break
        found = _LABEL_LINE.match(line)
        if found is None or found.group(2).startswith("//"):  # a link, not a label
            if len(labelled) < 2:
                return False
            continue  # a value wrapped over two lines
        labelled.append(found.group(2))
    values = [_URL.sub(" ", value) for value in labelled]  # a link's digits are no date
    return len(values) >= 2 and any(_ADDRESS.search(v) or _DATE_OR_TIME.search(v) for v in values)


def _is_cut(lines: list[str], i: int) -> bool:
    line = lines[i]
    return bool(
        _is_signature(line)
        or _UNDERSCORES.match(line)
        or _ORIGINAL.match(line)
        or _FORWARD_INTRO.match(line)
        or _is_header_block(lines, i)
        or (_RULE.match(line) and header_run(lines, i + 1))
    )


def is_reply_header(line: str) -> bool:
    """Whether `line` is a whole attribution line ("On Tue, Sep 25, 2012 at 8:00 AM, John
    <john@example.com> wrote:", "Bruno a écrit :"): the head of a quote, never an order."""
    text = " ".join(line.split())
    if not text or len(text) > _LONG:
        return False
    if _ATTRIBUTION_END.search(text) or _LOOSE_ATTRIBUTION.match(text):
        return True
    return bool(
        _DATE_OR_TIME.search(text)
        and (_ADDRESS_COLON.search(text) or _WROTE_THEN_DATE.search(text))
    )


def _attribution(lines: list[str], i: int) -> tuple[int, bool]:
    """(lines taken, strong) for an attribution line starting at `i`, or (0, False).

    A strong one starts like "Le lun. 30 nov.", "Le 30/11/2026", "On Mon, Nov 30", has a date or
    time on its first line, and may be wrapped over three lines. A loose one ("Bruno a écrit :")
    counts only before a quoted block."""
    first = lines[i].strip()
    if not first or len(first) > _LONG or _is_quoted(lines[i]):
        return 0, False
    if _DATE_OR_TIME.search(first) and (
        _ADDRESS_COLON.search(first) or _WROTE_THEN_DATE.search(first)
    ):
        return 1, True
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
