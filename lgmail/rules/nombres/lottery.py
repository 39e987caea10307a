"""The lottery (002, Règle 7): "Une loterie a lieu jusqu'au J3 inclus. Lors du jour des
élections, tous les joueurs ont la possibilité de me donner 20 nombres au hasard entre 1 et 200
par MP. A chaque lever du jour, 20 nombres seront tirés au sort. Ceux qui obtiendront un nombre
ou plus obtiendront un mur-mur à poster. [...] celui ou celle qui obtiendra correctement les 20
nombres obtiendra des murs-murs illimités et pourra partager son privilège avec deux autres
personnes de son choix." and "vous ne pouvez en gagner qu'un par jour".

The draw is chance, so it is an event (RandomDrawn, then LotteryDrawn): a replay reads it and
never draws again. Only the living win; a ticket is 20 different numbers, replaceable until the
election closes.
"""

from __future__ import annotations

from lgmail.rules.nombres import memory
from lgmail.rules.nombres.events import JackpotShared, LotteryDrawn, LotteryTicket
from lgmail.rules.orders import Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.state import Player
from lgmail.rules.tx import Tx

NUMBERS, LOW, HIGH = 20, 1, 200
#: 002: "jusqu'au J3 inclus"
LAST_DAY = 3
SHARE_WITH = 2


def ticket(tx: Tx, player: Player, order: Order) -> None:
    s = tx.state
    if s.phase != "election" or s.resolved:
        raise Refused(Cause.NOT_NOW, when="election")
    try:
        numbers = sorted({int(n) for n in order.args})
    except ValueError as error:
        raise Refused(Cause.NOT_ALLOWED, why="numbers", count=str(len(order.args))) from error
    if (
        len(numbers) != NUMBERS
        or len(order.args) != NUMBERS
        or not all(LOW <= n <= HIGH for n in numbers)
    ):
        raise Refused(Cause.NOT_ALLOWED, why="numbers", count=str(len(set(order.args))))
    tx.emit(LotteryTicket(player.name, numbers))


def draw(tx: Tx, day: int) -> None:
    """At the dawn of day `day` (1 to 3): 20 numbers drawn, one murmur for each living player
    with a hit, unlimited ones for a full ticket."""
    s = tx.state
    if day > int(s.options.get("lottery_days", LAST_DAY)):
        return
    chosen = tx.draw("lottery", [str(n) for n in range(LOW, HIGH + 1)], NUMBERS)
    numbers = sorted(int(n) for n in chosen)
    drawn = set(numbers)
    winners, jackpot = [], []
    for name, mine in memory.tickets(s).items():
        if not s.players[name].alive:
            continue
        if drawn & set(mine):
            winners.append(name)
        if drawn == set(mine):
            jackpot.append(name)
    tx.emit(LotteryDrawn(day, numbers, winners, jackpot))


def share(tx: Tx, player: Player, order: Order) -> None:
    """The jackpot's winner names the two players who share his unlimited murmurs."""
    s = tx.state
    if not memory.jackpot(s, player.name):
        raise Refused(Cause.NOT_YOUR_ROLE, kind=order.kind.value)
    already = memory.shared(s, player.name)
    new = [n for n in dict.fromkeys(order.targets) if n not in already and n != player.name]
    if not new:
        raise Refused(Cause.UNREADABLE, missing="name")
    if len(already) + len(new) > SHARE_WITH:
        raise Refused(Cause.ALREADY_USED, power="share")
    for name in new:
        if not s.players[name].alive:
            raise Refused(Cause.ILLEGAL_TARGET, target=name, why="dead")
    tx.emit(JackpotShared(player.name, new))
