"""How the MJ's words that set a game up are read, on the command line and by mail: players,
roles, compositions.

Roles are read as people write them: slug or display name (French or English), accents, case,
ligatures (« sœur », "soeur") and plurals ignored, and the MJ's usual abbreviations; they are the
roles of the game's rule set, named by the caller (every rule set's where the name is none, the
command being refused for it). What cannot be read is refused with a `Misread` the CLI words in
the game's language.
"""

from __future__ import annotations

import re
from email.utils import parseaddr

from lgmail.rules.commands import Seat
from lgmail.rules.role import Role
from lgmail.rules.spelling import fold
from lgmail.rules.variant import Variant
from lgmail.rules.variants import VARIANTS

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


def _rule_sets(rule_set: str) -> list[Variant]:
    """The rule set named `rule_set`; every one where it names none."""
    return [VARIANTS[rule_set]] if rule_set in VARIANTS else list(VARIANTS.values())


def _cards(rule_set: str) -> dict[str, Role]:
    """The cards of rule set `rule_set`, by slug."""
    return {slug: spec for variant in _rule_sets(rule_set) for slug, spec in variant.roles.items()}


def role_slug(text: str, rule_set: str) -> str:
    """A card of rule set `rule_set` by slug or name, as people write it: "Sorcière" ->
    "sorciere", "sœurs" -> "deux-soeurs", "Loups-Garous" -> "loup-garou"."""
    return _slug(text, _cards(rule_set))


def _slug(text: str, roles: dict[str, Role]) -> str:
    """One of `roles` by slug, name or alias, plurals ignored."""
    key = _key(text)
    names: dict[str, str] = {}
    for slug, spec in roles.items():
        for name in (slug, *spec.names.values()):
            names.setdefault(_key(name), slug)
    names.update({_key(alias): slug for slug, spec in roles.items() for alias in spec.aliases})
    for candidate in (key, _singular(key)):
        if candidate in names:
            return names[candidate]
    singular = {_singular(name): slug for name, slug in names.items()}
    if _singular(key) in singular:
        return singular[_singular(key)]
    raise Misread("unknown_role", written=text.strip(), roles=", ".join(roles))


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


def composition(text: str, rule_set: str) -> list[str]:
    """ "loup-garou:2,voyante,soeur:2" -> the slugs of rule set `rule_set`'s cards, each as many
    times as counted."""
    cards = _cards(rule_set)
    out: list[str] = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        role, _, count = part.partition(":")
        if count.strip() and not count.strip().isdigit():
            raise Misread("count", written=part)
        out += [_slug(role, cards)] * (int(count) if count.strip() else 1)
    return out


def assignments(text: str, rule_set: str) -> dict[str, str]:
    """ "Alice=loup-garou,Bruno=voyante" -> name -> the slug of a card of rule set `rule_set`
    (001: "nature:r1+r2+...", its roles held beside the nature; 000: "camp:role:tribe" or
    "camp:vulnerability", passed on as written)."""
    cards = _cards(rule_set)
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
            f"{_slug(nature, cards)}:{'+'.join(power_slug(r, rule_set) for r in roles.split('+'))}"
            if colon
            else _slug(role, cards)
        )
    return out


def power_slug(text: str, rule_set: str) -> str:
    """A role held beside a card in rule set `rule_set` (`Variant.powers`: 001's) by slug, name
    or alias: "Joueur de tarot" -> "joueur-de-tarot", "chieur"."""
    powers = {
        slug: spec for variant in _rule_sets(rule_set) for slug, spec in variant.powers.items()
    }
    key = _key(text)
    for slug, spec in powers.items():
        if key in {_key(slug), *(_key(n) for n in spec.names.values()), *map(_key, spec.aliases)}:
            return slug
    raise Misread("unknown_role", written=text.strip(), roles=", ".join(powers))


def role_list(value: object, rule_set: str) -> object:
    """The cards of rule set `rule_set` an option names (`voleur_cartes`, `comedien_roles`),
    read as roles are, in the shape given: "Voyante, Chasseur" -> "voyante,chasseur"."""
    if isinstance(value, str):
        return ",".join(role_slug(v, rule_set) for v in value.split(",") if v.strip())
    if isinstance(value, list):
        return [role_slug(str(v), rule_set) for v in value]
    return value
