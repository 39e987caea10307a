"""The night of 004, resolved in the order of `order.NIGHT`: each action's resolver turns the
night's orders into facts; dawn then applies the attacks together.

A role slots in by adding its resolver under its action's key.
"""

from __future__ import annotations

from collections.abc import Callable

from lgmail.rules import events as ev
from lgmail.rules.orders import Kind
from lgmail.rules.roles import (
    CAMP_OF,
    abominable_sectaire,
    assommeur,
    avocat,
    corbeau,
    cupidon,
    enfant_sauvage,
    fantome,
    gitane,
    grand_mechant_loup,
    idiot_du_village,
    infect_pere_des_loups,
    joueur_de_flute,
    loup_egare,
    loup_garou_blanc,
    loup_garou_manipulateur,
    maitre_vampire,
    marquise,
    metronome,
    passager,
    petite_fille,
    pretre,
    princesse,
    protecteur,
    pyromane,
    redirecteur,
    renard,
    salvateur,
    servante_devouee,
    sorciere,
    telepathe,
    voleur,
    voyante,
)
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import camps, deaths, layers, nouvelle_lune, powers
from lgmail.rules.thiercelieux.order import NIGHT, actions_at
from lgmail.rules.tx import Tx

#: 004, Cupidon: « L'Avocat + X => échec du couple », « Maitre Vampire + X => échec du couple »
ALONE = frozenset({"avocat", "maitre-vampire"})
#: « Abominable Sectaire/Joueur de Flûte/Fantôme + autre indépendant => échec du couple »
NOT_WITH_INDEPENDENT = frozenset({"abominable-sectaire", "joueur-de-flute", "fantome"})


def _powered(state: GameState, player: Player) -> bool:
    """Whether `player`'s power works tonight: alive, not lost with the Ancien, not taken away
    (`powers.stripped`: it fails silently)."""
    return (
        player.alive
        and not (
            state.powers_lost and player.role != enfant_sauvage.ROLE.slug and _village_power(player)
        )
        and not powers.stripped(state, player)
    )


def _village_power(player: Player) -> bool:
    return camps.village_power(player)


def _given(
    state: GameState, role: str, kind: Kind, key: str | None = None
) -> list[tuple[Player, list[str]]]:
    """The living, powered players with the power of `role` tonight (the Métronome's role of
    the night; not who sleeps through it) who gave `kind`, with its targets as the night's
    first actions leave them (`layers`: a knocked-out player's action fails, ...); `key`: the
    action's key in `order.NIGHT` when the role has several."""
    key = key or layers.key_of(role, kind) or kind.value
    out = []
    for player in [p for p in state.living() if camps.acting(state, p) == role]:
        given = state.order_of(player.name, kind)
        if given is None or not _powered(state, player):
            continue
        if not layers.acts(state, player.name, key) or not layers.due(state, player.name, key):
            continue
        aimed = layers.aim(state, player.name, key, kind, list(given.order.targets))
        if aimed is not None:
            out.append((player, aimed))
    return out


def forbidden_couple(state: GameState, lovers: list[str]) -> str | None:
    """Why 004 makes this couple fail, or None."""
    a, b = (state.players[n] for n in lovers)
    if a.role in ALONE or b.role in ALONE:
        return "seul"
    for one, other in ((a, b), (b, a)):
        if one.role in NOT_WITH_INDEPENDENT and camps.camp(other) == camps.INDEPENDANT:
            return "independants"
    return None


def _unir(tx: Tx) -> None:
    """004: « Si Cupidon échoue à créer un couple autorisé [...] il n'est pas averti par le MJ
    de cet échec »."""
    for player, targets in _given(tx.state, cupidon.ROLE.slug, Kind.UNIR)[:1]:
        why = forbidden_couple(tx.state, targets)
        if why is None:
            tx.emit(ev.LoversUnited(player.name, targets))
        else:
            tx.emit(ev.CoupleFailed(player.name, targets, why))


def take_card(tx: Tx, name: str, card: str, drawn: bool = False) -> None:
    """004, Voleur: « il devient ce rôle jusqu'à la fin de la partie »; a card of the den takes
    him to the den at once."""
    tx.emit(ev.ThiefChose(name, card, drawn))
    if card in camps.DEN_AT_START:
        tx.emit(ev.DenJoined(name, voleur.ROLE.slug))


