"""How 004's own events change the state: players' statuses and links, the night's powers
used, and the stake's marks in `GameState.extra` ("corbeau:N", "votants:N": day N's;
"metronome:N", "endormis:N", "sentence:N", "marquise:choix:N": night N's)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lgmail.rules import events as ev
from lgmail.rules.roles import (
    fantome,
    maitre_vampire,
    marquise,
    passager,
    pyromane,
    servante_devouee,
    voyante,
)
from lgmail.rules.state import GameState
from lgmail.rules.thiercelieux import powers


def _revealed(s: GameState, e: ev.RoleRevealed) -> None:
    s.players[e.name].revealed = True


def _tie_broken(s: GameState, e: ev.TieBroken) -> None:
    s.reactions = [r for r in s.reactions if not (r.player == e.captain and r.kind == "trancher")]


def _power_used(s: GameState, e: ev.PowerUsed) -> None:
    s.players[e.player].spent.add(e.power)
    s.night.used.append((e.player, e.power, e.target))


def _model(s: GameState, e: ev.ModelChosen) -> None:
    s.players[e.child].links["modele"] = e.model


def _camp_changed(s: GameState, e: ev.CampChanged) -> None:
    s.players[e.name].links["camp"] = e.camp
    s.players[e.name].status.add(e.status)


def _den(s: GameState, e: ev.DenJoined) -> None:
    s.players[e.name].status.add("antre")
    s.players[e.name].links["antre"] = f"{s.phase} {s.number}"


def _fox(s: GameState, e: ev.FoxSniffed) -> None:
    if not e.found:
        s.players[e.fox].spent.add("flair")


def _raven(s: GameState, e: ev.RavenMarked) -> None:
    s.extra.setdefault(f"corbeau:{e.day}", []).append(e.target)


def _voters(s: GameState, e: ev.VotersNamed) -> None:
    if e.voters:
        s.extra[f"votants:{e.day}"] = list(e.voters)
    s.reactions = [r for r in s.reactions if not (r.player == e.scapegoat and r.kind == "votants")]


def _vote_lost(s: GameState, e: ev.VoteLost) -> None:
    s.players[e.name].status.add("sans-vote")


def _priest(s: GameState, e: ev.PriestAnswered) -> None:
    if e.simple:
        # « Le joueur désigné est Simple Villageois »: the Prêtre knows that role
        s.players[e.priest].learned[e.target] = "villageois"


def _charmed(s: GameState, e: ev.PlayersCharmed) -> None:
    for name in e.names:
        s.players[name].status.add("charme")


def _boosted(s: GameState, e: ev.VoteBoosted) -> None:
    s.extra.setdefault(f"princesse:{e.day}", []).append(e.player)


def _skipped(s: GameState, e: ev.NightSkipped) -> None:
    s.extra["sans-nuit"] = e.night


def _metronome(s: GameState, e: ev.MetronomeTurned) -> None:
    s.extra.setdefault(f"metronome:{e.night}", {})[e.metronome] = e.role
    sleepers = s.extra.setdefault(f"endormis:{e.night}", [])
    sleepers += [n for n in e.asleep if n not in sleepers]


def _clients(s: GameState, e: ev.ClientsChosen) -> None:
    s.extra[f"clients:{e.avocat}"] = list(e.clients)


def _list(s: GameState, e: ev.ListChosen) -> None:
    s.extra[f"sectaire:liste:{e.sectaire}"] = e.liste


def _move(s: GameState, e: ev.MoveOrdered) -> None:
    s.extra.setdefault(f"deplacer:{s.number}", {})[e.sectaire] = e.liste


def _group(s: GameState, e: ev.GroupChanged) -> None:
    groups = s.extra.get("sectaire:groupes") or s.options.get("sectaire_listes") or {}
    groups = {k: {g: list(m) for g, m in v.items()} for k, v in groups.items()}
    groups[e.liste][e.frm].remove(e.name)
    groups[e.liste][e.to].append(e.name)
    s.extra["sectaire:groupes"] = groups


def _announced(s: GameState, e: ev.SectaireAnnounced) -> None:
    s.extra["sectaire:annonce"] = True


def _thief(s: GameState, e: ev.ThiefChose) -> None:
    # 004: « il devient ce rôle jusqu'à la fin de la partie »
    s.players[e.voleur].role = e.role
    s.extra.setdefault("voleur:choisi", []).append(e.voleur)


def _recruit_attempted(s: GameState, e: ev.RecruitAttempted) -> None:
    s.extra.setdefault(maitre_vampire.attempts_key(s.number), []).append([e.vampire, e.target])


def _acolytes(s: GameState, e: ev.AcolytesRecruited) -> None:
    for name in e.names:
        s.players[name].status.add(maitre_vampire.STATUS)
        s.players[name].links["camp"] = maitre_vampire.CAMP
        s.players[name].links[maitre_vampire.LINK] = e.vampire
    key = maitre_vampire.recruits_key(e.vampire)
    s.extra[key] = int(s.extra.get(key, 0)) + 1


def _grid(s: GameState, e: ev.GridPlaced) -> None:
    s.extra["grille"] = {"loups": dict(e.loups), "petite_fille": list(e.petite_fille)}


def _square(s: GameState, e: ev.SquareChosen) -> None:
    s.extra.setdefault(f"espionner:{s.number}", {})[e.petite_fille] = e.square


def _watched(s: GameState, e: ev.SquareWatched) -> None:
    if e.found == "loup" and e.wolf and e.wolf != e.petite_fille:
        # « Le nom du Loup-Garou en question est donné à la Petite Fille. »
        s.players[e.petite_fille].learned.setdefault(e.wolf, "loup-garou")
    elif e.found == "petite-fille":
        # « La victime initiale des Loups-Garous est annulée. »
        s.extra[f"decouverte:{s.number}"] = e.petite_fille
        s.night.victim = None


def _marquise_chose(s: GameState, e: ev.MarquiseChose) -> None:
    choice = {"action": e.action, "target": e.target, "text": e.text}
    s.extra.setdefault(marquise.choice_key(e.night), {})[e.marquise] = choice


def _marquise_used(s: GameState, name: str, action: str) -> None:
    """004: « Elle ne peut pas en réutiliser une tant qu'elle ne les a pas toutes utilisées. »"""
    cycle = [*s.extra.get(marquise.cycle_key(name), []), action]
    done = set(cycle) >= set(marquise.ACTIONS.values())
    s.extra[marquise.cycle_key(name)] = [] if done else cycle


