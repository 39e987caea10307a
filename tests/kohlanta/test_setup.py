"""Rule set `kohlanta`, seed 000 (../shared/seeds/000_34f6f2cfe008970d.txt, « LG KOH-LANTA »,
lines 1-116): the set-up, through the MJ's commands and the players' mails. The deal given by
the MJ (`--roles "Alice=stratege:sportif:rouges,..."`: camp, role, tribe) and the deals refused;
the drawn deal at 12, 14 and 16 players (the `deal` module's rulings past 12); what each player
sees (`state --json --as`) and is told (the role mail); the « nombre collier », committed; day 0,
each tribe electing its chief; the tribes' names as options."""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from lgmail.config import settings
from lgmail.service.games import Games
from lgmail.service.transactions import GameError
from tests.kohlanta.play import NAMES, deal, game
from tests.scenario import Scenario, Sent

ROUGES = ["Alice", "Bruno", "Chloe", "David", "Emma", "Farid"]
JAUNES = ["Gina", "Hugo", "Ines", "Jules", "Karim", "Lea"]
#: `deal(12)`: Alice, Bruno (rouges), Gina, Hugo (jaunes) are the stratèges
STRATEGES = ["Alice", "Bruno", "Gina", "Hugo"]
TRIBE_NAMES = {"tribu_1": "matuvu", "tribu_2": "serrarien"}


def drawn(folder: Path, count: int, seed: int, **kw: Any) -> Scenario:
    """A game of `count` players whose deal is drawn (no `--roles`), every draw from `seed`."""
    names = {n: "" for n in NAMES[:count]}
    return Scenario(folder, names, variant="kohlanta", election=True, drawn=True, seed=seed, **kw)


def refused_deal(folder: Path, roles: dict[str, str], **kw: Any) -> GameError:
    """The MJ's `game create --roles ...` refused: the service's error, and no game stored."""
    with pytest.raises(GameError) as refused:
        Scenario(folder, roles, variant="kohlanta", election=True, start=False, **kw)
    with pytest.raises(GameError, match="no game named"):
        Games(settings.load(folder / "data", None)).load("village")
    return refused.value


def rule_of(error: GameError) -> str:
    assert error.refusal is not None, error
    assert error.refusal.cause.value == "not_allowed", error.refusal
    return error.refusal.detail["rule"]


def seats(sc: Scenario, viewer: str | None = None) -> dict[str, dict[str, Any]]:
    return {p["name"]: p for p in sc.view(viewer)["players"]}


def role_mail(sc: Scenario, name: str) -> Sent:
    mails = [m for m in sc.mails(name) if "Votre rôle" in m.subject]
    assert len(mails) == 1, [m.subject for m in sc.mails(name)]
    return mails[0]


def public(sc: Scenario, subject: str) -> Sent:
    """The public mail with `subject`, as the MJ's copy has it."""
    found = [m for m in sc.mails("mj@example.org") if subject in m.subject]
    assert found, [m.subject for m in sc.mails("mj@example.org")]
    return found[-1]


def vote_all(sc: Scenario, votes: dict[str, str]) -> None:
    for voter, target in votes.items():
        sc.ok(voter, f"vote {target}")


# --- the deal given by the MJ (`--roles`) ------------------------------------------------------


def test_the_deal_given_by_the_mj_is_dealt_exactly(tmp_path: Path) -> None:
    """« En début de partie, le MJ répartit les joueurs comme il le souhaite en deux tribus :
    les rouges [...] et les jaunes »; « Il doit ensuite répartir les rôles »: `--roles
    "Alice=stratege:sportif:rouges,..."` (camp, role, tribe; accents and capitals as the MJ
    writes them) deals exactly that, and the game starts in « PHASE EN TRIBUS »."""
    roles = deal(12)
    roles["Alice"] = "Stratège:SPORTIF:Rouges"
    sc = game(tmp_path, roles=roles)
    shown = seats(sc)
    for name, given in deal(12).items():
        camp, role, tribe = given.split(":")
        seat = shown[name]
        assert (seat["camp"], seat["role"], seat["tribe"]) == (camp, role, tribe), seat
    assert sc.view(None)["phase_of_play"] == "tribus"
    assert sc.phase() == ("election", 0)
    dealt = sc.events("RolesDealt")
    assert len(dealt) == 1 and not dealt[0]["drawn"]
    assert not [e for e in sc.events("RandomDrawn") if e["purpose"] != "nombre-collier"]
    # 14 players, « un nombre pair de joueurs (au moins 12) »: two tribes of 7
    big = game(tmp_path / "14", count=14)
    assert Counter(p["tribe"] for p in big.view(None)["players"]) == {"rouges": 7, "jaunes": 7}