def _voler(tx: Tx) -> None:
    """The Voleur who has not chosen when the first night's first step closes stays Voleur
    (ruling), unless both his cards are wolves: « il est obligé d'en choisir une sur les deux »,
    then one is drawn."""
    s = tx.state
    for player in s.by_role(voleur.ROLE.slug):
        if not voleur.undecided(s, player):
            continue
        if voleur.must_take(s, player):
            (card,) = tx.draw(f"voleur:{player.name}", voleur.cards(s, player))
            take_card(tx, player.name, card, drawn=True)
        else:
            take_card(tx, player.name, voleur.ROLE.slug)


def _devenir(tx: Tx) -> None:
    """004, Comédien: his role of the night took effect when he chose it (ActorBecame), so that
    its orders come with it; nothing is left to resolve."""


def _modele(tx: Tx) -> None:
    s = tx.state
    for child in s.by_role(enfant_sauvage.ROLE.slug):
        if enfant_sauvage.model_of(child):
            continue
        given = s.order_of(child.name, Kind.MODELE)
        if given is not None:
            tx.emit(ev.ModelChosen(child.name, given.order.target))
            continue
        others = [n for n in s.living_names() if n != child.name]
        if others:
            (model,) = tx.draw(f"modele:{child.name}", others)
            tx.emit(ev.ModelChosen(child.name, model, drawn=True))


def _liste(tx: Tx) -> None:
    """004: the Abominable Sectaire's list; drawn when he chose none (ruling)."""
    s = tx.state
    for player in s.by_role(abominable_sectaire.ROLE.slug):
        if abominable_sectaire.chosen(s, player) or len(abominable_sectaire.lists(s)) != 2:
            continue
        (liste,) = tx.draw(f"liste:{player.name}", list(abominable_sectaire.LISTS))
        tx.emit(ev.ListChosen(player.name, liste, drawn=True))


def _deplacer(tx: Tx) -> None:
    """004: « Chaque Nuit, l'Abominable Sectaire aura la possibilité d'agir en déplaçant un
    joueur, d'un groupe à l'autre. » announced « lorsqu'il lève le Jour »."""
    s = tx.state
    for player, targets in _given(s, abominable_sectaire.ROLE.slug, Kind.DEPLACER):
        liste = s.extra.get(f"deplacer:{s.number}", {}).get(player.name)
        target = targets[0]
        frm = abominable_sectaire.group_of(s, liste, target) if liste else None
        if liste and frm and s.players[target].alive:
            to = abominable_sectaire.other_group(s, liste, frm)
            tx.emit(ev.GroupChanged(target, liste, frm, to))


def _clients(tx: Tx) -> None:
    """004: the Avocat's clients, the first night; drawn when he named none (ruling)."""
    s = tx.state
    if s.number != 1:
        return
    for lawyer in s.by_role(avocat.ROLE.slug):
        if avocat.clients(s, lawyer):
            continue
        given = s.order_of(lawyer.name, Kind.CLIENTS)
        if given is not None and not layers.due(s, lawyer.name, "clients"):
            continue
        if given is not None and layers.acts(s, lawyer.name, "clients"):
            named = list(given.order.targets)
            landed = layers.aim(s, lawyer.name, "clients", Kind.CLIENTS, named) or named
            if lawyer.name in landed or len(set(landed)) != 2:
                # ruling: a redirection cannot make him his own client, nor one client twice
                landed = named
            tx.emit(ev.ClientsChosen(lawyer.name, landed))
            continue
        others = [n for n in s.living_names() if n != lawyer.name]
        if len(others) >= 2:
            chosen = tx.draw(f"clients:{lawyer.name}", others, 2)
            tx.emit(ev.ClientsChosen(lawyer.name, chosen, drawn=True))


def _assommer(tx: Tx) -> None:
    """004, Assommeur: « Cette action a la priorité sur toutes les autres »; among Assommeurs,
    `assommeur.effective`."""
    s = tx.state
    written = []
    for name, target in s.extra.get(assommeur.key(s.number), []):
        player = s.players[name]
        given = s.order_of(name, Kind.ASSOMMER)
        if (
            given is not None
            and given.order.target == target
            and camps.acting(s, player) == assommeur.ROLE.slug
            and _powered(s, player)
        ):
            written.append((name, target))
    for name, target in assommeur.effective(written):
        tx.emit(ev.KnockedOut(name, target))


