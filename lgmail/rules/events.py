"""Events: facts in the past tense, frozen dataclasses with a type name and a schema version.

Every event type is registered here; `events/schemas/` holds one JSON Schema per type, generated
from these classes (`python -m lgmail.tools.schemas`). Old schema versions are upcast on read by
the functions in `UPCASTERS`, never rewritten in the store.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

Payload = dict[str, Any]


@dataclass(frozen=True)
class Event:
    TYPE: ClassVar[str] = ""
    VERSION: ClassVar[int] = 1

    def payload(self) -> Payload:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}


REGISTRY: dict[str, type[Event]] = {}
UPCASTERS: dict[tuple[str, int], Callable[[Payload], Payload]] = {}

E = TypeVar("E", bound=type[Event])


def event(cls: E) -> E:
    """Register an event class under its class name."""
    cls.TYPE = cls.__name__
    REGISTRY[cls.TYPE] = cls
    return cls


def upcaster(
    type_name: str, from_version: int
) -> Callable[[Callable[[Payload], Payload]], Callable[[Payload], Payload]]:
    """Register a function turning a payload of `from_version` into `from_version + 1`."""

    def register(fn: Callable[[Payload], Payload]) -> Callable[[Payload], Payload]:
        UPCASTERS[(type_name, from_version)] = fn
        return fn

    return register


class UnknownEvent(Exception):
    pass


def decode(type_name: str, schema_version: int, payload: Payload) -> Event:
    """Rebuild an event from the store, upcasting old schema versions first."""
    cls = REGISTRY.get(type_name)
    if cls is None:
        raise UnknownEvent(type_name)
    version = schema_version
    while version < cls.VERSION:
        payload = UPCASTERS[(type_name, version)](dict(payload))
        version += 1
    return cls(**payload)


# --- setting up ---------------------------------------------------------------------------


@event
@dataclass(frozen=True)
class GameCreated(Event):
    """A game exists. `players`: [{"name", "email", "lang"}], with "gender" ("m" or "f") when
    the MJ gave one (the texts use both forms without it); `options`: the rule set's options.

    Version 2 added `mj` (the MJ's address); version 1 payloads are upcast with `mj = None`.
    """

    VERSION: ClassVar[int] = 2
    variant: str
    lang: str
    players: list[dict[str, str]]
    options: dict[str, Any]
    mj: str | None = None


@upcaster("GameCreated", 1)
def _game_created_v1(payload: Payload) -> Payload:
    payload.setdefault("mj", None)
    return payload


@event
@dataclass(frozen=True)
class RolesDealt(Event):
    """The deal: player name -> role slug. `drawn` is true when it was drawn at random. `aside`:
    the cards set aside for a player's role, player name -> role slugs (004: the Voleur's two
    cards, the Comédien's three roles); known to that player only."""

    roles: dict[str, str]
    drawn: bool
    aside: dict[str, list[str]] = field(default_factory=dict)


@event
@dataclass(frozen=True)
class GameStarted(Event):
    pass


@event
@dataclass(frozen=True)
class PhaseOpened(Event):
    """A phase (election, night, day) rises; `steps` plans its steps with their deadlines."""

    kind: str
    number: int
    at: str
    deadline: str
    steps: list[dict[str, str]]


@event
@dataclass(frozen=True)
class StepOpened(Event):
    step: str
    at: str
    deadline: str
    actors: list[str]


@event
@dataclass(frozen=True)
class OrderAccepted(Event):
    """A player's order, recorded for `step`; it replaces an earlier one of the same kind."""

    player: str
    step: str
    kind: str
    targets: list[str] = field(default_factory=list)
    blank: bool = False


@event
@dataclass(frozen=True)
class StepClosed(Event):
    """`reason`: "complete" (everyone acted), "deadline" or "mj"."""

    step: str
    reason: str
    at: str


# --- results --------------------------------------------------------------------------------


@event
@dataclass(frozen=True)
class VotesCounted(Event):
    """A vote closed. `votes`: voter -> target (None: blank); `tally`: weighted counts."""

    step: str
    votes: dict[str, str | None]
    tally: dict[str, float]
    chosen: str | None
    tied: list[str]


@event
@dataclass(frozen=True)
class CaptainElected(Event):
    """The election's outcome; None after a tie: no captain for the whole game (004)."""

    name: str | None


@event
@dataclass(frozen=True)
class CaptainPassed(Event):
    """The title goes from a dead captain to `to`; `how`: "named" or "drawn"."""

    frm: str
    to: str | None
    how: str


@event
@dataclass(frozen=True)
class RandomDrawn(Event):
    """A random draw and its outcome, so a replay never draws again."""

    purpose: str
    among: list[str]
    chosen: list[str]


@event
@dataclass(frozen=True)
class LoversUnited(Event):
    cupidon: str
    lovers: list[str]


@event
@dataclass(frozen=True)
class SeerSaw(Event):
    seer: str
    target: str
    role: str


@event
@dataclass(frozen=True)
class GuardProtected(Event):
    guard: str
    target: str


@event
@dataclass(frozen=True)
class WolvesChose(Event):
    """The wolves' victim: the last order of a living wolf (004: "le dernier message")."""

    victim: str | None
    by: str | None


@event
@dataclass(frozen=True)
class WitchToldVictim(Event):
    witch: str
    victim: str


@event
@dataclass(frozen=True)
class PotionUsed(Event):
    """`potion`: "vie" or "mort"."""

    witch: str
    potion: str
    target: str


@event
@dataclass(frozen=True)
class AncienResisted(Event):
    """The Ancien's bonus life is spent; he is never told (004)."""

    name: str


@event
@dataclass(frozen=True)
class PlayerDied(Event):
    """`cause`: wolves, poison, stake, grief, shot, struck. `role` is revealed with the death."""

    name: str
    cause: str
    role: str


@event
@dataclass(frozen=True)
class PowersLost(Event):
    """The village's special powers are gone (003: the Ancien died)."""

    reason: str
    roles: list[str]


@event
@dataclass(frozen=True)
class ReactionAwaited(Event):
    """The game waits for a reaction at death: `kind` "tirer" or "successeur"."""

    player: str
    kind: str
    deadline: str


@event
@dataclass(frozen=True)
class HunterShot(Event):
    """The Chasseur's last bullet; `target` None when he let the delay pass."""

    hunter: str
    target: str | None


@event
@dataclass(frozen=True)
class DawnBroke(Event):
    """The night is resolved; its deaths were announced just before."""

    night: int


@event
@dataclass(frozen=True)
class GameEnded(Event):
    winner: str | None
    winners: list[str]


# --- the MJ's hand -------------------------------------------------------------------------


@event
@dataclass(frozen=True)
class DeadlineExtended(Event):
    """The current step's deadline, the later steps' and the phase's move by `minutes`."""

    step: str
    minutes: int


@event
@dataclass(frozen=True)
class GamePaused(Event):
    at: str


@event
@dataclass(frozen=True)
class GameResumed(Event):
    """Every pending deadline moved by the length of the pause (`seconds`)."""

    at: str
    seconds: int


@event
@dataclass(frozen=True)
class PlayerReplaced(Event):
    """A substitute (`by`, at `email`) takes the seat `name`."""

    name: str
    email: str
    by: str


@event
@dataclass(frozen=True)
class Announced(Event):
    text: str


@event
@dataclass(frozen=True)
class MailBounced(Event):
    """A mail to `name` at `email` bounced (a delivery status notification), for the MJ."""

    name: str
    email: str
    status: str


@event
@dataclass(frozen=True)
class MessagePosted(Event):
    """A player's message relayed on `channel` to `readers` (004: each group's forum)."""

    channel: str
    author: str
    text: str
    readers: list[str]


@event
@dataclass(frozen=True)
class RemindersSent(Event):
    """The players late in `step` are reminded of its deadline (once per step)."""

    step: str
    players: list[str]
    deadline: str


@event
@dataclass(frozen=True)
class AbsenceNoted(Event):
    """Living players who gave no order during day `day` and the following night (issue #4,
    002's absences): the rule set's policy applies; the MJ is told."""

    day: int
    night: int
    players: list[str]


@event
@dataclass(frozen=True)
class PlayerPresent(Event):
    """`player` wrote to the game this phase and no order of his was recorded (a refused one,
    a post on a channel): he is present all the same (002: « les absences », of who sends
    nothing, not of who sends badly)."""

    player: str


# --- Les Nombres (002_9504e6e276dc5f60.txt) -----------------------------------------------


@event
@dataclass(frozen=True)
class PlayersMarked(Event):
    """Tied at a vote: no death, and the tied are marked (002: "condamnées à écrire en violet
    jusqu'à ce que l'un d'entre eux meure")."""

    names: list[str]


@event
@dataclass(frozen=True)
class TestamentWritten(Event):
    """The captain's successors in order, four at most (002: "un testament")."""

    captain: str
    heirs: list[str]


@event
@dataclass(frozen=True)
class PadAnnounced(Event):
    """A wolf guesses `target`'s role with the pack's one PAD (002); it counts at dawn."""

    wolf: str
    target: str
    role: str


@event
@dataclass(frozen=True)
class PadWithdrawn(Event):
    """The announced PAD is off: `reason` "withdrawn" (its author took it back) or "void"
    (at dawn it could no longer be used); the pack keeps it."""

    wolf: str
    reason: str


@event
@dataclass(frozen=True)
class PadResolved(Event):
    """The PAD is spent at dawn: right, the target dies with no power triggered; wrong, the
    guessing wolf dies (002)."""

    wolf: str
    target: str
    role: str
    right: bool


@event
@dataclass(frozen=True)
class AbsenceExcused(Event):
    """A player excused in advance for debate day `day` and the night after it (002)."""

    player: str
    day: int


@event
@dataclass(frozen=True)
class LotteryTicket(Event):
    """A player's 20 numbers between 1 and 200, given on the election day (002)."""

    player: str
    numbers: list[int]


@event
@dataclass(frozen=True)
class LotteryDrawn(Event):
    """The dawn of day `day`'s draw (the numbers come from the RandomDrawn just before):
    `winners` earn a murmur, `jackpot` had all 20 right (002)."""

    day: int
    numbers: list[int]
    winners: list[str]
    jackpot: list[str]


@event
@dataclass(frozen=True)
class JackpotShared(Event):
    """The jackpot's winner shares unlimited murmurs with two players of his choice (002)."""

    winner: str
    players: list[str]


@event
@dataclass(frozen=True)
class MurmurWritten(Event):
    """A murmur for tonight (`words` as counted against the limit); it replaces an earlier one
    of the same night."""

    player: str
    night: int
    text: str
    words: int


@event
@dataclass(frozen=True)
class MurmurPublished(Event):
    """Dawn: a murmur whose author survived the night appears (002), without its author."""

    player: str
    night: int
    text: str


@event
@dataclass(frozen=True)
class MurmurVoided(Event):
    """The MJ voids a player's murmur of the night before it appears (002: "remplacé par des
    0"); the murmur is spent."""

    player: str
    night: int


# --- Thiercelieux (004_c21bac90ae6ca834.txt) ------------------------------------------------


@event
@dataclass(frozen=True)
class CampShown(Event):
    """What a death announces besides the role (004's colour code): `colour` of the camp
    ("bleu", "rouge", "orange", "rose", "vert", "violet", "bleu-rouge") and the `statuses`
    004 says to announce ("infecte", "acolyte", "amoureux")."""

    name: str
    colour: str
    statuses: list[str] = field(default_factory=list)


@event
@dataclass(frozen=True)
class RoleRevealed(Event):
    """`name`'s role is made public while alive (the Idiot du Village spared by the stake)."""

    name: str
    role: str
    why: str


@event
@dataclass(frozen=True)
class TieBroken(Event):
    """The captain with the power to break ties ("tranchage", 004) chose who burns; `target`
    None when he let the delay pass."""

    captain: str
    target: str | None


@event
@dataclass(frozen=True)
class PowerUsed(Event):
    """A power spent (once-a-game powers) or used tonight, resolved at dawn: `power` names it
    ("gml", "blanc", "infection", "corbeau", ...)."""

    player: str
    power: str
    target: str | None = None


@event
@dataclass(frozen=True)
class CoupleFailed(Event):
    """Cupidon named a forbidden couple (004): no lovers, and nobody is told."""

    cupidon: str
    lovers: list[str]
    why: str


@event
@dataclass(frozen=True)
class ModelChosen(Event):
    """The Enfant Sauvage's model (004); `drawn` when he named none in time."""

    child: str
    model: str
    drawn: bool = False


@event
@dataclass(frozen=True)
class CampChanged(Event):
    """`name` now plays for `camp` (004: the Enfant Sauvage whose model died, the infected).
    `status` is the status that says why ("sauvage-loup", "infecte")."""

    name: str
    camp: str
    status: str


@event
@dataclass(frozen=True)
class DenJoined(Event):
    """`name` joins the wolves' den ("La clairière des Loups") and its nightly kill."""

    name: str
    why: str


@event
@dataclass(frozen=True)
class FoxSniffed(Event):
    """The Renard's answer (004): is there a wolf among `group`? No wolf: his power is lost."""

    fox: str
    target: str
    group: list[str]
    found: bool


@event
@dataclass(frozen=True)
class RavenMarked(Event):
    """The Corbeau's sign before `target`'s house: one vote against him at the stake of `day`."""

    raven: str
    target: str
    day: int


@event
@dataclass(frozen=True)
class VotersNamed(Event):
    """The scapegoat, dead of a tie, names who votes at the stake of `day` (004)."""

    scapegoat: str
    voters: list[str]
    day: int


@event
@dataclass(frozen=True)
class VoteLost(Event):
    """`name` may vote no more (004: the Idiot du Village once revealed)."""

    name: str


@event
@dataclass(frozen=True)
class PriestAnswered(Event):
    """The Prêtre's answer (004): is `target` a Simple Villageois?"""

    priest: str
    target: str
    simple: bool


@event
@dataclass(frozen=True)
class VoteBoosted(Event):
    """`player`'s vote counts one more at the stake of `day` (004: the Princesse)."""

    player: str
    day: int


@event
@dataclass(frozen=True)
class NightSkipped(Event):
    """Night `night` will not happen: a new stake rises at once (004: the Marchand de Sable's
    sleep, `why` "sable"; the Fée burnt, "fee")."""

    night: int
    why: str


@event
@dataclass(frozen=True)
class MetronomeTurned(Event):
    """The Métronome's role for night `night` (004), from the `number` drawn (1..10, the
    RandomDrawn just before); `asleep`: who has that role and sleeps through the night."""

    metronome: str
    night: int
    number: int
    role: str
    asleep: list[str] = field(default_factory=list)


@event
@dataclass(frozen=True)
class PlayersCharmed(Event):
    """The Joueur de Flûte charmed `names` tonight (004); the charmed know one another."""

    piper: str
    names: list[str]


@event
@dataclass(frozen=True)
class ColourSeen(Event):
    """The colour the Voyante is told with a role whose colour changes (004, Enfant Sauvage:
    « Le MJ utilise ce même code couleur pour répondre au sondage de la Voyante. »)."""

    seer: str
    target: str
    colour: str


@event
@dataclass(frozen=True)
class NightSlept(Event):
    """`name` is told at the end of night `night`: « Tu ne te réveilles pas cette Nuit » (004,
    Métronome)."""

    name: str
    night: int


@event
@dataclass(frozen=True)
class ClientsChosen(Event):
    """The Avocat's two clients (004), never told; `drawn` when he named none in time."""

    avocat: str
    clients: list[str]
    drawn: bool = False


@event
@dataclass(frozen=True)
class SectaireAnnounced(Event):
    """004: « Le MJ annonce toujours, au début de la partie [...] qu'il a mis un Abominable
    Sectaire dans sa partie », with the two lists of two groups (`lists`: letter -> group ->
    names)."""

    lists: dict[str, dict[str, list[str]]]


@event
@dataclass(frozen=True)
class ListChosen(Event):
    """The Abominable Sectaire's list for the whole game (004); `drawn` when he chose none in
    time."""

    sectaire: str
    liste: str
    drawn: bool = False


@event
@dataclass(frozen=True)
class MoveOrdered(Event):
    """The list in which the Abominable Sectaire's move of tonight (his `deplacer` order)
    applies."""

    sectaire: str
    target: str
    liste: str


@event
@dataclass(frozen=True)
class GroupChanged(Event):
    """`name` moves from group `frm` to group `to` of list `liste`, announced at dawn (004)."""

    name: str
    liste: str
    frm: str
    to: str


@event
@dataclass(frozen=True)
class ThiefChose(Event):
    """The Voleur's choice at the deal (004: « choisir l'un des deux rôles présentés ou rester
    Voleur »): `role` is the card he takes, "voleur" when he stays; `drawn` when he had two wolf
    cards and chose none in time (« il est obligé d'en choisir une »)."""

    voleur: str
    role: str
    drawn: bool = False


@event
@dataclass(frozen=True)
class RecruitAttempted(Event):
    """The Maître Vampire's recruit of tonight (004: « Le recrutement d'un joueur se fait la
    Nuit mais la résolution n'est effective qu'au lever du Jour suivant »); told to nobody."""

    vampire: str
    target: str


@event
@dataclass(frozen=True)
class GridPlaced(Event):
    """The Petite Fille's map (004): « Le MJ prévoie secrètement, avant le début de la partie,
    deux cases par Loup-Garou (Passager et Égaré compris) et autant de case Petite Fille qu'il
    y a de Loup-Garou. » `loups`: wolf -> his two squares; `drawn` when the MJ gave none that
    holds. Secret: the MJ's only."""

    loups: dict[str, list[str]]
    petite_fille: list[str]
    drawn: bool = False


@event
@dataclass(frozen=True)
class MarquiseChose(Event):
    """The Marquise's action of night `night` (004: « La Marquise choisit une de ces trois
    actions chaque Nuit »): `action` is "lettre" (with its `text`), "sentence" or "jeux" (with
    its `target`); her last order of the night counts."""

    marquise: str
    night: int
    action: str
    target: str | None = None
    text: str = ""


@event
@dataclass(frozen=True)
class SentencePassed(Event):
    """004, « Sentence de la marquise »: `target` loses his night and day powers « pour la Nuit
    en cours et le bûcher suivant »; he is not told."""

    marquise: str
    target: str
    night: int


@event
@dataclass(frozen=True)
class AcolytesRecruited(Event):
    """At dawn, `names` become the Maître Vampire's acolytes (004: a Villager, or « le couple
    entier » of two Villagers, « en ne consommant qu'un seul recrutement réussi »)."""

    vampire: str
    names: list[str]


@event
@dataclass(frozen=True)
class SquareChosen(Event):
    """The square the Petite Fille watches tonight (her `espionner` order)."""

    petite_fille: str
    square: str


@event
@dataclass(frozen=True)
class RecruitFailed(Event):
    """At dawn, the Maître Vampire's recruit of `target` failed; `why`: "maitre-mort" (told to
    nobody: « n'est pas non plus averti »), "cible-morte", "camp", "couple", "enfant-sauvage",
    "acolyte", "limite"."""

    vampire: str
    target: str
    why: str


@event
@dataclass(frozen=True)
class SquareWatched(Event):
    """What the square hid (004): `found` "loup" (`wolf` named to her), "petite-fille" (« La
    Petite Fille est découverte et elle est dévorée sur le champ. La victime initiale des
    Loups-Garous est annulée. ») or "vide"."""

    petite_fille: str
    square: str
    found: str
    wolf: str | None = None


@event
@dataclass(frozen=True)
class PowerProbed(Event):
    """004, « Jeux de pouvoir »: the Marquise learns `target`'s power, the role (`power`) or None
    for « Pas de pouvoir », never his camp."""

    marquise: str
    target: str
    power: str | None


@event
@dataclass(frozen=True)
class WolfBurnt(Event):
    """The Pyromane set fire to the pack's victim (004): « c'est le Loup-Garou qui effectue le
    meurtre qui est éliminé » at dawn, and « le Villageois reste en vie (il n'y a pas de
    victime) »."""

    wolf: str
    victim: str


@event
@dataclass(frozen=True)
class WardenNamed(Event):
    """The Garde Champêtre's title given (004: « désigné par le Capitaine lorsque celui-ci vient
    d'être élu », « le Capitaine désigne immédiatement son remplaçant »): `how` "named" by the
    Capitaine `captain`, or "drawn" (no Capitaine, or none named in time)."""

    captain: str | None
    garde: str
    how: str = "named"


@event
@dataclass(frozen=True)
class LetterPublished(Event):
    """004, « Lettre de la marquise »: « publié en début de journée par le meneur »; the public
    reads the text, not who wrote it."""

    marquise: str
    text: str
    night: int


@event
@dataclass(frozen=True)
class NewMoonDue(Event):
    """A « Nouvelle Lune » event is to be drawn for day `day` (004: « A la fin de chaque Nuit »;
    a night skipped: « avec tirage d'un nouvel événement à ce moment-là »)."""

    day: int


@event
@dataclass(frozen=True)
class AlignmentDealt(Event):
    """A multi-class role's alignment (004: « Il peut être Loup-Garou ou Villageois », « en
    fonction du choix du MJ »): "loup" (a member of the den) or "village"; `drawn` when the MJ
    gave none."""

    name: str
    alignment: str
    drawn: bool = False


@event
@dataclass(frozen=True)
class EventsOffered(Event):
    """004: « le MJ tire au sort deux événements [...] et les annonce en privé au Garde
    Champêtre »."""

    garde: str
    day: int
    events: list[str]


@event
@dataclass(frozen=True)
class EventChosen(Event):
    """The Garde Champêtre's choice of the event « qui sera appliqué au lever du Jour »; `drawn`
    when he chose none in time."""

    garde: str
    event: str
    drawn: bool = False


@event
@dataclass(frozen=True)
class KnockOutOrdered(Event):
    """The Assommeur's order of tonight, in the order written (004: « le premier qui envoie son
    action est gagnant »)."""

    assommeur: str
    target: str


@event
@dataclass(frozen=True)
class EventCardDrawn(Event):
    """The card the MJ drew for the Gitane (004: « tirer au sort une carte "événement" »)."""

    gitane: str
    event: str


@event
@dataclass(frozen=True)
class KnockedOut(Event):
    """`target` is knocked out for the night (004, Assommeur: « ne pourra donc pas agir de toute
    la Nuit »); he is told at dawn (`NightActionFoiled`)."""

    assommeur: str
    target: str


@event
@dataclass(frozen=True)
class NightActionFoiled(Event):
    """What 004 tells a player at the end of the night about his actions: `how` is "assomme"
    (« Le joueur est mis au courant qu'il a été assommé »), "redirige" (« Chaque joueur dont
    l'action a été redirigée, est prévenu »), "manipule" (« Tu as été manipulé ») or "echoue"
    (Protecteur: « les autres spés reçoivent "ton action a échoué" »)."""

    name: str
    how: str
    night: int


@event
@dataclass(frozen=True)
class ShieldRaised(Event):
    """The Protecteur protects `target` for the night from every night action (004), but the
    knock-out and the Avocat's choice; told to nobody."""

    protecteur: str
    target: str


@event
@dataclass(frozen=True)
class RedirectionSet(Event):
    """Tonight, every action aimed at `frm` is aimed at `to` (004, Redirecteur); told to
    nobody."""

    redirecteur: str
    frm: str
    to: str


@event
@dataclass(frozen=True)
class TelepathyWritten(Event):
    """The Télépathe's message of tonight (his `telepathie` order), handed on at dawn."""

    telepathe: str
    target: str
    text: str


@event
@dataclass(frozen=True)
class EventApplied(Event):
    """A « Nouvelle Lune » event applied at the rising of day `day`, announced publicly with its
    text (004: « le MJ annoncera en place publique quelle carte de la liste a été tirée au sort
    et quel en est le résultat »); `by` "garde" or "gitane"."""

    day: int
    by: str
    nom: str
    name: str
    texte: str
    text: str
    effet: str


@event
@dataclass(frozen=True)
class TelepathMessage(Event):
    """004, Télépathe: « C'est le Maître du Jeu qui se chargera de transmettre anonymement le
    message vers le joueur choisi, à la fin de la Nuit. » The recipient is told `text` only."""

    telepathe: str
    recipient: str
    text: str
    night: int


@event
@dataclass(frozen=True)
class HouseBurnt(Event):
    """At dawn, `name`'s house burnt: his job is lost and he is a Vagabond (004, Pyromane);
    public, without who lit it."""

    name: str


@event
@dataclass(frozen=True)
class ExtraStakeCalled(Event):
    """A further stake of `minutes` on day `day`, called by the active event `event` (004: « le
    bûcher supplémentaire d'une heure lié à l'événement »)."""

    day: int
    event: str
    minutes: int = 60


@event
@dataclass(frozen=True)
class PowerRemoved(Event):
    """004, Fantôme: `target`'s power is taken away from the dawn after night `night` (« Le
    pouvoir supprimé par le Fantôme ne l'est qu'au lever du Jour »), while a Fantôme lives;
    nobody is told (« le joueur ciblé n'est pas non plus mis au courant »)."""

    fantome: str
    target: str
    night: int


@event
@dataclass(frozen=True)
class AllyMade(Event):
    """004: the Fantôme makes the dead `ally` his Allié (« transformer un des joueurs éliminés
    en son Allié »); only the two of them are told."""

    fantome: str
    ally: str


@event
@dataclass(frozen=True)
class GhostSpared(Event):
    """004: the Fantôme survives `cause` (« le Fantôme ne peut être tué que de Jour »: the
    poison, the Chasseur's shot after a death at night, the wolves' first murder, the Grand
    Méchant Loup's); told to nobody."""

    name: str
    cause: str


@event
@dataclass(frozen=True)
class DeadGuessed(Event):
    """004, « La voix des morts »: the dead `player` names `suspect` as the Fantôme's Allié, once
    in the game; weighed at the next dawn."""

    player: str
    suspect: str


@event
@dataclass(frozen=True)
class VoicesWeighed(Event):
    """The dead's guesses weighed at dawn after night `night`; `right` when one named the
    Allié."""

    night: int
    right: bool


@event
@dataclass(frozen=True)
class DeadVoiceSpoke(Event):
    """004: « le MJ écrira au lever du Jour suivant un message signé "La voix des morts"
    révélant qu'il y a un Fantôme dans la partie »: public, names nobody."""

    night: int


@event
@dataclass(frozen=True)
class ManipulatorVisited(Event):
    """The Loup-Garou Manipulateur « se rend chez » `visited` tonight (004); told to nobody."""

    manipulateur: str
    visited: str


@event
@dataclass(frozen=True)
class VisitReported(Event):
    """004: « C'est à la fin de la Nuit [...] que le MJ indique au Loup-Garou Manipulateur si le
    joueur ciblé a agit. » (« Ex : Joueur A a agit cette Nuit. »)"""

    manipulateur: str
    visited: str
    acted: bool


@event
@dataclass(frozen=True)
class ActionManipulated(Event):
    """`player`'s action `key` (order `kind`) has `to` as its recipient (004: « Son action reste
    valable et le résultat de celle-ci est obtenu par rapport à la cible indiquée par le
    Loup-Garou Manipulateur »); `drawn` when he had several (« par tirage au sort »)."""

    manipulateur: str
    player: str
    key: str
    kind: str
    to: str
    drawn: bool = False


@event
@dataclass(frozen=True)
class ActorBecame(Event):
    """The Comédien becomes one of his three roles (004: « devenir l'un de ces trois rôles,
    jusqu'au début de la Nuit suivante »), from night `night` to the next stake."""

    comedien: str
    role: str
    night: int


@event
@dataclass(frozen=True)
class ExtraStakeOpened(Event):
    """The further stake of day `day` rises."""

    day: int


@event
@dataclass(frozen=True)
class PassengerWrote(Event):
    """The Passager's message of tonight to the den (004: « vingt mots » at most, `words` as
    counted), held for the MJ's validation until the end of the night."""

    passager: str
    text: str
    words: int
    night: int


@event
@dataclass(frozen=True)
class ServanteTold(Event):
    """004: « le MJ annonce à la Servante Dévouée les joueurs qui sont éliminés cette Nuit-là,
    sans révéler le(s) rôle(s) »: who dies at dawn as the night's actions stand."""

    servante: str
    night: int
    names: list[str]


@event
@dataclass(frozen=True)
class PassengerMessageVoided(Event):
    """The MJ has the Passager's message rewritten (004: « Le MJ valide le message ou le fait
    réécrire au besoin »); it will not be handed on."""

    passager: str
    night: int


@event
@dataclass(frozen=True)
class PassengerMessageDelivered(Event):
    """004: « Le message sera transmis à la fin de la Nuit s'il est validé par le MJ », to the
    den's `readers`, without its author's name."""

    passager: str
    text: str
    readers: list[str]
    night: int


@event
@dataclass(frozen=True)
class RoleTaken(Event):
    """The Servante Dévouée takes `target`'s role (`role`) before the dawn's deaths (004); the
    target is then a "servante-devouee" and dies announced as such."""

    servante: str
    target: str
    role: str
