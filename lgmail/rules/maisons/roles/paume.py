"""Paumé (001): « 3 Paumés par partie. Voir règles du Banquier. » From the Banquier's rules: « le
Paumé peut envoyer un unique MP au Banquier qui n'est pas une réponse à un de ses MPs »; a debt
contracted « le MP du Paumé indique la cible »; « Un Paumé ne gagne la partie seulement s'il ne
possède plus de dettes à la fin de la partie. »

His role mail names his Banquier. His one MP: « paumé : à NOM » (right « paume »), once a game,
to the Banquier, signed; the Banquier may answer it. His halves of a debt: « contracter CIBLE »,
« rembourser » (`banquier`, which makes the debt when both halves are in)."""

from __future__ import annotations

from lgmail.rules.maisons.acting import refused
from lgmail.rules.maisons.mp import Right, right, sent_ever
from lgmail.rules.maisons.outcome import Condition, supplementary
from lgmail.rules.maisons.role import PLAYER, Action, MaisonRole, checks, holds, on_accept, role
from lgmail.rules.maisons.roles import banquier as maisons_banquier
from lgmail.rules.maisons.roles.banquier import (
    CONTRACTER,
    PAUME,
    REMBOURSER,
    banquier,
    conclude,
    debts,
    paumes,
)
from lgmail.rules.orders import Order
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

#: his halves of a debt, the Banquier's verbs written from his side
DEBT = (
    Action(
        CONTRACTER,
        direct=False,
        uses=None,
        when="jour",
        aims=PLAYER,
        written={"fr": "contracter CIBLE", "en": "contracter TARGET (borrow)"},
    ),
    Action(
        REMBOURSER,
        direct=False,
        uses=None,
        when="jour",
        aims=PLAYER,
        written={"fr": "rembourser", "en": "rembourser (repay)"},
    ),
)

ROLE = role(
    MaisonRole(
        slug=PAUME,
        names={"fr": "Paumé", "en": "Lost"},
        family="manipulation des conditions de victoire",
        help={
            "fr": "Vous devez une dette au Banquier. Une fois dans la partie : « paumé : à NOM » "
            "écrit au Banquier. Le jour, avec lui : « contracter CIBLE » (il écrit « contracter "
            "VOTRE NOM ») ou « rembourser » (il écrit « rembourser VOTRE NOM : CIBLE ») : vos "
            "deux votes du jour vont à la cible. Vous ne gagnez que sans dette (condition "
            "supplémentaire).",
            "en": 'You owe the Banker a debt. Once a game: "paumé : à NAME" writes to the '
            'Banker. By day, with them: "contracter TARGET" (borrow; they write "contracter '
            'YOUR NAME") or "rembourser" (repay; they write "rembourser YOUR NAME : TARGET"): '
            "both your votes of the day go to the target. You win only with no debt left (a "
            "supplementary condition).",
        },
        actions=DEBT,
        available=3,
        dealt_with=("banquier",),
    )
)


@checks(ROLE.slug)
def _check(s: GameState, player: Player, order: Order) -> None:
    if player.name not in paumes(s):
        raise refused("paume-no-bank")
    if order.kind is maisons_banquier.CONTRACTER.kind and len(order.targets) != 1:
        raise refused("paume-contract")
    if order.kind is maisons_banquier.REMBOURSER.kind:
        if order.targets:
            raise refused("paume-repay")
        if debts(s, player.name) < 1:
            raise refused("no-debt", name=player.name)


@on_accept(ROLE.slug)
def _accepted(tx: Tx, player: Player, order: Order) -> None:
    conclude(tx, player.name, order.kind)


def _holds(s: GameState, player: Player) -> bool:
    bank = banquier(s)
    return (
        holds(s, player, ROLE.slug)
        and bank is not None
        and player.name in paumes(s)
        and sent_ever(s, ROLE.slug, player.name, bank.name) == 0
    )


def _mp_check(s: GameState, sender: Player, recipient: str) -> None:
    """His unique MP to the Banquier; the Banquier's answer to it."""
    bank = banquier(s)
    if bank is None:
        raise refused("paume-no-bank")
    if sender.name == bank.name and recipient in paumes(s):
        if sent_ever(s, ROLE.slug, bank.name, recipient) < sent_ever(
            s, ROLE.slug, recipient, bank.name
        ):
            return
    elif recipient == bank.name and _holds(s, sender):
        return
    raise refused("paume-mp")


right(Right(ROLE.slug, _holds, _mp_check, lambda s, p: p.name, replies=True, anytime=True))


def _no_debt(s: GameState, player: Player, winner: str | None) -> bool:
    """« seulement s'il ne possède plus de dettes »."""
    return debts(s, player.name) == 0


supplementary(Condition(ROLE.slug, _no_debt))
