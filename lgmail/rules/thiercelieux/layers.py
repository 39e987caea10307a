"""The night's actions as 004's first actions of the night leave them, written once.

The night order (`order.NIGHT`) puts four actions before every other: the Assommeur's knock-out
(« Cette action a la priorité sur toutes les autres »), the Protecteur's protection, the
Redirecteur's redirection and the Loup-Garou Manipulateur's change of recipient. Each acts on
the actions resolved after its own, by their action key. Every night resolver reads the night's
orders through `tonight.given` (the den's kill and the Sorcière likewise), which asks here
whether a player's action is resolved (`acts`) and where it lands (`aim`); dawn tells each
player what befell his actions (`tell`). What each layer leaves for the night is kept under its
keys here (`knocked_out_key`, ...), which the four roles' modules fold.
"""

from __future__ import annotations

from lgmail.rules.orders import Kind
from lgmail.rules.state import GameState
from lgmail.rules.thiercelieux import acting
from lgmail.rules.thiercelieux.base.steps import SAUVER, TUER
from lgmail.rules.thiercelieux.events import NightActionFoiled
from lgmail.rules.thiercelieux.order import NIGHT, position
from lgmail.rules.tx import Tx

#: the actions of the four layers, in their order
LAYERS = ("assommer", "proteger-tout", "rediriger", "manipuler")

#: 004, Protecteur: « sauf contre l'assommage [...] et sauf contre l'Avocat choisissant ses
#: clients », « ne peut pas interagir avec l'action du Voleur, de Cupidon, du choix de modèle de
#: l'Enfant Sauvage et du choix de liste de l'Abominable Sectaire »; ruling: the Redirecteur's
#: choice acts on actions, not on the player he names
UNSHIELDED = frozenset({"voler", "unir", "modele", "liste", "clients", "rediriger"})
#: 004, Protecteur: the actions « consommées mais n'atteignent pas leur cible » whose effect is a
#: death (or the infection), checked where they kill: the pack's (« l'action des Loups-Garous est
#: validée »), the Grand Méchant Loup's (« consommé sans effet »), the Sorcière's poison (« perdra
#: sa potion de mort »), the Pyromane's match, the Loup-Garou Blanc's, the infection
SPENT = frozenset({"devorer", "eliminer-gml", "eliminer-blanc", "sorciere", "allumer", "infecter"})
#: 004: « Le Redirecteur ne peut pas agir sur la Servante Dévouée. »
UNREDIRECTED = frozenset({"servante"})
#: 004, Loup-Garou Manipulateur: « ne peut pas agir sur la Servante Dévouée », « sur le choix
#: d'un Allié du Fantôme »; ruling: the pack's kill and the infection are the pack's
UNMANIPULATED = frozenset({"servante", "allie", "devorer", "infecter"})


def knocked_out_key(night: int) -> str:
    """`GameState.extra` key of the players the Assommeur knocked out on night `night`: target
    -> assommeur."""
    return f"assomme:{night}"


def shielded_key(night: int) -> str:
    """`GameState.extra` key of the players the Protecteur protects on night `night`."""
    return f"protege-tout:{night}"


def redirected_key(night: int) -> str:
    """`GameState.extra` key of night `night`'s redirections (the Redirecteur's): named player
    -> new target."""
    return f"redirige:{night}"


def visit_key(night: int) -> str:
    """`GameState.extra` key of night `night`'s visits (the Manipulateur's): manipulateur ->
    visited player."""
    return f"manipuler:{night}"


def diverted_key(night: int) -> str:
    """`GameState.extra` key of night `night`'s changed actions (the Manipulateur's): player ->
    {key, kind, to}."""
    return f"manipule:{night}"


def key_of(role: str, kind: Kind) -> str | None:
    """The action key of `role`'s order `kind` in `order.NIGHT`: the pack's kill, the role's one
    action, or the one named like the order."""
    if kind is TUER:
        return "devorer"
    mine = [a.key for a in NIGHT if role in a.roles]
    if len(mine) == 1:
        return mine[0]
    return kind.value if kind.value in mine else (mine[0] if mine else None)


def knocked_out(state: GameState, name: str) -> bool:
    """004, Assommeur: « un joueur qui ne pourra donc pas agir de toute la Nuit »."""
    return state.phase == "night" and name in state.extra.get(knocked_out_key(state.number), {})


def shielded(state: GameState, name: str) -> bool:
    """004: protected tonight by the Protecteur."""
    return state.phase == "night" and name in state.extra.get(shielded_key(state.number), [])


def _after(key: str, layer: str) -> bool:
    """Whether the action `key` comes after the layer's action in the night's order (an action
    not in the order, a role to come, comes after)."""
    keys = [a.key for a in NIGHT]
    return key not in keys or position(key) > position(layer)


def shields(key: str) -> bool:
    """Whether the Protecteur's protection stops the action `key` where it lands."""
    return _after(key, "proteger-tout") and key not in UNSHIELDED


def acts(state: GameState, name: str, key: str) -> bool:
    """Whether `name`'s action `key` is resolved now: a knocked-out player's actions all fail
    (the Assommeurs' own order is settled among them: `assommeur.effective`)."""
    return key == "assommer" or not knocked_out(state, name)


