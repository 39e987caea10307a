"""Orders: what a player asks for, once the text has been read.

Kinds keep the seeds' French verbs (seed 003/004 vocabulary); the parser in `lgmail.orders`
maps French and English words onto them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar


class Kind(str):
    """An order's word, as stored (the seeds' French verbs). The kernel's orders are below:
    the vote, passing, being done, help, the digest, and the reactions every rule set's
    titles and deaths share (the shot at death, the successor, the tie cut); a role or a rule
    set declares its own beside its verb (`Kind.declare`), and the parser reads them from the
    verbs. `Kind(word)` is the declared kind of `word` (ValueError if none is): one object per
    word, so kinds compare with `is` as well as `==`."""

    _declared: ClassVar[dict[str, Kind]] = {}

    VOTE: ClassVar[Kind]
    RIEN: ClassVar[Kind]
    #: done with the step, the orders already given kept (« fini », « j'ai fini », "done");
    #: `rien` withdraws them
    FINI: ClassVar[Kind]
    AIDE: ClassVar[Kind]
    #: the square's posts by digest (`lgmail.rules.digest`): « digest oui / 6h / non »
    DIGEST: ClassVar[Kind]
    TIRER: ClassVar[Kind]
    SUCCESSEUR: ClassVar[Kind]
    TRANCHER: ClassVar[Kind]

    def __new__(cls, word: str) -> Kind:
        try:
            return cls._declared[word]
        except KeyError:
            raise ValueError(f"no order is written {word!r}") from None

    def __reduce__(self) -> tuple[type[Kind], tuple[str]]:
        return Kind, (str(self),)

    def __deepcopy__(self, memo: object) -> Kind:
        return self

    def __copy__(self) -> Kind:
        return self

    @classmethod
    def declare(cls, word: str) -> Kind:
        """The kind of the order written `word`, declared by the module that owns it."""
        known = cls._declared.get(word)
        if known is None:
            known = cls._declared[word] = str.__new__(cls, word)
        return known

    @classmethod
    def every(cls) -> tuple[Kind, ...]:
        """Every kind declared so far (by the modules loaded)."""
        return tuple(cls._declared.values())

    @property
    def value(self) -> str:
        """The word, as stored."""
        return str(self)

    def __repr__(self) -> str:
        return f"Kind({str(self)!r})"


Kind.VOTE = Kind.declare("vote")
Kind.RIEN = Kind.declare("rien")
Kind.FINI = Kind.declare("fini")
Kind.AIDE = Kind.declare("aide")
Kind.DIGEST = Kind.declare("digest")
Kind.TIRER = Kind.declare("tirer")
Kind.SUCCESSEUR = Kind.declare("successeur")
Kind.TRANCHER = Kind.declare("trancher")


@dataclass(frozen=True)
class Order:
    """A readable order. `targets` are exact player names; `blank` is a blank vote; `args`
    what else the order says (a role, numbers, a murmur's text); `role` the role it is given
    by, where the player named one."""

    kind: Kind
    targets: tuple[str, ...] = ()
    blank: bool = False
    args: tuple[str, ...] = ()
    #: the role the player named for it (001: « voyante : sonder Bruno », when several of his
    #: roles could give it); "" when he named none (omitted from the stored state then)
    role: str = field(default="", metadata={"omitted_when_default": True})

    @property
    def target(self) -> str:
        return self.targets[0]