def test_an_odd_count_or_fewer_than_twelve_is_refused(tmp_path: Path) -> None:
    """« Le jeu doit se jouer avec un nombre pair de joueurs (au moins 12) »: 13 players, or 10,
    are refused with the reason, and no game is created."""
    odd = deal(14)
    odd.pop("Nina")
    error = refused_deal(tmp_path / "13", odd)
    assert rule_of(error) == "count"
    assert "nombre pair de joueurs, au moins 12 (vous en donnez 13)" in str(error)
    error = refused_deal(tmp_path / "10", deal(10, (0, 1, 5, 6)))
    assert rule_of(error) == "count"
    assert "au moins 12 (vous en donnez 10)" in str(error)
    # drawn deals too
    for count in (11, 10):
        names = {n: "" for n in NAMES[:count]}
        with pytest.raises(GameError, match=f"vous en donnez {count}"):
            Scenario(tmp_path / f"drawn{count}", names, variant="kohlanta", drawn=True, seed=1)


def test_tribes_of_unequal_size_are_refused(tmp_path: Path) -> None:
    """« le MJ répartit les joueurs comme il le souhaite en deux tribus » (ruling: of equal
    size, as a game of an even count needs): 5 rouges and 7 jaunes are refused."""
    roles = deal(12)
    roles["Farid"] = "bisounours:survivaliste:jaunes"
    error = refused_deal(tmp_path, roles)
    assert rule_of(error) == "deal-sizes"
    assert "Les deux tribus doivent être de même taille (5/7)." in str(error)


def test_an_unknown_camp_role_or_tribe_is_refused(tmp_path: Path) -> None:
    """« deux camps : les bisounours et les stratèges »; « SPORTIF », « SURVIVALISTE »; « les
    rouges [...] et les jaunes »: anything else is refused, naming the player and what exists;
    and a deal with a camp missing too."""
    cases = {
        "loup:survivaliste:rouges": ("deal-camp", "le camp « loup » n'existe pas"),
        "bisounours:voyante:rouges": ("deal-role", "le rôle « voyante » n'existe pas"),
        "bisounours:survivaliste:verts": ("deal-tribe", "la tribu « verts » n'existe pas"),
        "bisounours:survivaliste": ("deal-shape", "écrivez « camp:rôle:tribu »"),
    }
    for i, (written, (rule, sentence)) in enumerate(cases.items()):
        roles = deal(12)
        roles["Farid"] = written
        error = refused_deal(tmp_path / str(i), roles)
        assert rule_of(error) == rule
        assert f"Farid : {sentence}" in str(error)
    error = refused_deal(tmp_path / "camps", deal(12, ()))
    assert rule_of(error) == "deal-camps"
    assert "Il faut des stratèges et des bisounours." in str(error)


def test_a_given_deal_of_twelve_has_four_strateges(tmp_path: Path) -> None:
    """« Les joueurs sont séparés en deux camps : les bisounours et les stratèges (4 stratèges
    à 12 joueurs) »: the MJ chooses the tribes (« comme il le souhaite »), not this figure;
    five stratèges at 12 are refused."""
    refused_deal(tmp_path, deal(12, (0, 1, 2, 6, 7)))


def test_a_given_deal_of_twelve_has_three_of_each_role_in_each_tribe(tmp_path: Path) -> None:
    """« Il doit ensuite répartir les rôles : à 12 joueurs il faut trois de chacun des rôles
    dans chaque tribu »: 6 Sportifs and 6 Survivalistes in all, but 2 and 4 among the rouges
    (4 and 2 among the jaunes), are refused."""
    lopsided = deal(12)
    lopsided["Chloe"] = "bisounours:survivaliste:rouges"
    lopsided["Jules"] = "bisounours:sportif:jaunes"
    refused_deal(tmp_path, lopsided)


