"""The rule set `classic`: seed 003 (003_66380dcf6dccf10a.txt), the base game
(`lgmail.rules.thiercelieux.base`) dealt with 003's roles."""

from __future__ import annotations

from collections.abc import Mapping

from lgmail.rules.role import RoleSpec
from lgmail.rules.thiercelieux.base.game import BaseGame
from lgmail.rules.thiercelieux.roles import (
    ancien,
    chasseur,
    cupidon,
    loup_garou,
    salvateur,
    sorciere,
    villageois,
    voyante,
)

#: the roles of seed 003 (only theirs are loaded with it: `lgmail state` of a classic game
#: imports none of 004's others but those 003's roles know)
CLASSIC_ROLES: Mapping[str, RoleSpec] = {
    m.ROLE.slug: m.ROLE
    for m in (villageois, loup_garou, voyante, chasseur, cupidon, sorciere, salvateur, ancien)
}


class Classic(BaseGame):
    name = "classic"
    roles: Mapping[str, RoleSpec] = CLASSIC_ROLES


CLASSIC = Classic()