def _sonder(tx: Tx) -> None:
    for player, targets in _given(tx.state, voyante.ROLE.slug, Kind.SONDER):
        target = tx.state.players[targets[0]]
        if target.alive:
            # 004: « sans toutefois lui préciser son camp »: the role only
            tx.emit(ev.SeerSaw(player.name, target.name, target.role))
            if target.role == enfant_sauvage.ROLE.slug:
                # 004, Enfant Sauvage: « Le MJ utilise ce même code couleur pour répondre au
                # sondage de la Voyante. »
                tx.emit(ev.ColourSeen(player.name, target.name, camps.colour(tx.state, target)))


def _flairer(tx: Tx) -> None:
    s = tx.state
    for player, targets in _given(s, renard.ROLE.slug, Kind.FLAIRER):
        if not renard.can_sniff(player) or not s.players[targets[0]].alive:
            continue
        group = renard.group(s, targets[0])
        found = any(camps.is_wolf(s.players[n]) for n in group)
        tx.emit(ev.FoxSniffed(player.name, targets[0], group, found))


def _pretre(tx: Tx) -> None:
    for player, targets in _given(tx.state, pretre.ROLE.slug, Kind.SONDER):
        target = tx.state.players[targets[0]]
        if target.alive:
            # 004, Fantôme: a player whose power is taken away « est Simple Villageois » to the
            # Prêtre (« n'est pas Simple Villageois » for a non-villager)
            plain = powers.stripped(tx.state, target) and camps.camp(target) == camps.VILLAGE
            tx.emit(ev.PriestAnswered(player.name, target.name, pretre.simple(target) or plain))


def _renifler(tx: Tx) -> None:
    """004, Loup Égaré: « Si le joueur qu'il renifle est un Loup-Garou [...] il rejoindra la
    meute au lever du Jour. »"""
    s = tx.state
    for player, targets in _given(s, loup_egare.ROLE.slug, Kind.FLAIRER):
        target = s.players[targets[0]]
        # « quelque soit son rôle : [...] Passager.. »
        wolf = camps.is_wolf(target) or passager.is_passager(target)
        if not camps.in_den(player) and target.alive and wolf:
            tx.emit(ev.PowerUsed(player.name, loup_egare.POWER, target.name))


def _favoriser(tx: Tx) -> None:
    s = tx.state
    for _, targets in _given(s, princesse.ROLE.slug, Kind.FAVORISER):
        # 004, Servante Dévouée: her role taken, « elle récupère aussi le bonus de +1 voix »
        target = s.players[servante_devouee.taker(s, targets[0])]
        # 004, Fantôme: « Si la Princesse cible un joueur dont le pouvoir a été supprimé [...]
        # le joueur aura un vote compte +1 »
        if target.alive and (princesse.favoured(target) or powers.stripped(s, target)):
            tx.emit(ev.VoteBoosted(target.name, s.number))


def _proteger_tout(tx: Tx) -> None:
    """004, Protecteur: « le Protecteur peut protéger le joueur de son choix de toute action
    nocturne » (`layers.aim`, `layers.shielded`)."""
    for player, aimed in _given(tx.state, protecteur.ROLE.slug, Kind.PROTEGER):
        tx.emit(ev.ShieldRaised(player.name, aimed[0]))


def _rediriger(tx: Tx) -> None:
    """004, Redirecteur: « Toute action qui cible ce joueur, à ce moment-là, est alors redirigée
    vers un autre joueur de son choix également. » (`layers.landing`)"""
    for player, aimed in _given(tx.state, redirecteur.ROLE.slug, Kind.REDIRIGER):
        tx.emit(ev.RedirectionSet(player.name, aimed[0], aimed[1]))


def _telepathie(tx: Tx) -> None:
    """004, Télépathe: « C'est le Maître du Jeu qui se chargera de transmettre anonymement le
    message vers le joueur choisi, à la fin de la Nuit. »"""
    s = tx.state
    for player, aimed in _given(s, telepathe.ROLE.slug, Kind.TELEPATHIE):
        text = s.extra.get(telepathe.key(s.number), {}).get(player.name)
        if text and s.players[aimed[0]].alive:
            tx.emit(ev.TelepathMessage(player.name, aimed[0], str(text), s.number))


def _manipuler(tx: Tx) -> None:
    """004: « Chaque Nuit, le Loup-Garou Manipulateur peut se rendre chez le joueur de son
    choix. »"""
    for player, aimed in _given(tx.state, loup_garou_manipulateur.ROLE.slug, Kind.MANIPULER):
        tx.emit(ev.ManipulatorVisited(player.name, aimed[0]))