# --- the drawn deal ------------------------------------------------------------------------


def _composition(sc: Scenario) -> dict[str, Counter[str]]:
    out: dict[str, Counter[str]] = {}
    for p in sc.view(None)["players"]:
        out.setdefault(p["tribe"], Counter()).update([p["camp"], p["role"], "members"])
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_drawn_deal_of_twelve(tmp_path: Path, seed: int) -> None:
    """« 4 stratèges à 12 joueurs »; « deux tribus : les rouges [...] et les jaunes »; « à 12
    joueurs il faut trois de chacun des rôles dans chaque tribu » (ruling: the stratèges 2 and
    2, each tribe its own)."""
    sc = drawn(tmp_path, 12, seed)
    tribes = _composition(sc)
    assert set(tribes) == {"rouges", "jaunes"}
    for inside in tribes.values():
        assert inside["members"] == 6
        assert inside["sportif"] == inside["survivaliste"] == 3
        assert inside["stratege"] == 2 and inside["bisounours"] == 4
    assert sc.view(None)["phase_of_play"] == "tribus"


@pytest.mark.parametrize(
    ("count", "strateges", "sportifs", "survivalistes"),
    [(14, (2, 2), 3, 4), (16, (3, 2), 4, 4)],
)
def test_a_drawn_deal_of_fourteen_and_sixteen(
    tmp_path: Path, count: int, strateges: tuple[int, int], sportifs: int, survivalistes: int
) -> None:
    """000 gives the figures « à 12 joueurs »; the `deal` module's ruling past 12: a third of
    the players stratèges (4 at 14, 5 at 16), split as evenly as can be (the first tribe takes
    the odd one); in each tribe as many Sportifs as Survivalistes, the odd one a Survivaliste."""
    for seed in (1, 2):
        sc = drawn(tmp_path / str(seed), count, seed)
        tribes = _composition(sc)
        first, second = tribes["rouges"], tribes["jaunes"]
        assert first["members"] == second["members"] == count // 2
        assert (first["stratege"], second["stratege"]) == strateges
        for inside in (first, second):
            assert (inside["sportif"], inside["survivaliste"]) == (sportifs, survivalistes)


def test_the_drawn_deal_is_a_recorded_draw(tmp_path: Path) -> None:
    """« le MJ répartit les joueurs [...] Il doit ensuite répartir les rôles », done by lgmail:
    each choice is a recorded draw (RandomDrawn), from the game's seed: the same seed deals
    the same, and the log replays to the same game without drawing again."""
    sc = drawn(tmp_path / "a", 12, 7)
    draws = {e["purpose"]: e for e in sc.events("RandomDrawn")}
    assert {"tribus", "strateges-rouges", "strateges-jaunes", "sportifs-rouges"} <= set(draws)
    assert "sportifs-jaunes" in draws
    assert sorted(draws["tribus"]["among"]) == sorted(NAMES[:12])
    shown = seats(sc)
    for tribe in ("rouges", "jaunes"):
        assert {n for n in shown if shown[n]["tribe"] == tribe} == set(
            draws[f"sportifs-{tribe}"]["among"]
        )
        assert set(draws[f"strateges-{tribe}"]["chosen"]) == {
            n for n in shown if shown[n]["tribe"] == tribe and shown[n]["camp"] == "stratege"
        }
        assert set(draws[f"sportifs-{tribe}"]["chosen"]) == {
            n for n in shown if shown[n]["tribe"] == tribe and shown[n]["role"] == "sportif"
        }
    assert sc.events("RolesDealt")[0]["drawn"] is True
    again = drawn(tmp_path / "b", 12, 7)
    assert seats(again) == seats(sc)
    ok, _ = sc.games.replay(sc.name)
    assert ok


# --- what each player sees ---------------------------------------------------------------------


