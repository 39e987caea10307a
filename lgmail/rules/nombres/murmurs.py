"""Murmurs (002, Règle 7): "Chaque personne n'a le droit de poster qu'un seul mur-mur par jour.
Nombre de mots maximum dans un mur-mur = Nombre de joueurs vivants + Numéro de la nuit où ils
utilisent leur mur-mur." and "Les murs-murs gagnés peuvent être utilisés pendant n'importe
quelle nuit de la partie, même après le J3. Par contre, si le détenteur d'un mur-mur meurt, ce
dernier disparaît avec lui. Si quelqu'un poste un mur-mur une nuit quelconque et qu'il meurt au
début du jour suivant, le mur-mur n'apparaît pas."

Written at night ("murmure TEXTE"), one a night (a second one replaces the first), counted with
`word_count` (glued words count as several). Over the limit even word for word as written, it is
refused with the count. Within it only because glued words count as one as written, it is
accepted like any other and appears as zeros, one a word (002: « Si vous essayez n'importe quel
moyen abusé pour raccourcir vos phrases (ex : jaisondémaléetmoghloups), votre message sera
remplacé par des 0 sans avertissement. »); the ruling keeps a plainly long murmur refused
with its count, and a word the lexicon misreads as glued harmless while the murmur fits. At
dawn the murmurs of the living appear, without their authors, and each spends one; the MJ may
void one before (it does not appear).
"""

from __future__ import annotations

from lgmail.rules import word_count
from lgmail.rules.nombres import memory
from lgmail.rules.nombres.events import MurmurPublished, MurmurVoided, MurmurWritten
from lgmail.rules.orders import Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx


def limit(s: GameState) -> int:
    """002: living players + the night's number."""
    return memory.murmur_limit(s, s.number)


def write(tx: Tx, player: Player, order: Order) -> None:
    s = tx.state
    if s.phase != "night" or s.resolved:
        raise Refused(Cause.NOT_NOW, when="night")
    left = memory.murmurs_left(s, player.name)
    if left is not None and left < 1:
        raise Refused(Cause.NOT_ALLOWED, why="no-murmur")
    text = " ".join(order.args).strip()
    if not text:
        raise Refused(Cause.UNREADABLE, missing="text")
    counted = word_count.count(text, exempt=list(s.players))
    if word_count.written(text) > limit(s):
        raise Refused(Cause.NOT_ALLOWED, why="murmur-long", words=str(counted), limit=str(limit(s)))
    tx.emit(MurmurWritten(player.name, s.number, text, counted))


def publish(tx: Tx) -> None:
    """Dawn: the murmurs of this night whose authors are alive, in the order of their texts
    (an order that tells nothing of who wrote them)."""
    s = tx.state
    written = []
    for p in s.living():
        mine = memory.murmur_tonight(s, p.name)
        if mine is not None:
            text, counted, most = mine
            written.append((text if counted <= most else word_count.zeros(text), p.name))
    for text, name in sorted(written):
        tx.emit(MurmurPublished(name, s.number, text))


def void(tx: Tx, player: str) -> None:
    s = tx.state
    if memory.murmur_tonight(s, player) is None:
        raise Refused(Cause.NOTHING_TO_DO, what="murmur")
    tx.emit(MurmurVoided(player, s.number))