def report_visits(tx: Tx) -> None:
    """004: « C'est à la fin de la Nuit, entre la fin des actions de Nuit et le lever du Jour
    que le MJ indique au Loup-Garou Manipulateur si le joueur ciblé a agit. » (once a night)"""
    s = tx.state
    done = s.extra.get(loup_garou_manipulateur.report_key(s.number), {})
    visits = s.extra.get(loup_garou_manipulateur.visit_key(s.number), {})
    for manipulateur, target in visits.items():
        if manipulateur in done:
            continue
        acted = any(n == target and layers.manipulable(k) for n, k, _, _ in layers.given(s))
        tx.emit(ev.VisitReported(manipulateur, target, acted))


def release(tx: Tx) -> None:
    """Dawn: the Manipulateur's change of recipient (one of the player's actions, drawn when he
    has several: « il reçoit l'une de ses actions par tirage au sort »), then the visited
    players' actions of the night's steps, resolved in the night's order."""
    s = tx.state
    report_visits(tx)
    visits = s.extra.get(loup_garou_manipulateur.visit_key(s.number), {})
    for manipulateur, target in visits.items():
        given = s.order_of(manipulateur, Kind.DETOURNER)
        if given is None or not s.players[manipulateur].alive:
            continue
        actions = [
            (k, kind) for n, k, kind, _ in layers.given(s) if n == target and layers.manipulable(k)
        ]
        if not actions:
            continue
        key, kind = actions[0]
        if len(actions) > 1:
            names = [f"{k}/{kind.value}" for k, kind in actions]
            (chosen,) = tx.draw(f"manipuler:{manipulateur}", names)
            key, kind = actions[names.index(chosen)]
        tx.emit(
            ev.ActionManipulated(
                manipulateur, target, key, kind.value, given.order.target, len(actions) > 1
            )
        )
    if not visits:
        return
    for action in NIGHT:
        if action.at in ("loups", "sorciere") and layers.manipulable(action.key):
            resolver = RESOLVERS.get(action.key)
            if resolver is not None:
                resolver(tx)


def _message(tx: Tx) -> None:
    """004, Passager: « il peut envoyer un message à l'antre des Loups-Garous » « Le message sera
    transmis à la fin de la Nuit s'il est validé par le MJ »; the den does not learn who wrote."""
    s = tx.state
    for player, _ in _given(s, passager.ROLE.slug, Kind.MESSAGE):
        text = s.extra.get(passager.key(s.number), {}).get(player.name)
        readers = [p.name for p in camps.den(s) if p.name != player.name]
        if text and readers:
            tx.emit(ev.PassengerMessageDelivered(player.name, str(text), readers, s.number))


def _proteger(tx: Tx) -> None:
    for player, targets in _given(tx.state, salvateur.ROLE.slug, Kind.PROTEGER)[:1]:
        tx.emit(ev.GuardProtected(player.name, targets[0]))


def _bonus_life(state: GameState, name: str) -> bool:
    """The Ancien's bonus life: 004, Métronome, « le "vrai" Ancien rendu inactif peut donc mourir
    en une fois »; the life is one for the game, the Ancien's or the Métronome's."""
    player = state.players[name]
    # 004, Ancien: « Si la Marquise obtient "Sentence de la Marquise" [...] et agit sur
    # l'Ancien, alors l'Ancien ne dispose pas de son éventuelle vie 'bonus' pour la Nuit. »
    return metronome.bonus_life(state, camps.acting(state, player)) and _powered(state, player)


def _recruter(tx: Tx) -> None:
    """004: « Le Maître Vampire agit de Nuit en ciblant des joueurs »; the recruit is settled at
    dawn (`recruit`). The Salvateur does not stop it (« Le Salvateur ne protège pas [...] du
    recrutement [...] du Maitre Vampire »)."""
    s = tx.state
    for player, targets in _given(s, maitre_vampire.ROLE.slug, Kind.RECRUTER):
        if maitre_vampire.room(s, player):
            tx.emit(ev.RecruitAttempted(player.name, targets[0]))


