"""Rule set `cinquieme-element`, seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt, « LG LE
CINQUIÈME ÉLÉMENT », lines 117-222): the set-up. The deal given by the MJ (`--roles
"Alice=loup:feu,..."`: camp and vulnerability) and the deals refused; the drawn deal at every
count from 10 to 20 (000's two tables); what each player sees (`state --json --as`) and is told
(the role mail); day 0: the powers chosen (or drawn), the wolves told the wolves, the opening post
and the mayor's election."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from lgmail.config import settings
from lgmail.service.games import Games
from lgmail.service.transactions import GameError
from tests.cinquieme.drive import public_saying as public
from tests.cinquieme.play import NAMES, TEN, game, to_night_one
from tests.scenario import Scenario, Sent

LGMAIL = [sys.executable, "-m", "lgmail"]
VARIANT = "cinquieme-element"
#: 000, « Répartition entre les loups et les villageois » (10: 2; 11 to 15: 3; 16 to 20: 4)
WOLVES = {10: 2, **dict.fromkeys(range(11, 16), 3), **dict.fromkeys(range(16, 21), 4)}
#: 000, « Répartition des vulnérabilités », as TERRE, EAU, AIR, FEU, VIE: « 10 joueurs : 2
#: joueurs vulnérables par élément », « 11 joueurs : +1 vulnérable FEU », « 12 joueurs : +1
#: vulnérable VIE », « 13 joueurs : 3 vulnérables TERRE/EAU/AIR/FEU et 1 vulnérable VIE », « 14
#: joueurs : +1 vulnérable VIE », « 15 joueurs : 3 joueurs vulnérables par élément », « 16
#: joueurs : +1 vulnérable FEU », « 17 joueurs : +1 vulnérable VIE », « 18 joueurs : -1
#: vulnérable FEU par rapport à 19 joueurs », « 19 joueurs : -1 vulnérable VIE par rapport à 20
#: joueurs », « 20 joueurs : 4 joueurs vulnérables par élément »
VULNERABLES = {
    10: (2, 2, 2, 2, 2),
    11: (2, 2, 2, 3, 2),
    12: (2, 2, 2, 3, 3),
    13: (3, 3, 3, 3, 1),
    14: (3, 3, 3, 3, 2),
    15: (3, 3, 3, 3, 3),
    16: (3, 3, 3, 4, 3),
    17: (3, 3, 3, 4, 4),
    18: (4, 4, 4, 3, 3),
    19: (4, 4, 4, 4, 3),
    20: (4, 4, 4, 4, 4),
}
ELEMENTS = ("terre", "eau", "air", "feu", "vie")
#: 000, « Les pouvoirs »: each power's category and element
POWERS = {
    "observation": ("village", "terre"),
    "immunite-diplomatique": ("village", "eau"),
    "oeil-de-lynx": ("village", "air"),
    "justice": ("village", "feu"),
    "regeneration": ("village", "vie"),
    "ascension": ("universel", "terre"),
    "ignifuge": ("universel", "eau"),
    "truffe-de-lynx": ("universel", "air"),
    "autopsie": ("universel", "feu"),
    "impitoyable": ("universel", "vie"),
    "tracage": ("loup", "terre"),
    "elementaliste": ("loup", "eau"),
    "oreilles-de-lynx": ("loup", "air"),
    "chaude-haleine": ("loup", "feu"),
    "soin": ("loup", "vie"),
}
#: 000's names of the powers
SHOWN = {
    "observation": "Observation",
    "immunite-diplomatique": "Immunité diplomatique",
    "oeil-de-lynx": "Oeil-de-Lynx",
    "justice": "Justice",
    "regeneration": "Régénération",
    "ascension": "Ascension",
    "ignifuge": "Ignifugé",
    "truffe-de-lynx": "Truffe-de-Lynx",
    "autopsie": "Autopsie",
    "impitoyable": "Impitoyable",
    "tracage": "Traçage",
    "elementaliste": "Élémentaliste",
    "oreilles-de-lynx": "Oreilles-de-Lynx",
    "chaude-haleine": "Chaude haleine",
    "soin": "Soin",
}
#: a wolf other than Bruno: Alice's accomplice is Chloe
OTHER_PACK = {**TEN, "Bruno": "villageois:terre", "Chloe": "loup:eau"}


def run(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*LGMAIL, "--data", str(data), *args], capture_output=True, text=True, timeout=60
    )


def drawn(folder: Path, count: int, seed: int) -> Scenario:
    """A game of `count` players whose deal is drawn (no `--roles`), every draw from `seed`."""
    names = {n: "" for n in NAMES[:count]}
    return Scenario(folder, names, variant=VARIANT, election=True, drawn=True, seed=seed)


def refused_deal(folder: Path, roles: dict[str, str]) -> GameError:
    """The MJ's `game create --roles ...` refused: the service's error, and no game stored."""
    with pytest.raises(GameError) as refused:
        Scenario(folder, roles, variant=VARIANT, election=True, start=False)
    with pytest.raises(GameError, match="no game named"):
        Games(settings.load(folder / "data", None)).load("village")
    return refused.value


def rule_of(error: GameError) -> str:
    assert error.refusal is not None, error
    assert error.refusal.cause.value == "not_allowed", error.refusal
    return error.refusal.detail["rule"]


def seats(sc: Scenario, viewer: str | None = None) -> dict[str, dict[str, Any]]:
    return {p["name"]: p for p in sc.view(viewer)["players"]}


def hidden(seat: dict[str, Any]) -> bool:
    """Nothing of the player's secrets shows."""
    return all(seat[k] is None for k in ("camp", "vulnerability", "powers", "hearts"))


