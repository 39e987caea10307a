"""Servante Dévouée in the `thiercelieux` rule set: seed 004_c21bac90ae6ca834.txt."""

from __future__ import annotations

from pathlib import Path

from lgmail.rules.thiercelieux import camps, powers
from lgmail.rules.variants import variant_of
from tests.rules.thiercelieux.common import colours, died, thiercelieux
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Chloe": "servante-devouee",
    "David": "chasseur",
    "Emma": "villageois",
    "Farid": "villageois",
    "Gina": "sorciere",
    "Hugo": "villageois",
}


def to_her_step(game: Scenario) -> None:
    """The MJ closes the night's steps up to the Servante's."""
    while game.state.step is not None and game.state.step.name != "servante":
        game.end()
    assert game.state.step is not None and game.state.step.name == "servante"


def to_servante(game: Scenario, victim: str, *, poison: str | None = None) -> None:
    """Night 1: the pack devours `victim`, the Sorcière poisons `poison` (or passes), and the
    night reaches the Servante's step."""
    for wolf in ("Alice", "Bruno"):
        game.ok(wolf, f"tuer {victim}")
    game.ok("Gina", f"empoisonner {poison}" if poison else "rien")
    to_her_step(game)


def dawn(game: Scenario) -> None:
    """The MJ closes what is left of the night."""
    while game.phase()[0] == "night":
        game.end()


def test_she_is_told_who_dies_without_their_roles(tmp_path: Path) -> None:
    """004: « le MJ annonce à la Servante Dévouée les joueurs qui sont éliminés cette Nuit-là,
    sans révéler le(s) rôle(s) associé(s) à ce(s) joueur(s). »"""
    game = thiercelieux(tmp_path, ROLES)
    to_servante(game, "David", poison="Emma")
    (told,) = game.events("ServanteTold")
    assert told == {
        "type": "ServanteTold",
        "servante": "Chloe",
        "night": 1,
        "names": ["David", "Emma"],
    }
    (mail,) = [m for m in game.new_mails("Chloe") if "Mansarde" in m.subject]
    assert "David, Emma" in mail.body and "chasseur" not in mail.body.lower()