def recruit(tx: Tx) -> set[str]:
    """Dawn: each recruit of tonight succeeds « si le Maître Vampire et le recruté ont survécu »
    and the target's alignment allows it; who became acolytes."""
    s = tx.state
    out: set[str] = set()
    for master, target in list(s.extra.get(maitre_vampire.attempts_key(s.number), [])):
        group, why = maitre_vampire.recruited(s, s.players[master], target, camps.camp)
        if why is None:
            tx.emit(ev.AcolytesRecruited(master, group))
            out.update(group)
        else:
            tx.emit(ev.RecruitFailed(master, target, why))
    return out


def _devorer(tx: Tx) -> None:
    """004: « Le dernier message en couleur dans l'Antre (dans le temps imparti) est enregistré
    comme choix de victime »; only a living member of the den counts."""
    s = tx.state
    for wolf, aimed in reversed(s.night.kills):
        if not (camps.in_den(s.players[wolf]) and s.players[wolf].alive):
            continue
        if not layers.acts(s, wolf, "devorer"):
            # Ruling: a knocked-out wolf does not act; the last order of one who may counts
            continue
        landed = layers.aim(s, wolf, "devorer", Kind.TUER, [aimed])
        if landed and s.players[landed[0]].alive:
            tx.emit(ev.WolvesChose(landed[0], wolf))
            return
    tx.emit(ev.WolvesChose(None, None))


def _allumer(tx: Tx) -> None:
    """004, Pyromane: « une seule Nuit dans la partie »; on the pack's victim, « c'est le
    Loup-Garou qui effectue le meurtre qui est éliminé » and « il n'y a pas de victime »."""
    s = tx.state
    for player, targets in _given(s, pyromane.ROLE.slug, Kind.ALLUMER):
        if pyromane.POWER in player.spent:
            continue
        if layers.shielded(s, targets[0]):
            # 004, Protecteur: « l'unique allumette du Pyromane est consommée sans effet »
            tx.emit(ev.PowerUsed(player.name, pyromane.POWER, None))
            continue
        tx.emit(ev.PowerUsed(player.name, pyromane.POWER, targets[0]))
        # the pack's choice tonight names « le loup qui fait l'action »; the match may land
        # there at dawn, turned by the Manipulateur
        if s.night.killer and s.night.victim == targets[0]:
            tx.emit(ev.WolfBurnt(s.night.killer, targets[0]))


def burn(tx: Tx) -> None:
    """Dawn: the houses set on fire tonight burn; their owners, alive, are Vagabonds."""
    s = tx.state
    for _, power, target in list(s.night.used):
        if power == pyromane.POWER and target and s.players[target].alive:
            tx.emit(ev.HouseBurnt(target))


def _espionner(tx: Tx) -> None:
    """004, Petite Fille: what the square she watches hides: a wolf's name, her discovery (the
    pack's victim spared), or nothing."""
    s = tx.state
    for player, _ in _given(s, petite_fille.ROLE.slug, Kind.ESPIONNER):
        where = petite_fille.watched(s, player.name)
        if where is None:
            continue
        found, wolf = petite_fille.hides(s, where)
        if found == petite_fille.GIRL and (petite_fille.caught(s) or not camps.den(s)):
            # ruling: no wolf left in the den to devour her (or one already caught): nothing
            found = petite_fille.EMPTY
        tx.emit(ev.SquareWatched(player.name, where, found, wolf))


def _carte(tx: Tx) -> None:
    """004, Gitane: the MJ draws a card « parmi la liste des cartes événements de l'extension
    Nouvelle Lune » (a recorded draw), applied at the rising of the day."""
    s = tx.state
    for player, _ in _given(s, gitane.ROLE.slug, Kind.CARTE):
        names = nouvelle_lune.left(s)
        if names:
            (card,) = tx.draw(f"carte:{player.name}", names)
            tx.emit(ev.EventCardDrawn(player.name, card))


def _infecter(tx: Tx) -> None:
    s = tx.state
    for player, _ in _given(s, infect_pere_des_loups.ROLE.slug, Kind.INFECTER):
        if s.night.victim and infect_pere_des_loups.POWER not in player.spent:
            tx.emit(ev.PowerUsed(player.name, infect_pere_des_loups.POWER, s.night.victim))
            return


def _eliminer_blanc(tx: Tx) -> None:
    s = tx.state
    if not loup_garou_blanc.his_night(s.number):
        return
    for player, targets in _given(s, loup_garou_blanc.ROLE.slug, Kind.ELIMINER):
        tx.emit(ev.PowerUsed(player.name, loup_garou_blanc.POWER, targets[0]))


