"""What a player may do now, for answers and help (from the game's state, their own view)."""

from __future__ import annotations

from datetime import UTC, datetime
from itertools import islice, permutations

from lgmail.orders.parse import MANY, TARGETS
from lgmail.rules.commands import GiveOrder
from lgmail.rules.decide import decide, pending_actors
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refusal
from lgmail.rules.roles import ROLES
from lgmail.rules.state import GameState
from lgmail.rules.variants import variant_of

ORDER_HINT = {
    "fr": {
        Kind.VOTE: "vote NOM (ou vote blanc)",
        Kind.TUER: "tuer NOM",
        Kind.SONDER: "sonder NOM",
        Kind.PROTEGER: "proteger NOM",
        Kind.SAUVER: "sauver",
        Kind.EMPOISONNER: "empoisonner NOM",
        Kind.UNIR: "unir NOM et NOM",
        Kind.TIRER: "tirer NOM",
        Kind.SUCCESSEUR: "successeur NOM",
        Kind.RIEN: "rien",
        Kind.TRANCHER: "trancher NOM",
        Kind.ELIMINER: "eliminer NOM",
        Kind.INFECTER: "infecter",
        Kind.MARQUER: "marquer NOM",
        Kind.FLAIRER: "flairer NOM",
        Kind.MODELE: "modele NOM",
        Kind.VOTANTS: "votants NOM, NOM, ...",
        Kind.FAVORISER: "favoriser NOM",
        Kind.ENDORMIR: "endormir",
        Kind.CHARMER: "charmer NOM et NOM",
        Kind.CLIENTS: "clients NOM et NOM",
        Kind.LISTE: "liste A (ou B)",
        Kind.DEPLACER: "deplacer NOM liste A (ou B)",
        Kind.VOLER: "voler RÔLE (l'une de vos deux cartes) ou rester voleur",
        Kind.RECRUTER: "recruter NOM",
        Kind.ESPIONNER: "espionner CASE (de A1 à G7)",
        Kind.LETTRE: "lettre TEXTE (jusqu'à la fin du mail)",
        Kind.SENTENCE: "sentence NOM",
        Kind.JEUX: "jeux NOM (Jeux de pouvoir)",
        Kind.ASSOMMER: "assommer NOM",
        Kind.REDIRIGER: "rediriger NOM vers NOM",
        Kind.TELEPATHIE: "telepathie NOM : message",
        Kind.ALLUMER: "allumer NOM",
        Kind.SUPPRIMER: "supprimer NOM",
        Kind.ALLIE: "allie NOM (un mort)",
        Kind.VOIX: "voix NOM (l'Allié du Fantôme, selon vous)",
        Kind.MANIPULER: "manipuler NOM",
        Kind.DETOURNER: "detourner NOM",
        Kind.DEVENIR: "devenir RÔLE (l'un de vos rôles restants)",
        Kind.GARDE: "garde NOM",
        Kind.EVENEMENT: "evenement 1 (ou 2)",
        Kind.CARTE: "tirer une carte",
        Kind.MESSAGE: "message TEXTE (20 mots, aucun nom de joueur)",
        Kind.PRENDRE: "prendre NOM (un joueur qui meurt à l'aube)",
    },
    "en": {
        Kind.VOTE: "vote NAME (or vote blanc)",
        Kind.TUER: "tuer NAME (kill)",
        Kind.SONDER: "sonder NAME (probe)",
        Kind.PROTEGER: "proteger NAME (protect)",
        Kind.SAUVER: "sauver (save)",
        Kind.EMPOISONNER: "empoisonner NAME (poison)",
        Kind.UNIR: "unir NAME et NAME (unite)",
        Kind.TIRER: "tirer NAME (shoot)",
        Kind.SUCCESSEUR: "successeur NAME (successor)",
        Kind.RIEN: "rien (nothing)",
        Kind.TRANCHER: "trancher NAME (break the tie)",
        Kind.ELIMINER: "eliminer NAME (eliminate)",
        Kind.INFECTER: "infecter (infect the pack's victim)",
        Kind.MARQUER: "marquer NAME (mark)",
        Kind.FLAIRER: "flairer NAME (sniff)",
        Kind.MODELE: "modele NAME (model)",
        Kind.VOTANTS: "votants NAME, NAME, ... (voters)",
        Kind.FAVORISER: "favoriser NAME (favour)",
        Kind.ENDORMIR: "endormir (sleep: no next night)",
        Kind.CHARMER: "charmer NAME et NAME (charm)",
        Kind.CLIENTS: "clients NAME et NAME (your two clients)",
        Kind.LISTE: "liste A (or B: your list)",
        Kind.DEPLACER: "deplacer NAME liste A (or B: move to the other group)",
        Kind.VOLER: "voler ROLE (take one of your two cards) or rester voleur (stay Thief)",
        Kind.RECRUTER: "recruter NAME (recruit an acolyte)",
        Kind.ESPIONNER: "espionner SQUARE (spy: A1 to G7)",
        Kind.LETTRE: "lettre TEXT (letter, to the end of the mail)",
        Kind.SENTENCE: "sentence NAME (their powers taken tonight and at the next stake)",
        Kind.JEUX: "jeux NAME (power play: learn their power)",
        Kind.ASSOMMER: "assommer NAME (knock out)",
        Kind.REDIRIGER: "rediriger NAME vers NAME (redirect to)",
        Kind.TELEPATHIE: "telepathie NAME : message (telepathy)",
        Kind.ALLUMER: "allumer NAME (burn their house, once)",
        Kind.SUPPRIMER: "supprimer NAME (remove their power)",
        Kind.ALLIE: "allie NAME (a dead player becomes your Ally)",
        Kind.VOIX: "voix NAME (the Ghost's Ally, you think)",
        Kind.MANIPULER: "manipuler NAME (visit)",
        Kind.DETOURNER: "detourner NAME (new recipient)",
        Kind.DEVENIR: "devenir ROLE (become one of your roles left)",
        Kind.GARDE: "garde NAME (name the Village Warden)",
        Kind.EVENEMENT: "evenement 1 (or 2: the day's event)",
        Kind.CARTE: "tirer une carte (draw an event card)",
        Kind.MESSAGE: "message TEXT (to the pack: 20 words, no player's name)",
        Kind.PRENDRE: "prendre NAME (take the role of a player dying at dawn)",
    },
}


