"""The rule set `classic`: seed 003 (003_66380dcf6dccf10a.txt), the base game
(`lgmail.rules.thiercelieux.base`) dealt with 003's roles."""

from __future__ import annotations

from collections.abc import Mapping

from lgmail.rules.role import RoleSpec
from lgmail.rules.thiercelieux.base.game import BaseGame
from lgmail.rules.thiercelieux.catalogue import ROLES

#: the roles of seed 003 (the registry holds other rule sets' roles too)
CLASSIC_ROLES: Mapping[str, RoleSpec] = {
    slug: ROLES[slug]
    for slug in (
        "villageois",
        "loup-garou",
        "voyante",
        "chasseur",
        "cupidon",
        "sorciere",
        "salvateur",
        "ancien",
    )
}


class Classic(BaseGame):
    name = "classic"
    roles: Mapping[str, RoleSpec] = CLASSIC_ROLES


CLASSIC = Classic()