def _eliminer_gml(tx: Tx) -> None:
    s = tx.state
    for player, aimed in _given(s, grand_mechant_loup.ROLE.slug, Kind.ELIMINER):
        if grand_mechant_loup.POWER not in player.spent:
            tx.emit(ev.PowerUsed(player.name, grand_mechant_loup.POWER, aimed[0]))
    for player in s.by_role(grand_mechant_loup.ROLE.slug):
        prevented = not layers.acts(s, player.name, "eliminer-gml")
        given = s.order_of(player.name, Kind.ELIMINER)
        if prevented and given and grand_mechant_loup.POWER not in player.spent:
            # 004: « Si le pouvoir du GML est empêché (exemple : assommé), il est tout de même
            # consommé »
            tx.emit(ev.PowerUsed(player.name, grand_mechant_loup.POWER, None))


def _charmer(tx: Tx) -> None:
    s = tx.state
    for player, targets in _given(s, joueur_de_flute.ROLE.slug, Kind.CHARMER):
        # 004: « l'action du JdF peut être ciblée par le Redirecteur contre le JdF lui-même,
        # auquel cas le charme fonctionne » (his own order may not name him: `_check`)
        names = [n for n in targets if s.players[n].alive]
        if names:
            tx.emit(ev.PlayersCharmed(player.name, names))


def _sorciere(tx: Tx) -> None:
    """The Sorcière's potions, as the night's first actions leave them (a knocked-out Sorcière's
    potions fail, and are not spent)."""
    s = tx.state
    if s.powers_lost:
        return
    for witch in s.by_role(sorciere.ROLE.slug):
        if not layers.acts(s, witch.name, "sorciere") or not _powered(s, witch):
            continue
        if not layers.due(s, witch.name, "sorciere"):
            continue
        mine = s.orders.get(witch.name, {})
        if Kind.SAUVER in mine and s.night.told_victim:
            saved = layers.aim(s, witch.name, "sorciere", Kind.SAUVER, [s.night.told_victim])
            if saved is not None:
                tx.emit(ev.PotionUsed(witch.name, sorciere.LIFE, saved[0]))
        poison = mine.get(Kind.EMPOISONNER)
        if poison:
            landed = layers.aim(s, witch.name, "sorciere", Kind.EMPOISONNER, [poison.order.target])
            if landed is not None and s.players[landed[0]].alive:
                tx.emit(ev.PotionUsed(witch.name, sorciere.DEATH, landed[0]))


def _marquer(tx: Tx) -> None:
    s = tx.state
    for player, targets in _given(s, corbeau.ROLE.slug, Kind.MARQUER):
        if s.players[targets[0]].alive:
            tx.emit(ev.RavenMarked(player.name, targets[0], s.number))


def _marquise(state: GameState, action: str) -> list[tuple[Player, dict[str, str]]]:
    """The living, powered Marquises whose action of tonight is `action`, with their choice."""
    out = []
    for player in [p for p in state.living() if camps.acting(state, p) == marquise.ROLE.slug]:
        choice = marquise.choice(state, player)
        if not (choice and choice["action"] == action and _powered(state, player)):
            continue
        if not layers.acts(state, player.name, action) or not layers.due(
            state, player.name, action
        ):
            continue
        if choice.get("target"):
            # the night's first actions: the knock-out, the protection, ... (`layers`)
            kind = Kind(action)
            landed = layers.aim(state, player.name, action, kind, [choice["target"]])
            if not landed:
                continue
            choice = {**choice, "target": landed[0]}
        out.append((player, choice))
    return out


def _sentence(tx: Tx) -> None:
    """004: « elle retire son pouvoir nocturne et/ou diurne à un joueur pour la Nuit en cours
    et le bûcher suivant »."""
    s = tx.state
    for player, choice in _marquise(s, "sentence"):
        if s.players[choice["target"]].alive:
            tx.emit(ev.SentencePassed(player.name, choice["target"], s.number))


def _jeux(tx: Tx) -> None:
    """004: « La Marquise obtient uniquement le pouvoir (ou l'absence de pouvoir) du joueur
    choisi sans toutefois connaître son affiliation ». Ruling: a player whose power is taken
    away has « Pas de pouvoir »."""
    s = tx.state
    for player, choice in _marquise(s, "jeux"):
        target = s.players[choice["target"]]
        if target.alive:
            found = marquise.power(target.role, powers.stripped(s, target))
            tx.emit(ev.PowerProbed(player.name, target.name, found))


