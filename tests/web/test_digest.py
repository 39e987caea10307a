"""#19: the square by digest, as each player chooses by mail (`digest oui`, `digest 6h`,
`digest non`): the posts gathered into one mail at the phase's end or every N hours instead of
one mail each; the MJ's announcements, the deadlines and the private results still come at
once (seeds/003's classic game; its square opens by day)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from lgmail.mail.addresses import reply_address
from lgmail.rules.commands import Announce
from lgmail.rules.flow import next_deadline
from lgmail.rules.state import SQUARE
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "voyante",
    "Chloe": "villageois",
    "David": "villageois",
    "Emma": "villageois",
}


def to_day_one(tmp_path: Path) -> Scenario:
    sc = Scenario(tmp_path, ROLES)
    sc.ok("Alice", "tuer David")
    while sc.phase()[0] != "day":
        sc.end()
    return sc


def square_mails(sc: Scenario, name: str) -> list[str]:
    """The bodies of `name`'s new mails of the square: relayed posts and digests."""
    return [
        m.body for m in sc.new_mails(name) if "sur la place" in m.subject or "place :" in m.subject
    ]


def test_at_the_phase_s_end_the_posts_come_in_one_mail(tmp_path: Path) -> None:
    sc = to_day_one(tmp_path)
    answer = sc.ok("Chloe", "digest oui")
    assert "réunis en un seul, à la fin de chaque phase" in answer.text
    sc.new_mails("Chloe"), sc.new_mails("Emma")
    for n, who in enumerate(("Alice", "Bruno", "Emma")):
        assert sc.post(who, "place", f"Message {n} de {who}.").ok
    assert square_mails(sc, "Chloe") == []  # nothing yet: they wait for the digest
    assert len(square_mails(sc, "Emma")) == 2  # Emma reads them one by one (not her own)
    sc.mj(Announce("Le vote ferme ce soir."))
    assert any("Le vote ferme ce soir." in m.body for m in sc.new_mails("Chloe"))  # at once
    for name in sc.state.living_names():
        sc.act(name, "vote Emma")
    sc.end()
    assert sc.phase() == ("night", 2)
    (digest,) = square_mails(sc, "Chloe")
    assert digest.index("Message 0 de Alice.") < digest.index("Message 1 de Bruno.")
    assert "Message 2 de Emma." in digest and "Alice écrit :" in digest
    sent = sc.events("DigestSent")
    assert [e["player"] for e in sent] == ["Chloe"] and len(sent[0]["posts"]) == 3


def test_every_six_hours_at_most(tmp_path: Path) -> None:
    sc = to_day_one(tmp_path)
    assert "toutes les 6h au plus" in sc.ok("Emma", "digest 6h").text
    sc.new_mails("Emma")
    assert sc.post("Alice", "place", "Premier.").ok
    sc.later(hours=2)
    assert sc.post("Bruno", "place", "Deuxième.").ok
    assert square_mails(sc, "Emma") == []
    sc.later(hours=4)  # six hours since she chose: the scheduler's tick sends it
    (digest,) = square_mails(sc, "Emma")
    assert "Premier." in digest and "Deuxième." in digest
    assert sc.post("Chloe", "place", "Troisième.").ok
    sc.later(hours=1)
    assert square_mails(sc, "Emma") == []  # the next one waits for its six hours
    sc.later(hours=5)
    (digest,) = square_mails(sc, "Emma")
    assert "Troisième." in digest and "Premier." not in digest


def test_digest_non_sends_what_waited_and_one_by_one_again(tmp_path: Path) -> None:
    sc = to_day_one(tmp_path)
    sc.ok("Bruno", "digest oui")
    sc.new_mails("Bruno")
    sc.post("Alice", "place", "Je suis simple villageoise.")
    answer = sc.ok("Bruno", "digest non")
    assert "de nouveau un par un" in answer.text
    (waited,) = square_mails(sc, "Bruno")
    assert "Je suis simple villageoise." in waited
    sc.post("Chloe", "place", "Moi aussi.")
    (one,) = square_mails(sc, "Bruno")
    assert "Moi aussi." in one and "Chloe écrit" in one


def test_an_unreadable_period_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    sc = to_day_one(tmp_path)
    answer = sc.act("Chloe", "digest parfois")
    assert not answer.ok and "je n'ai pas compris cette ligne" in answer.text
    assert sc.events("DigestChosen") == []


def test_the_scheduler_wakes_for_it_and_a_reply_writes_on_the_square(tmp_path: Path) -> None:
    sc = to_day_one(tmp_path)
    chosen_at = sc.clock
    sc.ok("Emma", "digest 6h")
    assert sc.post("Alice", "place", "Bonjour.").ok
    assert next_deadline(sc.state) == chosen_at + timedelta(hours=6)
    sc.later(hours=6)
    digest = next(m for m in sc.mails("Emma") if "place :" in m.subject)
    assert "Bonjour." in digest.body
    conf = sc.games.settings
    square = reply_address(conf.secret, sc.name, sc.email("Emma"), conf.domain, SQUARE)
    assert digest.reply_to == square
    assert next_deadline(sc.state) != chosen_at + timedelta(hours=12)  # nothing waits now


def test_the_help_tells_how_to_choose_digests(tmp_path: Path) -> None:
    sc = to_day_one(tmp_path)
    assert "« digest oui » réunit les messages de la place" in sc.act("Chloe", "aide").text
