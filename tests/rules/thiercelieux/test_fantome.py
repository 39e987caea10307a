"""Fantôme and his Allié in the `thiercelieux` rule set: seed 004_c21bac90ae6ca834.txt."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from lgmail.rules.flow import pending_actors
from tests.rules.thiercelieux.common import died, digest, thiercelieux, votes
from tests.rules.thiercelieux.test_metronome import drawing, role
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Chloe": "fantome",
    "David": "voyante",
    "Emma": "villageois",
    "Farid": "chasseur",
    "Gina": "villageois",
    "Hugo": "idiot-du-village",
    "Ines": "sorciere",
}


def night(game: Scenario, victim: str | None, **orders: str) -> None:
    """Orders given first (name -> lines), the pack devours `victim`, the MJ ends the rest."""
    for name, text in orders.items():
        game.ok(name, text)
    for wolf in ("Alice", "Bruno"):
        if victim and game.alive(wolf) and game.state.phase == "night":
            game.ok(wolf, f"tuer {victim}")
    while game.phase()[0] == "night" and game.state.status == "running":
        game.end()


def to_night_2(game: Scenario, victim: str = "Gina") -> None:
    night(game, victim)
    votes(game, {})


def test_every_other_night_from_night_2_he_removes_a_power_at_dawn(tmp_path: Path) -> None:
    """004: « Le Fantôme peut alors, une Nuit sur deux (en commençant par la Nuit 2), décider de
    cibler un joueur dont il supprimera l'éventuel pouvoir. » « Le pouvoir supprimé par le
    Fantôme ne l'est qu'au lever du Jour. Un joueur peut donc encore utiliser son pouvoir la Nuit
    où il est ciblé. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.refused("Chloe", "supprimer David", "not_now")
    to_night_2(game)
    night(game, "Emma", Chloe="supprimer David", David="sonder Alice")
    assert [e["target"] for e in game.events("SeerSaw")] == ["Alice"]
    assert game.events("PowerRemoved") == [
        {"type": "PowerRemoved", "fantome": "Chloe", "target": "David", "night": 2}
    ]
    votes(game, {})
    game.refused("Chloe", "supprimer Farid", "not_now")
    # his orders are still taken; the power fails silently
    night(game, "Hugo", David="sonder Bruno")
    assert [e["target"] for e in game.events("SeerSaw")] == ["Alice"]


def test_nobody_is_told_of_a_removal(tmp_path: Path) -> None:
    """004: « Le Fantôme n'est pas informé si son action a effectivement visé un rôle à pouvoir,
    et le joueur ciblé n'est pas non plus mis au courant par le MJ que son pouvoir a été
    supprimé. »"""
    game = thiercelieux(tmp_path, ROLES)
    to_night_2(game)
    game.new_mails("Chloe")
    game.new_mails("David")
    game.new_mails("Emma")
    night(game, "Emma", Chloe="supprimer David")
    for name in ("Chloe", "David"):
        private = [m for m in game.new_mails(name) if "Nouvelles" in m.subject]
        assert private == [], name
    game.new_mails("Emma")
    assert "supprim" not in digest(game, "Emma")


def test_independents_keep_their_powers(tmp_path: Path) -> None:
    """004: « Le Fantôme ne peut pas supprimer les pouvoirs des rôles Indépendants. »"""
    roles = {**ROLES, "Emma": "joueur-de-flute"}
    game = thiercelieux(tmp_path, roles)
    night(game, "Gina", Emma="charmer Hugo")
    votes(game, {})
    night(game, "Hugo", Chloe="supprimer Emma", Emma="charmer David")
    assert game.events("PowerRemoved") == []
    votes(game, {})
    night(game, "Ines", Emma="charmer Farid")
    assert [e["names"] for e in game.events("PlayersCharmed")][-1] == ["Farid"]


