"""Rule set `cinquieme-element`, seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt, « LG LE
CINQUIÈME ÉLÉMENT », lines 117-222): the hearts (« Principes particuliers » 1, 2, 4 and 6). Never
above NC+1, one gained a night at most, none left is death; the wolves' attacks (VIE wounds, each
wolf's, never on a wolf, drawn when a wolf gives none: `night`'s ruling); the vulnerability's
extra wound; the private mail of his hearts to each player whose total changed; and what a death
tells the forum.

`TEN`: Alice (FEU) and Bruno (TERRE) are the wolves; Chloe (EAU), David (AIR), Emma (VIE), Farid
(FEU), Gina (TERRE), Hugo (EAU), Ines (AIR), Jules (VIE) the villagers. NC = 2: two hearts each,
three at most.
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

HEARTS = "[village] Vos cœurs"


def hearts_mails(sc: Scenario) -> dict[str, list[str]]:
    """The new « Vos cœurs » mails: address -> their texts."""
    out: dict[str, list[str]] = {}
    for mail in sc.new_mails():
        if mail.subject == HEARTS:
            out.setdefault(mail.to, []).append(mail.content.strip())
    return out


def test_hearts_never_go_above_nc_plus_one(tmp_path: Path) -> None:
    """000: « Si à tout moment dans la partie, le nombre de cœurs d'un joueur devrait dépasser
    NC+1, il ne conserve que NC+1 cœurs et les autres sont perdus »: Farid regenerates to 3
    (NC+1), then regenerates again and keeps 3."""
    sc = game(tmp_path)
    to_night_one(sc, {"Farid": "régénération et ignifugé"})
    night(sc, {"Alice": "Gina", "Bruno": "Hugo"}, {"Farid": "régénération"})
    assert hearts(sc)["Farid"] == 3
    day(sc, {"Chloe": "Jules", "David": "Jules"})
    seen = len(sc.events("HeartsChanged"))
    sc.new_mails()
    night(sc, {"Alice": "Ines", "Bruno": "David"}, {"Farid": "régénération"})
    assert hearts(sc)["Farid"] == 3
    assert not changes(sc, "Farid", seen)
    assert "farid@example.org" not in hearts_mails(sc)


def test_a_player_gains_one_heart_a_night_at_most(tmp_path: Path) -> None:
    """000: « Un joueur ne peut pas gagner plus d'un cœur chaque nuit »; « 1> SOIN +
    RÉGÉNÉRATION : Note : si un même joueur devrait recevoir plusieurs cœurs durant la nuit, il
    n'en gagne qu'un (les autres sont perdus) »: Farid at 1 heart, regenerating and cared for
    by Alice's Soin the same night, has 2, not 3."""
    sc = game(tmp_path)
    to_night_one(sc, {"Farid": "régénération et ignifugé", "Alice": "soin et ignifugé"})
    night(sc, {"Alice": "Farid", "Bruno": "Gina"})
    assert hearts(sc)["Farid"] == 1
    day(sc, {"Chloe": "Jules", "David": "Jules"})
    seen = len(sc.events("HeartsChanged"))
    night(sc, {"Alice": "Hugo", "Bruno": "Hugo"}, {"Farid": "régénération", "Alice": "soin Farid"})
    assert hearts(sc)["Farid"] == 2
    assert [e["hearts"] for e in changes(sc, "Farid", seen)] == [2]


def test_no_heart_left_is_death(tmp_path: Path) -> None:
    """000: « le MJ indique par MP à chaque joueur le nombre de cœurs qu'il lui reste si son
    total a changé. Si le nombre est 0, le joueur est mort et ne peut plus participer à la
    partie »: Chloe attacked by both wolves is dead, told so, and refused any order, by day
    and by night."""
    sc = game(tmp_path)
    to_night_one(sc, {}, mayor="David")
    sc.new_mails()
    night(sc, {"Alice": "Chloe", "Bruno": "Chloe"})
    assert hearts(sc)["Chloe"] == 0 and not sc.alive("Chloe")
    assert [e["name"] for e in sc.events("Died")] == ["Chloe"]
    told = hearts_mails(sc)
    assert told["chloe@example.org"] == [
        "Bonjour Chloe,\n\nVous n'avez plus de cœur : vous êtes mort·e."
    ]
    sc.refused("Chloe", "vote Gina", "dead")
    day(sc, {"David": "Jules"})
    assert sc.phase() == ("night", 2)
    sc.refused("Chloe", "rien", "dead")
    assert "Chloe" not in sc.state.living_names()


