"""Abominable Sectaire (004): an independent who wins alone, alive, when the group opposed to
his own has no member left; the MJ gives two lists of two groups each (the option
`sectaire_listes`: {"A": {group: [names], group: [names]}, "B": {...}}); he chooses one list at
the deal and, each night, may move one player from a group to the other of the same list.

« en éliminant tous les joueurs d'un groupe opposé au sien, tout en restant en vie » « Lors de
la distribution des rôles, le MJ transmettra à l'Abominable Sectaire ces deux listes et ce
dernier lui dira laquelle des deux il choisit pour la partie. » « Il peut se choisir lui-même
comme joueur à déplacer. Il peut également déplacer des joueurs dans la liste qu'il n'a pas
choisi » « Il ne peut pas, en revanche, déplacer un joueur d'une liste à une autre » « Lorsque le
dernier membre du groupe à éliminer disparait, et si l'Abominable Sectaire survit aux éventuelles
conséquences de cette élimination, alors il gagne instantanément la partie. »

Rulings: a list not chosen by the end of the first night's first step is drawn (a recorded
draw); the groups and their changes are public (« Il tiendra un topic spécialement dédié à la
répartition des joueurs »), the list he chose is not; « son groupe » is the group he is in now;
his private room (« L'Église de l'Abominable Sectaire ») is his private line to the MJ.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from lgmail.rules import events as ev
from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, accepts, done_in, folds, may_give, resolves, tells
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refusal, Refused
from lgmail.rules.role import RoleSpec, Said, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import acting, tonight
from lgmail.rules.tx import Tx


def _sectaire(said: Said) -> Order | Refusal:
    """004's Abominable Sectaire: « liste A », « deplacer NOM liste B » (the list as a letter,
    after "liste" or last)."""
    kind, rest = said.verb.kind, said.rest
    folded = [said.fold(w) for w in rest]
    letter, keep = None, rest
    for i, word in enumerate(folded[:-1]):
        if word in ("liste", "list") and folded[i + 1] in ("a", "b"):
            letter, keep = folded[i + 1].upper(), rest[:i] + rest[i + 2 :]
            break
    last = folded[-1] if folded else ""
    if letter is None and last in ("a", "b") and (kind is LISTE.kind or len(folded) > 1):
        letter, keep = last.upper(), rest[:-1]
    if kind is LISTE.kind:
        return (
            Order(kind, args=(letter,))
            if letter
            else Refusal(Cause.UNREADABLE, {"missing": "list"})
        )
    got = said.name(keep)
    if isinstance(got, Refusal):
        return got
    return Order(kind, (got,), args=(letter,) if letter else ())


#: 004: the Abominable Sectaire's list, then his nightly move
LISTE = Verb(
    Kind.declare("liste"),
    ("liste", "list"),
    hint={"fr": "liste A (ou B)", "en": "liste A (or B: your list)"},
    read=_sectaire,
    short_args=True,
    # « Lors de la distribution des rôles »: with the first night's first step
    step="cupidon",
)
DEPLACER = Verb(
    Kind.declare("deplacer"),
    ("deplacer", "deplace", "move"),
    hint={
        "fr": "deplacer NOM liste A (ou B)",
        "en": "deplacer NAME liste A (or B: move to the other group)",
    },
    read=_sectaire,
    short_args=True,
)


ROLE = RoleSpec(
    slug="abominable-sectaire",
    camp="independant",
    names={"fr": "Abominable Sectaire", "en": "Abominable Sectarian"},
    orders=frozenset({LISTE.kind, DEPLACER.kind}),
    verbs=(LISTE, DEPLACER),
    step="loups",
    help={
        "fr": "Dès le début : « liste A » ou « liste B » (pour toute la partie). Chaque nuit : "
        "« deplacer NOM liste A » (ou B) fait changer un joueur de groupe dans cette liste "
        "(vous-même permis). Vous gagnez seul·e, vivant·e, quand le groupe opposé au vôtre "
        "n'a plus personne. Votre salle : « L'Église de l'Abominable Sectaire ».",
        "en": 'At the start: "liste A" or "liste B" (for the whole game). Each night: '
        '"deplacer NAME liste A" (or B) moves a player to the other group of that list '
        "(yourself allowed). You win alone, alive, when the group opposed to yours has no one "
        "left. Your room: « L'Église de l'Abominable Sectaire ».",
    },
)

OPTION = "sectaire_listes"
LISTS = ("A", "B")
GROUPS = "sectaire:groupes"


def lists(state: GameState) -> dict[str, dict[str, list[str]]]:
    """The groups now: the MJ's lists, as the moves left them."""
    current: Any = state.extra.get(GROUPS) or state.options.get(OPTION) or {}
    return {
        str(k): {str(g): list(m) for g, m in v.items()}
        for k, v in current.items()
        if k in LISTS and isinstance(v, dict) and len(v) == 2
    }


def chosen(state: GameState, player: Player) -> str | None:
    got = state.extra.get(f"sectaire:liste:{player.name}")
    return str(got) if got else None


def group_of(state: GameState, liste: str, name: str) -> str | None:
    for group, members in lists(state).get(liste, {}).items():
        if name in members:
            return group
    return None


def other_group(state: GameState, liste: str, group: str) -> str:
    return next(g for g in lists(state)[liste] if g != group)


