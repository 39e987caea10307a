"""HTML to text, for the mails that have no text/plain part.

In HTML, `<blockquote>`, Gmail's `gmail_quote`, Thunderbird's `moz-cite-prefix`, Yahoo's and
Proton's quote containers and the signature containers are dropped; Outlook's `appendonsend` and
`divRplyFwdMsg` end the new text, and so does a rule (an `<hr>`, or a block with a top border, as
Outlook and Windows Mail draw one above the mail replied to) followed by a header block in any
language (`lgmail.mail.quotes.header_run`: « От: / Отправлено: / Кому: » as well as « From: /
Sent: / To: »). The HTML is read by a small tokenizer of our own, linear in time: the stdlib's
HTMLParser takes minutes on some malformed input.
"""

from __future__ import annotations

import contextlib
import re
from html import unescape

from lgmail.mail.quotes import header_run

__all__ = ["MAX_HTML", "html_to_text"]

#: HTML longer than this is cut before it is read: orders are a few lines
MAX_HTML = 1 << 20

_BLOCK = {
    "address",
    "article",
    "aside",
    "blockquote",
    "center",
    "dd",
    "div",
    "dl",
    "dt",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "hr",
    "li",
    "main",
    "nav",
    "ol",
    "p",
    "pre",
    "section",
    "table",
    "tbody",
    "tfoot",
    "thead",
    "tr",
    "ul",
}
_VOID = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "param",
    "source",
    "track",
    "wbr",
}
_SKIP_TAGS = {"script", "style", "head", "title", "template", "noscript", "xml", "svg", "object"}
_QUOTE_CLASSES = {
    "gmail_quote",
    "gmail_quote_container",
    "gmail_attr",
    "gmail_extra",
    "gmail_signature",
    "gmail_signature_prefix",
    "moz-cite-prefix",
    "moz-signature",
    "yahoo_quoted",
    "protonmail_quote",
    "protonmail_signature_block",
    "zmail_extra",
    "outlookmessageheader",
}
_QUOTE_IDS = {"signature", "ms-outlook-mobile-signature", "composer_signature"}
_CUT_IDS = (
    "appendonsend",
    "divrplyfwdmsg",
    "stopspelling",
    "mail-editor-reference-message-container",
)


#: a top border drawn as a rule: Outlook's "border-top:solid #E1E1E1 1.0pt", Windows Mail's
#: "border-top-style: solid"
_BORDER_TOP = re.compile(
    r"border-top(?:-style)?\s*:[^;]*\b(?:solid|dashed|dotted|double|groove|ridge)\b", re.IGNORECASE
)

_RAW_TEXT = {"script", "style", "title", "textarea", "xmp"}
_TAG_NAME = re.compile(r"/?([A-Za-z][A-Za-z0-9:_-]*)")
_ATTRIBUTE = re.compile(r"""([^\s=/>"']+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+))?""")
_WHITESPACE = re.compile(r"[ \t\r\n\f]+")