def _sentence(s: GameState, e: ev.SentencePassed) -> None:
    s.extra.setdefault(powers.sentence_key(e.night), []).append(e.target)
    _marquise_used(s, e.marquise, "sentence")


def _probed(s: GameState, e: ev.PowerProbed) -> None:
    if e.power:
        s.players[e.marquise].learned[e.target] = e.power
    _marquise_used(s, e.marquise, "jeux")


def _letter(s: GameState, e: ev.LetterPublished) -> None:
    _marquise_used(s, e.marquise, "lettre")


def _aligned(s: GameState, e: ev.AlignmentDealt) -> None:
    player = s.players[e.name]
    player.links["camp"] = "loups" if e.alignment == "loup" else "village"
    player.status.add("multiclasse")
    if e.alignment == "loup":
        # 004, Renard: « un Loup-Garou avec l'une de ces classes » is one of the pack
        player.status.add("antre")


def _knock_out_ordered(s: GameState, e: ev.KnockOutOrdered) -> None:
    written = [o for o in s.extra.get(f"assommer:{s.number}", []) if o[0] != e.assommeur]
    s.extra[f"assommer:{s.number}"] = [*written, [e.assommeur, e.target]]


def _knocked_out(s: GameState, e: ev.KnockedOut) -> None:
    s.extra.setdefault(f"assomme:{s.number}", {})[e.target] = e.assommeur


def _shield(s: GameState, e: ev.ShieldRaised) -> None:
    s.extra.setdefault(f"protege-tout:{s.number}", []).append(e.target)


def _redirection(s: GameState, e: ev.RedirectionSet) -> None:
    s.extra.setdefault(f"redirige:{s.number}", {})[e.frm] = e.to


def _telepathy(s: GameState, e: ev.TelepathyWritten) -> None:
    s.extra.setdefault(f"telepathie:{s.number}", {})[e.telepathe] = e.text


def _wolf_burnt(s: GameState, e: ev.WolfBurnt) -> None:
    s.night.victim = None
    s.extra[pyromane.burnt_key(s.number)] = e.wolf


def _house_burnt(s: GameState, e: ev.HouseBurnt) -> None:
    s.players[e.name].status.add(pyromane.VAGABOND)


def _removed(s: GameState, e: ev.PowerRemoved) -> None:
    s.extra.setdefault(fantome.REMOVED, {})[e.target] = e.night


def _ally(s: GameState, e: ev.AllyMade) -> None:
    # 004: « Dès qu'il est transformé, sa condition de victoire devient celle du Fantôme »
    s.players[e.fantome].links[fantome.ALLY] = e.ally
    ally = s.players[e.ally]
    ally.links[fantome.GHOST] = e.fantome
    ally.links["camp"] = fantome.CAMP
    ally.status.add(fantome.STATUS)