def role_mail(sc: Scenario, name: str) -> Sent:
    mails = [m for m in sc.mails(name) if "Votre rôle" in m.subject]
    assert len(mails) == 1, [m.subject for m in sc.mails(name)]
    return mails[0]


def counted(post: str) -> dict[str, int]:
    """« Pouvoirs choisis par élément : TERRE 4, EAU 4, ... » read back."""
    line = re.search(r"Pouvoirs choisis par élément : (.*)\.", post)
    assert line, post
    pairs = (part.split() for part in line.group(1).split(", "))
    return {name.lower(): int(k) for name, k in pairs}


# --- the deal given by the MJ (`--roles`) ------------------------------------------------------


def test_cli_roles_contract_state_json(tmp_path: Path) -> None:
    """000: « le MJ distribue par MP les camps et les vulnérabilités »: `game create --variant
    cinquieme-element --roles "Alice=loup:feu,..."` (camp, vulnerability) deals exactly that;
    `state --json` gives each player's "camp", "vulnerability", "powers", "hearts"; `--as` his
    own only; a wolf vulnerable to VIE is refused with its sentence."""
    data = tmp_path / "data"
    players = [f"--player={n} <{n.lower()}@example.org>" for n in TEN]
    roles = ",".join(f"{n}={d}" for n, d in TEN.items()).replace("Bruno=loup", "Bruno=Loup")
    made = run(data, "game", "create", "g", "--variant", VARIANT, *players, "--roles", roles)
    assert made.returncode == 0, made.stderr
    state = json.loads(run(data, "state", "g", "--json").stdout)
    for seat in state["players"]:
        camp, element = TEN[seat["name"]].split(":")
        assert (seat["camp"], seat["vulnerability"]) == (camp, element), seat
        assert seat["powers"] == [] and seat["hearts"] == 2, seat
    assert run(data, "game", "start", "g").returncode == 0
    mine = json.loads(run(data, "state", "g", "--json", "--as", "alice@example.org").stdout)
    shown = {p["name"]: p for p in mine["players"]}
    assert (shown["Alice"]["camp"], shown["Alice"]["vulnerability"]) == ("loup", "feu")
    assert all(hidden(shown[n]) for n in TEN if n != "Alice")
    bad = roles.replace("Alice=loup:feu", "Alice=loup:vie")
    refused = run(data, "game", "create", "h", "--variant", VARIANT, *players, "--roles", bad)
    assert refused.returncode != 0
    assert "Alice : seul un villageois peut être vulnérable à VIE" in refused.stderr


