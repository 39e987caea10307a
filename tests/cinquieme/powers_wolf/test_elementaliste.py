"""Élémentaliste (PRO-LOUP, EAU), seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt, « LG LE
CINQUIÈME ÉLÉMENT »): « Choisissez un élément sauf VIE. Durant la nuit en cours, la blessure de
votre attaque de base est du type choisi au lieu du type VIE. De plus, à chaque fois qu'un
villageois meure d'ici le début de la prochaine nuit, le MJ vous informe secrètement par MP
quelle était sa vulnérabilité (sauf si un autre pouvoir a déjà rendu l'information publique). »

The deal is `TEN` (Alice, FEU, and Bruno, TERRE, the wolves; NC = 2): Chloe and Hugo EAU, David
and Ines AIR, Emma and Jules VIE, Farid FEU, Gina TERRE."""

from __future__ import annotations

from pathlib import Path

from tests.cinquieme.drive import elected, hearts, wounds
from tests.cinquieme.drive import orders_night as night
from tests.scenario import Scenario

POWERS = {
    "Alice": "ignifugé et élémentaliste",
    "Bruno": "ignifugé et soin",
    "Chloe": "observation et autopsie",
    "David": "immunité diplomatique et ignifugé",
    "Emma": "justice et ignifugé",
    "Farid": "observation et ignifugé",
    "Gina": "oeil-de-lynx et ignifugé",
    "Hugo": "justice et ignifugé",
    "Ines": "régénération et ignifugé",
    "Jules": "oeil-de-lynx et ignifugé",
}


def start(folder: Path, powers: dict[str, str] = POWERS, mayor: str = "Jules") -> Scenario:
    """The game of `TEN`, each one's powers chosen, `mayor` elected: night 1."""
    return elected(folder, powers, mayor)


def told(sc: Scenario, owner: str) -> list[str]:
    """The bodies of the Élémentaliste's private mails to `owner`."""
    return [m.content.strip() for m in sc.mails(owner) if m.subject.endswith("Élémentaliste")]


def test_his_attack_wounds_with_the_element_chosen(tmp_path: Path) -> None:
    """« la blessure de votre attaque de base est du type choisi au lieu du type VIE »: Alice's
    attack of EAU on Chloe (vulnerable to EAU: « il subit une blessure supplémentaire ») takes
    her two hearts; Bruno's plain attack on Hugo, also EAU, is of VIE: one."""
    sc = start(tmp_path)
    night(sc, {"Alice": "attaquer Chloe\nélémentaliste eau", "Bruno": "attaquer Hugo"})
    assert wounds(sc, "Chloe") == [(0, "attaque", "eau")]
    assert wounds(sc, "Hugo") == [(1, "attaque", "vie")]
    assert not sc.alive("Chloe") and sc.alive("Hugo")


def test_not_vie_any_more_a_vie_vulnerability_does_not_count(tmp_path: Path) -> None:
    """« au lieu du type VIE »: Alice's attack of TERRE on Emma (vulnerable to VIE) is one wound;
    Bruno's plain attack (VIE) on Jules (vulnerable to VIE) is two."""
    sc = start(tmp_path)
    night(sc, {"Alice": "attaquer Emma\nélémentaliste terre", "Bruno": "attaquer Jules"})
    assert wounds(sc, "Emma") == [(1, "attaque", "terre")]
    assert wounds(sc, "Jules") == [(0, "attaque", "vie")]


def test_vie_or_no_element_is_refused(tmp_path: Path) -> None:
    """« Choisissez un élément sauf VIE »."""
    sc = start(tmp_path)
    sc.refused("Alice", "élémentaliste vie", "not_allowed")
    answer = sc.refused("Alice", "élémentaliste", "not_allowed")
    assert "autre que VIE" in answer.text
    sc.ok("Alice", "élémentaliste air")


