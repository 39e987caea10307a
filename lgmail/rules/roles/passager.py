"""Passager (004): a wolf outside the den, unknown to the pack and knowing it not, who may send
the den a message of twenty words a night, the MJ validating it; he dies with the last wolf.

« Il est dans le camp des Loups-Garous, mais ne connait pas les identités de ces derniers. De
même, les Loups ne le connaissent pas non plus. » « Il gagne si au moins un Loup-Garou, même
traitre, remporte la partie et par conséquent, à la mort du dernier d'entre eux, il est
immédiatement éliminé. » « Chaque Nuit de jeu, il peut envoyer un message à l'antre des
Loups-Garous. Ce message ne peut contenir au maximum que vingt mots. » « Le MJ valide le message
ou le fait réécrire au besoin, si le Passager essaye de placer des mots qui ne conviennent pas.
Exemple : jepensequelecapitaineestsorcière (cela compte pour sept mots et pas un seul). » « Il
est interdit d'écrire le pseudo ou le nom/prénom IRL d'un joueur de la partie dans son message. »
« Le message sera transmis à la fin de la Nuit s'il est validé par le MJ. »

Rulings: words are counted as Les Nombres count a murmur's (glued words count as several); a
player's name, as a word or glued in one (names of four letters or more), is refused at once
with the name; his last message of the night counts; the MJ validates by letting it be, or has
it rewritten (« annuler message NOM »: he is told to write again); it reaches, anonymously, the
den's members alive at dawn, if he is alive then; « un Loup-Garou » is any player of the wolves'
camp but a Passager (the den, the Loup Égaré, an infected or turned player).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable

from lgmail.rules.orders import Kind
from lgmail.rules.roles.base import RoleSpec
from lgmail.rules.state import GameState, Player

ROLE = RoleSpec(
    slug="passager",
    camp="loups",
    names={"fr": "Passager", "en": "Passenger"},
    orders=frozenset({Kind.MESSAGE}),
    step="loups",
    help={
        "fr": "Vous êtes du camp des loups, sans les connaître. Chaque nuit, si vous le voulez : "
        "« message VOTRE TEXTE » : vingt mots au plus, aucun nom de joueur ; le MJ le valide et "
        "le transmet anonymement à la meute à la fin de la nuit. Vous mourez avec le dernier "
        "loup.",
        "en": "You play for the wolves without knowing them. Each night, if you wish: "
        '"message YOUR TEXT": twenty words at most, no player\'s name; the MJ validates it and '
        "hands it on anonymously to the pack at the end of the night. You die with the last "
        "wolf.",
    },
)

#: « Ce message ne peut contenir au maximum que vingt mots. »
WORDS = 20
#: the cause of his death with the last wolf
CAUSE = "passager"
#: names shorter than this are looked for as whole words only (not glued in another word)
GLUED_NAME = 4


def key(night: int) -> str:
    """`GameState.extra` key of night `night`'s messages: passager -> text."""
    return f"passager:{night}"


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def named(text: str, names: Iterable[str]) -> str | None:
    """The first player's name `text` writes, as a word or glued in a word; None when none."""
    words = ["".join(c for c in w if c.isalnum()) for w in _fold(text).split()]
    glued = "".join(words)
    for name in names:
        folded = "".join(c for c in _fold(name) if c.isalnum())
        if folded and (folded in words or (len(folded) >= GLUED_NAME and folded in glued)):
            return name
    return None


def is_passager(player: Player) -> bool:
    return player.role == ROLE.slug


def orphaned(state: GameState, is_wolf: Callable[[Player], bool]) -> list[Player]:
    """The living Passagers with no Loup-Garou alive (« à la mort du dernier d'entre eux, il est
    immédiatement éliminé »)."""
    wolves = [p for p in state.living() if is_wolf(p) and not is_passager(p)]
    return [] if wolves else [p for p in state.by_role(ROLE.slug)]