def test_the_deal_given_by_the_mj_is_dealt_exactly(tmp_path: Path) -> None:
    """000: « Les villageois forment le camp Korben Dallas. Les loups forment le camp Leeloo »;
    « le MJ distribue par MP les camps et les vulnérabilités »: the deal `--roles` hands to the
    service (camp and element as the MJ writes them) is dealt exactly, each with his camp's
    card, no power yet, and NC hearts (2 wolves: 2), without a draw."""
    roles = {**TEN, "Alice": "Loup:FEU", "Chloe": "Villageois : Eau"}
    sc = game(tmp_path, roles=roles)
    for name, seat in seats(sc).items():
        camp, element = TEN[name].split(":")
        assert (seat["camp"], seat["vulnerability"]) == (camp, element), seat
        assert seat["role"] == {"loup": "leeloo", "villageois": "korben-dallas"}[camp]
        assert seat["powers"] == [] and seat["hearts"] == 2, seat
    assert sc.view(None)["nc"] == 2 and sc.state.extra["nc"] == 2
    dealt = sc.events("RolesDealt")
    assert len(dealt) == 1 and not dealt[0]["drawn"]
    assert not sc.events("RandomDrawn")
    assert sc.phase() == ("election", 0) and sc.step() == "pouvoirs"


def test_each_player_sees_only_what_he_knows(tmp_path: Path) -> None:
    """000: « le MJ distribue par MP les camps et les vulnérabilités sans indiquer aux loups qui
    sont leurs complices [...] Le MJ renvoie alors un MP à chaque loup pour leur indiquer les
    membres du camp des loups »; « À chaque fois qu'il y a un mort, le MJ indique sur le forum
    son camp et quel pouvoir universel il avait, mais n'indique pas sa vulnérabilité ni son
    pouvoir pro-villageois/pro-loup »: `state --json --as` shows a player his own seat; a wolf
    the wolves' camp once the powers are chosen; everyone a dead player's camp and universal
    power, and nothing else of anyone."""
    sc = game(tmp_path)
    chloe = seats(sc, "Chloe")
    assert (chloe["Chloe"]["camp"], chloe["Chloe"]["vulnerability"]) == ("villageois", "eau")
    assert chloe["Chloe"]["hearts"] == 2 and chloe["Chloe"]["powers"] == []
    assert all(hidden(chloe[n]) for n in TEN if n != "Chloe")
    assert all(hidden(seat) for n, seat in seats(sc, "Alice").items() if n != "Alice")
    to_night_one(sc, {"Emma": "observation et impitoyable", "Chloe": "justice et ignifugé"})
    alice = seats(sc, "Alice")
    assert alice["Bruno"]["camp"] == "loup"
    assert alice["Bruno"]["vulnerability"] is None and alice["Bruno"]["hearts"] is None
    assert all(hidden(alice[n]) for n in TEN if n not in ("Alice", "Bruno"))
    assert seats(sc, "Chloe")["Chloe"]["powers"] == ["justice", "ignifuge"]
    assert all(hidden(s) for n, s in seats(sc, "Chloe").items() if n != "Chloe")
    sc.ok("Alice", "attaquer Emma")
    sc.ok("Bruno", "attaquer Emma")
    for name in sc.state.living_names():
        sc.ok(name, "rien")
    assert not sc.alive("Emma")
    for viewer in ("Chloe", "Bruno", "Hugo"):
        emma = seats(sc, viewer)["Emma"]
        assert emma["camp"] == "villageois" and emma["powers"] == ["impitoyable"], emma
        assert emma["vulnerability"] is None and emma["hearts"] is None, emma


def test_a_wolf_does_not_see_his_accomplices_before_every_choice(tmp_path: Path) -> None:
    """000: « le MJ distribue par MP les camps et les vulnérabilités sans indiquer aux loups qui
    sont leurs complices. Puis chaque villageois doit choisir [...] Les loups font pareil [...]
    Le MJ renvoie alors un MP à chaque loup pour leur indiquer les membres du camp des loups »:
    a wolf who has chosen his powers while the others are still choosing is told nothing of
    the pack, in his mails or in `state --json --as`."""
    sc = game(tmp_path)
    sc.ok("Alice", "pouvoirs soin et ignifugé")
    assert sc.step() == "pouvoirs"
    assert not [m for m in sc.mails("Alice") if "Le camp des loups" in m.subject]
    assert hidden(seats(sc, "Alice")["Bruno"]), seats(sc, "Alice")["Bruno"]


