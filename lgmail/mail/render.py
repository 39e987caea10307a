"""Rendering what players and the MJ read from `templates/<lang>/`, with Jinja2.

A template's first line is the mail's subject, the rest its body. Dates are written in words in
the game's time zone ("dimanche 29 novembre à 21h30").
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
from collections.abc import Iterator
from contextvars import ContextVar
from datetime import datetime
from functools import cache, lru_cache
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import jinja2
from markupsafe import Markup, escape

from lgmail.rules.variant import Variant

LANGS = ("fr", "en")
DEFAULT_TZ = "Europe/Paris"

DAYS = {
    "fr": ("lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"),
    "en": ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"),
}
MONTHS = {
    "fr": (
        "janvier",
        "février",
        "mars",
        "avril",
        "mai",
        "juin",
        "juillet",
        "août",
        "septembre",
        "octobre",
        "novembre",
        "décembre",
    ),
    "en": (
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ),
}


def templates_dir() -> Path:
    override = os.environ.get("LGMAIL_TEMPLATES")
    if override:
        return Path(override)
    # shipped in the package; in a checkout, `lgmail/templates` is the top-level `templates/`
    return Path(__file__).resolve().parents[1] / "templates"


def when(moment: str | datetime, lang: str, tz: str = DEFAULT_TZ) -> str:
    """ "dimanche 29 novembre à 21h30" / "Sunday 29 November at 21:30"."""
    value = datetime.fromisoformat(moment) if isinstance(moment, str) else moment
    local = value.astimezone(ZoneInfo(tz))
    day = DAYS[lang][local.weekday()]
    month = MONTHS[lang][local.month - 1]
    if lang == "fr":
        return f"{day} {local.day} {month} à {local.hour}h{local.minute:02d}"
    return f"{day} {local.day} {month} at {local.hour}:{local.minute:02d}"


def role_name(variant: Variant | None, slug: str | None, lang: str) -> str:
    """A card of `variant`'s games by its name in `lang` (its slug where it has none)."""
    if not slug:
        return "?"
    spec = variant.roles.get(slug) if variant is not None else None
    return spec.name(lang) if spec else slug


def power_name(variant: Variant | None, slug: str, lang: str) -> str:
    """A role held beside the card in `variant`'s games (`Variant.powers`, 001's) by its name
    in `lang`; else as a card."""
    spec = variant.powers.get(slug) if variant is not None else None
    return spec.name(lang) if spec else role_name(variant, slug, lang)


#: the rule set of the game whose texts are being rendered: the roles the filters `role` and
#: `role_of_001` name (`naming`)
_NAMING: ContextVar[Variant | None] = ContextVar("naming", default=None)


@contextlib.contextmanager
def naming(variant: Variant | None) -> Iterator[None]:
    """Render, within, the roles of `variant`'s games by their names."""
    token = _NAMING.set(variant)
    try:
        yield
    finally:
        _NAMING.reset(token)


@cache
def environment(lang: str) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(templates_dir() / lang),
        auto_reload=False,  # templates are compiled once per process, not stat'ed per use
        cache_size=-1,  # the package's files, all kept: a dict, not a 400-entry LRU's queue
        bytecode_cache=compiled_templates(),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
        undefined=jinja2.StrictUndefined,
        autoescape=False,
    )
    env.filters["when"] = lambda m, tz=DEFAULT_TZ: when(m, lang, tz)
    env.filters["role"] = lambda slug: role_name(_NAMING.get(), slug, lang)
    env.filters["role_of_001"] = lambda slug: power_name(_NAMING.get(), slug, lang)
    env.filters["agree"] = agree
    env.filters["upper_first"] = upper_first
    env.globals["lang"] = lang
    env.globals["gender_of"] = gender_of
    env.globals["own_text"] = lambda section, word: own_texts(lang).get((section, str(word)))
    return env


#: a text kept beside its role or rule set, in a folder named after its section, in a file named
#: after its word: `roles/voyante/orders/sonder.txt` (the order « sonder »),
#: `roles/passager/refusals/not_allowed/passager-long.txt` (a refusal's reason, under its cause),
#: `maisons/captains/maisons.txt` (a rule set's captain); `macros.txt` includes it by its word
_OWN = re.compile(
    r"(?:[^/]+/)+?(orders|deaths|winners|colours|statuses|captains|refusals/\w+)/([^/]+)\.txt"
)


@cache
def own_texts(lang: str) -> dict[tuple[str, str], str]:
    """The texts of `lang` kept beside their role or rule set, found among its templates:
    (section, word) -> template name, ("orders", "sonder") -> "roles/voyante/orders/sonder.txt"."""
    found: dict[tuple[str, str], str] = {}
    for name in environment(lang).list_templates(extensions=["txt"]):
        match = _OWN.fullmatch(name)
        if match is not None:
            key = (match[1], match[2])
            if found.setdefault(key, name) != name:
                raise ValueError(f"{key} is written twice: {found[key]} and {name}")
    return found


#: a word written for both genders: « mort·e », « amoureux·se », « lui·elle »
_BOTH = re.compile(r"(\w+)·(\w+)")