class _HTMLText:
    """Collects the text of HTML as lines, leaving out quotes, signatures, scripts, styles."""

    def __init__(self) -> None:
        self.lines: list[str] = []  # the finished lines
        self.line: list[str] = []  # the pieces of the current one
        self.filled = False  # whether the current line has more than spaces
        self.skip_tag = ""
        self.skip_depth = 0
        self.cut = False
        self.pre = 0
        self.rules: list[int] = []  # the lines drawn under a rule (<hr>, a top border)

    def _break(self) -> None:
        self.lines.append("".join(self.line))
        self.line, self.filled = [], False

    def _soft_break(self) -> None:
        if self.filled:
            self._break()

    def _add(self, text: str) -> None:
        if not self.filled:
            text = text.lstrip(" ")
        if text:
            self.line.append(text)
            self.filled = True

    def text(self) -> str:
        """The lines read, up to the first rule followed by a header block."""
        lines = [line.strip(" ") for line in [*self.lines, "".join(self.line)]]
        for at in self.rules:
            if header_run(lines, at):
                lines = lines[:at]
                break
        return "\n".join(lines)

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        if self.skip_tag:
            if tag == self.skip_tag:
                self.skip_depth += 1
            elif self.skip_tag == "head" and tag == "body":
                self.skip_tag = ""
            return
        ident = attrs.get("id", "").lower()
        if any(ident.endswith(cut) for cut in _CUT_IDS):
            self.cut = True
            return
        classes = {c.lower() for c in attrs.get("class", "").split()}
        quoted = tag == "blockquote" or classes & _QUOTE_CLASSES or ident in _QUOTE_IDS
        if tag in _SKIP_TAGS or quoted:
            if tag not in _VOID:
                self.skip_tag, self.skip_depth = tag, 1
            self._soft_break()
            return
        if tag == "br":
            self._break()
        elif tag in _BLOCK:
            self._soft_break()
            if tag == "pre":
                self.pre += 1
            ruled = tag == "hr" or _BORDER_TOP.search(attrs.get("style", ""))
            if ruled and (not self.rules or self.rules[-1] != len(self.lines)):
                self.rules.append(len(self.lines))
        elif tag in {"td", "th"}:
            self._add(" ")

    def end(self, tag: str) -> None:
        if self.skip_tag:
            if tag == self.skip_tag:
                self.skip_depth -= 1
                if self.skip_depth <= 0:
                    self.skip_tag = ""
            return
        if tag in _BLOCK:
            self._soft_break()
            if tag == "pre" and self.pre:
                self.pre -= 1

    def data(self, raw: str) -> None:
        if self.skip_tag or not raw:
            return
        data = unescape(raw)
        if self.pre:
            first, *rest = data.replace("\r\n", "\n").split("\n")
            self._add(first)
            for line in rest:
                self._break()
                self._add(line)
            return
        self._add(_WHITESPACE.sub(" ", data))

    def feed(self, html: str) -> None:
        """A tolerant tokenizer in linear time: the stdlib's HTMLParser goes quadratic on some
        malformed input (minutes for 200 kB of "<a "), and mail HTML is anything."""
        i, n = 0, len(html)
        while i < n and not self.cut:
            j = html.find("<", i)
            if j < 0:
                self.data(html[i:])
                return
            self.data(html[i:j])
            if html.startswith("<!--", j):
                k = html.find("-->", j + 4)
                if k < 0:
                    return
                i = k + 3
                continue
            name = _TAG_NAME.match(html, j + 1)
            if html[j + 1 : j + 2] not in {"!", "?"} and not name:
                self.data("<")
                i = j + 1
                continue
            k = html.find(">", j)
            if k < 0:
                return
            i = k + 1
            if not name:  # <!DOCTYPE>, <![if mso]>, <?xml?>
                continue
            tag = name.group(1).lower()
            if name.group(0).startswith("/"):
                self.end(tag)
                continue
            inside = html[name.end() : k]
            attrs: dict[str, str] = {}
            for match in _ATTRIBUTE.finditer(inside):
                value = match.group(2) or ""
                if value[:1] in {'"', "'"}:
                    value = value[1:-1]
                attrs.setdefault(match.group(1).lower(), unescape(value))
            self.start(tag, attrs)
            if inside.rstrip().endswith("/") and tag not in _VOID:
                self.end(tag)
            elif tag in _RAW_TEXT:  # no markup inside: up to the closing tag
                close = re.compile(rf"</{tag}\b", re.IGNORECASE).search(html, i)
                self.data(html[i : close.start() if close else n])  # dropped while skipping
                if not close:
                    return
                k = html.find(">", close.end())
                i = n if k < 0 else k + 1
                self.end(tag)


def html_to_text(html: str) -> str:
    """Readable text from HTML: a line for each <br>, <p>, <div>, <li>; quotes left out."""
    parser = _HTMLText()
    with contextlib.suppress(Exception):  # keep what was read so far
        parser.feed(html[:MAX_HTML])
    return parser.text()