def test_a_player_sees_only_what_he_knows(tmp_path: Path) -> None:
    """« Il envoie ensuite un MP à chaque joueur lui indiquant s'il est stratège ou bisounours,
    ainsi que son rôle. Il indique aux stratèges les noms de leurs collègues »; « la
    composition des tribus (qui est rouge et qui est jaune) » is announced: `state --as` shows
    a player his own camp, role and tribe, every tribe, and to a stratège the other stratèges'
    camp (not their role); a bisounours sees no one else's camp."""
    sc = game(tmp_path)
    mj = seats(sc)
    for viewer in NAMES[:12]:
        shown = seats(sc, viewer)
        assert "necklace" not in sc.view(viewer)
        for name, seat in shown.items():
            assert seat["tribe"] == mj[name]["tribe"]  # every tribe
            if name == viewer:
                assert (seat["camp"], seat["role"]) == (mj[name]["camp"], mj[name]["role"])
                assert seat["roles"] == [mj[name]["role"]]
                continue
            assert seat["role"] is None and seat["roles"] is None, (viewer, seat)
            if viewer in STRATEGES and name in STRATEGES:
                assert seat["camp"] == seat["nature"] == "stratege", (viewer, seat)
            else:
                assert seat["camp"] is None and seat["nature"] is None, (viewer, seat)


def test_the_role_mail_tells_camp_role_tribe_and_the_colleagues(tmp_path: Path) -> None:
    """« Il envoie ensuite un MP à chaque joueur lui indiquant s'il est stratège ou bisounours,
    ainsi que son rôle. Il indique aux stratèges les noms de leurs collègues »: each player's
    role mail gives his camp, role and tribe (and the tribes' composition); a stratège's names
    the three others; a bisounours' names no stratège but in the lists of players."""
    roles = deal(12)
    sc = game(tmp_path, roles=roles)
    camp_word = {"stratege": "Stratège", "bisounours": "Bisounours"}
    role_word = {"sportif": "Sportif", "survivaliste": "Survivaliste"}
    for name, given in roles.items():
        camp, role, tribe = given.split(":")
        mail = role_mail(sc, name)
        assert f"Votre rôle : {camp_word[camp]}, {role_word[role]}" in mail.subject
        assert f"Vous êtes {camp_word[camp]}, {role_word[role]}." in mail.content
        assert f"Votre rôle : {role_word[role]}." in mail.content
        assert f"Votre tribu : {tribe}." in mail.content
        assert (
            f"Les tribus : rouges ({', '.join(ROUGES)}) ; jaunes ({', '.join(JAUNES)})."
            in mail.content
        )
        others = [s for s in STRATEGES if s != name]
        if camp == "stratege":
            told = ", ".join(f"{s} est Stratège" for s in others)
            assert f"Vous savez : {told}." in mail.content, mail.content
        else:
            rest = "\n".join(
                line
                for line in mail.content.splitlines()
                if not line.startswith(("Les tribus :", "Joueurs :"))
            )
            assert "est Stratège" not in rest and "Vous savez" not in rest, rest
            for s in STRATEGES:
                assert not re.search(rf"\b{s}\b", rest), (name, s, rest)


def test_the_mj_opens_by_announcing_the_players_and_the_tribes(tmp_path: Path) -> None:
    """« JOUR 0 — Le MJ commence en annonçant les joueurs, la composition des tribus (qui est
    rouge et qui est jaune) »: the public mail that opens day 0 names each tribe's members."""
    sc = game(tmp_path)
    opening = public(sc, "Élection du chef de tribu").content
    for tribe, members in (("rouges", ROUGES), ("jaunes", JAUNES)):
        line = next((x for x in opening.splitlines() if tribe in x and members[0] in x), "")
        assert all(m in line for m in members), (tribe, opening)