def test_the_hunter_taken_dies_as_servante_and_does_not_shoot(tmp_path: Path) -> None:
    """004: « Le joueur, dont le rôle a été ainsi subtilisé, sera annoncé mort en tant que
    "Servante Dévouée" [...] (Par exemple, si la Servante Dévouée prend le rôle du Chasseur,
    celui-ci meurt annoncé comme Servante Dévouée et ne peut donc pas tirer sa balle.) »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("David", "tirer Alice")  # his standing shot
    to_servante(game, "David")
    game.ok("Chloe", "prendre David")
    dawn(game)
    assert game.phase()[0] == "day"
    assert died(game) == [("David", "wolves")]
    (death,) = game.events("PlayerDied")
    assert death["role"] == "servante-devouee"
    assert game.alive("Alice") and not game.events("HunterShot")
    assert game.state.players["Chloe"].role == "chasseur"
    assert not game.events("ReactionAwaited")


def test_she_becomes_the_role_and_dies_with_it(tmp_path: Path) -> None:
    """004: « Après avoir agi, la Servante Dévouée devient intégralement le nouveau rôle choisi,
    et sera donc annoncée morte avec ce nouveau rôle »: as the Chasseur, she shoots."""
    game = thiercelieux(tmp_path, ROLES)
    to_servante(game, "David")
    game.ok("Chloe", "prendre David")
    dawn(game)
    mails = [m for m in game.new_mails("Chloe") if "nouveau rôle" in m.subject]
    assert mails and "Chasseur" in mails[0].body
    for voter in ("Alice", "Bruno", "Emma", "Farid", "Gina", "Hugo"):
        game.ok(voter, "vote Chloe")
    game.ok("Chloe", "vote Alice")
    game.end()
    chloe = [e for e in game.events("PlayerDied") if e["name"] == "Chloe"]
    assert chloe and chloe[0]["role"] == "chasseur"
    assert game.events("ReactionAwaited")[0]["player"] == "Chloe"


def test_a_wolf_taken_changes_her_camp(tmp_path: Path) -> None:
    """004: « Ce vol de rôle peut éventuellement impliquer un changement de camp, et donc, de
    condition de victoire pour la Servante Dévouée (ex : la seule victime de la Nuit est un
    Loup-Garou empoisonné par la Sorcière). »"""
    roles = dict(ROLES, David="villageois")
    game = thiercelieux(tmp_path, roles)
    for wolf in ("Alice", "Bruno"):
        game.ok(wolf, "tuer Emma")
    game.ok("Gina", "empoisonner Alice\nsauver")
    to_her_step(game)
    assert game.events("ServanteTold")[0]["names"] == ["Alice"]
    game.ok("Chloe", "prendre Alice")
    dawn(game)
    assert died(game) == [("Alice", "poison")]
    assert colours(game)["Alice"][0] == "bleu"  # announced as the Servante, a villager
    chloe = game.state.players["Chloe"]
    assert chloe.role == "loup-garou"
    assert camps.in_den(chloe) and camps.camp(game.state, chloe) == "loups"
    assert "Chloe" in [p.name for p in camps.den(game.state)]


def test_she_may_take_none_and_only_a_dying_player(tmp_path: Path) -> None:
    """004: « La Servante Dévouée peut, si elle le désire, prendre le rôle du joueur de son
    choix parmi eux. »"""
    game = thiercelieux(tmp_path, ROLES)
    to_servante(game, "David")
    game.refused("Chloe", "prendre Emma", "illegal_target")
    game.ok("Chloe", "rien")
    dawn(game)
    (death,) = game.events("PlayerDied")
    assert death["role"] == "chasseur" and game.state.players["Chloe"].role == "servante-devouee"


def test_prendre_before_she_is_told_is_refused_with_the_true_reason(tmp_path: Path) -> None:
    """004: « Chaque Nuit, après que toutes les actions de Nuit aient été effectuées et
    résolues, et avant le lever du Jour*, le MJ annonce à la Servante Dévouée les joueurs qui
    sont éliminés cette Nuit-là » « La Servante Dévouée peut, si elle le désire, prendre le rôle
    du joueur de son choix parmi eux. »: before she is told, her power is not used, it is not
    its time; she answers once told."""
    game = thiercelieux(tmp_path, ROLES)
    early = game.act("Chloe", "prendre David")
    assert not early.ok
    (line,) = early.lines
    assert (line["cause"], line["detail"]) == ("not_now", {"when": "servante"})
    assert "déjà utilisé" not in early.text
    assert (
        "à la fin de la nuit, le MJ vous dira qui meurt à l'aube ; répondez alors « prendre NOM »"
        in early.text
    )
    to_servante(game, "David")
    game.ok("Chloe", "prendre David")
    dawn(game)
    assert game.state.players["Chloe"].role == "chasseur"


def test_a_lover_taken_dies_announced_servante_and_in_love(tmp_path: Path) -> None:
    """004: « Si la Servante Dévouée prend le rôle d'un joueur amoureux, elle ne récupère que le
    rôle et pas le statut d'amoureux; l'amoureux va mourir et sera annoncé "Servante Dévouée,
    amoureuse" par le MJ. »"""
    roles = dict(ROLES, Hugo="cupidon")
    game = thiercelieux(tmp_path, roles)
    game.ok("Hugo", "unir David et Emma")
    to_servante(game, "David")
    assert game.events("ServanteTold")[0]["names"] == ["David", "Emma"]
    game.ok("Chloe", "prendre David")
    dawn(game)
    assert sorted(died(game)) == [("David", "wolves"), ("Emma", "grief")]
    assert colours(game)["David"] == ("bleu", ["amoureux"])
    assert game.state.players["Chloe"].role == "chasseur"
    assert "Chloe" not in game.state.lovers