def test_fewer_than_ten_or_more_than_twenty_are_refused(tmp_path: Path) -> None:
    """000: « Répartition entre les loups et les villageois en fonction du nombre de joueurs :
    10 joueurs [...] 16 à 20 joueurs »: 9 players or 21, given or drawn, are refused with the
    reason, and no game is created."""
    nine = {n: TEN[n] for n in NAMES[:9]}
    error = refused_deal(tmp_path / "9", nine)
    assert rule_of(error) == "count"
    assert "Le Cinquième Élément se joue de 10 à 20 joueurs (vous en donnez 9)" in str(error)
    many = {**TEN, **{n: "villageois:air" for n in NAMES[10:]}, "Ursula": "villageois:eau"}
    error = refused_deal(tmp_path / "21", many)
    assert rule_of(error) == "count"
    assert "se joue de 10 à 20 joueurs (vous en donnez 21)" in str(error)
    for count, names in ((9, NAMES[:9]), (21, [*NAMES, "Ursula"])):
        with pytest.raises(GameError, match=f"vous en donnez {count}"):
            Scenario(
                tmp_path / f"drawn{count}",
                {n: "" for n in names},
                variant=VARIANT,
                drawn=True,
                seed=1,
            )


def test_a_wolf_vulnerable_to_vie_is_refused(tmp_path: Path) -> None:
    """000: « chaque joueur a une vulnérabilité à un élément, distribuée au hasard par le MJ à
    une condition près : seul un villageois peut avoir une vulnérabilité VIE »: a wolf given
    VIE is refused, naming him, and no game is created."""
    error = refused_deal(tmp_path, {**TEN, "Bruno": "loup:vie"})
    assert rule_of(error) == "deal-wolf-vie"
    assert "Bruno : seul un villageois peut être vulnérable à VIE." in str(error)


def test_an_unknown_camp_or_element_is_refused(tmp_path: Path) -> None:
    """000: « Les villageois forment le camp Korben Dallas. Les loups forment le camp Leeloo »;
    « 5 éléments (TERRE, EAU, AIR, FEU et VIE) »: anything else is refused, naming the player
    and what exists."""
    cases = {
        "sorcier:feu": ("deal-camp", "le camp « sorcier » n'existe pas (loup ou villageois)"),
        "villageois:metal": (
            "deal-element",
            "l'élément « metal » n'existe pas (terre, eau, air, feu, vie)",
        ),
    }
    for i, (written, (rule, sentence)) in enumerate(cases.items()):
        error = refused_deal(tmp_path / str(i), {**TEN, "Farid": written})
        assert rule_of(error) == rule
        assert f"Farid : {sentence}" in str(error)


# --- the drawn deal -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def deals(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[int, int], Scenario]:
    """A drawn deal of every count from 10 to 20, with two seeds each."""
    return {
        (count, seed): drawn(tmp_path_factory.mktemp(f"d{count}-{seed}"), count, seed)
        for count in range(10, 21)
        for seed in (1, 2)
    }


def test_a_drawn_deal_has_the_wolves_of_the_table(deals: dict[tuple[int, int], Scenario]) -> None:
    """000: « 10 joueurs : 2 loups et 8 villageois. 11 à 15 joueurs : 3 loups, le reste en
    villageois. 16 à 20 joueurs : 4 loups, le reste en villageois. »: every count from 10 to 20,
    the deal drawn and recorded."""
    for (count, _), sc in deals.items():
        camps = Counter(p["camp"] for p in sc.view(None)["players"])
        assert camps == {"loup": WOLVES[count], "villageois": count - WOLVES[count]}, count
        dealt = sc.events("RolesDealt")
        assert len(dealt) == 1 and dealt[0]["drawn"]


def test_a_drawn_deal_has_the_vulnerabilities_of_the_table(
    deals: dict[tuple[int, int], Scenario],
) -> None:
    """000: « Répartition des vulnérabilités en fonction du nombre de joueurs » (each count from
    10 to 20), « distribuée au hasard par le MJ à une condition près : seul un villageois peut
    avoir une vulnérabilité VIE »."""
    for (count, seed), sc in deals.items():
        players = sc.view(None)["players"]
        got = Counter(p["vulnerability"] for p in players)
        assert tuple(got[e] for e in ELEMENTS) == VULNERABLES[count], (count, seed, got)
        assert all(p["vulnerability"] != "vie" for p in players if p["camp"] == "loup")
    # two seeds, two draws
    assert any(
        [p["vulnerability"] for p in deals[(n, 1)].view(None)["players"]]
        != [p["vulnerability"] for p in deals[(n, 2)].view(None)["players"]]
        for n in range(10, 21)
    )