def test_the_wolves_attack_is_a_vie_wound(tmp_path: Path) -> None:
    """000: « Chaque loup dispose d'une attaque capable de faire perdre un cœur à un joueur
    [...] Les blessures infligées par l'attaque de base des loups sont considérés de type VIE »:
    Farid (vulnerable to FEU) loses one heart, Emma (vulnerable to VIE) two."""
    sc = game(tmp_path)
    to_night_one(sc, {})
    night(sc, {"Alice": "Farid", "Bruno": "Emma"})
    assert hearts(sc)["Farid"] == 1 and hearts(sc)["Emma"] == 0
    wounds = [e for e in sc.events("HeartsChanged") if e["why"] == "attaque"]
    assert {(e["player"], e["element"], e["hearts"]) for e in wounds} == {
        ("Farid", "vie", 1),
        ("Emma", "vie", 0),
    }


def test_the_vulnerability_adds_one_wound_each_time(tmp_path: Path) -> None:
    """000: « À chaque fois qu'un joueur subit des blessures de l'élément dont il est
    vulnérable, il subit une blessure supplémentaire »: Emma (VIE), regenerating each night, is
    attacked once a night: 3 -> 1, then 2 -> 0; Gina (TERRE), attacked, loses one."""
    sc = game(tmp_path)
    to_night_one(sc, {"Emma": "régénération et ignifugé"}, mayor="David")
    night(sc, {"Alice": "Emma", "Bruno": "Gina"}, {"Emma": "régénération"})
    assert hearts(sc)["Emma"] == 1 and hearts(sc)["Gina"] == 1
    day(sc, {"David": "Jules", "Chloe": "Jules"})
    night(sc, {"Alice": "Hugo", "Bruno": "Emma"}, {"Emma": "régénération"})
    emma = [(e["why"], e["hearts"]) for e in changes(sc, "Emma")]
    assert emma == [("regeneration", 3), ("attaque", 1), ("regeneration", 2), ("attaque", 0)]
    assert not sc.alive("Emma")


def test_every_wolf_attacks_a_drawn_prey_when_he_gives_none(tmp_path: Path) -> None:
    """000: « Chaque loup est obligé d'attaquer chaque nuit » (`night`'s ruling: a wolf who gives
    no attack gets one drawn among the living non-wolves): the night does not close early while
    a wolf has not attacked; at its end, each silent wolf's attack is drawn, and it wounds."""
    sc = game(tmp_path)
    to_night_one(sc, {})
    for name in sc.state.living_names():
        sc.ok(name, "rien")
    assert sc.phase() == ("night", 1) and sc.step() == "nuit"
    sc.ok("Bruno", "attaquer Hugo")
    assert sc.phase() == ("night", 1)
    sc.end()
    draws = [e for e in sc.events("RandomDrawn") if e["purpose"].startswith("attaque")]
    assert [e["purpose"] for e in draws] == ["attaque-Alice"]
    prey = draws[0]["chosen"][0]
    assert set(draws[0]["among"]) == set(TEN) - {"Alice", "Bruno"}
    wounded = {e["player"] for e in sc.events("HeartsChanged") if e["why"] == "attaque"}
    assert wounded == {prey, "Hugo"}
    assert hearts(sc)[prey] < 2


