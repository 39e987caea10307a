"""Assommeur (004, multi-class): each night he knocks out a player, whose actions of the night
all fail; his action comes before every other.

« Il peut être Loup-Garou ou Villageois. Chaque Nuit, il peut choisir d'assommer un joueur qui
ne pourra donc pas agir de toute la Nuit (y compris le Chasseur s'il meurt de nuit). Cette
action a la priorité sur toutes les autres. Le joueur est mis au courant qu'il a été assommé par
le MJ à la fin de la Nuit. Si deux assommeurs se visent mutuellement, le premier qui envoie son
action est gagnant. Si un Assommeur A vise un Assommeur B qui vise lui même un joueur C, alors
l'action de l'Assommeur B est empêchée par l'Assommeur A. »

Rulings: he may not knock himself out; « le premier qui envoie son action » is the one whose
order in force was written first (an order written again is written anew).
"""

from lgmail.rules.orders import Kind
from lgmail.rules.roles.base import RoleSpec

ROLE = RoleSpec(
    slug="assommeur",
    camp="village",
    names={"fr": "Assommeur", "en": "Knocker"},
    orders=frozenset({Kind.ASSOMMER}),
    step="loups",
    help={
        "fr": "Chaque nuit : « assommer NOM » : ce joueur ne pourra pas agir de la nuit (il "
        "l'apprend à l'aube). Votre action passe avant toutes les autres.",
        "en": 'Each night: "assommer NAME" (knock out): that player cannot act this night '
        "(told at dawn). Your action comes before every other.",
    },
)


def key(night: int) -> str:
    """`GameState.extra` key of night `night`'s knock-out orders, in the order written:
    [[assommeur, target], ...]."""
    return f"assommer:{night}"


def out_key(night: int) -> str:
    """`GameState.extra` key of the players knocked out on night `night`: target -> assommeur."""
    return f"assomme:{night}"


def effective(orders: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The knock-outs that hold, from the orders in the order written: an Assommeur knocked out
    by one that holds fails (« l'action de l'Assommeur B est empêchée par l'Assommeur A »);
    among Assommeurs who aim at one another, the first written wins (« le premier qui envoie
    son action est gagnant »)."""
    pending = list(orders)
    held: list[tuple[str, str]] = []
    while pending:
        free = [o for o in pending if not any(t == o[0] for _, t in pending)]
        chosen = free[0] if free else pending[0]
        held.append(chosen)
        # whoever the chosen one knocks out does not act
        pending = [o for o in pending if o is not chosen and o[0] != chosen[1]]
    return held