def test_his_death_gives_the_powers_back(tmp_path: Path) -> None:
    """004: « Si le Fantôme meurt, tous les pouvoirs qu'il a supprimé redeviennent valides (sans
    pour autant les recharger) »."""
    game = thiercelieux(tmp_path, ROLES)
    to_night_2(game)
    night(game, "Emma", Chloe="supprimer Ines", Ines="empoisonner Alice")
    assert ("Alice", "poison") in died(game)
    votes(game, {n: "Chloe" for n in ("Bruno", "David", "Farid", "Hugo", "Ines")})
    assert ("Chloe", "stake") in died(game)
    # the poison is spent (« sans pour autant les recharger »); the Voyante's power is back
    game.refused("Ines", "empoisonner Bruno", "already_used")
    night(game, "Hugo", David="sonder Bruno")
    assert [e["target"] for e in game.events("SeerSaw")] == ["Bruno"]


def test_he_dies_only_by_day_the_wolves_second_murder_kills_him(tmp_path: Path) -> None:
    """004: « le Fantôme ne peut être tué que de Jour. Il est donc insensible à la potion de mort
    de la Sorcière (la potion est perdue dans ce cas), [...] à une première tentative de meurtre
    des Loups-garous » « Il ne survit pas au second meurtre des Loups-garous. »"""
    game = thiercelieux(tmp_path, ROLES)
    night(game, "Chloe", Ines="empoisonner Chloe")
    assert game.alive("Chloe") and died(game) == []
    assert [e["cause"] for e in game.events("GhostSpared")] == ["wolves", "poison"]
    assert "mort" in game.state.players["Ines"].spent
    votes(game, {})
    night(game, "Chloe")
    assert died(game) == [("Chloe", "wolves")]


def test_the_chasseur_kills_him_by_day_not_by_night(tmp_path: Path) -> None:
    """004: « insensible [...] au tir du Chasseur (s'il tire de Nuit) » « Le Fantôme peut en
    revanche être tué [...] par le tir du Chasseur si le Chasseur est tué de Jour ainsi que sur
    le Bûcher. »; Chasseur: « Si l'action du Chasseur n'est pas empêchée (Assommeur, Protecteur,
    "Sentence la Marquise", tirer sur le Fantôme à la suite d'une mort de Nuit ...) »."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Farid", "tirer Chloe")
    night(game, "Farid")
    assert game.alive("Chloe") and [e["target"] for e in game.events("HunterShot")] == ["Chloe"]

    day = thiercelieux(tmp_path / "jour", ROLES)
    day.ok("Farid", "tirer Chloe")
    night(day, "Gina")
    votes(day, {n: "Farid" for n in ("Alice", "Bruno", "David", "Emma", "Hugo")})
    assert died(day)[-2:] == [("Farid", "stake"), ("Chloe", "shot")]


def test_neither_the_gml_nor_the_infection(tmp_path: Path) -> None:
    """004: « insensible [...] au meurtre du Grand Méchant Loup. Il ne peut pas être infecté par
    l'Infect Père des Loups »; Infect Père des Loups: « Le Fantôme ne peut pas être infecté. »"""
    game = thiercelieux(tmp_path, {**ROLES, "Bruno": "grand-mechant-loup"})
    night(game, "Gina", Bruno="eliminer Chloe")
    assert game.alive("Chloe") and died(game) == [("Gina", "wolves")]

    ipl = thiercelieux(tmp_path / "ipl", {**ROLES, "Bruno": "infect-pere-des-loups"})
    night(ipl, "Chloe", Bruno="infecter")
    assert ipl.alive("Chloe") and "infecte" not in ipl.state.players["Chloe"].status
    assert ipl.events("DenJoined") == []