def _spared(s: GameState, e: ev.GhostSpared) -> None:
    if e.cause == "wolves":
        s.players[e.name].spent.add(fantome.FIRST_ATTACK)


def _guessed(s: GameState, e: ev.DeadGuessed) -> None:
    s.players[e.player].spent.add(fantome.VOICE)
    s.extra.setdefault(fantome.GUESSES, []).append([e.player, e.suspect])


def _weighed(s: GameState, e: ev.VoicesWeighed) -> None:
    s.extra[fantome.GUESSES] = []


def _visited(s: GameState, e: ev.ManipulatorVisited) -> None:
    s.extra.setdefault(f"manipuler:{s.number}", {})[e.manipulateur] = e.visited


def _reported(s: GameState, e: ev.VisitReported) -> None:
    s.extra.setdefault(f"manipuler-rapport:{s.number}", {})[e.manipulateur] = e.acted


def _manipulated(s: GameState, e: ev.ActionManipulated) -> None:
    s.extra.setdefault(f"manipule:{s.number}", {})[e.player] = {
        "key": e.key,
        "kind": e.kind,
        "to": e.to,
    }


def _actor(s: GameState, e: ev.ActorBecame) -> None:
    s.extra.setdefault(f"comedien:{e.night}", {})[e.comedien] = e.role
    s.extra.setdefault(f"comedien:joues:{e.comedien}", []).append(e.role)


def _warden(s: GameState, e: ev.WardenNamed) -> None:
    s.extra["garde"] = e.garde
    s.reactions = [r for r in s.reactions if r.kind != "garde"]


def _due(s: GameState, e: ev.NewMoonDue) -> None:
    s.extra["nl:du"] = e.day
    s.extra["nl:dernier"] = e.day


def _offered(s: GameState, e: ev.EventsOffered) -> None:
    s.extra["nl:offre"] = {"garde": e.garde, "day": e.day, "events": list(e.events)}
    s.extra["nl:du"] = None


def _chosen(s: GameState, e: ev.EventChosen) -> None:
    s.extra.setdefault("nl:prochains", []).append({"nom": e.event, "par": "garde"})
    s.extra["nl:offre"] = None
    s.reactions = [r for r in s.reactions if not (r.player == e.garde and r.kind == "evenement")]


def _card(s: GameState, e: ev.EventCardDrawn) -> None:
    s.extra.setdefault("nl:prochains", []).append({"nom": e.event, "par": "gitane"})


def _applied(s: GameState, e: ev.EventApplied) -> None:
    s.extra.setdefault("nl:joues", []).append(e.nom)
    s.extra["nl:prochains"] = [n for n in s.extra.get("nl:prochains", []) if n["nom"] != e.nom]
    s.extra.setdefault(f"nl:jour:{e.day}", []).append(e.nom)


def _stake_called(s: GameState, e: ev.ExtraStakeCalled) -> None:
    s.extra["bucher-sup"] = e.day
    s.extra["bucher-sup:minutes"] = e.minutes


def _stake_opened(s: GameState, e: ev.ExtraStakeOpened) -> None:
    s.extra["bucher-sup:tenu"] = e.day


def _passenger_wrote(s: GameState, e: ev.PassengerWrote) -> None:
    s.extra.setdefault(passager.key(e.night), {})[e.passager] = e.text


def _passenger_voided(s: GameState, e: ev.PassengerMessageVoided) -> None:
    s.extra.get(passager.key(e.night), {}).pop(e.passager, None)


def _servante_told(s: GameState, e: ev.ServanteTold) -> None:
    s.extra.setdefault(servante_devouee.told_key(e.night), {})[e.servante] = list(e.names)