#: what the rules answer when an order is used up, whatever its target: a potion or a power
#: spent, a power lost, nothing left to do with it
SPENT = frozenset({Cause.ALREADY_USED, Cause.POWER_LOST, Cause.NOTHING_TO_DO})
#: what the rules answer about the target only: another target may do
TARGET = frozenset({Cause.ILLEGAL_TARGET, Cause.NO_SUCH_PLAYER, Cause.AMBIGUOUS_NAME})
#: targets tried before an order is taken as usable
TRIES = 6
#: the orders tried without a target (the others that take none carry what they say: a role,
#: a text, numbers; they are offered as the rule set lists them)
PLAIN = frozenset({Kind.SAUVER, Kind.INFECTER, Kind.ENDORMIR, Kind.CARTE})


def can_do(state: GameState, name: str, now: datetime | None = None) -> list[str]:
    """The orders `name` may give now, as hints: those his role and the step allow, less
    those the rules would refuse as spent (a potion used, a once-a-game power, a lost one)."""
    player = state.players[name]
    hints = ORDER_HINT.get(player.lang, ORDER_HINT["fr"])
    kinds: list[Kind] = []
    for reaction in state.reactions:
        if reaction.player == name:
            kinds += [k for k in Kind if k.value == reaction.kind]
    variant = variant_of(state)
    if player.alive:
        for step, who in pending_actors(state).items():
            if name in who:
                kinds += variant.orders(state, player, step)
    elif state.status == "running":
        kinds += sorted(variant.afterlife(state, player))
    at = now or _moment(state)
    # an order with nothing to choose, given already this phase, has nothing left to do
    given = {k for k in state.orders.get(name, {}) if k in PLAIN}
    return [
        hints[k]
        for k in dict.fromkeys(kinds)
        if k in hints and k not in given and not _spent(state, name, k, at)
    ]


def _moment(state: GameState) -> datetime:
    """When the hints are given, failing a clock: the open step's start, else the phase's."""
    if state.step is not None:
        return state.step.opened
    return state.phase_at or datetime.now(UTC)


def _spent(state: GameState, name: str, kind: Kind, now: datetime) -> bool:
    """Whether the rules refuse `kind` from `name` now as spent, whatever its target: the
    order is tried (on the rules' own copy of the state) with a few plausible targets."""
    for targets in islice(_targets(state, name, kind), TRIES):
        decision = decide(state, GiveOrder(name, Order(kind, targets), settle=False), now)
        if not isinstance(decision, Refusal):
            return False
        if decision.cause not in TARGET:
            return decision.cause in SPENT
    return False


def _targets(state: GameState, name: str, kind: Kind) -> list[tuple[str, ...]]:
    """Targets to try `kind` with: the other living players first, then himself, then the
    dead; pairs of them for an order that names two."""
    others = [p.name for p in state.players.values() if p.alive and p.name != name]
    dead = [p.name for p in state.players.values() if not p.alive and p.name != name]
    people = [*others, name, *dead]
    count = TARGETS.get(kind, 0)
    if count == 0:
        return [()] if kind in PLAIN else []
    if count == MANY or count == 1:
        return [(p,) for p in people[:TRIES]]
    return list(islice(permutations(people, count), TRIES))


def help_text(state: GameState, name: str) -> str:
    player = state.players[name]
    spec = ROLES[player.role]
    general = {
        "fr": "Ordres : vote NOM, vote blanc, rien, aide. Un ordre par ligne ; un nouvel ordre "
        "remplace le précédent du même genre.",
        "en": "Orders: vote NAME, vote blanc (blank), rien (nothing), aide (help). One order a "
        "line; a new order replaces the previous one of the same kind.",
    }
    lang = player.lang if player.lang in general else "fr"
    extra = RULE_SET_HELP.get(state.variant, {}).get(lang, "")
    return f"{spec.help.get(lang, '')}\n{general[lang]}" + (f"\n{extra}" if extra else "")


#: the orders a rule set adds for everyone (002: Les Nombres)
RULE_SET_HELP = {
    "nombres": {
        "fr": "Les Nombres : nombres N ... N (20 nombres de 1 à 200, jour d'élection), "
        "murmure TEXTE (la nuit, si vous avez un mur-mur), excuse N (absence excusée au jour "
        "N), testament NOM, NOM... (Nombre Fétiche), partager NOM et NOM (gros lot) ; "
        "loups : pad NOM RÔLE, retirer pad.",
        "en": "Les Nombres: nombres N ... N (20 numbers 1-200, election day), murmure TEXT "
        "(at night, if you hold a murmur), excuse N (absence excused on day N), testament "
        "NAME, NAME... (Nombre Fétiche), partager NAME et NAME (jackpot); wolves: pad NAME "
        "ROLE, retirer pad (withdraw).",
    }
}
