"""Les Nombres, Règle 8 (002_9504e6e276dc5f60.txt): deaths and the dead."""

from __future__ import annotations

from pathlib import Path

from tests.nombres import digests, elect, game, rise

CAUSES = ("dévoré", "empoisonné", "bûcher", "foudroyé", "chagrin", "abattu")
#: what would tell that the Chasseur was killed by the wolves or the stake
TOLD = ("dernier tir", "ne tire pas", "Le village attend")


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
    (dawn,) = [b for b in digests(g, "Farid") if "est close." in b]
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


def test_the_chasseurs_pending_shot_is_not_announced_only_its_death(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « La cause des morts ne sera pas annoncée. »: the village is not
    told that it waits for the Chasseur's last shot (he shoots when the wolves or the stake kill
    him), nor that he did not shoot; his shot is told as its victim's death, like any other."""
    g = game(tmp_path)
    elect(g, None)
    g.ok("Alice", "tuer David")
    g.ok("Bruno", "tuer David")
    g.new_mails()
    rise(g)
    assert not g.alive("David") and g.events("ReactionAwaited")
    public = digests(g, "Gina")
    assert any("David est mort·e. Son rôle : Chasseur." in b for b in public)
    assert not any(told in b for b in public for told in TOLD), public
    assert any("tirer" in m.body for m in g.new_mails("David"))  # told in private
    g.ok("David", "tirer Alice")
    public = digests(g, "Gina")
    assert any("Alice est mort·e. Son rôle : Loup-Garou." in b for b in public), public
    assert not any(word in b for b in public for word in (*TOLD, "Chasseur", *CAUSES))


def test_the_chasseur_who_does_not_shoot_is_not_announced(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « La cause des morts ne sera pas annoncée. »"""
    g = game(tmp_path)
    elect(g, None)
    rise(g)  # night 1: nobody dies
    for name in ("Alice", "Bruno", "Chloe", "Emma", "Farid", "Gina", "Hugo"):
        g.ok(name, "vote David")
    g.new_mails()
    rise(g)  # the stake burns David
    assert not g.alive("David")
    g.later(hours=2)  # his delay passes without a shot
    assert g.events("HunterShot") == [{"type": "HunterShot", "hunter": "David", "target": None}]
    public = digests(g, "Gina")
    assert any("David est mort·e. Son rôle : Chasseur." in b for b in public)
    assert not any(told in b for b in public for told in TOLD), public