def emma_recruited(tmp_path: Path) -> Scenario:
    """Night 1: David, the Maître Vampire, recruits Emma, the pack devours Farid, the Servante
    takes nothing; day 1: nobody burns."""
    game = thiercelieux(tmp_path, dict(ROLES, David="maitre-vampire", Gina="villageois"))
    game.ok("David", "recruter Emma")
    for wolf in ("Alice", "Bruno"):
        game.ok(wolf, "tuer Farid")
    to_her_step(game)
    game.ok("Chloe", "rien")
    dawn(game)
    assert game.state.players["Emma"].links.get("vampire") == "David"
    game.end()
    return game


def test_the_maitre_vampire_taken_his_acolytes_live_and_follow_her(tmp_path: Path) -> None:
    """004: « Si la Servante Dévouée prend le rôle du Maitre Vampire, elle permet la survie du ou
    des acolyte(s) qui, normalement, auraient dû mourir. Le Maitre Vampire d'origine va mourir et
    sera annoncé "Servante Dévouée" comme si de rien n'était. »"""
    game = emma_recruited(tmp_path)
    for wolf in ("Alice", "Bruno"):
        game.ok(wolf, "tuer David")
    to_her_step(game)
    assert game.events("ServanteTold")[-1]["names"] == ["David", "Emma"]
    game.ok("Chloe", "prendre David")
    dawn(game)
    assert [e["name"] for e in game.events("PlayerDied")] == ["Farid", "David"]
    assert game.events("PlayerDied")[-1]["role"] == "servante-devouee"
    assert colours(game)["David"] == ("bleu", [])
    assert game.alive("Emma") and game.state.players["Emma"].links["vampire"] == "Chloe"
    assert game.state.players["Chloe"].role == "maitre-vampire"
    assert sorted(variant_of(game.state).readers(game.state, "crypte")) == ["Chloe", "Emma"]


def test_a_player_infected_the_same_night_she_takes_the_infection(tmp_path: Path) -> None:
    """004: « Si la Servante Dévouée prend le rôle d'un joueur qui a subi l'infection de l'IPL la
    même Nuit, elle récupère ce rôle ainsi que l'infection : elle passe donc dans le camp des
    Loups-garous; le joueur qui meurt sera annoncé Servante Dévouée par le MJ. »"""
    roles = dict(ROLES, Alice="infect-pere-des-loups", David="villageois")
    game = thiercelieux(tmp_path, roles)
    game.ok("Alice", "tuer David\ninfecter")
    game.ok("Bruno", "tuer David")
    game.ok("Gina", "empoisonner David")
    to_her_step(game)
    assert game.events("ServanteTold")[0]["names"] == ["David"]
    game.ok("Chloe", "prendre David")
    dawn(game)
    assert died(game) == [("David", "poison")]
    assert colours(game)["David"] == ("bleu", [])
    chloe = game.state.players["Chloe"]
    assert (
        chloe.role == "villageois"
        and camps.camp(game.state, chloe) == "loups"
        and camps.in_den(chloe)
    )
    assert "infecte" in chloe.status


def test_the_model_taken_dies_unannounced_and_the_child_turns(tmp_path: Path) -> None:
    """004: « Si la Servante Dévouée prend le rôle d'un joueur qui est le modèle de l'Enfant
    Sauvage, elle ne récupère que le rôle et pas le statut de modèle; le modèle va mourir sans être
    annoncé en tant que tel, et l'Enfant Sauvage va devenir Loup-Garou. »"""
    roles = dict(ROLES, Emma="enfant-sauvage")
    game = thiercelieux(tmp_path, roles)
    game.ok("Emma", "modele David")
    to_servante(game, "David")
    game.ok("Chloe", "prendre David")
    dawn(game)
    assert colours(game)["David"] == ("bleu", [])
    assert "sauvage-loup" in game.state.players["Emma"].status
    assert game.state.players["Chloe"].role == "chasseur"
    assert "modele" not in game.state.players["Chloe"].links


