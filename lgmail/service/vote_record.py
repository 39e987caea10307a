"""The vote record, as forums keep it: one row a player, one column a vote of the village (the
election, then each day's stake), each cell the player he voted for, filled as the votes are
counted. 002's tied, « condamnées à écrire en violet », are written in violet. The topic, the
players' pages and the end mail's HTML part show it.

Made from the ballots a page may show (`lgmail.service.ballots.shown_to`): a vote whose arrows
are secret on that page has no column there; the pack's votes are not the village's."""

from __future__ import annotations

from dataclasses import dataclass

from lgmail.service.ballots import Ballot

#: the ballots the record lists: the village's votes
VILLAGE = frozenset({"election", "stake", "council", "chief"})


@dataclass(frozen=True)
class Column:
    """A vote: its kind, its day and, where a day held two, its rank (2: « bis »)."""

    kind: str
    number: int
    rank: int


@dataclass(frozen=True)
class Cell:
    """What a player did at a vote: `targets` (empty and `blank`: a blank vote; empty and
    `absent`: he could vote and did not; empty else: he had no vote then); `violet`: a name
    among them was marked at that vote; `went`: a name among them went."""

    targets: tuple[str, ...] = ()
    blank: bool = False
    absent: bool = False
    violet: bool = False
    went: bool = False


@dataclass(frozen=True)
class Record:
    """The columns, and each player's row of cells (tuples: a record is hashable, so that the
    page that draws it is drawn once for all its readers)."""

    columns: tuple[Column, ...]
    rows: tuple[tuple[str, tuple[Cell, ...]], ...]

    @property
    def violet(self) -> bool:
        """Some name is written in violet."""
        return any(cell.violet for _, row in self.rows for cell in row)


def record(ballots: list[Ballot], players: list[str]) -> Record | None:
    """The record of `ballots` (those with arrows) for `players` in seat order; None when no
    vote of the village has been counted with its votes known."""
    shown = [b for b in ballots if b.kind in VILLAGE and (b.arrows or b.abstained)]
    if not shown:
        return None
    columns: list[Column] = []
    cells: dict[str, list[Cell]] = {name: [] for name in players}
    index: dict[tuple[str, int], tuple[int, set[str]]] = {}
    for b in shown:
        voters = {a.voter for a in b.arrows} | set(b.abstained)
        key = ("election" if b.kind in ("election", "chief") else "stake", b.number)
        known = index.get(key)
        if known is not None and not (known[1] & voters):
            at = known[0]  # 000: each tribe elects its chief at the same time: one column
            known[1].update(voters)
        else:
            rank = sum(1 for c in columns if (c.kind, c.number) == key) + 1
            columns.append(Column(key[0], key[1], rank))
            at = len(columns) - 1
            index[key] = (at, set(voters))
            for name in cells:
                cells[name].append(Cell())
        for name in cells:
            mine = [a for a in b.arrows if a.voter == name]
            if mine:
                targets = tuple(a.target for a in mine if a.target is not None)
                cells[name][at] = Cell(
                    targets,
                    blank=not targets,
                    violet=any(t in b.marked for t in targets),
                    went=any(t in b.chosen for t in targets),
                )
            elif name in b.abstained:
                cells[name][at] = Cell(absent=True)
    return Record(tuple(columns), tuple((name, tuple(row)) for name, row in cells.items()))