def _lettre(tx: Tx) -> None:
    """004: « elle écrit un message [...] qui sera publié en début de journée par le meneur »."""
    s = tx.state
    for player, choice in _marquise(s, "lettre"):
        tx.emit(ev.LetterPublished(player.name, choice["text"], s.number))


def ally_candidates(state: GameState) -> list[str]:
    """The dead a Fantôme may make his Allié: « Le Fantôme ne peut pas transformer un Loup
    (qu'il soit dans l'antre ou non) ou un Acolyte en Allié. Il peut recruter l'Enfant Sauvage si
    ce dernier n'avait pas rejoint l'antre à sa mort. »"""
    return [
        p.name
        for p in state.players.values()
        if not p.alive
        and not camps.in_den(p)
        and CAMP_OF[p.role] != camps.LOUPS
        and maitre_vampire.STATUS not in p.status
        and fantome.STATUS not in p.status
        and not fantome.is_ghost(p)
    ]


def _allie(tx: Tx) -> None:
    """004: « une fois dans la partie et uniquement la Nuit, transformer un des joueurs éliminés
    en son Allié »; « Si l'action du Fantôme est empêchée par un pouvoir quelconque [...] elle
    n'est pas consommée »."""
    s = tx.state
    for player, targets in _given(s, fantome.ROLE.slug, Kind.ALLIE):
        if fantome.ally_of(s, player) is None and targets[0] in ally_candidates(s):
            tx.emit(ev.AllyMade(player.name, targets[0]))


def _supprimer(tx: Tx) -> None:
    """004: « décider de cibler un joueur dont il supprimera l'éventuel pouvoir »; « Le Fantôme
    ne peut pas supprimer les pouvoirs des rôles Indépendants »; Métronome: « le joueur ne verra
    pas son pouvoir supprimé (car il était volé [...]) »; Idiot: « Si l'Idiot révélé voit son
    pouvoir être supprimé par le Fantôme, alors l'Idiot meurt définitivement »."""
    s = tx.state
    if not fantome.removal_night(s.number):
        return
    for player, targets in _given(s, fantome.ROLE.slug, Kind.SUPPRIMER):
        target = s.players[targets[0]]
        if (
            not target.alive
            or CAMP_OF[target.role] == camps.INDEPENDANT
            or metronome.asleep(s, target.name)
            or target.name in s.extra.get(fantome.REMOVED, {})
        ):
            continue
        tx.emit(ev.PowerRemoved(player.name, target.name, s.number))
        if target.role == idiot_du_village.ROLE.slug and target.revealed:
            deaths.kill(tx, [(target.name, fantome.IDIOT_CAUSE)])


def _voix(tx: Tx) -> None:
    """004: « s'il a juste, alors le MJ écrira au lever du Jour suivant un message signé "La
    voix des morts" révélant qu'il y a un Fantôme dans la partie »; « S'il se trompe, il ne se
    passe rien »."""
    s = tx.state
    guesses = s.extra.get(fantome.GUESSES, [])
    if not guesses:
        return
    right = any(suspect in fantome.allies(s) for _, suspect in guesses)
    tx.emit(ev.VoicesWeighed(s.number, right))
    if right:
        tx.emit(ev.DeadVoiceSpoke(s.number))


RESOLVERS: dict[str, Callable[[Tx], None]] = {
    "voler": _voler,
    "assommer": _assommer,
    "proteger-tout": _proteger_tout,
    "rediriger": _rediriger,
    "telepathie": _telepathie,
    "manipuler": _manipuler,
    "devenir": _devenir,
    "message": _message,
    "unir": _unir,
    "modele": _modele,
    "liste": _liste,
    "deplacer": _deplacer,
    "clients": _clients,
    "sonder": _sonder,
    "pretre": _pretre,
    "renifler": _renifler,
    "favoriser": _favoriser,
    "flairer": _flairer,
    "proteger": _proteger,
    "recruter": _recruter,
    "devorer": _devorer,
    "espionner": _espionner,
    "carte": _carte,
    "infecter": _infecter,
    "eliminer-blanc": _eliminer_blanc,
    "eliminer-gml": _eliminer_gml,
    "allumer": _allumer,
    "charmer": _charmer,
    "sorciere": _sorciere,
    "marquer": _marquer,
    "sentence": _sentence,
    "jeux": _jeux,
    "lettre": _lettre,
    "allie": _allie,
    "supprimer": _supprimer,
    "voix": _voix,
}


