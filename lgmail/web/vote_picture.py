"""A counted vote as a picture: an inline SVG drawn by the server (the pages run no script).

The players sit around a circle in seat order, the first at the top; an arrow goes from each
voter to his choice (a blank vote to the « blanc » box under the circle); a player voted for
carries his total in his dot; who went (burned, elected, the pack's victim) is filled dark, the
tied ringed, the marked (002, « en violet ») written in violet, who could vote and did not
greyed and named under the picture; the captain's weight is written on his arrow. Where only
the totals are public (001, Koh-Lanta) there is no arrow, and the picture says so.

This module lays the picture out (`layout`); `templates/<lang>/web/vote.html` writes it, its
words and its text alternative (`role="img"`, a `<title>` naming the vote and its result, a
`<desc>` telling every vote).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from markupsafe import Markup

from lgmail.mail.render import html_environment
from lgmail.service.ballots import Arrow, Ballot

#: the picture's width in its own units (it is scaled to the page's width)
WIDTH = 480
#: the font size of the names, in the picture's units
FONT = 15
#: the longest name written whole around the circle (the text alternative has every name)
NAME_CHARS = 12
#: how many names a line of words under the circle holds
PER_ROW = 3
#: past this many players, the names are written along the radius (no two overlap)
RADIAL_FROM = 11


@dataclass(frozen=True)
class Node:
    """A player around the circle."""

    name: str
    shown: str
    x: float
    y: float
    r: float
    #: where his name is written, its anchor and rotation (degrees)
    lx: float
    ly: float
    anchor: str
    rotate: float
    count: str
    chosen: bool
    tied: bool
    marked: bool
    blank: bool
    abstained: bool
    captain: bool


@dataclass(frozen=True)
class Line:
    """An arrow: `voter` to `target` (None: the blank box), its path, its weight's label."""

    voter: str
    target: str | None
    d: str
    weight: str
    wx: float
    wy: float
    strong: bool


@dataclass(frozen=True)
class Picture:
    """A ballot laid out: the SVG's box, the dots, the arrows, the blank box, the legend's
    lines (already cut to the width) and the numbers the words need."""

    id: str
    ballot: Ballot
    width: int
    height: int
    nodes: list[Node]
    lines: list[Line]
    blank_box: tuple[float, float, float, float] | None
    legend_y: float
    lang: str
    per_row: int = PER_ROW


def number(value: float, lang: str) -> str:
    """A total as people write it: 3, 2,5 (2.5 in English)."""
    if float(value).is_integer():
        return str(int(value))
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text.replace(".", ",") if lang == "fr" else text


def _short(name: str) -> str:
    return name if len(name) <= NAME_CHARS else name[: NAME_CHARS - 1] + "…"


def layout(ballot: Ballot, lang: str, key: str = "") -> Picture:
    """Where everything of `ballot` goes."""
    n = max(len(ballot.circle), 1)
    radial = n >= RADIAL_FROM
    radius = 150.0 if radial else 130.0
    cx = WIDTH / 2
    label_room = 100.0 if radial else 34.0
    cy = radius + label_room + 6
    voted = {a.target for a in ballot.arrows if a.target} | set(ballot.totals)
    blank = set(ballot.blank)
    nodes: list[Node] = []
    where: dict[str, tuple[float, float, float, float]] = {}
    for i, name in enumerate(ballot.circle):
        angle = -math.pi / 2 + 2 * math.pi * i / n
        x, y = cx + radius * math.cos(angle), cy + radius * math.sin(angle)
        total = ballot.totals.get(name, 0)
        big = name in voted and (total or any(a.target == name for a in ballot.arrows))
        r = (12.0 if len(number(total, lang)) < 3 else 14.0) if big else 6.0
        out = radius + r + 6
        lx, ly = cx + out * math.cos(angle), cy + out * math.sin(angle)
        cos = math.cos(angle)
        if radial:
            degrees = math.degrees(angle)
            anchor, rotate = ("start", degrees) if cos >= -1e-9 else ("end", degrees + 180)
        else:
            anchor = "start" if cos > 0.3 else "end" if cos < -0.3 else "middle"
            rotate = 0.0
            if anchor == "middle":
                ly += (FONT if math.sin(angle) > 0 else -6) - (r - 6)
        nodes.append(
            Node(
                name,
                _short(name),
                round(x, 1),
                round(y, 1),
                r,
                round(lx, 1),
                round(ly, 1),
                anchor,
                round(rotate, 1),
                number(total, lang) if big else "",
                name in ballot.chosen,
                name in ballot.tied,
                name in ballot.marked,
                name in blank,
                name in ballot.abstained,
                name == ballot.captain,
            )
        )
        where[name] = (x, y, r, angle)
    bottom = cy + radius + label_room
    box: tuple[float, float, float, float] | None = None
    if blank:
        box = (cx - 50, bottom + 12, 100.0, 28.0)
        bottom += 48
    lines = [_line(ballot, a, where, box, lang) for a in ballot.arrows if a.voter in where]
    legend_rows = _legend_rows(ballot)
    height = int(bottom + 10 + legend_rows * 20)
    return Picture(
        key or f"vote-{ballot.version}-{ballot.kind}{ballot.group}",
        ballot,
        WIDTH,
        height,
        nodes,
        [x for x in lines if x is not None],
        box,
        bottom + 4 + FONT,
        lang,
    )


