"""One module per role; `ROLES` maps each slug to its spec."""

from lgmail.rules.roles import (
    ancien,
    chasseur,
    cupidon,
    loup_garou,
    salvateur,
    sorciere,
    villageois,
    voyante,
)
from lgmail.rules.roles.base import RoleSpec

ROLES: dict[str, RoleSpec] = {
    m.ROLE.slug: m.ROLE
    for m in (villageois, loup_garou, voyante, chasseur, cupidon, sorciere, salvateur, ancien)
}

CAMP_OF: dict[str, str] = {slug: spec.camp for slug, spec in ROLES.items()}
