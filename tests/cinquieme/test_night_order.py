"""The night of « LG LE CINQUIÈME ÉLÉMENT » (seed 000, ../shared/seeds/000_34f6f2cfe008970d.txt),
« Ordre de résolution des pouvoirs de nuit »: « En fin de nuit 1> SOIN + RÉGÉNÉRATION [...] 2>
ATTAQUES NORMALE DES LOUPS + CHAUDE HALEINE et ÉLÉMENTALISTE 3> JUSTICE 4> Résultats des sondes
OBSERVATION et TRAÇAGE 5> Activation des ASCENSION et des AUTOPSIE »; « Chaque loup est obligé
d'attaquer chaque nuit »; « Chaque nuit, les joueurs vivants peuvent soit activer l'un de leurs
deux pouvoirs, soit n'en activer aucun ».

The deal is `TEN`: Alice (FEU) and Bruno (TERRE) the wolves, NC = 2 (at most 3 hearts); Chloe and
Hugo EAU, David and Ines AIR, Emma and Jules VIE, Farid FEU, Gina TERRE."""

from __future__ import annotations

from pathlib import Path

from tests.cinquieme.drive import elected, hearts
from tests.cinquieme.drive import hearts_changes as changes
from tests.cinquieme.drive import orders_night as night
from tests.cinquieme.play import TEN
from tests.scenario import Scenario

POWERS = {
    "Alice": "ignifugé et traçage",
    "Bruno": "ignifugé et soin",
    "Chloe": "observation et autopsie",
    "David": "immunité diplomatique et ignifugé",
    "Emma": "justice et ignifugé",
    "Farid": "observation et ignifugé",
    "Gina": "oeil-de-lynx et ascension",
    "Hugo": "justice et ignifugé",
    "Ines": "régénération et ignifugé",
    "Jules": "oeil-de-lynx et truffe-de-lynx",
}


def start(folder: Path, powers: dict[str, str] = POWERS, mayor: str = "Jules") -> Scenario:
    """The game of `TEN`, each one's powers chosen, `mayor` elected: night 1."""
    return elected(folder, powers, mayor)


def test_heals_before_attacks_at_one_heart(tmp_path: Path) -> None:
    """« 1> SOIN + RÉGÉNÉRATION » before « 2> ATTAQUES »: David, at 1 heart, healed by Bruno
    (2) then attacked by both wolves (0), dies (the attacks first would leave him dead at 0
    before the heal, or, healed after, alive)."""
    sc = start(tmp_path)
    night(sc, {"Alice": "attaquer David", "Bruno": "attaquer Hugo"})
    assert hearts(sc, "David") == 1
    sc.end()  # day 1: no vote, no stake
    night(sc, {"Alice": "attaquer David", "Bruno": "attaquer David\nsoin David"})
    assert changes(sc, "David") == [(1, "attaque"), (2, "soin"), (1, "attaque"), (0, "attaque")]
    assert not sc.alive("David")


def test_a_heal_at_the_maximum_is_lost_before_the_attack(tmp_path: Path) -> None:
    """« 1> SOIN + RÉGÉNÉRATION » then « 2> ATTAQUES »: Ines at NC+1 = 3 regenerates (lost:
    « il ne conserve que NC+1 cœurs ») and is attacked: 2."""
    sc = start(tmp_path)
    night(sc, {"Alice": "attaquer Gina", "Bruno": "attaquer Hugo", "Ines": "régénération"})
    assert hearts(sc, "Ines") == 3
    sc.end()
    night(sc, {"Alice": "attaquer Ines", "Bruno": "attaquer Farid", "Ines": "régénération"})
    assert hearts(sc, "Ines") == 2


def test_attacks_before_justice(tmp_path: Path) -> None:
    """« 2> ATTAQUES » before « 3> JUSTICE »: Emma (VIE) at 3 is attacked (of VIE, her
    vulnerability: two wounds, 1), then Hugo's Justice of VIE (« sauf si l'élément choisi était
    VIE auquel cas il gagne 1 cœur ») brings her to 2 (Justice first would be lost at the
    maximum: 1)."""
    sc = start(tmp_path)
    night(sc, {"Alice": "attaquer Gina", "Bruno": "attaquer Hugo\nsoin Emma"})
    assert hearts(sc, "Emma") == 3
    sc.end()
    night(sc, {"Alice": "attaquer Emma", "Bruno": "attaquer Farid", "Hugo": "justice Emma vie"})
    assert changes(sc, "Emma") == [(3, "soin"), (1, "attaque"), (2, "justice")]


