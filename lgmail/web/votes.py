"""The votes on a page: each ballot the reader may see as its picture, and the vote record.

The topic hangs each public vote's picture under the MJ's post that announced it; a player's
page and the MJ's desk show theirs in a section of their own, the latest first."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from markupsafe import Markup

from lgmail.rules.state import GameState
from lgmail.rules.variants import VARIANTS
from lgmail.service.ballots import Ballot, shown_to
from lgmail.service.vote_record import record
from lgmail.web.topic import Post
from lgmail.web.vote_picture import svg


def captain_title(state: GameState, lang: str) -> str:
    """What the rule set calls its captain, in `lang` (003 « Capitaine », 001 « maire »)."""
    names = VARIANTS[state.variant].captain if state.variant in VARIANTS else {}
    return str(names.get(lang) or names.get("fr") or ("Capitaine" if lang == "fr" else "Captain"))


def pictures(state: GameState, ballots: Sequence[Ballot], lang: str) -> list[Markup]:
    title = captain_title(state, lang)
    return [svg(b, lang, title) for b in ballots]


def votes_of(
    state: GameState, found: list[Ballot], reader: str | None, lang: str, *, mj: bool = False
) -> dict[str, Any]:
    """What a page shows of the votes: `ballots` the reader may see, their `pictures` (the
    latest first) and the `record`."""
    seen = shown_to(found, reader, mj=mj)
    return {
        "pictures": list(reversed(pictures(state, seen, lang))),
        "record": record(seen, list(state.players)),
    }


def under_posts(
    state: GameState, found: list[Ballot], posts: Sequence[Post], lang: str
) -> dict[int, list[Markup]]:
    """The public votes' pictures by the post of the MJ that announced each (by its version):
    the last of his posts written at or before the count."""
    seen = shown_to(found, None)
    mj_posts = sorted(p.version for p in posts if p.author is None)
    out: dict[int, list[Markup]] = {}
    title = captain_title(state, lang)
    for ballot in seen:
        at = [v for v in mj_posts if v <= ballot.version]
        if at:
            out.setdefault(at[-1], []).append(svg(ballot, lang, title))
    return out