def test_each_player_starts_with_nc_hearts(deals: dict[tuple[int, int], Scenario]) -> None:
    """000: « Chaque joueur commence la partie avec autant de cœurs que le nombre de loups au
    départ (appelons cette valeur NC) »."""
    for (count, _), sc in deals.items():
        s = sc.state
        assert s.extra["nc"] == WOLVES[count]
        assert {p.counters["coeurs"] for p in s.players.values()} == {WOLVES[count]}
        assert {p["hearts"] for p in sc.view(None)["players"]} == {WOLVES[count]}


# --- the role mail ------------------------------------------------------------------------------


def test_the_role_mail_tells_camp_and_vulnerability_and_no_accomplice(tmp_path: Path) -> None:
    """000: « En début de partie, le MJ distribue par MP les camps et les vulnérabilités sans
    indiquer aux loups qui sont leurs complices »: each player's mail names his camp, his
    vulnerability and his hearts; a wolf's mail is the same whoever his accomplice is."""
    sc = game(tmp_path / "a")
    chloe = role_mail(sc, "Chloe").content
    assert "Villageois (camp Korben Dallas)" in chloe
    assert "Votre vulnérabilité : EAU." in chloe and "Vous avez 2 cœurs" in chloe
    alice = role_mail(sc, "Alice").content
    assert "Loup (camp Leeloo)" in alice and "Votre vulnérabilité : FEU." in alice
    other = game(tmp_path / "b", roles=OTHER_PACK)
    assert role_mail(other, "Alice").content == alice
    assert role_mail(other, "Chloe").content != chloe
    assert "Loup (camp Leeloo)" in role_mail(other, "Chloe").content


# --- the choice of powers -----------------------------------------------------------------------


def test_powers_are_chosen_one_of_each_category(tmp_path: Path) -> None:
    """000: « chaque villageois doit choisir de manière caché un pouvoir de villageois et un
    pouvoir universel, et renvoyer leur choix au MJ. Les loups font pareil avec un pouvoir
    universel et un pouvoir de loup »: « pouvoirs A et B » in either order."""
    sc = game(tmp_path)
    sc.ok("Chloe", "pouvoirs observation et ignifugé")
    sc.ok("Hugo", "pouvoirs Autopsie et Justice")
    sc.ok("Alice", "pouvoirs soin et ignifugé")
    sc.ok("Bruno", "pouvoirs traçage et truffe-de-lynx")
    powers = {n: sc.state.players[n].powers for n in ("Chloe", "Hugo", "Alice", "Bruno")}
    assert powers == {
        "Chloe": ["observation", "ignifuge"],
        "Hugo": ["justice", "autopsie"],
        "Alice": ["ignifuge", "soin"],
        "Bruno": ["truffe-de-lynx", "tracage"],
    }
    for name, chosen in powers.items():
        wanted = ["loup", "universel"] if name in ("Alice", "Bruno") else ["universel", "village"]
        assert sorted(POWERS[x][0] for x in chosen) == wanted, name


def test_a_wrong_pair_of_powers_is_refused_with_its_sentence(tmp_path: Path) -> None:
    """000: « un pouvoir de villageois et un pouvoir universel [...] Les loups font pareil avec
    un pouvoir universel et un pouvoir de loup »: another pair is refused, saying which."""
    sc = game(tmp_path)
    village = "choisissez deux pouvoirs : un pro-villageois et un universel"
    wolf = "choisissez deux pouvoirs : un universel et un pro-loup"
    for text in (
        "pouvoirs soin et ignifugé",
        "pouvoirs observation et justice",
        "pouvoirs ignifugé",
    ):
        answer = sc.refused("Chloe", text, "not_allowed")
        assert village in answer.text, answer.text
    for text in ("pouvoirs observation et ignifugé", "pouvoirs ignifugé et autopsie"):
        answer = sc.refused("Alice", text, "not_allowed")
        assert wolf in answer.text, answer.text
    assert sc.state.players["Chloe"].powers == [] and sc.state.players["Alice"].powers == []