def test_a_wolf_cannot_attack_a_wolf(tmp_path: Path) -> None:
    """000: « Chaque loup est obligé d'attaquer chaque nuit, et ne peut pas attaquer un autre
    loup »: Alice attacking Bruno, or herself, is refused with the reason; a villager does not
    attack."""
    sc = game(tmp_path)
    to_night_one(sc, {})
    for wolf in ("Bruno", "Alice"):
        answer = sc.refused("Alice", f"attaquer {wolf}", "not_allowed")
        assert "un loup n'attaque pas un autre loup : nommez un villageois" in answer.text
    answer = sc.refused("Chloe", "attaquer Emma", "not_allowed")
    assert "seuls les loups attaquent, la nuit" in answer.text


def test_each_player_whose_total_changed_is_told_his_hearts(tmp_path: Path) -> None:
    """000: « À la fin de chaque nuit avant de déclencher le jour, le MJ indique par MP à chaque
    joueur le nombre de cœurs qu'il lui reste si son total a changé »: Gina and Hugo attacked,
    Farid regenerated, each get one private mail of his hearts; nobody else gets one, and the
    forum does not tell them."""
    sc = game(tmp_path)
    to_night_one(sc, {"Farid": "régénération et ignifugé"})
    sc.new_mails()
    night(sc, {"Alice": "Gina", "Bruno": "Hugo"}, {"Farid": "régénération"})
    told = hearts_mails(sc)
    assert told == {
        "gina@example.org": ["Bonjour Gina,\n\nIl vous reste 1 cœur."],
        "hugo@example.org": ["Bonjour Hugo,\n\nIl vous reste 1 cœur."],
        "farid@example.org": ["Bonjour Farid,\n\nIl vous reste 3 cœurs."],
    }
    assert "cœur" not in public(sc, "Personne n'est mort cette nuit.").content


def test_a_total_back_where_it_was_is_not_told(tmp_path: Path) -> None:
    """000: « À la fin de chaque nuit [...] le MJ indique par MP à chaque joueur le nombre de
    cœurs qu'il lui reste si son total a changé »: Gina regenerates (2 -> 3) and is attacked
    (3 -> 2): at the night's end her total has not changed, and she gets no mail; Hugo's has."""
    sc = game(tmp_path)
    to_night_one(sc, {"Gina": "régénération et ignifugé"})
    sc.new_mails()
    night(sc, {"Alice": "Gina", "Bruno": "Hugo"}, {"Gina": "régénération"})
    assert hearts(sc)["Gina"] == 2
    assert hearts_mails(sc) == {"hugo@example.org": ["Bonjour Hugo,\n\nIl vous reste 1 cœur."]}


def test_a_death_tells_the_camp_and_the_universal_power_only(tmp_path: Path) -> None:
    """000: « À chaque fois qu'il y a un mort, le MJ indique sur le forum son camp et quel
    pouvoir universel il avait, mais n'indique pas sa vulnérabilité ni son pouvoir
    pro-villageois/pro-loup »: Emma (Observation, Impitoyable, VIE) dies at night, Alice
    (Soin, Ignifugé, FEU) at the stake."""
    sc = game(tmp_path)
    to_night_one(sc, {"Emma": "observation et impitoyable", "Alice": "soin et ignifugé"})
    night(sc, {"Alice": "Emma", "Bruno": "Gina"})
    post = public(sc, "Emma est mort").content
    line = next(x for x in post.splitlines() if x.startswith("Emma est mort"))
    assert (
        line == "Emma est mort·e : camp Korben Dallas (villageois), pouvoir universel Impitoyable."
    )
    assert "Observation" not in post and "VIE" not in post
    day(sc, dict.fromkeys(("Chloe", "David", "Farid"), "Alice"))
    post = public(sc, "Alice est mort").content
    line = next(x for x in post.splitlines() if x.startswith("Alice est mort"))
    assert line == "Alice est mort·e au bûcher : camp Leeloo (loup), pouvoir universel Ignifugé."
    assert "Soin" not in post
    died = {e["name"]: (e["camp"], e["universal"]) for e in sc.events("Died")}
    assert died == {"Emma": ("villageois", "impitoyable"), "Alice": ("loup", "ignifuge")}