def test_he_wins_when_only_simple_roles_are_left(tmp_path: Path) -> None:
    """004: « Il doit éliminer tous les joueurs à pouvoirs de la partie en dehors de lui-même,
    qu'ils soient Villageois, Loups, ou d'autres Indépendants. Lorsqu'il ne reste plus que des
    Simples Villageois et des Simples Loups-Garous en jeu, et que le Fantôme n'a pas été éliminé,
    alors il remporte la partie. »"""
    roles = {n: r for n, r in ROLES.items() if n in ("Alice", "Bruno", "Chloe", "David", "Emma")}
    game = thiercelieux(tmp_path, {**roles, "Gina": "villageois"})
    night(game, "David")
    assert game.state.winner == "fantome" and game.state.winners == ["Chloe"]
    assert "du Fantôme" in digest(game, "Emma")


def test_a_removed_power_counts_for_his_victory(tmp_path: Path) -> None:
    """004: the removal and « Si la mort de l'Ancien fait perdre tous ses pouvoirs au Village,
    cela compte dans la condition de victoire du Fantôme ». Ruling: a power he took away counts
    as none, from the dawn that takes it."""
    roles = {"Alice": "loup-garou", "Bruno": "loup-garou", "Chloe": "fantome"}
    roles |= {"David": "voyante", "Emma": "villageois", "Gina": "villageois", "Hugo": "villageois"}
    game = thiercelieux(tmp_path, roles)
    to_night_2(game, "Hugo")
    night(game, "Gina", Chloe="supprimer David")
    assert game.state.winner == "fantome"

    elder = {**roles, "David": "ancien", "Emma": "voyante"}
    other = thiercelieux(tmp_path / "ancien", elder)
    night(other, "Hugo")
    votes(other, {n: "David" for n in ("Alice", "Bruno", "Emma", "Gina")})
    assert other.state.powers_lost and other.state.winner == "fantome"


def test_the_last_power_may_still_kill_him(tmp_path: Path) -> None:
    """004: « Le Fantôme ne gagne la partie qu'à l'issue du Jour ou de la Nuit où le dernier rôle
    à pouvoir est éliminé (exemple : si le Chasseur est le dernier rôle à pouvoir de la partie, et
    qu'il tire sur le Fantôme, le Fantôme a tout de même perdu). »"""
    roles = {"Alice": "loup-garou", "Bruno": "loup-garou", "Chloe": "fantome"}
    roles |= {"Farid": "chasseur", "Emma": "villageois", "Gina": "villageois", "Hugo": "villageois"}
    game = thiercelieux(tmp_path, roles)
    night(game, "Hugo")
    votes(game, {n: "Farid" for n in ("Alice", "Bruno", "Chloe", "Emma")})
    assert game.view("Farid")["awaiting"][0]["kind"] == "tirer"
    game.ok("Farid", "tirer Chloe")
    assert ("Chloe", "shot") in died(game) and game.state.winner != "fantome"


def test_once_at_night_he_makes_a_dead_player_his_ally(tmp_path: Path) -> None:
    """004: « le Fantôme peut également, une fois dans la partie et uniquement la Nuit,
    transformer un des joueurs éliminés en son Allié »; « Le Fantôme ne peut pas transformer un
    Loup (qu'il soit dans l'antre ou non) ou un Acolyte en Allié. » « Les joueurs ne sont pas
    informés lorsqu'un joueur éliminé est transformé en Allié. »"""
    game = thiercelieux(tmp_path, ROLES)
    night(game, "Gina")
    game.refused("Chloe", "allie Gina", "not_now")
    votes(game, {n: "Alice" for n in ("Bruno", "Chloe", "David", "Emma", "Farid", "Hugo")})
    game.new_mails("Emma")
    game.refused("Chloe", "allie Alice", "illegal_target")
    game.refused("Chloe", "allie Emma", "illegal_target")
    night(game, "Emma", Chloe="allie Gina")
    assert game.events("AllyMade") == [{"type": "AllyMade", "fantome": "Chloe", "ally": "Gina"}]
    (told,) = [m for m in game.new_mails("Gina") if "Manoir" in m.subject]
    assert "Le Fantôme, Chloe, fait de vous son Allié" in told.body
    assert any("Gina est désormais votre Allié" in m.body for m in game.new_mails("Chloe"))
    assert not any("Allié" in m.body for m in game.new_mails("Emma"))
    assert game.view("Gina")["players"][2]["role"] == "fantome"
    votes(game, {})
    game.refused("Chloe", "allie Emma", "already_used")