def test_who_does_not_choose_is_drawn_and_told(tmp_path: Path) -> None:
    """000: « Puis chaque villageois doit choisir [...] et renvoyer leur choix au MJ » (the
    step's ruling: who has not chosen by its end gets a recorded draw, of the right categories,
    and is told which)."""
    sc = game(tmp_path)
    sc.ok("Chloe", "pouvoirs observation et ignifugé")
    sc.end()
    drawn = {e["player"]: e["powers"] for e in sc.events("PowersChosen") if e["drawn"]}
    assert set(drawn) == set(TEN) - {"Chloe"}
    for name, powers in drawn.items():
        wolf = TEN[name].startswith("loup")
        assert [POWERS[x][0] for x in powers] == (
            ["universel", "loup"] if wolf else ["village", "universel"]
        ), name
        assert sc.state.players[name].powers == powers
        told = [m.content for m in sc.mails(name) if "Vos pouvoirs, tirés au sort" in m.subject]
        assert len(told) == 1, name
        assert (
            "Vous n'avez pas choisi vos pouvoirs à temps : le sort vous donne "
            f"{SHOWN[powers[0]]} et {SHOWN[powers[1]]}."
        ) in told[0], told
    assert not [m for m in sc.mails("Chloe") if "tirés au sort" in m.subject]


def test_the_wolves_are_told_the_wolves_once_the_powers_are_chosen(tmp_path: Path) -> None:
    """000: « Les loups font pareil avec un pouvoir universel et un pouvoir de loup. Le MJ
    renvoie alors un MP à chaque loup pour leur indiquer les membres du camp des loups »: no
    such mail while the choice is open; then each wolf, and nobody else."""
    sc = game(tmp_path)
    sc.ok("Alice", "pouvoirs soin et ignifugé")
    sc.ok("Bruno", "pouvoirs soin et ignifugé")
    assert not [m for m in sc.mails() if "Le camp des loups" in m.subject]
    sc.end()
    told = [m for m in sc.mails() if "Le camp des loups" in m.subject]
    assert sorted(m.to for m in told) == ["alice@example.org", "bruno@example.org"]
    assert all("Les loups de la partie : Alice, Bruno." in m.content for m in told)


def test_the_opening_post_lists_players_and_powers_per_element(tmp_path: Path) -> None:
    """000: « Le MJ ouvre le forum du J0 avec un rappel des règles, la liste des joueurs, puis
    il indique pour chacun des 5 éléments combien de pouvoirs de cet élément ont été
    distribués. (Donc par exemple à 12 joueurs, la somme des 5 valeurs est de 24.) »: the
    public post, to every player, once the powers are chosen (2 x players in all)."""
    sc = game(tmp_path / "ten")
    sc.ok("Chloe", "pouvoirs observation et ignifugé")
    sc.ok("Alice", "pouvoirs soin et ignifugé")
    sc.end()
    post = public(sc, "Pouvoirs choisis par élément").content
    assert "Les joueurs : " + ", ".join(TEN) + "." in post
    got = counted(post)
    chosen = Counter(POWERS[x][1] for p in sc.state.players.values() for x in p.powers)
    assert got == {e: chosen[e] for e in ELEMENTS} and sum(got.values()) == 20
    for name in TEN:
        assert any("Pouvoirs choisis par élément" in m.content for m in sc.mails(name)), name
    twelve = drawn(tmp_path / "twelve", 12, seed=3)
    twelve.end()
    assert sum(counted(public(twelve, "Pouvoirs choisis par élément").content).values()) == 24


def test_the_mayor_is_elected_on_day_zero(tmp_path: Path) -> None:
    """000: « Jour 0, les villageois élisent un maire, qui tranche les éventuelles égalités lors
    des bûchers. Ensuite, en partant de la nuit 1, les nuits et jours s'enchaînent »."""
    sc = game(tmp_path)
    assert sc.phase() == ("election", 0)
    to_night_one(sc, {}, mayor="Hugo")
    assert sc.state.captain == "Hugo" and sc.view("Chloe")["captain"] == "Hugo"
    assert "Hugo est élu·e maire." in public(sc, "Votes pour l'élection du maire").content
    assert sc.phase() == ("night", 1)
