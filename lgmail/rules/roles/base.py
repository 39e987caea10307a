"""What a role is to the kernel: its camp, names, orders and the step its power acts in."""

from __future__ import annotations

from dataclasses import dataclass, field

from lgmail.rules.orders import Kind


@dataclass(frozen=True)
class RoleSpec:
    slug: str
    camp: str
    names: dict[str, str]
    #: orders of its power (the vote belongs to everyone)
    orders: frozenset[Kind] = field(default_factory=frozenset)
    #: the step its power is resolved in
    step: str | None = None
    #: orders the role chooses one of each night (004, the Marquise: « une de ces trois actions
    #: chaque Nuit »); each other order of a step is a use of its own, all of which the step
    #: waits for unless the player says he is done
    one_of: frozenset[Kind] = field(default_factory=frozenset)
    #: a village power lost when the Ancien dies (003)
    village_power: bool = False
    #: what the role's owner is told it can do, by language
    help: dict[str, str] = field(default_factory=dict)

    def name(self, lang: str) -> str:
        return self.names.get(lang, self.names["fr"])
