"""Measure the reply-stripping libraries against the corpus (not a test: run it by hand).

    python -m venv /tmp/try && /tmp/try/bin/pip install email-reply-parser mail-parser-reply \
        talon quotequail
    PYTHONPATH=. /tmp/try/bin/python tests/mail/compare_libraries.py

Each library is given the same decoded body that `read_mail` strips (the text/plain part, or the
HTML part already turned into text) and its result is compared with the corpus's expected text,
whitespace tidied the same way. Mails marked automatic are counted apart: their text is not a
reply. The figures are quoted in the docstring of `lgmail.mail.reading`.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

from lgmail.mail.headers import parse_message
from lgmail.mail.mime import Body, walk
from lgmail.mail.quotes import normalize_spaces, strip_reply
from lgmail.mail.quotes import tidy as tidy_lines

CORPUS = Path(__file__).parent / "corpus"


def body_text(raw: bytes) -> str:
    body = Body()
    walk(parse_message(raw), body, 0)
    return body.text()


def tidy(text: str | None) -> str:
    return tidy_lines(line.rstrip() for line in normalize_spaces(text or "").split("\n"))


def strippers() -> dict[str, Callable[[str], str]]:
    found: dict[str, Callable[[str], str]] = {"lgmail (ours)": strip_reply}
    try:
        from email_reply_parser import EmailReplyParser as Erp

        found["email-reply-parser"] = lambda text: Erp.parse_reply(text)
    except ImportError:
        print("email-reply-parser: not installed", file=sys.stderr)
    try:
        from mailparser_reply import EmailReplyParser as Mpr

        parser = Mpr(languages=["en", "fr"])
        found["mail-parser-reply"] = lambda text: parser.parse_reply(text) or ""
    except ImportError:
        print("mail-parser-reply: not installed", file=sys.stderr)
    try:
        import talon
        from talon import quotations
        from talon.signature.bruteforce import extract_signature

        talon.init()

        def with_talon(text: str) -> str:
            reply = quotations.extract_from_plain(text)
            return str(extract_signature(reply)[0])

        found["talon"] = with_talon
    except ImportError as error:
        print(f"talon: {error}", file=sys.stderr)
    try:
        import quotequail

        def with_quotequail(text: str) -> str:
            parts = quotequail.quote(text, quote_intro_line=True)
            return "\n".join(part for shown, part in parts if shown)

        found["quotequail"] = with_quotequail
    except ImportError:
        print("quotequail: not installed", file=sys.stderr)
    return found


def main() -> None:
    cases = []
    for eml in sorted(CORPUS.glob("*.eml")):
        expected = json.loads(eml.with_name(eml.stem + ".expected.json").read_text("utf-8"))
        cases.append((eml.name, body_text(eml.read_bytes()), expected))
    for name, strip in strippers().items():
        human = automatic = human_total = automatic_total = 0
        failed = []
        for case, text, expected in cases:
            try:
                got = tidy(strip(text))
            except Exception as error:
                got = f"<{type(error).__name__}>"
            right = got == expected["text"]
            if expected["automatic"]:
                automatic_total += 1
                automatic += right
            else:
                human_total += 1
                human += right
                if not right:
                    failed.append(case)
        print(f"{name}: {human}/{human_total} replies, {automatic}/{automatic_total} automatic")
        for case in failed:
            print(f"    wrong: {case}")


if __name__ == "__main__":
    main()