def test_a_blocked_ally_is_not_spent(tmp_path: Path) -> None:
    """004: « Si l'action du Fantôme est empêchée par un pouvoir quelconque (comme celui de
    l'Assommeur), elle n'est pas consommée, et il pourra retenter son action une Nuit
    prochaine. » (the Marquise's sentence here)"""
    game = thiercelieux(tmp_path, {**ROLES, "Hugo": "marquise"})
    night(game, "Gina")
    votes(game, {})
    night(game, "Emma", Hugo="sentence Chloe", Chloe="allie Gina")
    assert game.events("AllyMade") == []
    votes(game, {})
    night(game, "David", Chloe="allie Gina")
    assert [e["ally"] for e in game.events("AllyMade")] == ["Gina"]


def test_the_manoir_is_theirs(tmp_path: Path) -> None:
    """004: « Le Fantôme et son Allié ont accès à un forum privé connu d'eux seuls, Le Manoir du
    Fantôme, où ils peuvent communiquer pour le reste de la partie. » « L'Allié du Fantôme a
    toujours accès au cimetière. [...] Il reste un joueur éliminé et ne participe donc pas aux
    débats dans la place publique. »"""
    game = thiercelieux(tmp_path, ROLES)
    night(game, "Gina")
    votes(game, {})
    night(game, "Emma", Chloe="allie Gina")
    game.new_mails("Chloe")
    assert game.post("Gina", "manoir", "Qui supprimer ?").ok
    assert any("Qui supprimer ?" in m.body for m in game.new_mails("Chloe"))
    assert game.post("Chloe", "manoir", "La Voyante.").ok
    assert any("La Voyante." in m.body for m in game.new_mails("Gina"))
    assert game.post("Gina", "cimetiere", "Bonsoir les morts").ok
    assert not game.post("Gina", "place", "Bonjour").ok
    assert not game.post("David", "manoir", "Coucou").ok


def test_the_ally_wins_with_him_not_with_his_old_camp(tmp_path: Path) -> None:
    """004: « Dès qu'il est transformé, sa condition de victoire devient celle du Fantôme
    (éliminer tous les rôles à pouvoir de la partie) et son éventuel pouvoir est abandonné »."""
    roles = {"Alice": "loup-garou", "Bruno": "loup-garou", "Chloe": "fantome"}
    roles |= {"David": "voyante", "Emma": "villageois", "Gina": "villageois", "Hugo": "villageois"}
    game = thiercelieux(tmp_path, roles)
    night(game, "Gina")
    votes(game, {})
    night(game, "Hugo", Chloe="allie Gina\nsupprimer David")
    assert game.state.winner == "fantome" and game.state.winners == ["Chloe", "Gina"]

    village = thiercelieux(tmp_path / "village", roles)
    night(village, "Gina")
    votes(village, {n: "Alice" for n in ("Bruno", "Chloe", "David", "Emma", "Hugo")})
    night(village, "Hugo", Chloe="allie Gina")
    votes(village, {n: "Bruno" for n in ("Chloe", "David", "Emma")})
    votes(village, {})
    assert village.state.winner is None or "Gina" not in village.state.winners