def resolve(tx: Tx, step: str) -> None:
    """Resolve the actions of `step` in 004's order."""
    for action in actions_at(step):
        resolver = RESOLVERS.get(action.key)
        if resolver is not None:
            resolver(tx)
    if step == "loups":
        _tell_witch(tx)


def infection(state: GameState) -> tuple[str, str] | None:
    """(the IPL, his target) when he infects tonight."""
    for player, power, target in state.night.used:
        if power == infect_pere_des_loups.POWER and target:
            return player, target
    return None


def _tell_witch(tx: Tx) -> None:
    """004: the Sorcière is told the pack's victim, but not one the Salvateur protects (« la
    Sorcière [...] ne reçoit aucun nom »), not on a night the IPL infects (« elle recevra "Aucune
    victime" »), and no more once her life potion is used."""
    s = tx.state
    victim = s.night.victim
    if not victim or victim == s.night.protected or infection(s) or s.powers_lost:
        return
    if layers.shielded(s, victim):
        # ruling: the Protecteur's protégé is not told, as the Salvateur's
        return
    for witch in s.by_role(sorciere.ROLE.slug):
        if sorciere.told_until_saved(witch) and _powered(s, witch):
            tx.emit(ev.WitchToldVictim(witch.name, victim))


def strays_found(state: GameState) -> list[str]:
    """The Loups Égarés who sniffed a wolf tonight."""
    return [p for p, power, _ in state.night.used if power == loup_egare.POWER]


def dawn_attacks(tx: Tx) -> tuple[list[tuple[str, str]], str | None]:
    """The night's attacks that kill, and who is infected (if he lives through the dawn)."""
    s = tx.state
    night = s.night
    out: list[tuple[str, str]] = []
    girl = petite_fille.caught(s)
    if girl and s.players[girl].alive:
        # 004: « Rien ne peut empêcher la Petite Fille d'être dévorée lorsqu'elle est découverte
        # suite à son action de Nuit. »
        out.append((girl, petite_fille.CAUSE))
    infected: str | None = None
    victim = night.victim if night.victim and s.players[night.victim].alive else None
    if victim and layers.shielded(s, victim):
        # 004, Protecteur: « l'action des Loups-Garous est validée, ils ne reçoivent rien hormis
        # l'annonce de non-mort »; the infection « peut échouer (ex: Protecteur [...]) »
        victim = None
    infecting = infection(s)
    if victim and infecting:
        prey = s.players[victim]
        if _bonus_life(s, victim):
            # 004: « il perd sa protection et fait échouer l'infection »
            tx.emit(ev.AncienResisted(victim))
        elif (
            prey.role not in infect_pere_des_loups.IMMUNE
            and maitre_vampire.STATUS not in prey.status
        ):
            # 004: « Le Maître Vampire et ses acolytes ne peuvent pas être infectés. »
            # 004: « Le Salvateur ne peut pas protéger d'une infection »
            infected = victim
    elif victim and victim != night.protected:
        if _bonus_life(s, victim):
            # 004: « sa vie 'bonus' est quand même consommée » even when healed
            tx.emit(ev.AncienResisted(victim))
        elif night.healed != victim:
            out.append((victim, "wolves"))
    for _, power, aimed in night.used:
        if aimed and layers.shielded(s, aimed):
            # 004, Protecteur: « le meurtre du Grand Méchant Loup est consommé sans effet »
            continue
        if aimed and power == loup_garou_blanc.POWER:
            out.append((aimed, "blanc"))
        elif aimed and power == grand_mechant_loup.POWER:
            # 004: « Si le GML le cible alors qu'il possède encore sa vie 'bonus', alors il meurt
            # directement. »
            out.append((aimed, "gml"))
    burnt = s.extra.get(pyromane.burnt_key(s.number))
    if burnt:
        out.append((burnt, pyromane.CAUSE))
    if night.poisoned and layers.shielded(s, night.poisoned):
        # 004, Protecteur: « la Sorcière perdra sa potion de mort »
        pass
    elif night.poisoned and s.players[night.poisoned].alive:
        # 004: the Salvateur protects « uniquement contre l'attaque des Loups-Garous »
        out.append((night.poisoned, "poison"))
    return out, infected