def test_the_loup_egare_who_smelt_a_wolf_brings_her_into_the_den(tmp_path: Path) -> None:
    """004: « Si la Servante Dévouée prend le rôle du Loup Égaré et que celui-ci avait reniflé un
    Loup-Garou la même Nuit, alors elle récupère le rôle de Loup Égaré en intégrant l'antre au
    lever du Jour. »"""
    roles = dict(ROLES, Hugo="loup-egare")
    game = thiercelieux(tmp_path, roles)
    game.ok("Hugo", "flairer Alice")
    to_servante(game, "Hugo")
    game.ok("Chloe", "prendre Hugo")
    dawn(game)
    assert died(game) == [("Hugo", "wolves")]
    assert game.events("PlayerDied")[0]["role"] == "servante-devouee"
    chloe = game.state.players["Chloe"]
    assert chloe.role == "loup-egare" and camps.in_den(chloe)
    assert {"type": "DenJoined", "name": "Chloe", "why": "renifle"} in game.events("DenJoined")


def test_a_player_infected_earlier_dies_announced_servante_and_infected(tmp_path: Path) -> None:
    """004: « Si la Servante Dévouée prend le rôle d'un joueur déjà infecté d'une Nuit
    précédente, elle ne récupère que le rôle et pas le statut d'infecté; l'infecté va mourir et
    sera annoncé Servante Dévouée, infectée par le MJ. »"""
    roles = dict(ROLES, Alice="infect-pere-des-loups")
    game = thiercelieux(tmp_path, roles)
    game.ok("Alice", "tuer David\ninfecter")
    game.ok("Bruno", "tuer David")
    dawn(game)
    assert camps.camp(game.state, game.state.players["David"]) == "loups"
    game.end()  # nobody burns
    game.ok("Alice", "tuer Emma")
    game.ok("Bruno", "tuer Emma")
    game.ok("David", "tuer Emma")
    game.ok("Gina", "empoisonner David")
    to_her_step(game)
    assert game.events("ServanteTold")[-1]["names"] == ["Emma", "David"]
    game.ok("Chloe", "prendre David")
    dawn(game)
    assert colours(game)["David"] == ("rouge", ["infecte"])  # his camp, as any infected
    chloe = game.state.players["Chloe"]
    assert chloe.role == "chasseur" and camps.camp(game.state, chloe) == "village"
    assert "infecte" not in chloe.status and not camps.in_den(chloe)


def test_a_charmed_player_or_a_client_taken_keeps_it(tmp_path: Path) -> None:
    """004: « Si la Servante Dévouée prend le rôle d'un joueur charmé, elle ne récupère que le
    rôle et pas le statut de charmé » and « l'un des clients de l'Avocat, elle ne récupère que le
    rôle et pas le statut de client »."""
    roles = dict(ROLES, Farid="joueur-de-flute", Hugo="avocat")
    game = thiercelieux(tmp_path, roles)
    game.ok("Hugo", "clients David et Emma")
    game.ok("Farid", "charmer David")
    to_servante(game, "David")
    assert "charme" in game.state.players["David"].status
    game.ok("Chloe", "prendre David")
    dawn(game)
    chloe = game.state.players["Chloe"]
    assert chloe.role == "chasseur" and "charme" not in chloe.status
    assert game.state.extra["clients:Hugo"] == ["David", "Emma"]
    assert colours(game)["David"] == ("bleu", [])


def test_an_acolyte_taken_dies_announced_servante_and_acolyte(tmp_path: Path) -> None:
    """004: « Si la Servante Dévouée prend le rôle d'un joueur acolyte vampire, elle ne récupère
    que le rôle et pas le statut d'acolyte; l'acolyte va mourir et sera annoncé "Servante
    Dévouée, acolyte" par le MJ. »"""
    game = emma_recruited(tmp_path)
    for wolf in ("Alice", "Bruno"):
        game.ok(wolf, "tuer Emma")
    to_her_step(game)
    game.ok("Chloe", "prendre Emma")
    dawn(game)
    assert game.events("PlayerDied")[-1]["role"] == "servante-devouee"
    assert colours(game)["Emma"][1] == ["acolyte"]
    chloe = game.state.players["Chloe"]
    assert chloe.role == "villageois" and camps.camp(game.state, chloe) == "village"
    assert "vampire" not in chloe.links