def _legend_rows(ballot: Ballot) -> int:
    """How many lines the words under the circle take (the template writes them, `PER_ROW`
    names a line)."""
    rows = -(-len(ballot.abstained) // PER_ROW)
    if ballot.secret and not ballot.arrows:
        rows += 1
    if ballot.arrows:
        rows += -(-len(ballot.beyond()) // PER_ROW)
    return rows


def _line(
    ballot: Ballot,
    arrow: Arrow,
    where: dict[str, tuple[float, float, float, float]],
    box: tuple[float, float, float, float] | None,
    lang: str,
) -> Line | None:
    x1, y1, r1, angle = where[arrow.voter]
    weight = "" if arrow.weight == 1 else "×" + number(arrow.weight, lang)
    strong = arrow.target is not None and arrow.target in ballot.chosen
    if arrow.target is None:
        if box is None:
            return None
        bx, by, bw, _ = box
        x2, y2 = bx + bw / 2, by
        return _curve(arrow, (x1, y1, r1), (x2, y2, 1.0), weight, strong, bend=0.0)
    if arrow.target not in where:
        return None
    x2, y2, r2, _ = where[arrow.target]
    if arrow.target == arrow.voter:
        return _loop(arrow, (x1, y1, r1), angle, weight)
    return _curve(arrow, (x1, y1, r1), (x2, y2, r2), weight, strong, bend=0.12)


def _curve(
    arrow: Arrow,
    start: tuple[float, float, float],
    end: tuple[float, float, float],
    weight: str,
    strong: bool,
    bend: float,
) -> Line:
    """A gently bent arrow from a dot to a dot (two opposite votes bend apart)."""
    (x1, y1, r1), (x2, y2, r2) = start, end
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy) or 1.0
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    kx, ky = mx - dy / length * length * bend, my + dx / length * length * bend
    sx, sy = _towards(x1, y1, kx, ky, r1 + 1)
    ex, ey = _towards(x2, y2, kx, ky, r2 + 2)
    d = f"M{sx:.1f},{sy:.1f} Q{kx:.1f},{ky:.1f} {ex:.1f},{ey:.1f}"
    wx, wy = 0.25 * sx + 0.5 * kx + 0.25 * ex, 0.25 * sy + 0.5 * ky + 0.25 * ey
    return Line(arrow.voter, arrow.target, d, weight, round(wx, 1), round(wy, 1), strong)


def _loop(arrow: Arrow, at: tuple[float, float, float], angle: float, weight: str) -> Line:
    """A vote for oneself: a small loop outside the circle."""
    x, y, r = at
    angle += math.pi  # inwards: his name is written outside
    a1, a2 = angle - 0.6, angle + 0.6
    p1 = (x + r * math.cos(a1), y + r * math.sin(a1))
    p2 = (x + (r + 2) * math.cos(a2), y + (r + 2) * math.sin(a2))
    c1 = (x + (r + 30) * math.cos(a1 - 0.5), y + (r + 30) * math.sin(a1 - 0.5))
    c2 = (x + (r + 30) * math.cos(a2 + 0.5), y + (r + 30) * math.sin(a2 + 0.5))
    d = (
        f"M{p1[0]:.1f},{p1[1]:.1f} C{c1[0]:.1f},{c1[1]:.1f} {c2[0]:.1f},{c2[1]:.1f} "
        f"{p2[0]:.1f},{p2[1]:.1f}"
    )
    wx, wy = x + (r + 26) * math.cos(angle), y + (r + 26) * math.sin(angle)
    return Line(arrow.voter, arrow.target, d, weight, round(wx, 1), round(wy, 1), False)


def _towards(x: float, y: float, tx: float, ty: float, by: float) -> tuple[float, float]:
    """The point `by` away from (x, y) towards (tx, ty)."""
    dx, dy = tx - x, ty - y
    length = math.hypot(dx, dy) or 1.0
    return x + dx / length * by, y + dy / length * by


def svg(ballot: Ballot, lang: str, captain_title: str, key: str = "") -> Markup:
    """The picture of `ballot` as inline SVG, in `lang`."""
    picture = layout(ballot, lang, key)
    template = html_environment(lang).get_template("web/vote.html")
    return Markup(template.render(p=picture, b=ballot, captain=captain_title, num=number))