def winner(state: GameState) -> str | None:
    """The living Sectaire whose opposed group has no living member."""
    for player in state.by_role(ROLE.slug):
        liste = chosen(state, player)
        mine = group_of(state, liste, player.name) if liste else None
        if liste is None or mine is None:
            continue
        opposed = lists(state)[liste][other_group(state, liste, mine)]
        if not any(state.players[n].alive for n in opposed if n in state.players):
            return player.name
    return None


@event
@dataclass(frozen=True)
class SectaireAnnounced(Event):
    """004: « Le MJ annonce toujours, au début de la partie [...] qu'il a mis un Abominable
    Sectaire dans sa partie », with the two lists of two groups (`lists`: letter -> group ->
    names)."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "roles/abominable_sectaire/groupes.txt"

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

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "roles/abominable_sectaire/changement-de-groupe.txt"

    name: str
    liste: str
    frm: str
    to: str


@folds(SectaireAnnounced)
def _announced(s: GameState, e: SectaireAnnounced) -> None:
    s.extra["sectaire:annonce"] = True


@folds(ListChosen)
def _list(s: GameState, e: ListChosen) -> None:
    s.extra[f"sectaire:liste:{e.sectaire}"] = e.liste


@folds(MoveOrdered)
def _move(s: GameState, e: MoveOrdered) -> None:
    s.extra.setdefault(f"deplacer:{s.number}", {})[e.sectaire] = e.liste


@folds(GroupChanged)
def _group(s: GameState, e: GroupChanged) -> None:
    groups = s.extra.get("sectaire:groupes") or s.options.get("sectaire_listes") or {}
    groups = {k: {g: list(m) for g, m in v.items()} for k, v in groups.items()}
    groups[e.liste][e.frm].remove(e.name)
    groups[e.liste][e.to].append(e.name)
    s.extra["sectaire:groupes"] = groups


@tells(ListChosen)
def _tell_list(s: GameState, e: ListChosen, later: Sequence[Event]) -> list[Notice]:
    return [Notice(e.sectaire, "roles:abominable_sectaire:liste", e.payload())]


# --- in 004 (thiercelieux): its night ---


@resolves("thiercelieux", "liste")
def _liste(tx: Tx) -> None:
    """004: the Abominable Sectaire's list; drawn when he chose none (ruling)."""
    s = tx.state
    for player in s.by_role(ROLE.slug):
        if chosen(s, player) or len(lists(s)) != 2:
            continue
        (liste,) = tx.draw(f"liste:{player.name}", list(LISTS))
        tx.emit(ListChosen(player.name, liste, drawn=True))


@resolves("thiercelieux", "deplacer")
def _deplacer(tx: Tx) -> None:
    """004: « Chaque Nuit, l'Abominable Sectaire aura la possibilité d'agir en déplaçant un
    joueur, d'un groupe à l'autre. » announced « lorsqu'il lève le Jour »."""
    s = tx.state
    for player, targets in tonight.given(s, ROLE.slug, DEPLACER.kind):
        liste = s.extra.get(f"deplacer:{s.number}", {}).get(player.name)
        target = targets[0]
        frm = group_of(s, liste, target) if liste else None
        if liste and frm and s.players[target].alive:
            to = other_group(s, liste, frm)
            tx.emit(GroupChanged(target, liste, frm, to))


# --- in 004 (thiercelieux): its orders ---

#: the first night's step, where the deal's choices are made (`base.steps.CUPIDON`)
DEAL_STEP = "cupidon"


@may_give(ROLE.slug, LISTE.kind)
def _may_choose(state: GameState, player: Player) -> bool:
    # « Lors de la distribution des rôles », once for the whole game
    has_lists = len(lists(state)) == 2
    return has_lists and not chosen(state, player)


@done_in(ROLE.slug, DEAL_STEP)
def _done(state: GameState, player: Player) -> bool:
    return chosen(state, player) is not None


@accepts(LISTE.kind, DEPLACER.kind)
def _accept_list(tx: Tx, player: Player, order: Order) -> None:
    """004, Abominable Sectaire: his list, chosen at once and for the whole game; a move
    within one list (his chosen one unless he names the other)."""
    s = tx.state
    if player.role != ROLE.slug:
        raise Refused(Cause.NOT_YOUR_ROLE, kind=order.kind.value)
    liste = order.args[0] if order.args else chosen(s, player)
    if order.kind is LISTE.kind:
        if chosen(s, player):
            # « ne peut pas non plus changer la liste de sa condition de victoire »
            raise Refused(Cause.ALREADY_USED)
        late = s.number > 1 or DEAL_STEP in s.closed_steps
        if late or not acting.may(s, player, LISTE.kind):
            raise Refused(Cause.NOT_NOW, when="deal")
        tx.emit(ListChosen(player.name, str(liste)))
        return
    if not s.players[order.target].alive:
        raise Refused(Cause.ILLEGAL_TARGET, target=order.target, why="dead")
    step = acting.power_step(s, player, order)
    if liste is None or group_of(s, liste, order.target) is None:
        raise Refused(Cause.ILLEGAL_TARGET, target=order.target, why="no-group")
    tx.emit(ev.OrderAccepted(player.name, step, order.kind.value, [order.target]))
    tx.emit(MoveOrdered(player.name, order.target, liste))