def test_observation_answers_after_the_nights_wounds_and_deaths(tmp_path: Path) -> None:
    """« 4> Résultats des sondes OBSERVATION et TRAÇAGE » after the attacks and Justice:
    Farid observes Gina, who dies of the two attacks; his answer follows the wounds in the log,
    and reaches him after the day's mail announcing the night's dead."""
    sc = start(tmp_path)
    night(
        sc,
        {
            "Alice": "attaquer Gina",
            "Bruno": "attaquer Gina",
            "Farid": "observation Gina",
            "Emma": "justice Hugo eau",
        },
    )
    assert sc.phase() == ("day", 1) and not sc.alive("Gina")
    kinds = [
        (e["type"], e.get("why") or e.get("power") or "")
        for e in sc.events()
        if e["type"] in ("HeartsChanged", "PowerAnswered", "Died")
    ]
    assert kinds == [
        ("HeartsChanged", "attaque"),
        ("HeartsChanged", "attaque"),
        ("HeartsChanged", "justice"),
        ("PowerAnswered", "observation"),
        ("Died", ""),
    ]
    subjects = [m.subject for m in sc.mails("Farid")]
    day = next(i for i, s in enumerate(subjects) if s.endswith("Jour 1"))
    seen = next(i for i, s in enumerate(subjects) if s.endswith("Observation"))
    assert day < seen
    assert "Gina est mort·e" in sc.mails("Farid")[day].content
    assert (
        "Gina : pouvoir universel Ascension, vulnérabilité TERRE."
        in sc.mails("Farid")[seen].content
    )


def test_the_at_death_reaction_comes_after_the_nights_answers(tmp_path: Path) -> None:
    """« 4> Résultats des sondes OBSERVATION » before « 5> Activation des ASCENSION et des
    AUTOPSIE »: Chloe (Autopsie) dies of the attacks; Farid's Observation is answered, then her
    Autopsie is revealed (« toutes vos informations sont révélées ») and her choice awaited."""
    sc = start(tmp_path)
    night(
        sc,
        {
            "Alice": "attaquer Chloe",
            "Bruno": "attaquer Chloe",
            "Chloe": "autopsie",
            "Emma": "justice Hugo eau",
            "Farid": "observation Hugo",
        },
    )
    assert not sc.alive("Chloe") and hearts(sc, "Hugo") == 1
    assert [(r.player, r.kind) for r in sc.state.reactions] == [("Chloe", "autopsie")]
    kinds = [e["type"] for e in sc.events()]
    assert (
        kinds.index("PowerAnswered")
        < kinds.index("Died")
        < kinds.index("Revealed")
        < kinds.index("ReactionAwaited")
    )
    (asked,) = [m for m in sc.mails("Chloe") if m.subject.endswith("Votre dernier pouvoir")]
    assert "« autopsie NOM »" in asked.content


def test_autopsy_after_justice(tmp_path: Path) -> None:
    """« 3> JUSTICE » before « 5> Activation des [...] AUTOPSIE »: Chloe (Autopsie) dies of the
    attacks; Emma's Justice takes Hugo (EAU) to 1; then Chloe names Hugo (« ce joueur perd 1
    cœur, et les deux joueurs vivants adjacents à lui sur la liste perdent aussi chacun 1 cœur.
    Tout joueur qui devrait mourir à cause de ce pouvoir se retrouve à 1 cœur à la place »):
    Hugo stays at 1 (the Autopsie first, Justice would have killed him), Gina and Ines go to
    1."""
    sc = start(tmp_path)
    night(
        sc,
        {
            "Alice": "attaquer Chloe",
            "Bruno": "attaquer Chloe",
            "Chloe": "autopsie",
            "Emma": "justice Hugo eau",
        },
    )
    assert not sc.alive("Chloe") and hearts(sc, "Hugo") == 1
    sc.ok("Chloe", "autopsie Hugo")
    assert (hearts(sc, "Hugo"), hearts(sc, "Gina"), hearts(sc, "Ines")) == (1, 1, 1)
    assert sc.alive("Hugo") and sc.phase() == ("day", 1)


def test_ascension_after_justice(tmp_path: Path) -> None:
    """« 5> Activation des ASCENSION » last: night 2, Gina (Ascension, an even night) dies of
    the attacks, Emma's Justice takes Hugo to 1, then Gina names Hugo: « ce joueur se retrouve
    avec NC+1 cœurs quel que soit le nombre actuel de cœurs qu'il avait »: 3 (the Ascension
    first, Justice would leave him at 2)."""
    sc = start(tmp_path)
    night(sc, {"Alice": "attaquer Farid", "Bruno": "attaquer David"})
    sc.end()
    assert sc.phase() == ("night", 2)
    night(
        sc,
        {
            "Alice": "attaquer Gina",
            "Bruno": "attaquer Gina",
            "Gina": "ascension",
            "Emma": "justice Hugo eau",
        },
    )
    assert not sc.alive("Gina") and hearts(sc, "Hugo") == 1
    assert [(r.player, r.kind) for r in sc.state.reactions] == [("Gina", "ascension")]
    sc.ok("Gina", "ascension Hugo")
    assert changes(sc, "Hugo")[-2:] == [(1, "justice"), (3, "ascension")]