def test_the_voice_of_the_dead(tmp_path: Path) -> None:
    """004: « un joueur éliminé (transformé ou non) peut, une fois dans la partie, envoyer un MP
    au MJ en lui donnant l'identité du joueur qu'il pense être l'Allié du Fantôme. S'il se trompe,
    il ne se passe rien; mais s'il a juste, alors le MJ écrira au lever du Jour suivant un message
    signé "La voix des morts" révélant qu'il y a un Fantôme dans la partie. »"""
    game = thiercelieux(tmp_path, ROLES)
    night(game, "Gina")
    votes(game, {n: "Hugo" for n in ("Alice", "Bruno", "Chloe", "David", "Emma")})
    assert game.state.players["Hugo"].revealed and game.alive("Hugo")
    game.refused("Emma", "voix Gina", "not_allowed")
    night(game, "Emma", Chloe="allie Gina")
    votes(game, {})
    game.ok("Emma", "voix Farid")
    # « une fois dans la partie »: once spent, the dead has no word left
    game.refused("Emma", "voix Gina", "dead")
    game.ok("Gina", "voix des morts : Gina")
    digest(game, "David")
    night(game, "Farid")
    assert [e["right"] for e in game.events("VoicesWeighed")] == [True]
    public = digest(game, "David")
    assert "« Il y a un Fantôme dans la partie. » — La voix des morts" in public
    assert "Gina" not in public.split("La voix des morts")[0].split("Nuit 3")[-1]


def test_the_voice_one_hour_before_dawn_at_the_latest(tmp_path: Path) -> None:
    """004: « L'envoi du MP doit impérativement se faire au maximum une heure avant le lever du
    Jour. Si l'envoi du MP dépasse le délai prévu, alors il est considéré comme nul, et le joueur
    pourra retenter sa chance avec un nouveau MP, écrit dans les délais. » A wrong guess spends
    it: « S'il se trompe, il ne se passe rien »."""
    game = thiercelieux(tmp_path, ROLES)
    night(game, "Gina")
    votes(game, {})
    deadline = game.state.phase_deadline
    assert deadline is not None
    game.later(seconds=(deadline - timedelta(minutes=30) - game.clock).total_seconds())
    game.refused("Gina", "voix Emma", "not_now")
    assert "voix" not in game.state.players["Gina"].spent
    night(game, None)
    assert game.phase() == ("day", 2)
    game.ok("Gina", "voix Emma")
    votes(game, {})
    night(game, "Emma")
    assert [e["right"] for e in game.events("VoicesWeighed")] == [False]
    assert game.events("DeadVoiceSpoke") == []


def test_the_revealed_idiot_dies_of_the_removal(tmp_path: Path) -> None:
    """004, Idiot du Village and Fantôme: « Si l'Idiot révélé voit son pouvoir être supprimé par
    le Fantôme, alors l'Idiot meurt définitivement même si le Fantôme est éliminé. » Ruling: he
    dies at that dawn, announced dead « dans la nuit » (the Fantôme's presence stays secret)."""
    game = thiercelieux(tmp_path, ROLES)
    night(game, "Gina")
    votes(game, {n: "Hugo" for n in ("Alice", "Bruno", "Chloe", "David", "Emma")})
    night(game, "Emma", Chloe="supprimer Hugo")
    assert ("Hugo", "nuit") in died(game)
    assert "Hugo est mort·e (mort·e dans la nuit)" in digest(game, "David")


def test_the_priest_and_the_princess_see_a_simple_player(tmp_path: Path) -> None:
    """004: « Si le Prêtre cible un joueur dont le pouvoir a été supprimé par le Fantôme, alors le
    Prêtre reçoit "Le joueur désigné est Simple Villageois" » « Si la Princesse cible un joueur
    dont le pouvoir a été supprimé par le Fantôme, alors le joueur aura un vote compte +1 pour le
    bûcher suivant. »"""
    game = thiercelieux(tmp_path, {**ROLES, "Emma": "pretre", "Gina": "princesse"})
    night(game, "Ines")
    votes(game, {})
    night(game, "Hugo", Chloe="supprimer David")
    votes(game, {})
    night(game, "Farid", Emma="sonder David", Gina="favoriser David")
    assert [(e["target"], e["simple"]) for e in game.events("PriestAnswered")] == [("David", True)]
    assert [e["player"] for e in game.events("VoteBoosted")] == ["David"]


