"""Avocat (004): an independent who names two clients the first night and wins when one of them
wins alive; he dies with his last client.

« Pendant la première Nuit, l'Avocat choisit le nom de deux joueurs autres que lui-même, qui
deviennent ses clients. » « de faire en sorte qu'au moins un des deux clients remporte la partie
vivant » « le Maître du Jeu précisera, selon sa volonté, si l'Avocat doit rester en vie ou non à
la fin de la partie pour gagner » (the option `avocat_vivant`). « à la mort du dernier client,
l'Avocat est aussitôt éliminé de la partie. A l'inverse, la mort de l'Avocat n'a aucune incidence
sur ses clients. » « Les clients ne se connaissent pas entre eux et ne connaissent pas non plus
l'Avocat. Ils ne connaissent pas non plus leur statut de client. »

Rulings: clients not named by the end of the first night's step are drawn (a recorded draw);
his victory « suppose la victoire d'un autre camp », so he stands in no camp's way: the camps
win without having to eliminate him.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, checks, folds, may_give, resolves, tells
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.role import RoleSpec, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import layers
from lgmail.rules.thiercelieux.roles.infect_pere_des_loups import STATUS as INFECTED
from lgmail.rules.tx import Tx

#: 004: the Avocat's two clients
CLIENTS = Verb(
    Kind.declare("clients"),
    ("clients", "client", "defendre", "defends", "defend", "represent"),
    2,
    {"fr": "clients NOM et NOM", "en": "clients NAME et NAME (your two clients)"},
)


ROLE = RoleSpec(
    slug="avocat",
    camp="independant",
    names={"fr": "Avocat", "en": "Lawyer"},
    orders=frozenset({CLIENTS.kind}),
    verbs=(CLIENTS,),
    step="loups",
    help={
        "fr": "La première nuit : « clients NOM et NOM » (pas vous-même). Vous gagnez si l'un "
        "d'eux gagne vivant ; vous mourez avec le dernier d'entre eux.",
        "en": 'The first night: "clients NAME et NAME" (not yourself). You win when one of them '
        "wins alive; you die with the last of them.",
    },
)

#: the game option: must the Avocat be alive at the end to win (004: « selon sa volonté »)
ALIVE_OPTION = "avocat_vivant"
#: the cause of his death with his last client
CAUSE = "clients"


def key(name: str) -> str:
    """`GameState.extra` key of `name`'s clients."""
    return f"clients:{name}"


def clients(state: GameState, lawyer: Player) -> list[str]:
    return list(state.extra.get(key(lawyer.name), []))


def pleading(player: Player) -> bool:
    """An Avocat bound to his clients: not one the Infect Père des Loups infected (004: the
    infected « obtient leur condition de victoire en remplacement de sa condition de victoire
    initiale », so he no longer wins nor dies with his clients)."""
    return player.role == ROLE.slug and INFECTED not in player.status


def bereft(state: GameState) -> list[Player]:
    """The living Avocats whose clients are all dead."""
    return [
        p
        for p in state.by_role(ROLE.slug)
        if pleading(p)
        and clients(state, p)
        and not any(state.players[c].alive for c in clients(state, p))
    ]


def winners(state: GameState, won: list[str]) -> list[str]:
    """The Avocats who win with `won`: a client among them alive, and alive themselves when the
    option says so."""
    alive_needed = bool(state.options.get(ALIVE_OPTION, True))
    return [
        p.name
        for p in state.players.values()
        if pleading(p)
        and (p.alive or not alive_needed)
        and any(c in won and state.players[c].alive for c in clients(state, p))
    ]


@event
@dataclass(frozen=True)
class ClientsChosen(Event):
    """The Avocat's two clients (004), never told; `drawn` when he named none in time."""

    avocat: str
    clients: list[str]
    drawn: bool = False


@folds(ClientsChosen)
def _clients(s: GameState, e: ClientsChosen) -> None:
    s.extra[f"clients:{e.avocat}"] = list(e.clients)


@tells(ClientsChosen)
def _tell_clients(s: GameState, e: ClientsChosen, later: Sequence[Event]) -> list[Notice]:
    """004: the clients are never told, the Avocat is."""
    return [Notice(e.avocat, "roles:avocat:clients", e.payload())]


# --- in 004 (thiercelieux): its night ---


@resolves("thiercelieux", "clients")
def _resolve_clients(tx: Tx) -> None:
    """004: the Avocat's clients, the first night; drawn when he named none (ruling)."""
    s = tx.state
    if s.number != 1:
        return
    for lawyer in s.by_role(ROLE.slug):
        if clients(s, lawyer):
            continue
        given = s.order_of(lawyer.name, CLIENTS.kind)
        if given is not None and not layers.due(s, lawyer.name, "clients"):
            continue
        if given is not None and layers.acts(s, lawyer.name, "clients"):
            named = list(given.order.targets)
            landed = layers.aim(s, lawyer.name, "clients", CLIENTS.kind, named) or named
            if lawyer.name in landed or len(set(landed)) != 2:
                # ruling: a redirection cannot make him his own client, nor one client twice
                landed = named
            tx.emit(ClientsChosen(lawyer.name, landed))
            continue
        others = [n for n in s.living_names() if n != lawyer.name]
        if len(others) >= 2:
            chosen = tx.draw(f"clients:{lawyer.name}", others, 2)
            tx.emit(ClientsChosen(lawyer.name, chosen, drawn=True))


# --- in 004 (thiercelieux): its orders ---


@may_give(ROLE.slug, CLIENTS.kind)
def _may_choose(state: GameState, player: Player) -> bool:
    # 004: « Pendant la première Nuit »
    return state.number == 1 and not clients(state, player)


@checks(ROLE.slug, CLIENTS.kind)
def _check_clients(state: GameState, player: Player, order: Order) -> None:
    # 004: « deux joueurs autres que lui-même »
    if len(set(order.targets)) != 2:
        raise Refused(Cause.ILLEGAL_TARGET, target=" / ".join(order.targets), why="two")
    if player.name in order.targets:
        raise Refused(Cause.ILLEGAL_TARGET, target=player.name, why="self")