def test_a_wolf_who_attacks_nobody_gets_a_drawn_target(tmp_path: Path) -> None:
    """« Chaque loup est obligé d'attaquer chaque nuit, et ne peut pas attaquer un autre loup »:
    Alice names nobody; the night waits for her, then the MJ ends it: her attack is drawn
    among the living villagers and takes a heart."""
    sc = start(tmp_path)
    sc.ok("Alice", "rien")
    sc.ok("Bruno", "attaquer David\nrien")
    for name in sc.state.living_names():
        if name not in ("Alice", "Bruno"):
            sc.ok(name, "rien")
    assert sc.phase() == ("night", 1), "a wolf's attack is awaited"
    sc.end()
    (drawn,) = [e for e in sc.events("RandomDrawn") if e["purpose"] == "attaque-Alice"]
    (victim,) = drawn["chosen"]
    assert sorted(drawn["among"]) == sorted(n for n in POWERS if n not in ("Alice", "Bruno"))
    # a VIE wound: one more on a VIE vulnerability; David has Bruno's attack too
    lost = (2 if TEN[victim].endswith("vie") else 1) + (victim == "David")
    assert hearts(sc, victim) == max(2 - lost, 0)
    assert "attaque" in [why for _, why in changes(sc, victim)]


def test_a_wolf_may_not_attack_a_wolf(tmp_path: Path) -> None:
    """« et ne peut pas attaquer un autre loup »; a villager does not attack."""
    sc = start(tmp_path)
    sc.refused("Alice", "attaquer Bruno", "not_allowed")
    sc.refused("Chloe", "attaquer David", "not_allowed")


def test_one_activation_a_night_the_last_counts(tmp_path: Path) -> None:
    """« chacun ne peut se servir que d'un de ses deux pouvoirs chaque nuit »: Farid's later
    mail replaces his Observation of Alice by one of Bruno; the second line of Chloe's mail
    (Autopsie) replaces the first (an Observation)."""
    sc = start(tmp_path)
    sc.ok("Farid", "observation Alice")
    sc.ok("Farid", "observation Bruno")
    sc.ok("Chloe", "observation David\nautopsie")
    sc.ok("Alice", "attaquer Gina\nrien")
    sc.ok("Bruno", "attaquer Hugo\nrien")
    for name in ("David", "Emma", "Gina", "Hugo", "Ines", "Jules"):
        sc.ok(name, "rien")
    assert sc.phase() == ("day", 1)
    told = [e["told"]["target"] for e in sc.events("PowerAnswered") if e["power"] == "observation"]
    assert told == ["Bruno"]
    kept = sc.state.extra["activations"]["by"]
    assert kept["Farid"] == ["observation", "Bruno", ""] and kept["Chloe"] == ["autopsie", "", ""]


def test_no_other_power_after_an_immediate_answer(tmp_path: Path) -> None:
    """« Résultat des sondes OEIL-DE-LYNX et TRUFFE-DE-LYNX » at once: once answered, the
    power is used for the night: Jules's Truffe-de-Lynx after his Oeil-de-Lynx is refused."""
    sc = start(tmp_path)
    sc.ok("Jules", "oeil-de-lynx")
    answer = sc.refused("Jules", "truffe-de-lynx", "not_allowed")
    assert "déjà utilisé un pouvoir cette nuit" in answer.text
    (eye,) = [m for m in sc.mails("Jules") if m.subject.endswith("Oeil-de-Lynx")]
    assert "Personne n'est au maximum de cœurs." in eye.content


def test_nothing_undoes_an_immediate_answer(tmp_path: Path) -> None:
    """« chacun ne peut se servir que d'un de ses deux pouvoirs chaque nuit »: Jules had his
    Oeil-de-Lynx's answer; « rien » cannot give him back the night: his Truffe-de-Lynx after it
    is refused, and the night keeps his Oeil-de-Lynx."""
    sc = start(tmp_path)
    sc.ok("Jules", "oeil-de-lynx")
    sc.ok("Jules", "rien")
    sc.refused("Jules", "truffe-de-lynx", "not_allowed")
    night(sc, {"Alice": "attaquer Gina", "Bruno": "attaquer Hugo"})
    assert sc.state.extra["activations"]["by"]["Jules"] == ["oeil-de-lynx", "", ""]