def test_the_stray_wolf_stripped_joins_no_pack_until_he_dies(tmp_path: Path) -> None:
    """004: « Si le Fantôme cible le Loup égaré, alors ce dernier perd son pouvoir et ne peut
    plus rejoindre la meute, à moins que le Fantôme ne soit éliminé. »"""
    game = thiercelieux(tmp_path, {**ROLES, "Emma": "loup-egare"})
    night(game, "Gina")
    votes(game, {})
    night(game, "Hugo", Chloe="supprimer Emma")
    votes(game, {})
    night(game, "Ines", Emma="flairer Alice")
    assert game.events("DenJoined") == []
    votes(game, {n: "Chloe" for n in ("Alice", "Bruno", "David", "Emma", "Farid")})
    night(game, "David", Emma="flairer Alice")
    assert [e["name"] for e in game.events("DenJoined")] == ["Emma"]


def test_the_wild_child_stripped_stays_a_villager(tmp_path: Path) -> None:
    """004: « Si le Fantôme fait perdre son pouvoir à l'Enfant Sauvage dont le modèle était
    toujours en jeu, alors l'Enfant Sauvage reste Villageois, même si son modèle meurt. »"""
    game = thiercelieux(tmp_path, {**ROLES, "Emma": "enfant-sauvage"})
    night(game, "Gina", Emma="modele David")
    votes(game, {})
    night(game, "Hugo", Chloe="supprimer Emma")
    votes(game, {n: "David" for n in ("Alice", "Bruno", "Chloe", "Farid", "Ines")})
    assert ("David", "stake") in died(game)
    assert game.events("CampChanged") == []


def test_a_couple_with_another_independent_fails(tmp_path: Path) -> None:
    """004, Cupidon: « Abominable Sectaire/Joueur de Flûte/Fantôme + autre indépendant => échec du
    couple »."""
    game = thiercelieux(tmp_path, {**ROLES, "Emma": "cupidon", "Gina": "joueur-de-flute"})
    night(game, "Hugo", Emma="unir Chloe et Gina")
    assert game.events("LoversUnited") == []
    assert [e["why"] for e in game.events("CoupleFailed")] == ["independants"]


def test_his_lover_plays_for_him_and_dies_with_him_at_night(tmp_path: Path) -> None:
    """004: « Le Fantôme peut être mis en amoureux (auquel cas les amoureux utiliseront le forum
    privé du Fantôme, avec le potentiel Allié ) [...] La condition de victoire de l'Amoureux du
    Fantôme devient celle du Fantôme. Si l'Amoureux du Fantôme est visé de Nuit, alors le Fantôme
    meurt. L'éventuel pouvoir de l'Amoureux du Fantôme ne compte pas dans la condition de victoire
    de ce dernier. »"""
    roles = {"Alice": "loup-garou", "Bruno": "loup-garou", "Chloe": "fantome"}
    roles |= {"David": "voyante", "Emma": "cupidon", "Gina": "villageois", "Hugo": "villageois"}
    game = thiercelieux(tmp_path, roles)
    night(game, "Hugo", Emma="unir Chloe et David")
    assert game.post("David", "manoir", "Mon amour").ok
    votes(game, {n: "Emma" for n in ("Alice", "Bruno", "Chloe", "David", "Gina")})
    assert game.state.winner == "fantome" and game.state.winners == ["Chloe", "David"]

    grief = thiercelieux(tmp_path / "chagrin", roles)
    night(grief, "David", Emma="unir Chloe et David")
    assert died(grief) == [("David", "wolves"), ("Chloe", "grief")]


def test_he_may_be_charmed(tmp_path: Path) -> None:
    """004: « Le Fantôme peut être charmé. »"""
    game = thiercelieux(tmp_path, {**ROLES, "Emma": "joueur-de-flute"})
    night(game, "Gina", Emma="charmer Chloe")
    assert "charme" in game.state.players["Chloe"].status


