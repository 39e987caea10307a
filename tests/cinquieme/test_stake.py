"""Rule set `cinquieme-element`, seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt, « LG LE
CINQUIÈME ÉLÉMENT », lines 117-222): the stake (« 3- Les bûchers », « Le forum »). Public votes;
NC wounds of FEU (one more to a player vulnerable to FEU), another element when Impitoyable says
so; the post that closes the day (type and result, never a survivor's hearts); the mayor who
breaks a tie (`stake`'s ruling: no answer in time, nobody burns); Immunité diplomatique's double
vote, told at the day's end without its owner; the dead mayor's successor.

`TEN`: Alice (FEU) and Bruno (TERRE) are the wolves; Chloe (EAU), David (AIR), Emma (VIE), Farid
(FEU), Gina (TERRE), Hugo (EAU), Ines (AIR), Jules (VIE) the villagers; NC = 2. `ELEVEN` adds
Karim, a third wolf (AIR): NC = 3.
"""

from __future__ import annotations

from pathlib import Path

from tests.cinquieme.drive import all_hearts as hearts
from tests.cinquieme.drive import attacks_night as night
from tests.cinquieme.drive import day
from tests.cinquieme.drive import heart_events as changes
from tests.cinquieme.drive import public_saying as public
from tests.cinquieme.play import TEN, game, to_night_one
from tests.scenario import Scenario

ELEVEN = {**TEN, "Karim": "loup:air"}


def burned(sc: Scenario, name: str) -> list[tuple[str, int]]:
    """`name`'s wounds at the stake: (element, hearts after)."""
    return [(e["element"], e["hearts"]) for e in changes(sc, name) if e["why"] == "bucher"]


def stake_post(sc: Scenario) -> str:
    """The stake's part of the public post that closed the last day (the MJ's copy)."""
    return public(sc, "Votes du bûcher").content.split("\n\nVoici ")[0]


def test_the_votes_are_public(tmp_path: Path) -> None:
    """000: « Chaque jour, les joueurs votent publiquement pour l'un d'entre eux à envoyer au
    bûcher »: the post that closes the day gives every vote, to every player."""
    sc = game(tmp_path)
    to_night_one(sc, {})
    night(sc, {"Alice": "David", "Bruno": "Hugo"})
    votes = {"Alice": "Jules", "Bruno": "Jules", "Chloe": "Alice", "Emma": "Jules"}
    day(sc, votes)
    for name in TEN:
        post = next(m.content for m in sc.mails(name) if "Votes du bûcher" in m.content)
        for voter, target in votes.items():
            assert f"  {voter} → {target}\n" in post, (name, post)


def test_the_condemned_loses_nc_hearts_of_fire(tmp_path: Path) -> None:
    """000: « Les bûchers, de base, ne tuent pas instantanément la cible comme d'habitude, mais
    font perdre NC cœurs à la place. Les blessures infligées par le bûcher sont de base de type
    FEU »: Gina (TERRE), regenerated to NC+1, keeps 1 heart: 3 -> 1 with 2 wolves, 4 -> 1 with
    3."""
    for deal, nc in ((TEN, 2), (ELEVEN, 3)):
        sc = game(tmp_path / str(nc), roles=deal)
        assert sc.state.extra["nc"] == nc
        to_night_one(sc, {"Gina": "régénération et ignifugé"})
        attacks = {"Alice": "David", "Bruno": "Hugo", "Karim": "Ines"}
        night(sc, {w: p for w, p in attacks.items() if w in deal}, {"Gina": "régénération"})
        assert hearts(sc)["Gina"] == nc + 1
        day(sc, dict.fromkeys(("Chloe", "Emma", "Farid"), "Gina"))
        assert burned(sc, "Gina") == [("feu", 1)] and sc.alive("Gina")