def _role_taken(s: GameState, e: ev.RoleTaken) -> None:
    """004: she « devient intégralement le nouveau rôle choisi »; the player keeps his own
    statuses (`servante_devouee.NOT_INHERITED`) and is now a Servante Dévouée."""
    servante, target = s.players[e.servante], s.players[e.target]
    s.extra.setdefault(f"servante:prise:{s.number}", []).append(e.servante)
    s.extra.setdefault(servante_devouee.taken_key(s.number), {})[e.target] = e.servante
    servante.role, target.role = e.role, servante_devouee.ROLE.slug
    servante.spent = set(target.spent)
    servante.learned.update(target.learned)
    seen = s.extra.get(voyante.COLOURS_SEEN, {})
    if e.target in seen:
        seen.setdefault(e.servante, {}).update(seen[e.target])
    servante.standing = {}
    own_camp = bool(target.status & servante_devouee.OWN_CAMP)
    for status in target.status - servante_devouee.NOT_INHERITED:
        if not (own_camp and status == "antre"):
            servante.status.add(status)
    for link, value in target.links.items():
        if link in servante_devouee.NOT_INHERITED_LINKS or (own_camp and link in ("camp", "antre")):
            continue
        servante.links[link] = value
    target.status -= {"multiclasse"}
    for link in [k for k in target.links if k not in ("camp", "vampire", "fantome")]:
        del target.links[link]
    if not own_camp:
        target.links.pop("camp", None)
        target.status.discard("antre")
        target.links.pop("antre", None)
    # the role's ties to others follow the role: acolytes (« elle permet la survie du ou des
    # acolyte(s) »), the Fantôme's Allié, the Avocat's clients, the Sectaire's list
    for other in s.players.values():
        for link in ("vampire", "fantome"):
            if other.links.get(link) == e.target:
                other.links[link] = e.servante
    for key in (f"clients:{e.target}", f"sectaire:liste:{e.target}"):
        if key in s.extra:
            s.extra[key.rsplit(":", 1)[0] + f":{e.servante}"] = s.extra.pop(key)


def _colour_seen(s: GameState, e: ev.ColourSeen) -> None:
    s.extra.setdefault(voyante.COLOURS_SEEN, {}).setdefault(e.seer, {})[e.target] = e.colour


def _nothing(s: GameState, e: Any) -> None:
    pass


APPLY: dict[type[ev.Event], Callable[[GameState, Any], None]] = {
    ev.ServanteTold: _servante_told,
    ev.RoleTaken: _role_taken,
    ev.CampShown: _nothing,
    ev.RoleRevealed: _revealed,
    ev.TieBroken: _tie_broken,
    ev.PowerUsed: _power_used,
    ev.CoupleFailed: _nothing,
    ev.ModelChosen: _model,
    ev.CampChanged: _camp_changed,
    ev.DenJoined: _den,
    ev.FoxSniffed: _fox,
    ev.RavenMarked: _raven,
    ev.VotersNamed: _voters,
    ev.VoteLost: _vote_lost,
    ev.PriestAnswered: _priest,
    ev.VoteBoosted: _boosted,
    ev.NightSkipped: _skipped,
    ev.PlayersCharmed: _charmed,
    ev.ColourSeen: _colour_seen,
    ev.MetronomeTurned: _metronome,
    ev.NightSlept: _nothing,
    ev.ClientsChosen: _clients,
    ev.SectaireAnnounced: _announced,
    ev.ListChosen: _list,
    ev.MoveOrdered: _move,
    ev.GroupChanged: _group,
    ev.ThiefChose: _thief,
    ev.RecruitAttempted: _recruit_attempted,
    ev.AcolytesRecruited: _acolytes,
    ev.RecruitFailed: _nothing,
    ev.GridPlaced: _grid,
    ev.SquareChosen: _square,
    ev.SquareWatched: _watched,
    ev.MarquiseChose: _marquise_chose,
    ev.SentencePassed: _sentence,
    ev.PowerProbed: _probed,
    ev.LetterPublished: _letter,
    ev.AlignmentDealt: _aligned,
    ev.KnockOutOrdered: _knock_out_ordered,
    ev.KnockedOut: _knocked_out,
    ev.NightActionFoiled: _nothing,
    ev.ShieldRaised: _shield,
    ev.RedirectionSet: _redirection,
    ev.TelepathyWritten: _telepathy,
    ev.TelepathMessage: _nothing,
    ev.WolfBurnt: _wolf_burnt,
    ev.HouseBurnt: _house_burnt,
    ev.PowerRemoved: _removed,
    ev.AllyMade: _ally,
    ev.GhostSpared: _spared,
    ev.DeadGuessed: _guessed,
    ev.VoicesWeighed: _weighed,
    ev.DeadVoiceSpoke: _nothing,
    ev.ManipulatorVisited: _visited,
    ev.VisitReported: _reported,
    ev.ActionManipulated: _manipulated,
    ev.ActorBecame: _actor,
    ev.WardenNamed: _warden,
    ev.NewMoonDue: _due,
    ev.EventsOffered: _offered,
    ev.EventChosen: _chosen,
    ev.EventCardDrawn: _card,
    ev.EventApplied: _applied,
    ev.ExtraStakeCalled: _stake_called,
    ev.ExtraStakeOpened: _stake_opened,
    ev.PassengerWrote: _passenger_wrote,
    ev.PassengerMessageVoided: _passenger_voided,
    ev.PassengerMessageDelivered: _nothing,
}
