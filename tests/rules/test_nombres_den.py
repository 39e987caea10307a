"""Les Nombres, Règle 5 (002_9504e6e276dc5f60.txt): the wolves' den and the pack's PAD."""

from __future__ import annotations

from pathlib import Path

from lgmail.rules.commands import StrikeDown
from tests.nombres import ROLES, blank_rest, elect, game, rise


def test_the_den_is_open_from_the_start(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « L'antre est ouvert dès le début de la partie. »"""
    g = game(tmp_path)
    # the election day, by day: the wolves talk in their den, the others may not
    assert g.post("Alice", "meute", "On vise qui ?").ok
    assert [m.to for m in g.new_mails() if "On vise qui" in m.body] == ["bruno@example.org"]
    assert not g.post("Chloe", "meute", "Coucou").ok
    elect(g, None)
    assert g.post("Bruno", "meute", "Emma cette nuit").ok


def test_the_wolves_vote_a_tie_kills_nobody(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « Chaque nuit, les loups devront écrire en gras et en violet le
    nom de leur victime. [...] En cas d'égalité, il n'y aura pas de mort. »"""
    g = game(tmp_path)
    elect(g, None)
    g.ok("Alice", "tuer Emma")
    g.ok("Bruno", "tuer Farid")
    rise(g)
    assert g.events("WolvesChose") == [{"type": "WolvesChose", "victim": None, "by": None}]
    assert g.events("PlayerDied") == []
    blank_rest(g)
    rise(g)
    # agreed, the victim dies; a wolf's later vote replaces his own
    g.ok("Alice", "tuer Emma")
    g.ok("Bruno", "tuer Farid")
    g.ok("Bruno", "tuer Emma")
    rise(g)
    assert [e["name"] for e in g.events("PlayerDied")] == ["Emma"]


def test_a_wolf_cannot_be_the_victim(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « Les loups ne peuvent pas se dévorer entre eux. »"""
    g = game(tmp_path)
    elect(g, None)
    g.refused("Alice", "tuer Bruno", "illegal_target")


def test_a_right_pad_kills_at_dawn_with_no_power_triggered(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « Ils disposent d'un seul pouvoir anti-dévoilement (PAD) pour
    tout le groupe, à utiliser la nuit dans l'antre. [...] Si le loup a deviné juste, le
    villageois visé sera mort au lever du jour sans que son éventuel pouvoir ait pu être
    utilisé. »"""
    g = game(tmp_path)
    elect(g, "David")
    g.ok("David", "testament Emma")
    g.ok("David", "tirer Alice")  # the Chasseur's standing shot
    answer = g.ok("Alice", "pad David chasseur")
    assert "PAD annoncé contre David" in answer.text
    assert g.alive("David")  # not before dawn
    rise(g)
    (pad,) = g.events("PadResolved")
    assert pad == {
        "type": "PadResolved",
        "wolf": "Alice",
        "target": "David",
        "role": "chasseur",
        "right": True,
    }
    assert not g.alive("David")
    # no shot, no successor: the title disappears despite the testament
    assert g.events("HunterShot") == [] and g.alive("Alice")
    assert g.events("CaptainPassed")[-1]["to"] is None
    # one PAD for the whole pack
    blank_rest(g)
    rise(g)
    g.refused("Bruno", "pad Chloe voyante", "already_used")


def test_a_wrong_pad_kills_the_guessing_wolf(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « Si le PAD échoue, le loup l'ayant tenté meurt. »"""
    g = game(tmp_path)
    elect(g, None)
    g.ok("Bruno", "pad Chloe sorcière")
    rise(g)
    assert g.events("PadResolved")[0]["right"] is False
    assert not g.alive("Bruno") and g.alive("Chloe")


def test_a_pad_may_be_withdrawn_before_the_night_closes(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « Si vous avez annoncé un PAD et que vous souhaitez le retirer,
    vous devez également l'annoncer en violet et en gras. »"""
    g = game(tmp_path)
    elect(g, None)
    g.ok("Alice", "pad Chloe voyante")
    g.refused("Bruno", "retirer pad", "nothing_to_do")  # only its author takes it back
    assert "PAD retiré" in g.ok("Alice", "retirer le pad").text
    rise(g)
    assert g.events("PadResolved") == [] and g.alive("Chloe")
    # withdrawn, it is not spent
    blank_rest(g)
    rise(g)
    g.ok("Bruno", "pad Chloe voyante")
    rise(g)
    assert g.events("PadResolved")[0]["right"] is True and not g.alive("Chloe")


def test_the_pad_is_gone_at_six_players_or_fewer(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « Le PAD n'est plus utilisable lorsqu'il reste 6 joueurs ou
    moins. »"""
    roles = dict(list(ROLES.items())[:7])
    g = game(tmp_path, roles)
    elect(g, None)
    # seven alive: the PAD may be announced; then the MJ strikes one down in the night, and at
    # dawn the PAD is void (and not spent)
    g.ok("Alice", "pad Chloe voyante")
    g.mj(StrikeDown("Gina"))
    rise(g)
    assert g.events("PadWithdrawn") == [{"type": "PadWithdrawn", "wolf": "Alice", "reason": "void"}]
    assert g.alive("Chloe") and len(g.state.living()) == 6
    blank_rest(g)
    rise(g)
    g.refused("Alice", "pad Chloe voyante", "not_allowed")


def test_the_pad_targets_a_living_villager(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « Lorsqu'un loup décide de deviner le rôle d'un villageois
    [...] » and « Le PAD ne peut pas être utilisé contre un idiot dévoilé. »"""
    g = game(tmp_path)
    g.refused("Alice", "pad Chloe voyante", "not_now")  # by night only
    elect(g, None)
    g.refused("Chloe", "pad Emma villageois", "not_your_role")
    g.refused("Alice", "pad Bruno loup-garou", "illegal_target")


def test_help_lists_the_orders_of_les_nombres(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « Lorsqu'un loup décide de deviner le rôle d'un villageois, il
    doit le faire en violet et en gras. »: by mail, "pad NOM RÔLE", as help tells."""
    g = game(tmp_path)
    answer = g.ok("Alice", "aide")
    assert "pad NOM RÔLE" in answer.text and "murmure TEXTE" in answer.text


def test_the_pack_reads_each_wolfs_vote_and_pad_in_the_den(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « Les votes se font en MP, à part pour les loups. » and « Chaque
    nuit, les loups devront écrire en gras et en violet le nom de leur victime. »"""
    g = game(tmp_path)
    elect(g, None)
    g.new_mails()
    g.ok("Alice", "tuer Emma")
    g.ok("Alice", "pad Chloe voyante")
    (vote, pad) = g.new_mails("Bruno")
    assert "Alice vote pour dévorer Emma." in vote.body
    assert "Alice annonce le PAD contre Chloe." in pad.body and "Voyante" in pad.body
    assert all(m.to == "bruno@example.org" for m in g.new_mails())
    g.ok("Alice", "retirer pad")
    (withdrawn,) = g.new_mails("Bruno")
    assert "Alice retire le PAD." in withdrawn.body


def test_the_pad_is_not_used_against_a_revealed_idiot(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « Le PAD ne peut pas être utilisé contre un idiot dévoilé. »"""
    roles = {**ROLES, "Hugo": "idiot-du-village"}
    g = game(tmp_path, roles)
    elect(g, None)
    g.ok("Alice", "tuer Gina")
    g.ok("Bruno", "tuer Gina")
    rise(g)
    # the stake designates the Idiot: revealed, he survives and votes no more
    for name in ("Alice", "Bruno", "Chloe", "David"):
        g.ok(name, "vote Hugo")
    blank_rest(g)
    rise(g)
    assert g.alive("Hugo") and g.view("Emma")["players"][7]["role"] == "idiot-du-village"
    assert g.events("RoleRevealed")[0]["name"] == "Hugo"
    g.refused("Alice", "pad Hugo idiot du village", "illegal_target")
    g.ok("Alice", "pad Emma villageois")
    rise(g)
    g.refused("Hugo", "vote Alice", "not_allowed")