def test_a_player_the_metronome_holds_keeps_his_power(tmp_path: Path) -> None:
    """004, Métronome: « Si le Métronome vole le pouvoir d'un joueur et que ce dernier se fait
    cibler par le pouvoir de suppression du Fantôme la même Nuit, alors le joueur ne verra pas son
    pouvoir supprimé (car il était volé et n'avait aucun pouvoir au moment de la
    suppression). »"""
    roles = {**ROLES, "Emma": "metronome"}

    def between(game: Scenario) -> None:
        night(game, "Gina")
        votes(game, {})

    game = drawing(tmp_path, [lambda drawn: True, role("voyante")], between, roles=roles)
    assert game.phase() == ("night", 2)
    night(game, "Hugo", Chloe="supprimer David")
    assert game.events("PowerRemoved") == []
    votes(game, {})
    night(game, "Ines", David="sonder Alice")
    assert "Alice" in [e["target"] for e in game.events("SeerSaw")]


def test_an_avocat_ally_has_two_ways_to_win(tmp_path: Path) -> None:
    """004, Avocat: « Si l'Avocat meurt alors que le MJ lui avait précisé qu'il n'était pas obligé
    de rester en vie pour gagner, et que le Fantôme le choisit comme Allié, alors l'Avocat aura
    deux conditions de victoire : la survie d'un des clients et la victoire du Fantôme. Il lui
    suffira d'en valider au moins une sur les deux pour gagner. »"""
    roles = {"Alice": "loup-garou", "Bruno": "loup-garou", "Chloe": "fantome"}
    roles |= {"David": "voyante", "Emma": "avocat", "Gina": "villageois", "Hugo": "villageois"}
    roles |= {"Ines": "villageois"}
    game = thiercelieux(tmp_path, roles, options={"avocat_vivant": False})
    night(game, "Emma", Emma="clients Gina et Hugo")
    votes(game, {})
    night(game, "Hugo", Chloe="allie Emma\nsupprimer David")
    assert game.state.winner == "fantome" and game.state.winners == ["Chloe", "Emma"]

    client = thiercelieux(tmp_path / "client", roles, options={"avocat_vivant": False})
    night(client, "Emma", Emma="clients Gina et Hugo")
    votes(client, {n: "Alice" for n in ("Bruno", "Chloe", "David", "Gina", "Hugo", "Ines")})
    night(client, "Gina", Chloe="allie Emma")
    votes(client, {n: "Chloe" for n in ("David", "Hugo", "Ines")})
    night(client, "David")
    votes(client, {n: "Bruno" for n in ("Hugo", "Ines")})
    assert client.state.winner == "village" and "Emma" in client.state.winners


def test_on_night_2_the_den_step_waits_for_both_his_powers_or_fini(tmp_path: Path) -> None:
    """004: « Le Fantôme peut alors, une Nuit sur deux (en commençant par la Nuit 2), décider de
    cibler un joueur dont il supprimera l'éventuel pouvoir. » and « une fois dans la partie et
    uniquement la Nuit, transformer un des joueurs éliminés en son Allié »: two powers the same
    night; one used, the step waits for the other or for « fini »."""
    game = thiercelieux(tmp_path, ROLES)
    to_night_2(game)
    game.ok("David", "sonder Alice")
    game.ok("Alice", "tuer Emma")
    game.ok("Bruno", "tuer Emma")
    game.ok("Chloe", "supprimer David")
    assert game.step() == "loups"
    assert pending_actors(game.state)["loups"] == ["Chloe"]
    game.ok("Chloe", "allie Gina")
    assert game.step() == "sorciere"
    game.ok("Ines", "rien")
    votes(game, {})
    # night 3: no removal; the Allié is made: nothing left to him
    game.ok("David", "sonder Bruno")
    game.ok("Alice", "tuer Hugo")
    game.ok("Bruno", "tuer Hugo")
    assert game.step() == "sorciere"
    game.ok("Ines", "rien")
    votes(game, {})
    game.ok("David", "sonder Farid")
    game.ok("Alice", "tuer Farid")
    game.ok("Bruno", "tuer Farid")
    game.ok("Chloe", "fini")
    assert game.step() != "loups"
