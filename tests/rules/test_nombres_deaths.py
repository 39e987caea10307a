"""Les Nombres, Règle 8 (002_9504e6e276dc5f60.txt): deaths and the dead."""

from __future__ import annotations

from pathlib import Path

from tests.nombres import digests, elect, game, rise

CAUSES = ("dévoré", "empoisonné", "bûcher", "foudroyé", "chagrin", "abattu")


def test_deaths_are_announced_in_a_drawn_order_without_their_causes(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « La cause des morts ne sera pas annoncée. L'ordre des morts
    annoncées sera aléatoire. »"""
    g = game(tmp_path)
    elect(g, None)
    g.ok("Alice", "tuer Emma")
    g.ok("Bruno", "tuer Emma")
    g.ok("Alice", "pad Chloe chasseur")  # wrong: Alice dies too
    g.new_mails()
    rise(g)
    died = [e["name"] for e in g.events("PlayerDied")]
    assert sorted(died) == ["Alice", "Emma"]
    (drawn,) = [e for e in g.events("RandomDrawn") if e["purpose"] == "death-order"]
    assert sorted(drawn["among"]) == ["Alice", "Emma"] and drawn["chosen"] == died
    (dawn,) = [b for b in digests(g, "Farid") if "Le jour se lève" in b]
    lines = [line for line in dawn.splitlines() if "est mort·e" in line]
    assert [line.split()[0] for line in lines] == died
    assert not any(cause in dawn for cause in CAUSES)


def test_the_dead_talk_only_in_the_cemetery(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « Il est interdit pour les morts de communiquer avec les vivants
    à propos de la partie et vice-versa. »"""
    g = game(tmp_path)
    elect(g, None)
    g.ok("Alice", "tuer Emma")
    g.ok("Bruno", "tuer Emma")
    rise(g)
    assert not g.post("Emma", "place", "C'était Alice !").ok
    assert not g.post("Emma", "meute", "Coucou").ok
    assert not g.post("Farid", "cimetiere", "Alors ?").ok
    g.ok("Alice", "vote Farid")
    g.ok("Bruno", "vote Farid")
    rise(g)
    g.new_mails()
    assert g.post("Emma", "cimetiere", "Bienvenue Farid").ok
    readers = {m.to for m in g.new_mails() if "Bienvenue Farid" in m.body}
    assert readers == {"farid@example.org"}
