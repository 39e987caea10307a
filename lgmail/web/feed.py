"""The Atom feed of a game's topic (RFC 4287): one entry per post, the newest first."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from xml.etree import ElementTree as ET

from lgmail.rules.state import GameState
from lgmail.web.topic import Post

ATOM = "http://www.w3.org/2005/Atom"
#: the entries a feed carries (the latest)
ENTRIES = 100


def atom(state: GameState, posts: Sequence[Post], url: str) -> bytes:
    """The feed of `posts`, the topic at `url`."""
    ET.register_namespace("", ATOM)
    feed = ET.Element(f"{{{ATOM}}}feed")
    _text(feed, "title", state.name)
    _text(feed, "id", url)
    ET.SubElement(feed, f"{{{ATOM}}}link", href=url, rel="alternate")
    updated = posts[-1].at if posts else datetime.now(UTC)
    _text(feed, "updated", updated.isoformat())
    author = ET.SubElement(feed, f"{{{ATOM}}}author")
    _text(author, "name", f"MJ {state.name}")
    for rank, post in reversed(list(enumerate(posts))[-ENTRIES:]):
        entry = ET.SubElement(feed, f"{{{ATOM}}}entry")
        _text(entry, "title", post.title or f"{post.author}")
        _text(entry, "id", f"{url}#p{rank}")
        ET.SubElement(entry, f"{{{ATOM}}}link", href=f"{url}#p{rank}", rel="alternate")
        _text(entry, "updated", post.at.isoformat())
        by = ET.SubElement(entry, f"{{{ATOM}}}author")
        _text(by, "name", post.author or f"MJ {state.name}")
        content = _text(entry, "content", post.body)
        content.set("type", "text")
    body: bytes = ET.tostring(feed, encoding="utf-8")
    return b'<?xml version="1.0" encoding="utf-8"?>\n' + body


def _text(parent: ET.Element, tag: str, text: str) -> ET.Element:
    child = ET.SubElement(parent, f"{{{ATOM}}}{tag}")
    child.text = text
    return child