def test_a_villager_dying_that_night_told_to_him_alone(tmp_path: Path) -> None:
    """« à chaque fois qu'un villageois meure d'ici le début de la prochaine nuit, le MJ vous
    informe secrètement par MP quelle était sa vulnérabilité »: Chloe dies of Alice's attack;
    Alice is told EAU by private mail, Bruno (without the power) nothing, and the square never
    hears it (« n'indique pas sa vulnérabilité »)."""
    sc = start(tmp_path)
    night(sc, {"Alice": "attaquer Chloe\nélémentaliste eau", "Bruno": "attaquer David"})
    assert sc.phase() == ("day", 1)
    assert told(sc, "Alice") == ["Bonjour Alice,\n\nChloe est mort·e : sa vulnérabilité était EAU."]
    assert told(sc, "Bruno") == []
    for mail in sc.mails("mj@example.org"):
        assert "vulnérabilité" not in mail.content, mail.content


def test_a_dying_wolf_not_told_a_villager_the_same_night_told(tmp_path: Path) -> None:
    """« à chaque fois qu'un villageois meure »: Bruno, a wolf, falls to two Justices of TERRE
    (night 1 and night 2); the same night 2 Gina (TERRE) falls to Alice's attack of TERRE: Alice
    is told Gina's vulnerability only."""
    sc = start(tmp_path)
    night(sc, {"Alice": "attaquer David", "Bruno": "attaquer Farid", "Emma": "justice Bruno terre"})
    assert hearts(sc, "Bruno") == 1
    sc.end()  # day 1: no vote, no stake
    night(
        sc,
        {
            "Alice": "attaquer Gina\nélémentaliste terre",
            "Bruno": "attaquer Ines",
            "Hugo": "justice Bruno terre",
        },
    )
    assert not sc.alive("Bruno") and not sc.alive("Gina")
    assert told(sc, "Alice") == [
        "Bonjour Alice,\n\nGina est mort·e : sa vulnérabilité était TERRE."
    ]


def test_a_villager_burned_the_next_day_told(tmp_path: Path) -> None:
    """« d'ici le début de la prochaine nuit »: the day after Alice's Élémentaliste, Gina
    (TERRE) burns at the stake (NC = 2 wounds of FEU); Alice is told TERRE."""
    sc = start(tmp_path)
    night(sc, {"Alice": "attaquer David\nélémentaliste feu", "Bruno": "attaquer Farid"})
    assert told(sc, "Alice") == []
    for name in sc.state.living_names():
        sc.ok(name, "vote Gina" if name != "Gina" else "vote Hugo")
    sc.end()
    assert not sc.alive("Gina") and sc.phase() == ("night", 2)
    assert told(sc, "Alice") == [
        "Bonjour Alice,\n\nGina est mort·e : sa vulnérabilité était TERRE."
    ]


def test_nothing_told_once_the_next_night_began(tmp_path: Path) -> None:
    """« d'ici le début de la prochaine nuit »: Alice used it on night 1 only; David, wounded
    then, dies on night 2 and Gina at day 2's stake: Alice is told nothing."""
    sc = start(tmp_path)
    night(sc, {"Alice": "attaquer David\nélémentaliste feu", "Bruno": "attaquer Farid"})
    sc.end()  # day 1: no vote, no stake
    night(sc, {"Alice": "attaquer David\nignifugé", "Bruno": "attaquer Hugo"})
    assert not sc.alive("David")
    for name in sc.state.living_names():
        sc.ok(name, "vote Gina" if name != "Gina" else "vote Hugo")
    sc.end()
    assert not sc.alive("Gina")
    assert told(sc, "Alice") == []


def test_not_told_what_an_autopsy_made_public(tmp_path: Path) -> None:
    """« (sauf si un autre pouvoir a déjà rendu l'information publique) »: Chloe dies with her
    Autopsie active (« toutes vos informations sont révélées (donc tous vos pouvoirs et votre
    vulnérabilité) »): the square learns EAU, Alice gets no private mail of it."""
    sc = start(tmp_path)
    night(
        sc,
        {
            "Alice": "attaquer Chloe\nélémentaliste eau",
            "Bruno": "attaquer David",
            "Chloe": "autopsie",
        },
    )
    assert not sc.alive("Chloe")
    (revealed,) = sc.events("Revealed")
    assert revealed["record"]["vulnerability"] == "eau"
    assert any("sa vulnérabilité, EAU" in m.content for m in sc.mails("Hugo"))
    assert told(sc, "Alice") == []