def aim(state: GameState, name: str, key: str, kind: Kind, targets: list[str]) -> list[str] | None:
    """Where `name`'s action `key` (order `kind`) lands; None when it fails. A player protected
    by the Protecteur is dropped from the targets of the actions he stops (« les autres spés
    reçoivent "ton action a échoué" », « le Joueur de Flûte ne charme qu'un seul joueur »); the
    actions `SPENT` keep their target and fail where they kill."""
    landed = landing(state, name, key, kind, targets)
    if not shields(key) or key in SPENT:
        return landed
    kept = [t for t in landed if not shielded(state, t)]
    return None if landed and not kept else kept


def landing(state: GameState, name: str, key: str, kind: Kind, targets: list[str]) -> list[str]:
    """Where `name`'s action `key` (order `kind`) is aimed once redirected or manipulated."""
    landed = list(targets)
    if redirected(key):
        turned = state.extra.get(redirected_key(state.number), {})
        landed = [turned.get(t, t) for t in landed]
    changed = diverted(state, name)
    if changed and changed["key"] == key and changed["kind"] == kind.value and landed:
        # 004, Manipulateur: « le résultat de celle-ci est obtenu par rapport à la cible
        # indiquée par le Loup-Garou Manipulateur »; his word is the last
        landed = [str(changed["to"]), *landed[1:]]
    return landed


def manipulable(key: str) -> bool:
    """Whether the Manipulateur can change the recipient of the action `key`."""
    return _after(key, "manipuler") and key not in UNMANIPULATED


def visited(state: GameState) -> set[str]:
    """The players a Manipulateur visits tonight."""
    return set(state.extra.get(visit_key(state.number), {}).values())


def diverted(state: GameState, name: str) -> dict[str, str] | None:
    """The action of `name`'s whose recipient the Manipulateur changed tonight."""
    found = state.extra.get(diverted_key(state.number), {}).get(name)
    return dict(found) if found else None


def due(state: GameState, name: str, key: str) -> bool:
    """Whether `name`'s action `key` is resolved now: the actions of a player the Manipulateur
    visits, of the night's steps, wait for the end of the night (« C'est à la fin de la Nuit
    [...] que le MJ indique au Loup-Garou Manipulateur si le joueur ciblé a agit »); at dawn
    only they are resolved (`loup_garou_manipulateur.release`)."""
    step = next((a.at for a in NIGHT if a.key == key), "aube")
    if not manipulable(key) or step not in ("loups", "sorciere"):
        return True
    held = name in visited(state)
    return held if state.resolved else not held


def redirected(key: str) -> bool:
    """Whether the Redirecteur turns the action `key` (« Toute action qui cible ce joueur »)."""
    return _after(key, "rediriger") and key not in UNREDIRECTED


def tell(tx: Tx) -> None:
    """At the end of the night, each player learns what befell his actions (004)."""
    s = tx.state
    for name in s.extra.get(knocked_out_key(s.number), {}):
        # « Le joueur est mis au courant qu'il a été assommé par le MJ à la fin de la Nuit. »,
        # dead or alive: the Chasseur killed that night learns why he could not shoot (« y
        # compris le Chasseur s'il meurt de nuit »)
        tx.emit(NightActionFoiled(name, "assomme", s.number))
    for name in s.extra.get(diverted_key(s.number), {}):
        if s.players[name].alive:
            # 004: « Le joueur dont l’action est manipulée est averti à la fin de la Nuit du
            # fait qu’il a été manipulé sans savoir à qui en revient la faute. »
            tx.emit(NightActionFoiled(name, "manipule", s.number))
    turned = s.extra.get(redirected_key(s.number), {})
    told: set[str] = set()
    for name, key, _, targets in given(s):
        if redirected(key) and any(t in turned for t in targets) and name not in told:
            # 004: « Chaque joueur dont l'action a été redirigée, est prévenu. »
            told.add(name)
            if s.players[name].alive:
                tx.emit(NightActionFoiled(name, "redirige", s.number))
    for name, key, kind, targets in given(s):
        landed = landing(s, name, key, kind, targets)
        # 004, Protecteur: « les autres spés reçoivent "ton action a échoué" » (the Joueur de
        # Flûte « ne charme qu'un seul joueur »; the killers get nothing)
        stopped = shields(key) and key not in SPENT and key != "charmer"
        if stopped and any(shielded(s, t) for t in landed) and s.players[name].alive:
            tx.emit(NightActionFoiled(name, "echoue", s.number))


def given(state: GameState) -> list[tuple[str, str, Kind, list[str]]]:
    """The night's actions aimed at players and resolved: (player, action key, order, targets),
    a knocked-out player's left out."""
    out = []
    for name, orders in state.orders.items():
        player = state.players[name]
        for kind, order in orders.items():
            key = key_of(acting.role(state, player), kind)
            targets = list(order.order.targets)
            if kind is SAUVER and state.night.told_victim:
                # the life potion saves the victim she was told
                targets = [state.night.told_victim]
            if key is None or not targets or not acts(state, name, key):
                continue
            out.append((name, key, kind, targets))
    return out
