"""How the MJ's words that set a game up are read, on the command line and by mail: players,
roles, compositions.

Roles are read as people write them: slug or display name (French or English), accents, case,
ligatures (« sœur », "soeur") and plurals ignored, and the MJ's usual abbreviations. What cannot
be read is refused with a `Misread` the CLI words in the game's language.
"""

from __future__ import annotations

import re
from email.utils import parseaddr

from lgmail.orders.names import fold
from lgmail.rules.commands import Seat
from lgmail.rules.thiercelieux.catalogue import ROLES

#: the options that name roles (the cards set aside for the Voleur, the Comédien's roles)
ROLE_LISTS = frozenset({"voleur_cartes", "comedien_roles"})
#: the tokens a --player may end with: a language, a grammatical gender
LANG_CODES = frozenset({"fr", "en"})
GENDERS = frozenset({"m", "f"})


class Misread(Exception):
    """Something the MJ wrote that the CLI cannot read: `cause` ("unknown_role", "player")
    and what to say about it."""

    def __init__(self, cause: str, **detail: str) -> None:
        super().__init__(f"{cause}: {detail}")
        self.cause = cause
        self.detail = detail


def _key(text: str) -> str:
    """A role name folded: lower case, no accents, ligatures spelt out, words joined by "-"."""
    folded = fold(text.strip()).replace("œ", "oe").replace("æ", "ae")
    return re.sub(r"[\s_'’]+", "-", folded)


def _singular(key: str) -> str:
    """Each word of a folded name without its plural mark: "loups-garous" -> "loup-garou"."""
    return "-".join(w[:-1] if len(w) > 2 and w[-1] in "sx" else w for w in key.split("-"))


def role_slug(text: str) -> str:
    """A role by slug or name, as people write it: "Sorcière" -> "sorciere", "sœurs" ->
    "deux-soeurs", "Loups-Garous" -> "loup-garou"."""
    key = _key(text)
    names: dict[str, str] = {}
    for slug, spec in ROLES.items():
        for name in (slug, *spec.names.values()):
            names.setdefault(_key(name), slug)
    names.update({_key(alias): slug for slug, spec in ROLES.items() for alias in spec.aliases})
    for candidate in (key, _singular(key)):
        if candidate in names:
            return names[candidate]
    singular = {_singular(name): slug for name, slug in names.items()}
    if _singular(key) in singular:
        return singular[_singular(key)]
    raise Misread("unknown_role", written=text.strip(), roles=", ".join(ROLES))


def seat(text: str, lang: str) -> Seat:
    """ "Alice <alice@example.org>", optionally followed by the player's language (fr, en)
    and grammatical gender (m, f), in any order: "Chloé <chloe@example.org> f"."""
    head = text.strip()
    chosen, gender = lang, ""
    close = head.rfind(">")
    if close >= 0:
        extra = head[close + 1 :].split()
        if all(t.lower() in LANG_CODES | GENDERS for t in extra):
            for token in (t.lower() for t in extra):
                if token in LANG_CODES:
                    chosen = token
                else:
                    gender = token
            head = head[: close + 1]
    name, email = parseaddr(head)
    if not email or "@" not in email:
        raise Misread("player", written=text.strip())
    return Seat(name or email.split("@")[0], email, chosen, gender)


def composition(text: str) -> list[str]:
    """ "loup-garou:2,voyante,soeur:2" -> the role slugs, each as many times as counted."""
    out: list[str] = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        role, _, count = part.partition(":")
        if count.strip() and not count.strip().isdigit():
            raise Misread("count", written=part)
        out += [role_slug(role)] * (int(count) if count.strip() else 1)
    return out


def assignments(text: str) -> dict[str, str]:
    """ "Alice=loup-garou,Bruno=voyante" -> name -> role slug (001: "nature:r1+r2+..."; 000:
    "camp:role:tribe" or "camp:vulnerability", passed on as written)."""
    out: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, _, role = part.partition("=")
        nature, colon, roles = role.partition(":")
        if colon and "+" not in roles:
            # 000: a camp and a role and a tribe ("stratege:sportif:rouges"), or a camp and a
            # vulnerability ("loup:feu"): read by the rule set
            out[name.strip()] = role.strip()
            continue
        # 001: a nature, then the player's roles: "loup-garou:voyante+espion+..."
        out[name.strip()] = (
            f"{role_slug(nature)}:{'+'.join(maisons_slug(r) for r in roles.split('+'))}"
            if colon
            else role_slug(role)
        )
    return out


def maisons_slug(text: str) -> str:
    """A role of 001 by slug, name or alias: "Joueur de tarot" -> "joueur-de-tarot", "chieur"."""
    from lgmail.rules.maisons.role import catalogue

    key = _key(text)
    for slug, spec in catalogue().items():
        if key in {_key(slug), *(_key(n) for n in spec.names.values()), *map(_key, spec.aliases)}:
            return slug
    raise Misread("unknown_role", written=text.strip(), roles=", ".join(catalogue()))


def role_list(value: object) -> object:
    """The cards an option names (`voleur_cartes`, `comedien_roles`), read as roles are, in the
    shape given: "Voyante, Chasseur" -> "voyante,chasseur"."""
    if isinstance(value, str):
        return ",".join(role_slug(v) for v in value.split(",") if v.strip())
    if isinstance(value, list):
        return [role_slug(str(v)) for v in value]
    return value
