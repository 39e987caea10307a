"""How 002's own orders are written (everyone's in Les Nombres, besides the roles'): the pack's
PAD and its withdrawal, the lottery's numbers, the testament, a murmur, an excuse, a share; and
what the help says of them."""

from __future__ import annotations

import re

from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refusal
from lgmail.rules.role import Said, Verb


def _read(said: Said) -> Order | Refusal:
    """002's orders: PAD, its withdrawal, numbers, testament, murmur, excuse, share."""
    kind, rest = said.verb.kind, said.rest
    folded_rest = [said.fold(w) for w in rest]
    if kind is PAD.kind and any(f in RETIRER.words for f in folded_rest):
        return Order(RETIRER.kind)
    if kind is RETIRER.kind:
        return Order(RETIRER.kind)
    if kind is MURMURE.kind:
        text = said.after_verb()
        return (
            Order(kind, (), args=(text,))
            if text
            else Refusal(Cause.UNREADABLE, {"missing": "text"})
        )
    if kind in (NOMBRES.kind, EXCUSE.kind):
        numbers = tuple(re.findall(r"\d+", " ".join(rest)))
        return Order(kind, (), args=numbers if kind is NOMBRES.kind else numbers[:1])
    if kind is PAD.kind:
        found = said.role(rest)
        if found is None:
            return Refusal(Cause.UNREADABLE, {"missing": "role"})
        slug, left = found
        got = said.name(left)
        if isinstance(got, Refusal):
            return got
        return Order(kind, (got,), args=(slug,))
    names = said.names(said.after_verb())
    if isinstance(names, Refusal):
        return names
    return Order(kind, tuple(names))


PAD = Verb(Kind.declare("pad"), ("pad", "deviner", "devine", "guess"), read=_read, short_args=True)
RETIRER = Verb(
    Kind.declare("retirer"),
    ("retirer", "retire", "annuler", "annule", "withdraw", "cancel"),
    read=_read,
)
NOMBRES = Verb(
    Kind.declare("nombres"),
    ("nombres", "numeros", "loterie", "numbers", "lottery", "ticket"),
    read=_read,
)
TESTAMENT = Verb(Kind.declare("testament"), ("testament", "heritiers", "heirs"), read=_read)
MURMURE = Verb(
    Kind.declare("murmure"),
    ("murmure", "murmurer", "mur-mur", "murmur", "whisper"),
    read=_read,
    voidable=True,
)
EXCUSE = Verb(
    Kind.declare("excuse"),
    ("excuse", "excuser", "absent", "absente", "absence", "away"),
    read=_read,
)
PARTAGER = Verb(Kind.declare("partager"), ("partager", "partage", "share"), read=_read)
VERBS: tuple[Verb, ...] = (PAD, RETIRER, NOMBRES, TESTAMENT, MURMURE, EXCUSE, PARTAGER)

#: what the help adds for everyone
HELP = {
    "fr": "Les Nombres : nombres N ... N (20 nombres de 1 à 200, jour d'élection), "
    "murmure TEXTE (la nuit, si vous avez un mur-mur), excuse N (absence excusée au jour "
    "N), testament NOM, NOM... (Nombre Fétiche), partager NOM et NOM (gros lot) ; "
    "loups : pad NOM RÔLE, retirer pad.",
    "en": "Les Nombres: nombres N ... N (20 numbers 1-200, election day), murmure TEXT "
    "(at night, if you hold a murmur), excuse N (absence excused on day N), testament "
    "NAME, NAME... (Nombre Fétiche), partager NAME et NAME (jackpot); wolves: pad NAME "
    "ROLE, retirer pad (withdraw).",
}