def test_a_condemned_vulnerable_to_fire_loses_one_more(tmp_path: Path) -> None:
    """000: « Les blessures infligées par le bûcher sont de base de type FEU »; « À chaque fois
    qu'un joueur subit des blessures de l'élément dont il est vulnérable, il subit une blessure
    supplémentaire »: Farid (FEU), at 3 hearts, loses NC+1 = 3 and dies."""
    sc = game(tmp_path)
    to_night_one(sc, {"Farid": "régénération et ignifugé"})
    night(sc, {"Alice": "David", "Bruno": "Hugo"}, {"Farid": "régénération"})
    assert hearts(sc)["Farid"] == 3
    day(sc, dict.fromkeys(("Chloe", "Emma", "Gina"), "Farid"))
    assert burned(sc, "Farid") == [("feu", 0)] and not sc.alive("Farid")
    assert "Farid passe au bûcher, un bûcher de type FEU : Farid en meurt." in stake_post(sc)


def test_the_stake_post_names_type_and_result_never_hearts(tmp_path: Path) -> None:
    """000: « Si le type diffère, le MJ doit l'indiquer dans le message de bûcher »; « Chaque
    journée [...] se termine par le message annonçant le type et le résultat du bûcher
    journalier [...] Ne pas indiquer le nombre de cœur des joueurs qui ne meurent pas »: Ines's
    Impitoyable (TERRE) makes Gina's stake TERRE (3 wounds: she dies at 3 hearts); Hugo, at 3
    hearts, survives a FEU stake, and the post does not say with how many."""
    sc = game(tmp_path)
    to_night_one(
        sc,
        {
            "Gina": "régénération et ignifugé",
            "Hugo": "régénération et ignifugé",
            "Ines": "observation et impitoyable",
        },
    )
    night(
        sc,
        {"Alice": "David", "Bruno": "Jules"},
        {"Gina": "régénération", "Ines": "impitoyable terre"},
    )
    assert hearts(sc)["Gina"] == 3
    day(sc, dict.fromkeys(("Chloe", "Ines", "Farid"), "Gina"))
    assert burned(sc, "Gina") == [("terre", 0)]
    assert "Gina passe au bûcher, un bûcher de type TERRE : Gina en meurt." in stake_post(sc)
    night(sc, {"Alice": "David", "Bruno": "Emma"}, {"Hugo": "régénération"})
    assert hearts(sc)["Hugo"] == 3
    day(sc, dict.fromkeys(("Chloe", "Ines", "Farid"), "Hugo"))
    assert burned(sc, "Hugo") == [("feu", 1)]
    post = stake_post(sc)
    assert "Hugo passe au bûcher, un bûcher de type FEU : Hugo y survit." in post
    assert "cœur" not in post and not any(c.isdigit() for c in post), post


def test_the_mayor_breaks_a_tie(tmp_path: Path) -> None:
    """000: « Jour 0, les villageois élisent un maire, qui tranche les éventuelles égalités lors
    des bûchers »: Farid and Jules tied, the mayor (Chloe) is asked, and only she, among them
    only, breaks it with « trancher NOM »."""
    sc = game(tmp_path)
    to_night_one(sc, {})
    night(sc, {"Alice": "David", "Bruno": "Hugo"})
    answer = sc.refused("Chloe", "trancher Farid", "not_allowed")
    assert "seul le maire tranche une égalité au bûcher, quand elle lui est demandée" in answer.text
    day(sc, {"Alice": "Farid", "Bruno": "Farid", "Emma": "Jules", "Gina": "Jules"})
    assert "Égalité entre Farid, Jules : le maire tranche." in stake_post(sc)
    assert [m for m in sc.mails("Chloe") if "Tranchez l'égalité" in m.subject]
    assert sc.phase() == ("day", 1) and not burned(sc, "Farid")
    answer = sc.refused("David", "trancher Farid", "not_allowed")
    assert "seul le maire tranche" in answer.text
    answer = sc.refused("Chloe", "trancher David", "not_allowed")
    assert "tranchez entre : Farid, Jules" in answer.text
    sc.ok("Chloe", "trancher Farid")
    assert burned(sc, "Farid") == [("feu", 0)] and not burned(sc, "Jules")
    assert "Farid passe au bûcher (choix du maire), un bûcher de type FEU : Farid en meurt." in (
        public(sc, "Farid passe au bûcher").content
    )
    assert sc.phase() == ("night", 2)