def agree(text: str, gender: str | None) -> str:
    """`text` with its words written for both genders (« mort·e ») agreed with a player's
    grammatical gender: "m" « mort », "f" « morte »; unknown, left inclusive."""
    if gender not in ("m", "f"):
        return text

    def one(found: re.Match[str]) -> str:
        stem, ending = found.group(1), found.group(2)
        if gender == "m":
            return stem
        if ending == "e":
            return stem + "e"
        if ending == "se" and stem.endswith("x"):
            return stem[:-1] + "se"
        return ending

    return _BOTH.sub(one, str(text))


def gender_of(shown: dict[str, Any], name: str | None) -> str | None:
    """The grammatical gender of player `name` in a view (None when the game does not know)."""
    seat = next((p for p in shown.get("players", []) if p["name"] == name), None)
    return None if seat is None else seat.get("gender")


def upper_first(text: str) -> str:
    """`text` with its first letter in upper case (a reason that starts a sentence)."""
    text = str(text)
    return text[:1].upper() + text[1:]


def warm() -> None:
    """Load every template of every language, text and HTML: a worker process does it as it
    starts, so that its first mails, a storm's at 21:30 say, load nothing. About 0.15 s once
    they are compiled on disk (`compiled_templates`); the first process compiles them, about
    3 s."""
    for lang in LANGS:
        for env, suffix in ((environment(lang), ".txt"), (html_environment(lang), ".html")):
            for name in env.list_templates():
                if name.endswith(suffix):
                    env.get_template(name)


class _KeptOnDisk(jinja2.FileSystemBytecodeCache):
    """Jinja's cache of compiled templates in a folder of the user's own under the system's
    temporary one, each keyed on its name and source (an edited template is compiled again),
    written whole then renamed (processes share it safely). A folder that cannot be read or
    written only costs the compiling."""

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        with contextlib.suppress(OSError):
            super().load_bytecode(bucket)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        with contextlib.suppress(OSError):
            super().dump_bytecode(bucket)


@cache
def compiled_templates() -> jinja2.BytecodeCache | None:
    """Where the templates compiled by one process are found by the next (compiling every
    template takes about 3 s; loading them compiled, 0.15 s); None where the system gives no
    safe folder for it."""
    try:
        return _KeptOnDisk()
    except (OSError, RuntimeError):  # Jinja's: no folder of this user's own could be made
        return None


def render(
    lang: str, scheme: str, *, variant: Variant | None = None, **context: Any
) -> tuple[str, str]:
    """Render the template named by `scheme` ("player:role" -> player/role.txt): (subject, body),
    naming the roles of `variant`'s games (the game's rule set)."""
    lang = lang if lang in LANGS else "fr"
    with naming(variant):
        text = environment(lang).get_template(scheme.replace(":", "/") + ".txt").render(**context)
    subject, _, body = text.partition("\n")
    return subject.strip(), body.strip("\n") + "\n"


@cache
def html_environment(lang: str) -> jinja2.Environment:
    """The HTML templates of `lang` (escaped), the French ones where `lang` has none (a page's
    frame, the same in every language): the mails' HTML part and the web pages."""
    root = templates_dir()
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader(
            [jinja2.FileSystemLoader(root / lang), jinja2.FileSystemLoader(root / "fr")]
        ),
        auto_reload=False,
        cache_size=-1,
        bytecode_cache=compiled_templates(),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["when"] = lambda moment: when(moment, lang)
    env.filters["role"] = lambda slug: role_name(_NAMING.get(), slug, lang)
    env.filters["agree"] = agree
    env.globals["lang"] = lang
    return env


def render_html(lang: str, subject: str, body: str, footer: str = "", record: Any = None) -> str:
    """The HTML part of a mail: its text in paragraphs, escaped, in `layout.html`, with the
    footer (where a reply goes) in small print; `record`, the vote record the end of a game
    draws (`lgmail.service.vote_record.Record`: its `columns` and `rows`), as a table.

    The page is rendered once for a text and its record (a digest goes to every player with the
    same text and a footer of his own), its footer's place marked; each mail's footer, escaped
    as the template escapes, takes the mark's place."""
    lang = lang if lang in LANGS else "fr"
    page = _page(lang, subject, body, record)
    lines = (escape(line) for line in footer.splitlines() if line.strip())
    return page.replace(_FOOTER, "<br>".join(lines))


#: where a page's footer goes (unguessable: no mail's text can hold it)
_FOOTER = f"footer-{secrets.token_hex(16)}"


@lru_cache(maxsize=512)
def _page(lang: str, subject: str, body: str, record: Any) -> str:
    template = html_environment(lang).get_template("layout.html")
    return template.render(subject=subject, text=html_text(body), footer=[_FOOTER], record=record)


def html_text(body: str) -> Markup:
    """A mail's text as HTML: a paragraph for each block between empty lines, its lines apart,
    escaped (written here rather than in the template: a template's loop costs more than the
    rest of the page)."""
    return Markup(
        "\n".join(
            "<p>" + "<br>".join(escape(line) for line in block.splitlines()) + "</p>"
            for block in body.strip().split("\n\n")
            if block.strip()
        )
    )


def render_footer(lang: str, **context: Any) -> str:
    """Where a reply to the mail goes, and how to write elsewhere (`footer.txt`)."""
    lang = lang if lang in LANGS else "fr"
    text = environment(lang).get_template("footer.txt").render(**context)
    return "\n".join(line for line in text.splitlines() if line.strip())
