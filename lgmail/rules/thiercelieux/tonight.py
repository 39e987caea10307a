"""Who acts in 004's night, written once for the role modules' resolvers (`hooks.resolves`):
whose power works tonight (`powered`) and the orders that reach their resolution (`given`)."""

from __future__ import annotations

from lgmail.rules.orders import Kind
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import acting, camps, layers, powers
from lgmail.rules.thiercelieux.roles import enfant_sauvage


def powered(state: GameState, player: Player) -> bool:
    """Whether `player`'s power works tonight: alive, not lost with the Ancien, not taken away
    (`powers.stripped`: it fails silently)."""
    return (
        player.alive
        and not (
            state.powers_lost
            and player.role != enfant_sauvage.ROLE.slug
            and camps.village_power(state, player)
        )
        and not powers.stripped(state, player)
    )


def given(
    state: GameState, role: str, kind: Kind, key: str | None = None
) -> list[tuple[Player, list[str]]]:
    """The living, powered players with the power of `role` tonight (the Métronome's role of
    the night; not who sleeps through it) who gave `kind`, with its targets as the night's
    first actions leave them (`layers`: a knocked-out player's action fails, ...); `key`: the
    action's key in `order.NIGHT` when the role has several."""
    key = key or layers.key_of(role, kind) or kind.value
    out = []
    for player in [p for p in state.living() if acting.role(state, p) == role]:
        given = state.order_of(player.name, kind)
        if given is None or not powered(state, player):
            continue
        if not layers.acts(state, player.name, key) or not layers.due(state, player.name, key):
            continue
        aimed = layers.aim(state, player.name, key, kind, list(given.order.targets))
        if aimed is not None:
            out.append((player, aimed))
    return out