# --- the « nombre collier » --------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 5, 11])
def test_the_necklace_number_is_drawn_committed_and_kept_secret(tmp_path: Path, seed: int) -> None:
    """« Il définit également un chiffre entre 1 et 6 qui est le "nombre collier" [...] Il garde
    ce nombre secret »; « Un collier d'immunité est caché pour chaque tribu »: a recorded draw
    among 1 to 6, its commitment SHA-256 of « NOMBRE|SEL » in the public mail, neither the
    number nor the salt in any mail; only the MJ's view has them."""
    sc = game(tmp_path, seed=seed)
    (hidden,) = sc.events("NecklaceNumberSet")
    number, salt, commitment = hidden["number"], hidden["salt"], hidden["commitment"]
    assert 1 <= number <= 6
    assert commitment == hashlib.sha256(f"{number}|{salt}".encode()).hexdigest()
    assert hidden["tribes"] == ["rouges", "jaunes"]
    (draw,) = [e for e in sc.events("RandomDrawn") if e["purpose"] == "nombre-collier"]
    assert draw["among"] == [str(n) for n in range(1, 7)] and draw["chosen"] == [str(number)]
    for reader in [*NAMES[:12], "mj@example.org"]:
        opening = [m for m in sc.mails(reader) if "Élection du chef de tribu" in m.subject]
        assert len(opening) == 1
        line = next(x for x in opening[0].content.splitlines() if "nombre collier" in x)
        assert "caché pour chaque tribu (rouges, jaunes)" in line
        assert f"son empreinte SHA-256 : {commitment}" in line
        bare = line.replace(commitment, "").replace("SHA-256", "")
        assert not re.search(rf"\b{number}\b", bare), line
        assert all(salt not in m.body for m in sc.mails(reader))
    assert sc.view(None)["necklace"] == {"number": number, "salt": salt, "commitment": commitment}
    assert "necklace" not in sc.view("Bruno")


# --- day 0: the chiefs -------------------------------------------------------------------------


def test_day_zero_each_tribe_elects_its_chief(tmp_path: Path) -> None:
    """« Le jour 0, chacune des deux tribus doit élire un chef de tribu qui sert à départager
    les éventuelles égalités »; « On enchaîne jour 0, puis nuit 1 »: each player's « vote NOM »
    for one of his tribe; the MJ ends the day; both chiefs are announced in the public mail."""
    sc = game(tmp_path)
    assert sc.step() == "election"
    vote_all(sc, {n: "Chloe" for n in ROUGES[:4]} | {"Emma": "Farid", "Farid": "Emma"})
    vote_all(sc, {n: "Karim" for n in JAUNES[:2]} | {n: "Lea" for n in JAUNES[2:]})
    sc.ok("Alice", "vote David")  # a later mail replaces the earlier vote: Chloe 3, David 1
    sc.end()
    elected = {e["tribe"]: e for e in sc.events("ChiefElected")}
    assert elected["rouges"]["name"] == "Chloe" and not elected["rouges"]["drawn"]
    assert elected["rouges"]["votes"] == {"Chloe": 3, "David": 1, "Farid": 1, "Emma": 1}
    assert elected["jaunes"]["name"] == "Lea" and not elected["jaunes"]["drawn"]
    assert sc.view("Ines")["chiefs"] == {"rouges": "Chloe", "jaunes": "Lea"}
    assert not [e for e in sc.events("RandomDrawn") if e["purpose"].startswith("chef-")]
    assert sc.phase() == ("night", 1)
    for reader in [*NAMES[:12], "mj@example.org"]:
        (digest,) = [m for m in sc.mails(reader) if m.subject.endswith("Nuit 1")]
        assert "La tribu rouges élit Chloe chef de tribu." in digest.content
        assert "La tribu jaunes élit Lea chef de tribu." in digest.content
        assert "tirage au sort" not in digest.content


def test_day_zero_a_vote_for_the_other_tribe_is_refused(tmp_path: Path) -> None:
    """« chacune des deux tribus doit élire un chef de tribu » (ruling: one votes for a member
    of his own tribe): Alice (rouges) voting for Gina (jaunes) is refused, the reason told."""
    sc = game(tmp_path)
    answer = sc.refused("Alice", "vote Gina", "not_allowed")
    assert "votez pour un membre de votre tribu (rouges)" in answer.text
    answer = sc.refused("Lea", "vote Bruno", "not_allowed")
    assert "votez pour un membre de votre tribu (jaunes)" in answer.text
    sc.ok("Alice", "vote Bruno")
    sc.ok("Lea", "vote Gina")


def test_day_zero_is_only_the_election(tmp_path: Path) -> None:
    """« C'est tout ce qu'il se passe le jour 0 »: no alliance, no necklace number, no guess on
    day 0."""
    sc = game(tmp_path)
    sc.refused("David", "collier 4", "not_allowed")
    sc.refused("Chloe", "alliance David", "not_allowed")
    sc.refused("Alice", "PLAGE / PUZZLE / EN RELAIS / AU SOLEIL", "not_allowed")


