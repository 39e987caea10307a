"""The end of the game's mail carries the vote record in its HTML part (#36: « the same in the
end mail's HTML part »): one row a player, one column a public vote of the village, each cell
whom he voted for, checked against the log read by the events' own fields."""

from __future__ import annotations

import html
import mailbox
import re
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path

import pytest

from tests.scenario import Scenario
from tests.web.played import GAMES_PLAYED
from tests.web.test_votes import counts


def end_mails(sc: Scenario) -> list[EmailMessage]:
    """The mails of the digest that told the end of the game, one per reader."""
    box = mailbox.Maildir(str(sc.games.settings.maildir), create=False)
    out = []
    for key in box.iterkeys():
        msg = BytesParser(policy=policy.default).parsebytes(box.get_bytes(key))
        assert isinstance(msg, EmailMessage)
        text = msg.get_body(("plain",))
        assert text is not None
        if "partie est terminée" in text.get_content() or "game is over" in text.get_content():
            out.append(msg)
    return out


def table(msg: EmailMessage) -> dict[str, list[str]]:
    """The vote record of a mail's HTML part: player -> his cells, as written; its head under
    the key ""."""
    part = msg.get_body(("html",))
    assert part is not None
    page = part.get_content()
    if "<table" not in page:
        return {}
    body = page[page.index("<table") : page.index("</table>")]
    out: dict[str, list[str]] = {}
    for row in re.findall(r"<tr>(.*?)</tr>", body, re.S):
        cells = [html.unescape(c) for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
        if cells[0] in ("Joueur", "Player"):
            out[""] = cells[1:]
        else:
            out[cells[0]] = cells[1:]
    return out


@pytest.mark.parametrize("name", sorted(GAMES_PLAYED))
def test_the_end_mail_draws_every_public_vote_of_the_village(name: str, tmp_path: Path) -> None:
    sc = GAMES_PLAYED[name](tmp_path)
    state = sc.games.load(sc.name)
    records = sc.games.records(sc.name)
    if not state.ended:
        pytest.skip(f"{name} is played to a point short of its end")
    mails = end_mails(sc)
    assert mails, "the end of the game is told"
    public = [c for c in counts(records).values() if c.arrows is not None]
    for msg in mails:
        drawn = table(msg)
        if not public:
            assert drawn == {}, "no public vote, no table"
            continue
        assert [n for n in drawn if n] == list(state.players)
        # every public count of the log, in order, is a column; each cell whom he voted for
        columns = drawn[""]
        votes = [c for c in public if c.type in ("VotesCounted", "StakeCounted")]
        assert len(columns) >= len(votes) > 0
        for name_, cells in drawn.items():
            if not name_:
                continue
            written = [set(c.split(" et ")) | set(c.split(" and ")) for c in cells]
            for count in votes:
                mine = {t for v, t in count.arrows or set() if v == name_ and t}
                if mine:
                    assert any(mine <= w for w in written), (name_, mine, cells)