def test_a_tie_the_mayor_leaves_unbroken_burns_nobody(tmp_path: Path) -> None:
    """000: « [le maire] tranche les éventuelles égalités lors des bûchers » (`stake`'s ruling:
    a mayor who does not break the tie in time leaves the stake empty): nobody loses a heart,
    the post says so, and night 2 begins."""
    sc = game(tmp_path)
    to_night_one(sc, {})
    night(sc, {"Alice": "David", "Bruno": "Hugo"})
    seen = len(sc.events("HeartsChanged"))
    day(sc, {"Alice": "Farid", "Bruno": "Farid", "Emma": "Jules", "Gina": "Jules"})
    sc.later(hours=2)
    assert not sc.events("HeartsChanged")[seen:]
    assert "Le maire n'a pas tranché à temps : personne ne passe au bûcher." in (
        public(sc, "personne ne passe au bûcher").content
    )
    assert sc.phase() == ("night", 2) and sc.alive("Farid") and sc.alive("Jules")


def test_immunite_diplomatique_doubles_a_vote_told_anonymously(tmp_path: Path) -> None:
    """000, Immunité diplomatique: « votre vote durant la prochaine journée compte double (mais
    ce n'est révélé par le MJ qu'à la fin de la journée et de manière anonyme) »; the day ends
    with the stake's message « (s'il y a eu des modificateurs de vote activés, indiquer les
    nouveaux scores totaux) »: David's vote makes Jules's 4 voices 5 against Farid's 4; nothing
    says so before the end, and the end names no owner."""
    sc = game(tmp_path)
    to_night_one(sc, {"David": "immunité diplomatique et ignifugé"})
    night(sc, {"Alice": "Gina", "Bruno": "Hugo"}, {"David": "immunité diplomatique"})
    sc.new_mails()
    votes = {
        **dict.fromkeys(("Alice", "Bruno", "Chloe", "Hugo"), "Farid"),
        **dict.fromkeys(("David", "Emma", "Gina", "Ines"), "Jules"),
    }
    for voter, target in votes.items():
        sc.ok(voter, f"vote {target}")
    assert not [m for m in sc.new_mails() if "double" in m.content]
    sc.end()
    post = stake_post(sc)
    line = next(x for x in post.splitlines() if "double" in x)
    assert line == "1 vote comptait double (Immunité diplomatique). Totaux : Farid 4, Jules 5."
    assert burned(sc, "Jules") == [("feu", 0)] and not burned(sc, "Farid")
    for name in TEN:
        assert any(line in m.content for m in sc.mails(name)), name


def test_a_dead_mayor_names_his_successor(tmp_path: Path) -> None:
    """000: « Si le nombre est 0, le joueur est mort [...] S'il était le maire, il doit désigner
    un nouveau maire »: Chloe, the mayor, killed at night, names David; David, burned, names
    Ines."""
    sc = game(tmp_path)
    to_night_one(sc, {}, mayor="Chloe")
    night(sc, {"Alice": "Chloe", "Bruno": "Chloe"})
    assert not sc.alive("Chloe") and sc.state.captain == "Chloe"
    assert [m for m in sc.mails("Chloe") if "Votre successeur" in m.subject]
    assert "Le village attend que Chloe désigne son successeur" in public(sc, "successeur").content
    sc.ok("Chloe", "successeur David")
    assert sc.state.captain == "David" and sc.phase() == ("day", 1)
    assert "David devient maire." in public(sc, "David devient maire.").content
    day(sc, dict.fromkeys(("Alice", "Emma", "Farid"), "David"))
    assert not sc.alive("David") and sc.phase() == ("day", 1)
    sc.ok("David", "successeur Ines")
    assert sc.state.captain == "Ines" and sc.phase() == ("night", 2)