def test_day_zero_a_tie_is_drawn(tmp_path: Path) -> None:
    """« élire un chef de tribu qui sert à départager les éventuelles égalités » (ruling: there
    is no chief yet to break day 0's tie, so a tie, or no vote at all, is a recorded draw among
    the tied), and the public mail says so."""
    sc = game(tmp_path)
    rouges = {"Alice": "Chloe", "Bruno": "Chloe", "Chloe": "David", "David": "David"}
    vote_all(sc, rouges | {"Emma": "Farid", "Farid": "Farid"})
    vote_all(sc, {n: "Hugo" for n in JAUNES[:4]} | {"Karim": "Lea", "Lea": "Lea"})
    sc.end()
    elected = {e["tribe"]: e for e in sc.events("ChiefElected")}
    (draw,) = [e for e in sc.events("RandomDrawn") if e["purpose"] == "chef-rouges"]
    assert sorted(draw["among"]) == ["Chloe", "David", "Farid"]
    assert elected["rouges"]["drawn"] is True
    assert elected["rouges"]["name"] == draw["chosen"][0]
    assert elected["jaunes"]["name"] == "Hugo" and elected["jaunes"]["drawn"] is False
    chief = elected["rouges"]["name"]
    digest = public(sc, "Nuit 1").content
    assert f"La tribu rouges élit {chief} chef de tribu (égalité départagée par tirage" in digest
    assert "La tribu jaunes élit Hugo chef de tribu." in digest
    # no vote at all in a tribe: every member is tied
    silent = game(tmp_path / "silent", seed=3)
    vote_all(silent, {n: "Alice" for n in ROUGES})
    silent.end()
    (draw,) = [e for e in silent.events("RandomDrawn") if e["purpose"] == "chef-jaunes"]
    assert sorted(draw["among"]) == JAUNES
    chiefs = silent.view(None)["chiefs"]
    assert chiefs == {"rouges": "Alice", "jaunes": draw["chosen"][0]}


# --- the tribes' names -------------------------------------------------------------------------


def test_the_tribes_names_are_options(tmp_path: Path) -> None:
    """« les rouges (les MATUVU par exemple) et les jaunes (les SERRARIEN par exemple) »: the
    options `tribu_1`, `tribu_2` name the tribes, in the deal, the views and the mails; a deal
    naming another tribe is refused."""
    roles = {
        n: d.replace("rouges", "matuvu").replace("jaunes", "serrarien") for n, d in deal(12).items()
    }
    sc = game(tmp_path, roles=roles, options=TRIBE_NAMES)
    shown = seats(sc, "Chloe")
    assert {n for n in shown if shown[n]["tribe"] == "matuvu"} == set(ROUGES)
    assert {n for n in shown if shown[n]["tribe"] == "serrarien"} == set(JAUNES)
    mail = role_mail(sc, "Chloe").content
    assert "Votre tribu : matuvu." in mail
    assert f"Les tribus : matuvu ({', '.join(ROUGES)}) ; serrarien ({', '.join(JAUNES)})." in mail
    assert "caché pour chaque tribu (matuvu, serrarien)" in public(sc, "Élection").content
    sc.refused("Alice", "vote Gina", "not_allowed")
    vote_all(sc, {n: "Chloe" for n in ROUGES} | {n: "Gina" for n in JAUNES})
    sc.end()
    digest = public(sc, "Nuit 1").content
    assert "La tribu matuvu élit Chloe chef de tribu." in digest
    assert "La tribu serrarien élit Gina chef de tribu." in digest
    # the names of the default tribes are now refused, the allowed ones told
    error = refused_deal(tmp_path / "old", deal(12), options=TRIBE_NAMES)
    assert rule_of(error) == "deal-tribe"
    assert "la tribu « rouges » n'existe pas (matuvu, serrarien)" in str(error)
    # a drawn deal uses them too
    free = drawn(tmp_path / "drawn", 12, 4, options=TRIBE_NAMES)
    assert Counter(p["tribe"] for p in free.view(None)["players"]) == {
        "matuvu": 6,
        "serrarien": 6,
    }