def test_the_princesse_s_favour_follows_the_role(tmp_path: Path) -> None:
    """004: « Si la Servante Dévouée prend le rôle d'un SV ou d'un SLG et que celui-ci avait
    bénéficié de l'action de la Princesse, alors elle récupère aussi le bonus de +1 voix pour le
    bûcher qui se lève. »"""
    roles = dict(ROLES, Gina="princesse")
    game = thiercelieux(tmp_path, roles)
    game.ok("Gina", "favoriser Emma")
    for wolf in ("Alice", "Bruno"):
        game.ok(wolf, "tuer Emma")
    to_her_step(game)
    game.ok("Chloe", "prendre Emma")
    dawn(game)
    assert game.state.extra["princesse:1"] == ["Chloe"]
    game.ok("Chloe", "vote Bruno")
    game.ok("Farid", "vote Hugo")
    game.end()
    (counted,) = game.events("VotesCounted")[-1:]
    assert counted["tally"]["Bruno"] == 2 and counted["chosen"] == "Bruno"


def _ghost_killed(tmp_path: Path, take: bool) -> Scenario:
    """Night 2: David, the Fantôme, takes the Voyante's power away, and the pack's first murder
    of him spares him; night 3 its second murder kills him; the Servante takes his role (`take`)
    or not."""
    game = thiercelieux(tmp_path, dict(ROLES, David="fantome", Hugo="voyante"))
    for wolf in ("Alice", "Bruno"):
        game.ok(wolf, "tuer Emma")
    dawn(game)
    game.end()  # nobody burns
    game.ok("David", "supprimer Hugo")
    for wolf in ("Alice", "Bruno"):
        game.ok(wolf, "tuer David")
    dawn(game)
    assert game.alive("David") and powers.stripped(game.state, game.state.players["Hugo"])
    game.end()
    for wolf in ("Alice", "Bruno"):
        game.ok(wolf, "tuer David")
    to_her_step(game)
    assert game.events("ServanteTold")[-1]["names"] == ["David"]
    game.ok("Chloe", "prendre David" if take else "rien")
    dawn(game)
    assert not game.alive("David")
    return game


def test_the_fantome_taken_his_removals_stay(tmp_path: Path) -> None:
    """004: « Si la Servante Dévouée prend le rôle du Fantôme, alors tous les pouvoirs supprimés
    par ce dernier le restent. Le Fantôme d'origine va mourir et sera annoncé "Servante Dévouée"
    comme si de rien n'était. » (Fantôme: « Si le Fantôme meurt, tous les pouvoirs qu'il a
    supprimé redeviennent valides [...] à moins que la Servante Dévouée ne prenne le rôle du
    Fantôme. »)"""
    taken = _ghost_killed(tmp_path / "taken", take=True)
    assert taken.events("PlayerDied")[-1]["role"] == "servante-devouee"
    assert taken.state.players["Chloe"].role == "fantome"
    assert powers.stripped(taken.state, taken.state.players["Hugo"])
    left = _ghost_killed(tmp_path / "left", take=False)
    assert not powers.stripped(left.state, left.state.players["Hugo"])


def test_knocked_out_she_takes_nothing(tmp_path: Path) -> None:
    """004, Assommeur: « il peut choisir d'assommer un joueur qui ne pourra donc pas agir de
    toute la Nuit »: the Servante knocked out is still told, and her choice fails."""
    game = thiercelieux(
        tmp_path, dict(ROLES, Hugo="assommeur"), options={"alignements": {"Hugo": "village"}}
    )
    game.ok("Hugo", "assommer Chloe")
    to_servante(game, "David")
    game.ok("Chloe", "prendre David")
    dawn(game)
    assert not game.events("RoleTaken")
    assert game.events("PlayerDied")[0]["role"] == "chasseur"
    assert game.state.players["Chloe"].role == "servante-devouee"
